import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceUpdate } from '../lib/service-worker';
import { currentDay } from '../lib/use-today';
import { fakeUser } from '../testing/fake-user';
import { fakeServer, renderApp, resetTestState } from '../testing/test-utils';

function setOnline(online: boolean): void {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => {
  setOnline(true);
  announceUpdate(null);
  resetTestState();
});

describe('the app\'s banners', { timeout: 20_000 }, () => {
  it('says plainly when the device is offline, and goes when the network is back', async () => {
    fakeServer(fakeUser({ challengeStartDate: currentDay() }));
    renderApp('/abitudini');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tracciamento Abitudini' })).toBeInTheDocument();
    expect(screen.queryByText(/Sei offline/)).not.toBeInTheDocument();
    act(() => setOnline(false));
    expect(screen.getByText('Sei offline: puoi continuare a usare l’app, i tuoi progressi verranno salvati quando torna la connessione.')).toBeInTheDocument();
    act(() => setOnline(true));
    expect(screen.queryByText(/Sei offline/)).not.toBeInTheDocument();
  });

  it('a new version waiting: applied with one tap, or at the next navigation', async () => {
    fakeServer(fakeUser({ challengeStartDate: currentDay() }));
    const { user } = renderApp('/abitudini');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tracciamento Abitudini' })).toBeInTheDocument();
    const tapped = vi.fn();
    act(() => announceUpdate(tapped));
    expect(screen.getByText('È pronta una nuova versione dell’app.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aggiorna' }));
    expect(tapped).toHaveBeenCalledTimes(1);

    const navigated = vi.fn();
    act(() => announceUpdate(navigated));
    await user.click(within(await screen.findByRole('navigation', { name: 'Schermate di ogni giorno' })).getByRole('link', { name: 'Oggi' }));
    expect(navigated).toHaveBeenCalledTimes(1);
  });
});
