import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { NEW_COHORT_RULES } from '@sfida/core/cohort';
import type { MyTeam, TeamLeaderboard } from '@sfida/core/teams';
import { fakeUser } from '../../testing/fake-user';
import { fakeCohortInfo, fakeServer, json, renderApp, resetTestState } from '../../testing/test-utils';
import SquadraPage from './squadra-page';

afterEach(resetTestState);

const member = (userId: string, displayName: string, extra: Partial<NonNullable<MyTeam['team']>['members'][number]> = {}) => ({
  userId,
  displayName,
  isMe: false,
  challengeWeek: 2,
  habitDaysTicked: 3,
  habitDaysDue: 6,
  plannerDone: false,
  checkInDone: false,
  highFiveSentToday: false,
  ...extra,
});

function teamServer(rulesOn: boolean, options: { refuse?: string } = {}) {
  const user = fakeUser();
  const team: MyTeam = {
    team: {
      id: 't1',
      name: 'I Falchi',
      members: [member(user.id, 'Giulia R.', { isMe: true, plannerDone: true }), member('u2', 'Marco B.', { checkInDone: true }), member('u3', 'Sara V.', { habitDaysDue: 0 })],
    },
  };
  const board: TeamLeaderboard = {
    weekStart: '2026-11-23',
    teams: [
      { rank: 1, teamId: 't2', name: 'Le Volpi', memberCount: 3, weekPoints: 45, averagePoints: 15, isMine: false },
      { rank: 2, teamId: 't1', name: 'I Falchi', memberCount: 3, weekPoints: 20, averagePoints: 6.7, isMine: true },
    ],
  };
  const rules = rulesOn ? NEW_COHORT_RULES : { ...NEW_COHORT_RULES, teamLeaderboard: false };
  return fakeServer(user, (call) => {
    if (call.path === `/api/cohorts/${user.cohortId}`) return json(fakeCohortInfo({ id: user.cohortId, rules }));
    if (call.path === '/api/me/team') return json(team);
    if (call.path.startsWith(`/api/cohorts/${user.cohortId}/team-leaderboard`)) return json(board);
    if (call.path === '/api/me/team/high-fives') {
      return options.refuse ? json({ message: options.refuse }, 409) : json({ toUserId: (call.body as { toUserId: string }).toUserId, day: '2026-11-26' }, 201);
    }
    return undefined;
  });
}

describe('La mia squadra', { timeout: 20_000 }, () => {
  it('shows each teammate\'s week as a share and yes/no, and gives one "cinque" per teammate', async () => {
    const calls = teamServer(true);
    const { user } = renderApp('/squadra', <SquadraPage />);
    const members = await screen.findByRole('list', { name: 'Membri della squadra' });
    const rows = within(members).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual(['Giulia R. (tu)', 'Marco B.', 'Sara V.']);
    expect(within(rows[0]!).getByRole('progressbar', { name: 'Abitudini spuntate questa settimana: 50%' })).toHaveAttribute('aria-valuenow', '50');
    expect(within(rows[0]!).getByText('Planner fatto')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Check-in fatto')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Nessuna abitudine da spuntare questa settimana.')).toBeInTheDocument();
    // No "cinque" to oneself.
    expect(within(rows[0]!).queryByRole('button')).toBeNull();

    await user.click(within(rows[1]!).getByRole('button', { name: 'Dai il cinque a Marco B.' }));
    expect(await screen.findByText('Hai dato il cinque a Marco B.!')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Cinque dato oggi ✋')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/me/team/high-fives').map((call) => call.body)).toEqual([{ toUserId: 'u2' }]);

    const standings = screen.getByRole('list', { name: 'Classifica delle squadre' });
    expect(within(standings).getAllByRole('listitem').map((row) => row.textContent)).toEqual([
      expect.stringContaining('Le Volpi'),
      expect.stringMatching(/I Falchi.*La tua.*6,7/),
    ]);
  });

  it('says the server\'s refusal', async () => {
    teamServer(true, { refuse: 'Gli hai già dato il cinque oggi: riprova domani' });
    const { user } = renderApp('/squadra', <SquadraPage />);
    await user.click(await screen.findByRole('button', { name: 'Dai il cinque a Marco B.' }));
    expect(await screen.findByText('Gli hai già dato il cinque oggi: riprova domani')).toBeInTheDocument();
  });

  it('with the rule off shows no team and asks for none', async () => {
    const calls = teamServer(false);
    renderApp('/squadra', <SquadraPage />);
    expect(await screen.findByText('La classifica a squadre non è attiva nella tua coorte.')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/me/team' || call.path.includes('team-leaderboard'))).toBe(false);
  });
});
