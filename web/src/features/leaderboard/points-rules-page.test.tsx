import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { NEW_COHORT_RULES, STORED_COHORT_RULES, cohortRuleLabels, type CohortRules } from '@sfida/core/cohort';
import { COMEBACK_POINTS_RULE, POINTS_RULES } from '@sfida/core/points';
import { currentDay } from '../../lib/use-today';
import { fakeUser } from '../../testing/fake-user';
import { fakeCohortInfo, fakeServer, json, renderApp, resetTestState } from '../../testing/test-utils';
import PointsRulesPage from './points-rules-page';

afterEach(resetTestState);

function open(rules: CohortRules) {
  const user = fakeUser({ challengeStartDate: currentDay() });
  fakeServer(user, (call) => (call.path === `/api/cohorts/${user.cohortId}` ? json(fakeCohortInfo({ id: user.cohortId, rules })) : undefined));
  return renderApp('/punti', <PointsRulesPage />);
}

const section = async (name: string) => screen.findByRole('region', { name });

describe('Come funzionano i punti', { timeout: 30_000 }, () => {
  it('lists the points table with the "Bentornato" line and every rule of a cohort that has them all', async () => {
    open(NEW_COHORT_RULES);
    expect(await screen.findByRole('heading', { level: 1, name: 'Come funzionano i punti' })).toBeInTheDocument();
    const points = await section('Punti');
    expect(await within(points).findByText(COMEBACK_POINTS_RULE.label)).toBeInTheDocument();
    expect(within(points).getAllByRole('listitem')).toHaveLength(POINTS_RULES.length + 1);
    const rules = await section('Le regole della tua coorte');
    for (const rule of Object.values(cohortRuleLabels)) expect(within(rules).getByText(rule.label)).toBeInTheDocument();
    expect(within(rules).getByText(/^1 jolly a settimana per abitudine/)).toBeInTheDocument();
  });

  it('leaves out a rule the coach turned off, and its points line', async () => {
    open({ ...NEW_COHORT_RULES, comebackBonus: false });
    const rules = await section('Le regole della tua coorte');
    expect(await within(rules).findByText(cohortRuleLabels.forgivingStreak.label)).toBeInTheDocument();
    expect(within(rules).queryByText(cohortRuleLabels.comebackBonus.label)).not.toBeInTheDocument();
    expect(within(await section('Punti')).queryByText(COMEBACK_POINTS_RULE.label)).not.toBeInTheDocument();
  });

  it('says the spec table is all there is for a cohort without rules', async () => {
    open(STORED_COHORT_RULES);
    expect(await screen.findByText('La tua coorte segue il sistema di punti di base, senza regole aggiuntive.')).toBeInTheDocument();
    expect(within(await section('Punti')).getAllByRole('listitem')).toHaveLength(POINTS_RULES.length);
  });
});
