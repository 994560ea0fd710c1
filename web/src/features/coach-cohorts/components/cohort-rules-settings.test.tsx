import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { CoachCohort, UpdateCohortRequest } from '@sfida/core/coach';
import { NEW_COHORT_RULES } from '@sfida/core/cohort';
import { cohortInfoQueryKey } from '../../../lib/cohort-info';
import { json, renderApp, resetTestState, type ApiCall } from '../../../testing/test-utils';
import { fakeCoachServer, fakeCohort } from '../../../testing/coach-fixtures';

afterEach(resetTestState);

const COHORT = '/api/coach/cohorts/cohort-1';

/** The coach's server: one cohort whose rules PATCH changes, merging the sent rules as the API does, or failing once when asked. */
function rulesServer(initial: Partial<CoachCohort> = {}, failFirst = false) {
  let cohort = fakeCohort(initial);
  let failures = failFirst ? 1 : 0;
  const calls = fakeCoachServer((call: ApiCall) => {
    if (call.path === '/api/coach/cohorts') return json([cohort]);
    if (call.path.startsWith(`${COHORT}/participants`)) return json({ rows: [], nextCursor: null });
    if (call.path === '/api/cohorts/cohort-1/events') return json({ events: [] });
    if (call.path === COHORT && call.method === 'PATCH') {
      if (failures-- > 0) return json({ message: 'Servizio non disponibile, riprova tra poco' }, 503);
      const body = call.body as UpdateCohortRequest;
      cohort = { ...cohort, rules: { ...cohort.rules, ...body.rules } };
      return json(cohort);
    }
    return undefined;
  });
  return { patches: () => calls.filter((call) => call.method === 'PATCH' && call.path === COHORT).map((call) => call.body) };
}

const form = async () => within(await screen.findByRole('form', { name: 'Regole della coorte' }));

describe('the cohort’s motivation rules, in the console', { timeout: 20_000 }, () => {
  it('shows a stored cohort with every rule off, and saves the two the coach turns on', async () => {
    const server = rulesServer();
    const { user, queryClient } = renderApp('/coach/cohort-1/impostazioni');
    queryClient.setQueryData(cohortInfoQueryKey('cohort-1'), { id: 'cohort-1' });
    const rules = await form();
    const comeback = rules.getByRole('checkbox', { name: /Bonus ritorno/ });
    const jolly = rules.getByRole('checkbox', { name: /Serie con jolly/ });
    for (const box of rules.getAllByRole('checkbox')) expect(box).not.toBeChecked();
    const save = rules.getByRole('button', { name: 'Salva le regole' });
    expect(save).toBeDisabled();

    await user.click(comeback);
    await user.click(jolly);
    await user.click(save);
    expect(await screen.findByText('Regole salvate')).toBeInTheDocument();
    expect(server.patches()).toEqual([{ rules: { comebackBonus: true, forgivingStreak: true, teamLeaderboard: false, plannedActionReminders: false } }]);
    expect(queryClient.getQueryState(cohortInfoQueryKey('cohort-1'))?.isInvalidated).toBe(true);
    expect(comeback).toBeChecked();
  });

  it('keeps the coach’s choice and says why when the save fails', async () => {
    const server = rulesServer({ rules: NEW_COHORT_RULES }, true);
    const { user } = renderApp('/coach/cohort-1/impostazioni');
    const rules = await form();
    const teams = rules.getByRole('checkbox', { name: /Classifica a squadre/ });
    expect(teams).toBeChecked();
    await user.click(teams);
    await user.click(rules.getByRole('button', { name: 'Salva le regole' }));
    expect(await rules.findByRole('alert')).toHaveTextContent('Servizio non disponibile, riprova tra poco');
    expect(teams).not.toBeChecked();

    await user.click(rules.getByRole('button', { name: 'Salva le regole' }));
    expect(await screen.findByText('Regole salvate')).toBeInTheDocument();
    expect(server.patches().at(-1)).toEqual({ rules: { ...NEW_COHORT_RULES, teamLeaderboard: false } });
  });
});
