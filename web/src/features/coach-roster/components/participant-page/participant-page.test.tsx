import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { CheckInCard } from '@sfida/core/check-in-threads';
import type { ParticipantDetail } from '@sfida/core/coach';
import { addDays, mondayOf, todayIn } from '@sfida/core/dates';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { json, renderApp, resetTestState } from '../../../../testing/test-utils';
import { fakeCheckInCard, fakeCoachServer, fakeRow, reason } from '../../../../testing/coach-fixtures';

afterEach(resetTestState);

const DETAIL = '/api/coach/cohorts/cohort-1/participants/u-bruno';
const reflection = 'Settimana dura al lavoro.\nHo saltato due allenamenti ma ho camminato ogni sera: la prossima settimana preparo la borsa la sera prima, così non ho scuse.';

/** Bruno, in his third week: one habit ticked on the challenge's first two days (the second late), a check-in, a planner. */
function brunoDetail(): ParticipantDetail {
  const now = new Date();
  const today = todayIn('Europe/Rome', now);
  const start = addDays(mondayOf(today), -14);
  const tracker: TrackerData = {
    ...emptyTracker('Europe/Rome', now, start),
    habits: [{ id: 'h1', name: 'Camminare 30 minuti', createdAt: `${start}T08:00:00.000Z` }],
    completions: { h1: { [start]: 'onTime', [addDays(start, 1)]: 'late' } },
    weeklyActions: {
      '1': [
        { id: 'a1', text: 'Preparare la borsa', completed: true },
        { id: 'a2', text: 'Tre allenamenti', completed: false },
        { id: 'a3', text: 'Dormire 7 ore', completed: true },
      ],
    },
    savedPlannerWeeks: [1],
    checkIns: [{ id: 'c1', mood: 2, reflection, date: addDays(start, 6), weekNumber: 1, submittedAt: `${addDays(start, 6)}T18:00:00.000Z` }],
    pointsHistory: [{ points: 10, reason: 'Check-in', timestamp: `${addDays(start, 6)}T18:00:00.000Z`, weekNumber: 1, kind: 'checkIn', ref: 'c1' }],
  };
  return {
    row: fakeRow({ userId: 'u-bruno', name: 'Bruno', email: 'bruno@example.it', lastMood: 2, attention: [reason('lowMood', 'Umore molto basso')] }),
    challengeStartDate: start,
    timeZone: 'Europe/Rome',
    tracker,
  };
}

