import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays } from '@sfida/core/dates';
import type { SeasonInvitation } from '@sfida/core/season-invitations';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { addHabit, toggleHabit } from '@sfida/core/tracker-actions';
import { currentDay } from '../../lib/use-today';
import { fakeUser } from '../../testing/fake-user';
import { fakeServer, json, renderApp, resetTestState, type ApiCall } from '../../testing/test-utils';
import { STORAGE_KEYS } from '../../tracker/storage-keys';
import DashboardPage from './dashboard-page';

afterEach(resetTestState);

const start = addDays(currentDay(), -63);
const nextMonday = addDays(currentDay(), 5);
const user = fakeUser({ challengeStartDate: start, cohortId: 'inverno' });
const invitation: SeasonInvitation = { targetCohortId: 'primavera', cohortName: 'Primavera', startDate: nextMonday, pace: 'together' };

/** The last season on this browser: one habit, ticked yesterday. */
function lastSeason(): TrackerData {
  const then = new Date(`${addDays(currentDay(), -10)}T09:00:00Z`);
  const added = addHabit(emptyTracker(user.timeZone, then, start), 'Camminare', then, 'h1');
  if (!added.ok) throw new Error(added.message);
  const ticked = toggleHabit(added.data, 'h1', addDays(currentDay(), -1), new Date());
  if (!ticked.ok) throw new Error(ticked.message);
  return ticked.data;
}

function invitationCard() {
  return screen.findByRole('region', { name: 'Nuova stagione' });
}

describe('the invitation to a new season on the dashboard', { timeout: 30_000 }, () => {
  it('accepting moves the participant on: the session and the new season’s tracker are read again, the old ticks gone', async () => {
    localStorage.setItem(STORAGE_KEYS.tracker(user.id), JSON.stringify(lastSeason()));
    let accepted = false;
    const moved = { ...user, cohortId: 'primavera', challengeStartDate: nextMonday };
    const fresh: TrackerData = { ...emptyTracker(user.timeZone, new Date(), nextMonday), habits: lastSeason().habits, season: 2 };
    const calls: ApiCall[] = fakeServer(user, (call) => {
      if (call.path === '/api/auth/session' && accepted) return json({ user: moved });
      if (call.path === '/api/me/season-invitation') return json({ invitation: accepted ? null : invitation });
      if (call.method === 'POST' && call.path === '/api/me/season-invitation/primavera/accept') {
        accepted = true;
        return json({ cohortId: 'primavera', season: 2, challengeStartDate: nextMonday });
      }
      if (call.method === 'GET' && call.path === '/api/users/me/progress' && accepted) return json(fresh, 200, { ETag: '"r9"' });
      return undefined;
    });
    renderApp('/dashboard', <DashboardPage />);
    const card = await invitationCard();
    expect(card).toHaveTextContent('Il tuo coach ti invita alla nuova stagione: Primavera');
    await userEvent.click(within(card).getByRole('button', { name: 'Accetta' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Nuova stagione' })).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/me/season-invitation/primavera/accept')).toBe(true);
    await waitFor(() => expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.tracker(user.id)) ?? '{}').season).toBe(2));
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.tracker(user.id)) ?? '{}') as TrackerData;
    expect(stored.completions).toEqual({});
    expect(stored.habits.map((habit) => habit.name)).toEqual(['Camminare']);
    // The finished season's certificate stays one tap away.
    expect(await screen.findByRole('link', { name: 'Scarica il certificato della stagione conclusa (PDF)' })).toHaveAttribute('href', '/api/me/certificate.pdf');
  });

  it('"No, grazie" closes it; a refusal from the server is shown in Italian', async () => {
    let declined = false;
    fakeServer(user, (call) => {
      if (call.path === '/api/me/season-invitation') return json({ invitation: declined ? null : invitation });
      if (call.path === '/api/me/season-invitation/primavera/accept') return json({ message: 'Questo invito non è più valido' }, 409);
      if (call.path === '/api/me/season-invitation/primavera/decline') {
        declined = true;
        return json({ invitation: null });
      }
      return undefined;
    });
    renderApp('/dashboard', <DashboardPage />);
    const card = await invitationCard();
    await userEvent.click(within(card).getByRole('button', { name: 'Accetta' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Questo invito non è più valido');
    await userEvent.click(within(card).getByRole('button', { name: 'No, grazie' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Nuova stagione' })).not.toBeInTheDocument());
  });

  it('is not asked for before the end of the eight weeks', async () => {
    const running = fakeUser({ challengeStartDate: addDays(currentDay(), -10) });
    const calls = fakeServer(running);
    renderApp('/dashboard', <DashboardPage />);
    await screen.findByRole('region', { name: 'Abitudini di oggi' });
    expect(calls.some((c) => c.path === '/api/me/season-invitation')).toBe(false);
    // A first season: no earlier certificate to offer.
    expect(screen.queryByRole('link', { name: /stagione conclusa/ })).not.toBeInTheDocument();
  });
});
