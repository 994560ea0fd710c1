import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { RosterPage } from '@sfida/core/coach';
import { json, renderApp, resetTestState } from '../../../testing/test-utils';
import { fakeCoachServer, fakeCohort, fakeRow, reason } from '../coach-fixtures';

afterEach(resetTestState);

const ROSTER = '/api/coach/cohorts/cohort-1/participants';

const anna = fakeRow({ userId: 'u-anna', name: 'Anna', totalPoints: 120, currentStreak: 4, lastActivity: '2026-11-20' });
const bruno = fakeRow({
  userId: 'u-bruno',
  name: 'Bruno',
  totalPoints: 40,
  currentStreak: 0,
  lastActivity: '2026-11-12',
  attention: [reason('noActivity', 'Nessuna attività da 5 giorni'), reason('noHabits2Days', 'Nessuna abitudine da 2 giorni')],
});
const carla = fakeRow({ userId: 'u-carla', name: 'Carla', totalPoints: 200, currentStreak: 9, lastActivity: '2026-11-22', lastMood: 1, attention: [reason('lowMood', 'Umore molto basso')] });
const dario = fakeRow({ userId: 'u-dario', name: 'Dario', totalPoints: 90, currentStreak: 2, lastActivity: null, withdrawn: true, attention: [reason('lowMood', 'Umore molto basso')] });

/** The roster in two pages, as the server pages it. */
function coachServer(pages: RosterPage[]) {
  return fakeCoachServer((call) => {
    if (call.path === '/api/coach/cohorts') return json([fakeCohort()]);
    if (call.path.startsWith(`${ROSTER}?`)) {
      const cursor = new URLSearchParams(call.path.split('?')[1]).get('cursor');
      return json(pages[cursor === null ? 0 : Number(cursor)]);
    }
    if (call.path === '/api/cohorts/cohort-1/events') return json({ events: [] });
    return undefined;
  });
}

const twoPages: RosterPage[] = [
  { rows: [anna, bruno], nextCursor: '1' },
  { rows: [carla, dario], nextCursor: null },
];

/** The participants' names in the roster, in order. */
function rosterNames(): string[] {
  const roster = screen.getByRole('region', { name: 'Roster' });
  return within(within(roster).getByRole('table')).getAllByRole('link').map((link) => link.textContent ?? '');
}

describe('cohort page', { timeout: 20_000 }, () => {
  it('lists who to contact today, most urgent first, each reason as a label; the withdrawn are left out', async () => {
    const calls = coachServer(twoPages);
    renderApp('/coach/cohort-1');

    const list = await screen.findByRole('list', { name: 'Partecipanti da contattare oggi' });
    const items = within(list).getAllByRole('listitem').filter((item) => item.parentElement === list);
    expect(items.map((item) => within(item).getAllByRole('link')[0]?.textContent)).toEqual(['Carla', 'Bruno']);
    expect(within(items[0]!).getByText('Umore molto basso')).toBeInTheDocument();
    const brunoReasons = within(items[1]!).getByRole('list', { name: 'Motivi per Bruno' });
    expect(within(brunoReasons).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Nessuna abitudine da 2 giorni', 'Nessuna attività da 5 giorni']);
    expect(within(items[0]!).getByRole('link', { name: 'Carla' })).toHaveAttribute('href', '/coach/cohort-1/partecipanti/u-carla');
    // Both pages were fetched on their own.
    expect(calls.filter((call) => call.path.startsWith(ROSTER)).map((call) => call.path)).toEqual([`${ROSTER}?limit=100`, `${ROSTER}?limit=100&cursor=1`]);
  });

  it('sorts the roster by name, points, streak and last activity, and searches by name', async () => {
    coachServer(twoPages);
    const { user } = renderApp('/coach/cohort-1');

    expect(await screen.findByText('4 di 4 partecipanti')).toBeInTheDocument();
    expect(rosterNames()).toEqual(['Anna', 'Bruno', 'Carla', 'Dario']);
    const sort = screen.getByLabelText('Ordina per');
    await user.selectOptions(sort, 'Punti totali');
    expect(rosterNames()).toEqual(['Carla', 'Anna', 'Dario', 'Bruno']);
    await user.selectOptions(sort, 'Serie attuale');
    expect(rosterNames()).toEqual(['Carla', 'Anna', 'Dario', 'Bruno']);
    await user.selectOptions(sort, 'Ultima attività');
    expect(rosterNames()).toEqual(['Carla', 'Anna', 'Bruno', 'Dario']);

    await user.type(screen.getByLabelText('Cerca per nome o email'), 'AR');
    await waitFor(() => expect(rosterNames()).toEqual(['Carla', 'Dario']));
    expect(screen.getByText('2 di 4 partecipanti')).toBeInTheDocument();
  });

  it('links the CSV export and adds a coach by email, showing the server’s refusal', async () => {
    const message = 'Nessun coach con questa email';
    const calls = fakeCoachServer((call) => {
      if (call.path === '/api/coach/cohorts') return json([fakeCohort()]);
      if (call.path.startsWith(`${ROSTER}?`)) return json({ rows: [anna], nextCursor: null });
      if (call.path === '/api/coach/cohorts/cohort-1/coaches') return json({ message }, 404);
      if (call.path === '/api/cohorts/cohort-1/events') return json({ events: [] });
      return undefined;
    });
    const { user } = renderApp('/coach/cohort-1');

    expect(await screen.findByRole('link', { name: 'Esporta CSV' })).toHaveAttribute('href', '/api/coach/cohorts/cohort-1/export.csv');
    await user.type(screen.getByLabelText(/Email del coach/), 'luca@example.it');
    await user.click(screen.getByRole('button', { name: 'Aggiungi coach' }));
    expect(await within(screen.getByRole('region', { name: 'Aggiungi coach' })).findByRole('alert')).toHaveTextContent(message);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ email: 'luca@example.it' });
  });
  it('marks a participant whose data cannot be read, among the others', async () => {
    const enzo = fakeRow({ userId: 'u-enzo', name: 'Enzo', totalPoints: 0, currentStreak: 0, lastActivity: null, started: false, unreadable: true });
    coachServer([{ rows: [anna, enzo], nextCursor: null }]);
    renderApp('/coach/cohort-1');
    const roster = await screen.findByRole('region', { name: 'Roster' });
    const table = await within(roster).findByRole('table');
    const enzoRow = within(table).getByRole('link', { name: 'Enzo' }).closest('tr')!;
    expect(within(enzoRow).getByText('Dati non leggibili')).toBeInTheDocument();
    expect(within(enzoRow).queryByText('Non iniziato')).not.toBeInTheDocument();
    const annaRow = within(table).getByRole('link', { name: 'Anna' }).closest('tr')!;
    expect(within(annaRow).queryByText('Dati non leggibili')).not.toBeInTheDocument();
  });
});
