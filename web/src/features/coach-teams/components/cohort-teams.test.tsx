import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { NEW_COHORT_RULES, STORED_COHORT_RULES } from '@sfida/core/cohort';
import type { CoachTeams, TeamLeaderboard } from '@sfida/core/teams';
import { json, renderApp, resetTestState, type ApiCall } from '../../../testing/test-utils';
import { fakeCoachServer, fakeCohort } from '../../../testing/coach-fixtures';

afterEach(resetTestState);

const TEAMS = '/api/coach/cohorts/cohort-1/teams';

/** A member as the coach's answer has them: their email beside the name. */
function member(userId: string, name: string, email = `${name.toLowerCase().replace(' ', '.')}@example.it`) {
  return { userId, name, email };
}

const formedTeams: CoachTeams = {
  teams: [
    { id: 't1', name: 'Squadra 1', members: [member('a', 'Anna Rossi'), member('b', 'Bruno Verdi'), member('c', 'Carla Neri')] },
    { id: 't2', name: 'Squadra 2', members: [member('d', 'Dario Bassi'), member('e', 'Elena Gallo'), member('f', 'Fabio Greco')] },
  ],
  unassigned: [],
};

/** The coach's server: teams formed on POST, renamed on PATCH, a member moved on POST …/members. */
function teamsServer(rulesOn: boolean) {
  let teams: CoachTeams = { teams: [], unassigned: [] };
  const board: TeamLeaderboard = { weekStart: '2026-11-23', teams: [{ rank: 1, teamId: 't1', name: 'Squadra 1', memberCount: 3, weekPoints: 12, averagePoints: 4, isMine: false }] };
  const calls = fakeCoachServer((call: ApiCall) => {
    if (call.path === '/api/coach/cohorts') return json([fakeCohort({ rules: rulesOn ? NEW_COHORT_RULES : STORED_COHORT_RULES })]);
    if (call.path.startsWith('/api/coach/cohorts/cohort-1/participants')) return json({ rows: [], nextCursor: null });
    if (call.path === '/api/cohorts/cohort-1/events') return json({ events: [] });
    if (call.path.startsWith('/api/cohorts/cohort-1/team-leaderboard')) return json(board);
    if (call.path === TEAMS && call.method === 'POST') {
      teams = formedTeams;
      return json(teams, 201);
    }
    if (call.path === TEAMS) return json(teams);
    if (call.path === `${TEAMS}/t1` && call.method === 'PATCH') {
      teams = { ...teams, teams: teams.teams.map((t) => (t.id === 't1' ? { ...t, name: (call.body as { name: string }).name } : t)) };
      return json(teams);
    }
    if (call.path === `${TEAMS}/t2/members`) {
      const [one, two] = teams.teams;
      teams = { ...teams, teams: [{ ...one!, members: one!.members.slice(1) }, { ...two!, members: [...two!.members, one!.members[0]!] }] };
      return json(teams);
    }
    return undefined;
  });
  return calls;
}

const section = async () => within(await screen.findByRole('region', { name: 'Squadre' }));

