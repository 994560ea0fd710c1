import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { clearNotices, notify } from '../lib/notices';
import { getSystem } from '../theme';
import { Toaster } from './toaster';

afterEach(clearNotices);

/*
 * What jsdom can tell: where the notices sit and how their text may wrap. How they look on a
 * 390 px phone (full width minus the margins, clear of the header) needs a look in a browser.
 */
describe('Toaster', () => {
  function renderToaster() {
    render(
      <ChakraProvider value={getSystem()}>
        <Toaster />
      </ChakraProvider>,
    );
  }

  it('shows notices at the bottom, clear of the sticky header, each region a whole row', () => {
    renderToaster();
    act(() => notify({ type: 'error', title: 'Sincronizzazione non riuscita', description: 'I tuoi dati restano salvati su questo dispositivo.' }));
    const card = screen.getByText('Sincronizzazione non riuscita').closest('[aria-live="assertive"] > *') as HTMLElement;
    const region = card.parentElement!;
    const toaster = region.parentElement!;

    const placement = getComputedStyle(toaster);
    expect(placement.position).toBe('fixed');
    expect(placement.bottom).toBe('0px');
    expect(placement.top).not.toMatch(/px$/);
    // Stacked: side by side, the polite and the assertive region took half the row each.
    expect(placement.flexDirection).toBe('column');
    expect(getComputedStyle(region).width).toBe('var(--chakra-sizes-full)');
    // On a phone the card takes the whole row (minus the toaster's margins).
    expect(getComputedStyle(card).maxWidth).toBe('var(--chakra-sizes-full)');
  });

  it('wraps the text between words', () => {
    renderToaster();
    act(() => notify({ type: 'success', title: 'Abitudine completata!', description: 'Continua così.' }));
    const text = screen.getByText('Abitudine completata!').parentElement!;
    expect(getComputedStyle(text).overflowWrap).toBe('break-word');
    expect(getComputedStyle(text).wordBreak).toBe('normal');
  });
});
