import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { COLOUR_MODE_KEY } from '../../lib/colour-mode';
import { getSystem } from '../../theme';
import { ColourModeSettings } from './colour-mode-settings';

const root = document.documentElement;

function systemPrefers(dark: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(prefers-color-scheme: dark)' && dark,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function renderSettings() {
  render(
    <ChakraProvider value={getSystem()}>
      <ColourModeSettings />
    </ChakraProvider>,
  );
  return settings();
}

const settings = () => ({
  group: screen.getByRole('group', { name: 'Aspetto' }),
  radio: (name: string) => screen.getByRole('radio', { name }),
});

beforeEach(() => {
  localStorage.clear();
  root.className = '';
});
afterEach(() => vi.unstubAllGlobals());

describe('the colour-mode switch', () => {
  it("starts on 'Sistema' when this device chose nothing", () => {
    systemPrefers(true);
    const view = renderSettings();
    expect(view.group).toBeInTheDocument();
    expect(view.radio('Sistema')).toBeChecked();
    expect(view.radio('Chiaro')).not.toBeChecked();
    expect(view.radio('Scuro')).not.toBeChecked();
  });

  it('shows the stored choice', () => {
    localStorage.setItem(COLOUR_MODE_KEY, 'dark');
    expect(renderSettings().radio('Scuro')).toBeChecked();
  });

  it('applies and stores a choice made with the keyboard, and back to the system', async () => {
    systemPrefers(true);
    const user = userEvent.setup();
    const view = renderSettings();
    await user.click(view.radio('Chiaro'));
    expect(root.classList.contains('dark')).toBe(false);
    expect(localStorage.getItem(COLOUR_MODE_KEY)).toBe('light');
    // Arrow keys move through a radio group and select as they go.
    await user.keyboard('{ArrowRight}');
    expect(view.radio('Scuro')).toBeChecked();
    expect(localStorage.getItem(COLOUR_MODE_KEY)).toBe('dark');
    expect(root.classList.contains('dark')).toBe(true);
    await user.click(view.radio('Sistema'));
    expect(localStorage.getItem(COLOUR_MODE_KEY)).toBeNull();
    expect(root.classList.contains('dark')).toBe(true);
  });
});