describe('the cohort’s teams, in the console', { timeout: 20_000 }, () => {
  it('forms teams as chosen, renames one and moves a member; the ranking shows with the rule on', async () => {
    const calls = teamsServer(true);
    const { user } = renderApp('/coach/cohort-1/squadre');
    const teams = await section();
    expect(await teams.findByText('Nessuna squadra: formale qui sopra.')).toBeInTheDocument();
    await user.selectOptions(teams.getByLabelText('Come formarle'), 'A caso');
    await user.selectOptions(teams.getByLabelText('Persone per squadra'), '3');
    await user.click(teams.getByRole('button', { name: 'Forma le squadre' }));
    expect(await teams.findByText('Squadra 1 · 3 persone')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST' && call.path === TEAMS).map((call) => call.body)).toEqual([{ method: 'random', size: 3 }]);
    expect(teams.getByRole('button', { name: 'Forma di nuovo le squadre' })).toBeInTheDocument();

    const name = teams.getByLabelText('Nome della squadra 1');
    await user.clear(name);
    await user.type(name, 'I Falchi');
    await user.click(teams.getAllByRole('button', { name: 'Rinomina' })[0]!);
    expect(await teams.findByText('I Falchi · 3 persone')).toBeInTheDocument();

    await user.selectOptions(teams.getByRole('combobox', { name: 'Sposta Anna Rossi in un’altra squadra' }), 'Squadra 2');
    expect(await teams.findByText('Squadra 2 · 4 persone')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === `${TEAMS}/t2/members`).map((call) => call.body)).toEqual([{ userId: 'a' }]);
    expect(await teams.findByRole('list', { name: 'Classifica delle squadre' })).toHaveTextContent('Squadra 1');
  });

  it('tells two people of one name apart by their email, in the list and in the move select', async () => {
    const twins: CoachTeams = {
      teams: [
        { id: 't1', name: 'Squadra 1', members: [member('a', 'Mario Rossi', 'mario.rossi@example.it'), member('b', 'Bruno Verdi')] },
        { id: 't2', name: 'Squadra 2', members: [member('c', 'Mario Rossi', 'm.rossi82@example.it'), member('d', 'Dario Bassi')] },
      ],
      unassigned: [],
    };
    fakeCoachServer((call: ApiCall) => {
      if (call.path === '/api/coach/cohorts') return json([fakeCohort({ rules: STORED_COHORT_RULES })]);
      if (call.path.startsWith('/api/coach/cohorts/cohort-1/participants')) return json({ rows: [], nextCursor: null });
      if (call.path === '/api/cohorts/cohort-1/events') return json({ events: [] });
      if (call.path === TEAMS) return json(twins);
      return undefined;
    });
    renderApp('/coach/cohort-1/squadre');
    const teams = await section();
    expect(await teams.findByText('mario.rossi@example.it')).toBeInTheDocument();
    expect(teams.getByText('m.rossi82@example.it')).toBeInTheDocument();
    expect(teams.getByRole('combobox', { name: 'Sposta Mario Rossi (mario.rossi@example.it) in un’altra squadra' })).toBeInTheDocument();
    expect(teams.getByRole('combobox', { name: 'Sposta Mario Rossi (m.rossi82@example.it) in un’altra squadra' })).toBeInTheDocument();
    // A name nobody else has keeps its short label.
    expect(teams.getByRole('combobox', { name: 'Sposta Bruno Verdi in un’altra squadra' })).toBeInTheDocument();
  });

  it('with the rule off says the participants do not see the teams, and shows no ranking', async () => {
    const calls = teamsServer(false);
    renderApp('/coach/cohort-1/squadre');
    const teams = await section();
    expect(await teams.findByText(/La regola «Classifica a squadre» è spenta/)).toBeInTheDocument();
    expect(teams.queryByRole('list', { name: 'Classifica delle squadre' })).toBeNull();
    expect(calls.some((call) => call.path.includes('team-leaderboard'))).toBe(false);
  });

  it('starts more than four teams closed to their name and size; a team opens to its members', async () => {
    const five: CoachTeams = {
      teams: Array.from({ length: 5 }, (_, i) => ({ id: `t${i + 1}`, name: `Squadra ${i + 1}`, members: [member(`m${i}`, `Membro ${i + 1}`)] })),
      unassigned: [],
    };
    fakeCoachServer((call) => {
      if (call.path === '/api/coach/cohorts') return json([fakeCohort()]);
      if (call.path === TEAMS) return json(five);
      return undefined;
    });
    const { user } = renderApp('/coach/cohort-1/squadre');

    const teams = await section();
    const first = await teams.findByRole('region', { name: 'Squadra 1' });
    expect(first.querySelector('details')).not.toHaveAttribute('open');
    expect(within(first).getByText('Membro 1')).not.toBeVisible();
    await user.click(within(first).getByText('Squadra 1 · 1 persona'));
    expect(first.querySelector('details')).toHaveAttribute('open');
    expect(within(first).getByText('Membro 1')).toBeVisible();
  });
});
