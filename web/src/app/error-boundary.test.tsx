import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { currentDay } from '../lib/use-today';
import { fakeUser } from '../testing/fake-user';
import { expectingLoggedError } from '../testing/logged-errors';
import { fakeServer, renderApp, resetTestState } from '../testing/test-utils';
import { AppRoot } from './app-root';

const SCREEN_ERROR = 'Errore di prova in una schermata';

// The events screen breaks while rendering.
vi.mock('../features/events/events-page', () => ({
  default: function BrokenEventsPage(): never {
    throw new Error(SCREEN_ERROR);
  },
}));

afterEach(resetTestState);

describe('error boundaries', { timeout: 20_000 }, () => {
  it('a screen that throws shows an Italian message in the app shell, and the way back to the dashboard works', async () => {
    fakeServer(fakeUser({ challengeStartDate: currentDay() }));
    const logged = await expectingLoggedError(SCREEN_ERROR, async () => {
      const { user, currentPath } = renderApp('/eventi');
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Qualcosa è andato storto');
      expect(alert).toHaveTextContent('Questa pagina non è riuscita a mostrarsi.');
      expect(screen.getByRole('button', { name: 'Ricarica la pagina' })).toBeInTheDocument();
      // The shell around the screen is still there, with its menu.
      expect(screen.getByRole('button', { name: /Menu/ })).toBeInTheDocument();

      await user.click(screen.getByRole('link', { name: 'Torna alla dashboard' }));
      expect(await screen.findByRole('heading', { name: 'Ciao, Anna!' })).toBeInTheDocument();
      expect(currentPath()).toBe('/dashboard');
      expect(screen.queryByText('Qualcosa è andato storto')).not.toBeInTheDocument();
    });
    expect(logged.length).toBeGreaterThan(0);
  });

  it('what fails outside every route shows the root message, with a reload and a link to the dashboard', async () => {
    fakeServer(fakeUser());
    function BrokenRouter(): never {
      throw new Error('Errore di prova nel router');
    }
    const logged = await expectingLoggedError('Errore di prova nel router', async () => {
      render(<AppRoot queryClient={createQueryClient()} Router={BrokenRouter} />);
      expect(await screen.findByRole('heading', { name: 'Qualcosa è andato storto' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Ricarica la pagina' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Torna alla dashboard' })).toHaveAttribute('href', '/dashboard');
    });
    expect(logged.length).toBeGreaterThan(0);
  });
});
