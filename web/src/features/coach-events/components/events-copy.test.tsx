import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CohortEvent, EventInput } from '@sfida/core/events';
import { json, renderApp, resetTestState, type ApiCall } from '../../../testing/test-utils';
import { fakeCoachServer, fakeCohort } from '../../../testing/coach-fixtures';
import { addDays } from '@sfida/core/dates';
import { holidayOn } from '@sfida/core/holidays';
import { currentDay } from '../../../lib/use-today';

afterEach(resetTestState);

const PREVIEW = '/api/coach/cohorts/cohort-1/events/from/primavera';
const BATCH = '/api/coach/cohorts/cohort-1/events/batch';

// As the server answers: the spring cohort's events moved 56 days, 19:00 in Rome kept.
const moved: EventInput[] = [
  { startsAt: '2026-11-05T18:00:00.000Z', title: 'Kick-off', speaker: 'Martina', description: 'Si parte', link: 'https://meet.example.it/k', durationMinutes: 90, access: 'GUIDA' },
  { startsAt: '2026-11-12T18:00:00.000Z', title: 'Abitudini', speaker: 'Chiara', description: '' },
  { startsAt: '2026-11-19T18:00:00.000Z', title: 'Alimentazione', speaker: '', description: '', durationMinutes: 45, access: 'PREMIUM' },
];

/** Two cohorts of the coach's; the batch refuses what the server would (`refuse`), or saves. */
function copyServer(refuse?: string, preview: EventInput[] = moved) {
  let events: CohortEvent[] = [];
  const calls = fakeCoachServer((call: ApiCall) => {
    if (call.path === '/api/coach/cohorts') return json([fakeCohort(), fakeCohort({ id: 'primavera', name: 'Primavera 2026', startDate: '2026-09-07' })]);
    if (call.path.startsWith('/api/coach/cohorts/cohort-1/participants')) return json({ rows: [], nextCursor: null });
    if (call.path === '/api/cohorts/cohort-1/events') return json({ events });
    if (call.path === PREVIEW) return json({ sourceCohortId: 'primavera', days: 56, events: preview });
    if (call.path === BATCH && call.method === 'POST') {
      if (refuse) return json({ message: refuse }, 400);
      const saved: CohortEvent[] = (call.body as { events: EventInput[] }).events.map((event, i) => ({ ...event, id: `c${i}`, access: event.access ?? 'BASE', durationMinutes: event.durationMinutes ?? 60, mayJoin: true, joinOpensAt: event.startsAt }));
      events = [...events, ...saved];
      return json({ events: saved }, 201);
    }
    return undefined;
  });
  return calls;
}

