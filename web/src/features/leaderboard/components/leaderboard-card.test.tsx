import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { addDays, mondayOf } from '@sfida/core/dates';
import type { LeaderboardEntry } from '@sfida/core/progress-summary';
import { currentDay } from '../../../lib/use-today';
import { fakeUser } from '../../../testing/fake-user';
import { fakeServer, json, renderApp, resetTestState } from '../../../testing/test-utils';
import { forgetSignedOutUser } from '../../../lib/sign-out-steps';
import { lastRankingOf, rememberRanking } from '../api/last-ranking';
import { LeaderboardCard } from './leaderboard-card';

afterEach(resetTestState);

const entry = (userId: string, displayName: string, rank: number, extra: Partial<LeaderboardEntry> = {}): LeaderboardEntry => ({
  userId,
  displayName,
  weekPoints: 30 - rank,
  totalPoints: 100 - rank,
  streakDays: 2,
  rank,
  isMe: userId === 'user-anna',
  ...extra,
});

function renderCard(entries: LeaderboardEntry[], challengeStartDate = currentDay()) {
  const calls = fakeServer(fakeUser({ challengeStartDate }), (call) => (call.path.startsWith('/api/cohorts/cohort-1/leaderboard') ? json({ entries }) : undefined));
  renderApp('/dashboard', <LeaderboardCard cohortId="cohort-1" weekStart={mondayOf(currentDay())} userId="user-anna" />);
  return calls;
}

describe('LeaderboardCard', () => {
  it('tells apart two members with the same name, by id, and keeps "Tu" on the participant’s own row', async () => {
    renderCard([entry('u-marco', 'Marco R.', 1), entry('user-anna', 'Marco R.', 2), entry('u-bea', 'Bea', 3), entry('a-marco', 'Marco R.', 4)]);
    const board = await screen.findByRole('list', { name: 'Classifica della settimana' });
    const names = within(board)
      .getAllByRole('listitem')
      .map((row) => row.querySelector('[data-part="name"]')?.textContent);
    // The fourth row is not shown (the podium, and Anna's row with one either side, are): it still names itself apart.
    expect(names).toEqual(['Marco R. (2)', 'Marco R. (3)', 'Bea']);
    const mine = within(board).getAllByRole('listitem')[1]!;
    expect(mine).toHaveAttribute('aria-current', 'true');
    expect(within(mine).getByText('Tu')).toBeInTheDocument();
  });

  it('cuts a long name with an ellipsis, never the "Tu" badge or the points', async () => {
    const long = 'Massimiliano Alessandro Bartolomeo della Gherardesca S.';
    renderCard([entry('user-anna', long, 1, { weekPoints: 1234 })]);
    const board = await screen.findByRole('list', { name: 'Classifica della settimana' });
    const row = within(board).getByRole('listitem');
    const name = row.querySelector<HTMLElement>('[data-part="name"]')!;
    expect(name).toHaveTextContent(long);
    // The whole name stays readable on hover; only the name's own box is cut.
    expect(name).toHaveAttribute('title', long);
    expect(getComputedStyle(name)).toMatchObject({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
    const badge = within(row).getByText('Tu');
    expect(name).not.toContainElement(badge);
    expect(getComputedStyle(badge).flexShrink).toBe('0');
    const points = within(row).getByText('1234 pt');
    expect(name).not.toContainElement(points);
    expect(getComputedStyle(points)).toMatchObject({ flexShrink: '0', whiteSpace: 'nowrap' });
  });

  it('once the eight weeks are over, shows the final ranking by total points and says so', async () => {
    const calls = renderCard(
      [entry('u-bruno', 'Bruno', 1, { weekPoints: 0, totalPoints: 310 }), entry('user-anna', 'Anna', 2, { weekPoints: 0, totalPoints: 250 })],
      addDays(currentDay(), -60),
    );
    const board = await screen.findByRole('list', { name: 'Classifica finale' });
    expect(screen.getByText('La sfida è conclusa: questa è la classifica finale.')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/cohorts/cohort-1/leaderboard?scope=final')).toBe(true);
    expect(calls.some((call) => call.path.includes('weekStart='))).toBe(false);
    const rows = within(board).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('310 pt');
    expect(rows[1]).toHaveTextContent('250 pt');
    expect(screen.queryByRole('list', { name: 'Classifica della settimana' })).not.toBeInTheDocument();
  });

  it('during the challenge, the week’s ranking without the final note', async () => {
    renderCard([entry('user-anna', 'Anna', 1)]);
    expect(await screen.findByRole('list', { name: 'Classifica della settimana' })).toBeInTheDocument();
    expect(screen.queryByText('La sfida è conclusa: questa è la classifica finale.')).not.toBeInTheDocument();
  });
});

describe('LeaderboardCard offline', { timeout: 20_000 }, () => {
  /** The app with no network: every request to the ranking gets no answer at all. */
  function renderOffline() {
    fakeServer(fakeUser({ challengeStartDate: currentDay() }), (call) => {
      if (call.path.startsWith('/api/cohorts/cohort-1/leaderboard')) throw new TypeError('Failed to fetch');
      return undefined;
    });
    renderApp('/dashboard', <LeaderboardCard cohortId="cohort-1" weekStart={mondayOf(currentDay())} userId="user-anna" />);
  }

  it('says the app is offline and shows the last ranking received, with its time', async () => {
    rememberRanking({ cohortId: 'cohort-1', weekStart: mondayOf(currentDay()), final: false }, [entry('u-bea', 'Bea', 1), entry('user-anna', 'Anna', 2)], new Date('2026-11-26T17:30:00Z'));
    renderOffline();
    expect(await screen.findByText(/^Sei offline: questa è l’ultima classifica ricevuta, del 26 novembre alle ore \d\d:30\.$/)).toBeInTheDocument();
    const board = await screen.findByRole('list', { name: 'Classifica della settimana' });
    expect(within(board).getAllByRole('listitem').map((row) => row.querySelector('[data-part="name"]')?.textContent)).toEqual(['Bea', 'Anna']);
    expect(screen.queryByText(/La classifica apparirà quando il gruppo/)).toBeNull();
  });

  it('with no ranking received on this device, says only that it will appear once back online', async () => {
    renderOffline();
    expect(await screen.findByText('Sei offline: la classifica apparirà quando tornerai online.')).toBeInTheDocument();
    expect(screen.queryByText(/La classifica apparirà quando il gruppo/)).toBeNull();
    expect(screen.queryByRole('list', { name: 'Classifica della settimana' })).toBeNull();
  });

  it('keeps a ranking of another cohort to itself, and forgets the last one at sign-out', async () => {
    rememberRanking({ cohortId: 'cohort-2', weekStart: mondayOf(currentDay()), final: false }, [entry('u-bea', 'Bea', 1)], new Date('2026-11-26T17:30:00Z'));
    expect(lastRankingOf('cohort-1')).toBeNull();
    expect(lastRankingOf('cohort-2')?.entries).toHaveLength(1);
    forgetSignedOutUser(fakeUser());
    expect(lastRankingOf('cohort-2')).toBeNull();
  });
});
