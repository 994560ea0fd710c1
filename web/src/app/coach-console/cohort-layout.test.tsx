import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { RosterPage } from '@sfida/core/coach';
import { json, renderApp, resetTestState } from '../../testing/test-utils';
import { emptyTriageDay, fakeCoachServer, fakeCohort, fakeRow, fakeTriageItem, reason } from '../../testing/coach-fixtures';
import type { ApiCall } from '../../testing/test-utils';

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
function coachServer(pages: RosterPage[], answer?: (call: ApiCall) => Response | undefined) {
  return fakeCoachServer((call) => {
    const own = answer?.(call);
    if (own) return own;
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
  it('opens on this cohort’s "Da fare oggi" (the home’s triage, asked for this cohort); "Partecipanti" reads the whole roster page by page', async () => {
    const calls = coachServer(twoPages, (call) =>
      call.path.startsWith('/api/coach/triage')
        ? json({ items: [fakeTriageItem({ name: 'Carla', userId: 'u-carla', group: 'mood', reasons: [reason('lowMood', 'Umore molto basso')] })], total: 1, day: emptyTriageDay })
        : undefined,
    );
    const { user } = renderApp('/coach/cohort-1');

    const triage = await screen.findByRole('region', { name: 'Da fare oggi' });
    const item = await within(triage).findByRole('listitem', { name: 'Carla, Autunno 2026' });
    expect(within(item).getByText('Umore molto basso')).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Carla' })).toHaveAttribute('href', '/coach/cohort-1/partecipanti/u-carla');
    // No cohort filter on a cohort's own page.
    expect(within(triage).queryByLabelText('Coorte da mostrare')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/api/coach/triage')).map((call) => call.path)).toEqual(['/api/coach/triage?limit=30&cohortId=cohort-1']);
    // The overview asks for no roster: that is the next tab's.
    expect(calls.some((call) => call.path.startsWith(ROSTER))).toBe(false);
    await user.click(within(screen.getByRole('navigation', { name: 'Parti della coorte' })).getByRole('link', { name: 'Partecipanti' }));
    expect(await screen.findByText('4 di 4 partecipanti')).toBeInTheDocument();
    // Both roster pages were fetched on their own.
    await waitFor(() =>
      expect(calls.filter((call) => call.path.startsWith(ROSTER)).map((call) => call.path)).toEqual([`${ROSTER}?limit=100`, `${ROSTER}?limit=100&cursor=1`]),
    );
  });

  it('sorts the roster by name, points, streak and last activity, and searches by name', async () => {
    coachServer(twoPages);
    const { user } = renderApp('/coach/cohort-1/partecipanti');

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
    const { user, currentPath } = renderApp('/coach/cohort-1/partecipanti');

    expect(await screen.findByRole('link', { name: 'Esporta CSV' })).toHaveAttribute('href', '/api/coach/cohorts/cohort-1/export.csv');
    await user.click(within(screen.getByRole('navigation', { name: 'Parti della coorte' })).getByRole('link', { name: 'Impostazioni' }));
    expect(currentPath()).toBe('/coach/cohort-1/impostazioni');
    await user.type(await screen.findByLabelText(/Email del coach/), 'luca@example.it');
    await user.click(screen.getByRole('button', { name: 'Aggiungi coach' }));
    expect(await within(screen.getByRole('region', { name: 'Aggiungi coach' })).findByRole('alert')).toHaveTextContent(message);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ email: 'luca@example.it' });
  });
  it('marks a participant whose data cannot be read, among the others', async () => {
    const enzo = fakeRow({ userId: 'u-enzo', name: 'Enzo', totalPoints: 0, currentStreak: 0, lastActivity: null, started: false, unreadable: true });
    coachServer([{ rows: [anna, enzo], nextCursor: null }]);
    renderApp('/coach/cohort-1/partecipanti');
    const roster = await screen.findByRole('region', { name: 'Roster' });
    const table = await within(roster).findByRole('table');
    const enzoRow = within(table).getByRole('link', { name: 'Enzo' }).closest('tr')!;
    expect(within(enzoRow).getByText('Dati non leggibili')).toBeInTheDocument();
    expect(within(enzoRow).queryByText('Non iniziato')).not.toBeInTheDocument();
    const annaRow = within(table).getByRole('link', { name: 'Anna' }).closest('tr')!;
    expect(within(annaRow).queryByText('Dati non leggibili')).not.toBeInTheDocument();
  });
});

