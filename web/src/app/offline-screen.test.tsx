import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { lazyScreen } from '../lib/lazy-screen';
import { AppProvider } from './provider';
import { RouteErrorBoundary } from './error-boundary';
import { expectingLoggedError } from '../testing/logged-errors';

const LOAD_ERROR = 'Failed to fetch dynamically imported module';

function setOnline(online: boolean): void {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => setOnline(true));

describe('a screen whose code cannot be downloaded', () => {
  it('says so in Italian while offline, and loads by itself when the network is back', async () => {
    let attempts = 0;
    const Screen = lazyScreen(async () => {
      attempts++;
      if (!navigator.onLine) throw new TypeError(LOAD_ERROR);
      return { default: () => <h1>Pagina caricata</h1> };
    });
    const logged = await expectingLoggedError(LOAD_ERROR, async () => {
      setOnline(false);
      render(
        <AppProvider queryClient={createQueryClient()}>
          <MemoryRouter initialEntries={['/planner']}>
            <RouteErrorBoundary>
              <Suspense fallback={<p>Caricamento</p>}>
                <Screen />
              </Suspense>
            </RouteErrorBoundary>
          </MemoryRouter>
        </AppProvider>,
      );
      expect(await screen.findByRole('heading', { name: 'Pagina non disponibile offline' })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('Si aprirà da sola appena torna la connessione.');
      await act(async () => setOnline(true));
      expect(await screen.findByRole('heading', { name: 'Pagina caricata' })).toBeInTheDocument();
    });
    expect(logged.length).toBeGreaterThan(0);
    expect(attempts).toBeGreaterThanOrEqual(2);
  });

  it('shares one download between a preload and the render', async () => {
    let attempts = 0;
    const Screen = lazyScreen(async () => {
      attempts++;
      return { default: () => <h1>Una volta</h1> };
    });
    await Screen.preload();
    render(
      <Suspense fallback={null}>
        <Screen />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Una volta' })).toBeInTheDocument();
    expect(attempts).toBe(1);
  });
});
