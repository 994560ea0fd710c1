import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { emptyTracker } from '@sfida/core/tracker';
import { addHabit } from '@sfida/core/tracker-actions';
import { currentDay } from '../lib/use-today';
import { fakeUser } from '../testing/fake-user';
import { fakeServer, json, renderApp, resetTestState } from '../testing/test-utils';
import { STORAGE_KEYS } from '../tracker/storage-keys';

// A file of its own: the first screen rendered here has no tracker on it, so what makes the sign-out
// remove the tracker can only be the shell (a tracker screen rendered before would register it too).

afterEach(resetTestState);

describe('App shell: Esci', { timeout: 30_000 }, () => {
  it('from a page with no tracker on it (/eventi), sign-out still sends and removes the tracker of this browser', async () => {
    const participant = fakeUser({ challengeStartDate: currentDay() });
    const now = new Date();
    const added = addHabit(emptyTracker(participant.timeZone, now, participant.challengeStartDate), 'Leggere', now, 'h1');
    if (!added.ok) throw new Error(added.message);
    localStorage.setItem(STORAGE_KEYS.tracker(participant.id), JSON.stringify(added.data));
    const calls = fakeServer(participant, (call) => {
      if (call.path.startsWith('/api/cohorts/')) return json({ events: [] });
      if (call.path === '/api/auth/logout') return new Response(null, { status: 204 });
      return undefined;
    });
    const { user } = renderApp('/eventi');
    await screen.findByText('Nessun evento in programma per il tuo gruppo, per ora.');
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('button', { name: 'Esci' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/auth/logout')).toBe(true));
    expect(calls.some((call) => call.method === 'PUT' && call.path === '/api/users/me/progress')).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.tracker(participant.id))).toBeNull();
  });

  it('staying when the changes cannot be saved gives the button back', async () => {
    const participant = fakeUser({ challengeStartDate: currentDay() });
    const now = new Date();
    const added = addHabit(emptyTracker(participant.timeZone, now, participant.challengeStartDate), 'Leggere', now, 'h1');
    if (!added.ok) throw new Error(added.message);
    localStorage.setItem(STORAGE_KEYS.tracker(participant.id), JSON.stringify(added.data));
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    fakeServer(participant, (call) => {
      if (call.path.startsWith('/api/cohorts/')) return json({ events: [] });
      if (call.path === '/api/users/me/progress') throw new TypeError('Failed to fetch');
      return undefined;
    });
    const { user } = renderApp('/eventi');
    await screen.findByText('Nessun evento in programma per il tuo gruppo, per ora.');
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('button', { name: 'Esci' }));
    await waitFor(() => expect(window.confirm).toHaveBeenCalled());
    expect(await screen.findByRole('button', { name: 'Esci' })).toBeEnabled();
    expect(localStorage.getItem(STORAGE_KEYS.tracker(participant.id))).not.toBeNull();
  });
});
