import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, mondayOf } from '@sfida/core/dates';
import type { LeaderboardEntry } from '@sfida/core/progress-summary';
import { currentDay } from '../../lib/use-today';
import { fakeUser } from '../../testing/fake-user';
import { fakeServer, json, renderApp, resetTestState } from '../../testing/test-utils';
import { rememberRanking } from './api/last-ranking';
import ClassificaPage from './classifica-page';

afterEach(resetTestState);

/** A cohort of 120 ranked one per place; Anna, the participant, last. */
const cohort: LeaderboardEntry[] = Array.from({ length: 120 }, (_, i) => ({
  userId: i === 119 ? 'user-anna' : `u${String(i).padStart(3, '0')}`,
  displayName: i === 119 ? 'Anna' : `Membro ${i + 1}`,
  weekPoints: 500 - i,
  totalPoints: 900 - i,
  streakDays: 1,
  rank: i + 1,
  isMe: i === 119,
}));

/** Page `page` as the server answers it: its 50 rows, and Anna's own row when it is on another page. */
function pageOf(page: number): LeaderboardEntry[] {
  const rows = cohort.slice((page - 1) * 50, page * 50);
  return rows.some((row) => row.isMe) ? rows : [...rows, cohort[119]!];
}

describe('Classifica page', { timeout: 30_000 }, () => {
  it('shows the whole ranking a page at a time: "Mostra altri" by keyboard until the last page', async () => {
    const calls = fakeServer(fakeUser({ challengeStartDate: currentDay() }), (call) => {
      if (!call.path.startsWith('/api/cohorts/cohort-1/leaderboard')) return undefined;
      return json({ entries: pageOf(Number(new URL(call.path, 'http://x').searchParams.get('page') ?? '1')) });
    });
    const user = userEvent.setup();
    renderApp('/classifica', <ClassificaPage />);

    // First the top, then the participant's own row (the server's, below its first page: alone).
    const top = await screen.findByRole('list', { name: 'I primi della classifica' });
    expect(within(top).getAllByRole('listitem')).toHaveLength(10);
    const around = screen.getByRole('list', { name: 'Intorno a te' });
    expect(within(around).getAllByRole('listitem')).toHaveLength(1);
    expect(within(around).getByRole('listitem')).toHaveAttribute('aria-current', 'true');
    expect(screen.queryByRole('button', { name: 'Mostra altri' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mostra tutta la classifica' }));

    const board = await screen.findByRole('list', { name: 'Classifica della settimana' });
    const rows = () => within(board).getAllByRole('listitem');
    expect(rows()).toHaveLength(51);
    expect(rows()[50]).toHaveTextContent('Anna');
    expect(rows()[50]).toHaveAttribute('aria-current', 'true');

    const more = screen.getByRole('button', { name: 'Mostra altri' });
    more.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(rows()).toHaveLength(101));
    const weekStart = mondayOf(currentDay());
    expect(calls.some((call) => call.path === `/api/cohorts/cohort-1/leaderboard?weekStart=${weekStart}&page=2`)).toBe(true);
    // In rank order, the participant's own row once, at its place.
    expect(rows().map((row) => row.querySelector('[data-part="name"]')?.textContent)).toEqual(
      cohort.slice(0, 100).map((row) => row.displayName).concat('Anna'),
    );

    await user.click(screen.getByRole('button', { name: 'Mostra altri' }));
    await waitFor(() => expect(rows()).toHaveLength(120));
    expect(rows()[119]).toHaveTextContent('Anna');
    expect(within(board).getAllByText('Tu')).toHaveLength(1);
    // The last page was not full: nothing more to ask for.
    expect(screen.queryByRole('button', { name: 'Mostra altri' })).not.toBeInTheDocument();
  });

  it('badges before the ranking; one number a row; a tied rank shown once, "pari merito"', async () => {
    const tied = pageOf(1)
      .slice(0, 6)
      .map((row, i) => ({ ...row, rank: i < 2 ? i + 1 : 3, weekPoints: i < 2 ? 50 - i : 10 }));
    fakeServer(fakeUser({ challengeStartDate: currentDay() }), (call) => (call.path.startsWith('/api/cohorts/cohort-1/leaderboard') ? json({ entries: tied }) : undefined));
    renderApp('/classifica', <ClassificaPage />);
    const board = await screen.findByRole('list', { name: 'I primi della classifica' });
    const badges = screen.getByRole('region', { name: 'I tuoi badge' });
    expect(badges.compareDocumentPosition(board) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const rows = within(board).getAllByRole('listitem');
    // What the rank column says, the medal's own digit aside.
    const rankText = (row: HTMLElement) => Array.from(row.querySelector('[data-part="rank"]')!.querySelectorAll(':scope > span'), (part) => part.textContent).join('|');
    expect(rows.map(rankText)).toEqual([
      '1° posto',
      '2° posto',
      '3° posto|pari merito',
      '3° posto pari merito',
      '3° posto pari merito',
      '3° posto pari merito',
    ]);
    // The points, and no other figure.
    expect(rows[3]!.textContent).toBe(`3° posto pari merito${tied[3]!.displayName}10 pt`);
  });

  it('after the eighth week: the final ranking, with its note', async () => {
    const calls = fakeServer(fakeUser({ challengeStartDate: addDays(currentDay(), -57) }), (call) =>
      call.path.startsWith('/api/cohorts/cohort-1/leaderboard') ? json({ entries: pageOf(3).map((row) => ({ ...row, weekPoints: 0 })) }) : undefined,
    );
    renderApp('/classifica', <ClassificaPage />);
    const section = await screen.findByRole('region', { name: 'Classifica finale del gruppo' });
    expect(within(section).getByText('La sfida è conclusa: questa è la classifica finale.')).toBeInTheDocument();
    const board = await within(section).findByRole('list', { name: 'I primi della classifica' });
    expect(within(board).getAllByRole('listitem')[0]).toHaveTextContent('800 pt');
    expect(calls.some((call) => call.path === '/api/cohorts/cohort-1/leaderboard?scope=final')).toBe(true);
  });
});

describe('Classifica page offline', { timeout: 30_000 }, () => {
  it('says the app is offline and shows the last ranking received with its time, not that the group has not started', async () => {
    rememberRanking({ cohortId: 'cohort-1', weekStart: mondayOf(currentDay()), final: false }, pageOf(1), new Date('2026-11-26T17:30:00Z'));
    fakeServer(fakeUser({ challengeStartDate: currentDay() }), (call) => {
      if (call.path.startsWith('/api/cohorts/cohort-1/leaderboard')) throw new TypeError('Failed to fetch');
      return undefined;
    });
    renderApp('/classifica', <ClassificaPage />);
    expect(await screen.findByText(/^Sei offline: questa è l’ultima classifica ricevuta, del 26 novembre alle ore \d\d:30\.$/)).toBeInTheDocument();
    const board = await screen.findByRole('list', { name: 'I primi della classifica' });
    expect(within(board).getAllByRole('listitem')).toHaveLength(10);
    expect(within(screen.getByRole('list', { name: 'Intorno a te' })).getByRole('listitem')).toHaveAttribute('aria-current', 'true');
    expect(screen.queryByRole('button', { name: 'Mostra altri' })).toBeNull();
    expect(screen.queryByText(/La classifica apparirà quando il gruppo/)).toBeNull();
  });
});