describe('cohort page: one screen per part', { timeout: 20_000 }, () => {
  const two = [fakeCohort(), fakeCohort({ id: 'cohort-2', name: 'Inverno 2027', participantCount: 1 })];
  const tabsServer = () =>
    fakeCoachServer((call) => {
      if (call.path === '/api/coach/cohorts') return json(two);
      if (call.path.startsWith('/api/coach/cohorts/') && call.path.includes('/participants?')) return json({ rows: [anna], nextCursor: null });
      if (call.path.startsWith('/api/coach/triage')) return json({ items: [], total: 0, day: emptyTriageDay });
      return undefined;
    });
  const tabs = () => screen.getByRole('navigation', { name: 'Parti della coorte' });

  it('has a tab per part, the current one marked, each at its own address with the cohort’s header', async () => {
    tabsServer();
    const { user, currentPath } = renderApp('/coach/cohort-1/andamento');

    expect(await screen.findByRole('heading', { level: 1, name: 'Autunno 2026' })).toBeInTheDocument();
    expect(screen.getByText('Inizio: 2 novembre 2026 · 3 partecipanti')).toBeInTheDocument();
    expect(within(tabs()).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Oggi', '/coach/cohort-1'],
      ['Partecipanti', '/coach/cohort-1/partecipanti'],
      ['Andamento', '/coach/cohort-1/andamento'],
      ['Messaggi', '/coach/cohort-1/messaggi'],
      ['Eventi', '/coach/cohort-1/eventi'],
      ['Risorse', '/coach/cohort-1/risorse'],
      ['Squadre', '/coach/cohort-1/squadre'],
      ['Impostazioni', '/coach/cohort-1/impostazioni'],
    ]);
    expect(within(tabs()).getByRole('link', { name: 'Andamento' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('region', { name: 'Andamento' })).toBeInTheDocument();
    // Only the part on screen: no roster, no settings.
    expect(screen.queryByRole('region', { name: 'Roster' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Impostazioni della coorte' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Andamento · Autunno 2026 · Sfida 8 settimane'));

    await user.click(within(tabs()).getByRole('link', { name: 'Oggi' }));
    expect(currentPath()).toBe('/coach/cohort-1');
    expect(within(tabs()).getByRole('link', { name: 'Oggi' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs()).getByRole('link', { name: 'Andamento' })).not.toHaveAttribute('aria-current');
    expect(await screen.findByRole('region', { name: 'Da fare oggi' })).toBeInTheDocument();
  });

  it('switches to another cohort on the same tab with the one picker, and remembers it for "Oggi"', async () => {
    const calls = tabsServer();
    const { user, currentPath, currentUrl } = renderApp('/coach/cohort-1/partecipanti');

    const picker = await screen.findByRole('combobox', { name: 'Coorte' });
    expect(within(picker).getAllByRole('option').map((option) => option.textContent)).toEqual(['Autunno 2026', 'Inverno 2027']);
    await user.selectOptions(picker, 'Inverno 2027');
    expect(currentPath()).toBe('/coach/cohort-2/partecipanti');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inverno 2027' })).toBeInTheDocument();
    expect(within(tabs()).getByRole('link', { name: 'Partecipanti' })).toHaveAttribute('aria-current', 'page');

    // "Oggi" opens on the cohort picked last, in its address too.
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(within(screen.getByRole('navigation', { name: 'Menu principale' })).getByRole('link', { name: 'Oggi' }));
    await waitFor(() => expect(currentUrl()).toBe('/coach?coorte=cohort-2'));
    expect(screen.getByRole('combobox', { name: 'Coorte' })).toHaveValue('cohort-2');
    await waitFor(() => expect(calls.some((call) => call.path === '/api/coach/triage?limit=30&cohortId=cohort-2')).toBe(true));
  });

  it('says so for a cohort that is not the coach’s, with a way back', async () => {
    tabsServer();
    renderApp('/coach/cohort-9/squadre');
    expect(await screen.findByRole('heading', { level: 1, name: 'Coorte non trovata' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vai alle tue coorti' })).toHaveAttribute('href', '/coach/coorti');
    expect(screen.queryByRole('navigation', { name: 'Parti della coorte' })).not.toBeInTheDocument();
  });

  it('hides "Eventi" for an archived cohort, and its address says the events are no longer changed', async () => {
    fakeCoachServer((call) => (call.path === '/api/coach/cohorts' ? json([fakeCohort({ archivedAt: '2026-12-01T09:00:00.000Z' })]) : undefined));
    renderApp('/coach/cohort-1/eventi');
    expect(await screen.findByText('La coorte è archiviata: i suoi eventi non si cambiano più.')).toBeInTheDocument();
    expect(within(tabs()).queryByRole('link', { name: 'Eventi' })).not.toBeInTheDocument();
    expect(within(tabs()).getByRole('link', { name: 'Impostazioni' })).toBeInTheDocument();
  });
});