describe('participant page', { timeout: 20_000 }, () => {
  it("shows the row's figures, the full reflection, the mood as text and the habit grid", async () => {
    fakeCoachServer((call) => (call.path === DETAIL ? json(brunoDetail()) : undefined));
    renderApp('/coach/cohort-1/partecipanti/u-bruno');

    expect(await screen.findByRole('heading', { level: 1, name: 'Bruno' })).toBeInTheDocument();
    expect(screen.getByText('Umore molto basso')).toBeInTheDocument();
    expect(screen.getByText('120')).toBeInTheDocument(); // total points, from the row

    // The whole reflection, not the participant history's 100 characters.
    expect(screen.getByText((_, element) => element?.textContent === reflection && element.tagName === 'P')).toBeInTheDocument();
    expect(screen.getByText('Umore: Difficile (2/5)')).toBeInTheDocument();
    const moodTable = screen.getByRole('table', { name: 'Umore per settimana' });
    expect(within(moodTable).getByRole('row', { name: /Settimana 1 Difficile \(2\/5\)/ })).toBeInTheDocument();

    const grid = screen.getByRole('table', { name: 'Camminare 30 minuti' });
    const week1 = within(grid).getByRole('row', { name: /^S1/ });
    const cells = within(week1).getAllByRole('cell');
    expect(cells.slice(0, 3).map((cell) => cell.textContent)).toEqual(['✓fatto', '✓fatto in ritardo', '·non fatto']);
    expect(cells[7]).toHaveTextContent('2/7');
    expect(within(within(grid).getByRole('row', { name: /^S8/ })).getAllByRole('cell')[0]).toHaveTextContent('da venire');

    expect(screen.getByText('Preparare la borsa')).toBeInTheDocument();
    expect(screen.getByText(/2\/3 completate \(67%\)/)).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Punti per settimana della challenge' })).getByRole('row', { name: /Settimana 1 10 punti/ })).toBeInTheDocument();
  });

  it('marks in the grid the days a habit schedule does not ask for, and counts a week against what it asks', async () => {
    const detail = brunoDetail();
    // Monday, Wednesday and Friday: the start is a Monday.
    detail.tracker!.habits = [{ ...detail.tracker!.habits[0]!, schedule: { kind: 'weekdays', days: [0, 2, 4] } }];
    fakeCoachServer((call) => (call.path === DETAIL ? json(detail) : undefined));
    renderApp('/coach/cohort-1/partecipanti/u-bruno');

    const grid = await screen.findByRole('table', { name: 'Camminare 30 minuti · lun, mer, ven' });
    const cells = within(within(grid).getByRole('row', { name: /^S1/ })).getAllByRole('cell');
    expect(cells.slice(0, 4).map((cell) => cell.textContent)).toEqual(['✓fatto', '✓fatto in ritardo', '·non fatto', '–non previsto']);
    expect(cells[7]).toHaveTextContent('2/4');
  });

  it('withdraws the participant after a confirmation', async () => {
    const calls = fakeCoachServer((call) => {
      if (call.path === DETAIL) return json(brunoDetail());
      if (call.path === `${DETAIL}/withdraw`) return json({ userId: 'u-bruno', withdrawnAt: '2026-11-25T10:00:00.000Z' });
      if (call.path === '/api/coach/cohorts') return json([]);
      if (call.path.startsWith('/api/coach/cohorts/cohort-1/participants?')) return json({ rows: [], nextCursor: null });
      return undefined;
    });
    const { user, currentPath } = renderApp('/coach/cohort-1/partecipanti/u-bruno');

    await user.click(await screen.findByRole('button', { name: 'Ritira dalla coorte' }));
    expect(calls.some((call) => call.path.endsWith('/withdraw'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Ritira' }));

    expect(await screen.findByText('Partecipante ritirato')).toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith('/withdraw'))?.method).toBe('POST');
    expect(currentPath()).toBe('/coach/cohort-1/partecipanti');
  });

  it("shows each check-in's thread (reply, letto, answer) and replies to one no coach has handled", async () => {
    const detail = brunoDetail();
    const week1 = detail.tracker!.checkIns[0]!;
    detail.tracker!.checkIns.push({ ...week1, id: 'c2', mood: 3, reflection: 'Meglio.', date: addDays(week1.date, 7), weekNumber: 2 });
    const card = (weekNumber: number, overrides: Partial<CheckInCard> = {}) =>
      fakeCheckInCard({ userId: 'u-bruno', name: 'Bruno Bianchi', weekNumber, ...overrides });
    let cards = [
      card(1, {
        status: 'replied',
        handledBy: 'Luca',
        handledAt: '2026-11-10T09:00:00.000Z',
        reply: { text: 'Un passo alla volta.', coachName: 'Luca', at: '2026-11-10T09:00:00.000Z' },
        replySeenAt: '2026-11-10T12:00:00.000Z',
        answer: { text: 'Grazie coach!', at: '2026-11-10T12:05:00.000Z' },
      }),
      card(2),
    ];
    const calls = fakeCoachServer((call) => {
      if (call.path === DETAIL) return json(detail);
      if (call.path === `${DETAIL}/check-ins`) return json({ cards });
      if (call.path === '/api/coach/check-ins/u-bruno_w2/reply') {
        const text = (call.body as { text: string }).text;
        cards = [cards[0]!, card(2, { status: 'replied', handledBy: 'Marta', handledAt: '2026-11-17T09:00:00.000Z', reply: { text, coachName: 'Marta', at: '2026-11-17T09:00:00.000Z' } })];
        return json(cards[1]);
      }
      return undefined;
    });
    const { user } = renderApp('/coach/cohort-1/partecipanti/u-bruno');

    const list = await screen.findByRole('list', { name: 'Check-in' });
    const [first, second] = within(list).getAllByRole('listitem').filter((item) => item.parentElement === list);
    expect(await within(first!).findByText('Risposto da Luca')).toBeInTheDocument();
    expect(within(first!).getByText('Un passo alla volta.')).toBeInTheDocument();
    expect(within(first!).getByText('letto')).toBeInTheDocument();
    expect(within(first!).getByText('Risposta di Bruno')).toBeInTheDocument();
    expect(within(first!).getByText('Grazie coach!')).toBeInTheDocument();

    await user.type(within(second!).getByLabelText('Risposta per Bruno Bianchi'), 'Bene così!');
    await user.click(within(second!).getByRole('button', { name: 'Invia risposta' }));
    expect(await within(second!).findByText('Risposto da Marta')).toBeInTheDocument();
    expect(within(second!).getByText('Bene così!')).toBeInTheDocument();
    expect(within(second!).queryByText('letto')).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ text: 'Bene così!' });
  });
});
