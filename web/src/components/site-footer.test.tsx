import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ChakraProvider } from '@chakra-ui/react';
import { getSystem } from '../theme';
import { SiteFooter } from './site-footer';

afterEach(() => vi.useRealTimers());

function renderFooter() {
  render(
    <ChakraProvider value={getSystem()}>
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>
    </ChakraProvider>,
  );
  return screen.getByRole('contentinfo');
}

describe('SiteFooter', () => {
  it('says the current year', () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T10:00:00Z'), toFake: ['Date'] });
    expect(renderFooter()).toHaveTextContent('© 2026 Sfida 8 settimane. Tutti i diritti riservati.');
  });

  it('turns the year at midnight in Rome, not in UTC', () => {
    // 31 December 23:30 UTC is already 1 January 00:30 in Rome.
    vi.useFakeTimers({ now: new Date('2026-12-31T23:30:00Z'), toFake: ['Date'] });
    expect(renderFooter()).toHaveTextContent('© 2027 Sfida 8 settimane.');
  });
});