describe("copying events from another cohort (\"Copia da un'altra coorte\")", { timeout: 30_000 }, () => {
  it('shows the other cohort’s events moved to this calendar; the coach unticks one, edits another and saves them in one request', async () => {
    const calls = copyServer();
    const { user } = renderApp('/coach/cohort-1/eventi');
    await user.click(await screen.findByRole('button', { name: 'Copia da un’altra coorte' }));
    const panel = within(screen.getByRole('region', { name: 'Copia da un’altra coorte' }));
    // The current cohort is not offered as its own source.
    const select = panel.getByLabelText('Coorte da cui copiare');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Scegli una coorte', 'Primavera 2026 (inizio 7 settembre 2026)']);
    await user.selectOptions(select, 'primavera');

    const list = within(await panel.findByRole('list', { name: 'Eventi da copiare' }));
    expect(panel.getByText(/Spostati di 56 giorni in avanti/)).toBeInTheDocument();
    // The coach's zone is Rome: 18:00 UTC in November is 19:00.
    expect(list.getAllByRole('listitem')[0]).toHaveTextContent('Giovedì 5 novembre 2026, ore 19:00');
    expect(list.getAllByRole('checkbox').every((box) => (box as HTMLInputElement).checked)).toBe(true);
    expect(calls.some((call) => call.path === BATCH)).toBe(false);

    await user.click(list.getByRole('checkbox', { name: 'Copia Abitudini' }));
    expect(panel.getByRole('button', { name: 'Salva 2 eventi' })).toBeInTheDocument();
    await user.click(list.getByRole('button', { name: 'Modifica la copia di Kick-off' }));
    const edit = within(panel.getByRole('form', { name: 'Modifica la copia di Kick-off' }));
    await user.clear(edit.getByLabelText(/Titolo/));
    await user.type(edit.getByLabelText(/Titolo/), 'Kick-off di novembre');
    await user.click(edit.getByRole('button', { name: 'Applica' }));
    // Still under review: nothing sent.
    expect(calls.some((call) => call.path === BATCH)).toBe(false);

    await user.click(panel.getByRole('button', { name: 'Salva 2 eventi' }));
    expect(await screen.findByText('2 eventi copiati')).toBeInTheDocument();
    const batches = calls.filter((call) => call.method === 'POST' && call.path === BATCH);
    expect(batches).toHaveLength(1);
    const sent = (batches[0]!.body as { events: EventInput[] }).events;
    expect(sent.map((event) => event.title)).toEqual(['Kick-off di novembre', 'Alimentazione']);
    // What the server moved is kept, to the minute (the form writes the browser's offset).
    expect(sent.map((event) => Date.parse(event.startsAt))).toEqual([Date.parse(moved[0]!.startsAt), Date.parse(moved[2]!.startsAt)]);
    // Who may join and how long it lasts go with the copy, edited or not.
    expect(sent[0]).toMatchObject({ speaker: 'Martina', link: 'https://meet.example.it/k', durationMinutes: 90, access: 'GUIDA' });
    expect(sent[1]).toMatchObject({ durationMinutes: 45, access: 'PREMIUM' });

    // The panel closes and the calendar shows the copies.
    const calendar = await screen.findByRole('list', { name: 'Eventi della coorte' });
    expect(await within(calendar).findByText('Kick-off di novembre')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Copia da un’altra coorte' })).toBeNull());
  });

  it('warns of a copy that lands in the past or on a holiday (31 December), and says nothing of an ordinary day to come', async () => {
    const today = currentDay('Europe/Rome');
    const year = Number(today.slice(0, 4)) + (today.endsWith('-12-31') ? 1 : 0);
    let ordinary = addDays(today, 2);
    while (holidayOn(ordinary) !== null) ordinary = addDays(ordinary, 1);
    // 12:00 UTC: the same day in Rome, summer or winter.
    const at = (day: string) => `${day}T12:00:00.000Z`;
    copyServer(undefined, [
      { startsAt: at(addDays(today, -2)), title: 'Kick-off', speaker: '', description: '' },
      { startsAt: at(`${year}-12-31`), title: 'Brindisi', speaker: '', description: '' },
      { startsAt: at(ordinary), title: 'Abitudini', speaker: '', description: '' },
    ]);
    const { user } = renderApp('/coach/cohort-1/eventi');
    await user.click(await screen.findByRole('button', { name: 'Copia da un’altra coorte' }));
    const panel = within(screen.getByRole('region', { name: 'Copia da un’altra coorte' }));
    await user.selectOptions(panel.getByLabelText('Coorte da cui copiare'), 'primavera');
    const items = within(await panel.findByRole('list', { name: 'Eventi da copiare' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('La data è già passata: spostala o non copiarlo.');
    expect(items[1]).toHaveTextContent('Cade in un giorno di festa (San Silvestro): molti potrebbero non esserci.');
    expect(items[2]).not.toHaveTextContent(/già passata|giorno di festa/);
  });

  it('all or nothing: the server’s Italian refusal shows and the review stays open', async () => {
    const refusal = 'Una coorte può avere al massimo 100 eventi: ne ha già 99, puoi aggiungerne ancora 1';
    copyServer(refusal);
    const { user } = renderApp('/coach/cohort-1/eventi');
    await user.click(await screen.findByRole('button', { name: 'Copia da un’altra coorte' }));
    const panel = within(screen.getByRole('region', { name: 'Copia da un’altra coorte' }));
    await user.selectOptions(panel.getByLabelText('Coorte da cui copiare'), 'primavera');
    await user.click(await panel.findByRole('button', { name: 'Salva 3 eventi' }));
    expect(await panel.findByRole('alert')).toHaveTextContent(refusal);
    expect(panel.getByRole('list', { name: 'Eventi da copiare' })).toBeInTheDocument();

    // Nothing ticked, nothing to save.
    for (const box of panel.getAllByRole('checkbox')) await user.click(box);
    expect(panel.getByRole('button', { name: 'Salva 0 eventi' })).toBeDisabled();
  });
});
