import { describe, expect, it } from 'vitest';
import { COHORT_RULES, NEW_COHORT_RULES, STORED_COHORT_RULES, cohortRuleLabels, cohortRulesOf, cohortRulesSchema } from './cohort';

describe('cohortRulesOf', () => {
  it('reads a cohort stored before the rules with every rule off, as the product spec’s points table has it', () => {
    expect(cohortRulesOf(undefined)).toEqual(STORED_COHORT_RULES);
    expect(cohortRulesOf(null)).toEqual(STORED_COHORT_RULES);
    expect(Object.values(STORED_COHORT_RULES).every((on) => !on)).toBe(true);
  });

  it('keeps what a cohort stores and reads a rule it does not store, or stores as something else, as off', () => {
    expect(cohortRulesOf({ comebackBonus: true })).toEqual({ ...STORED_COHORT_RULES, comebackBonus: true });
    expect(cohortRulesOf(NEW_COHORT_RULES)).toEqual(NEW_COHORT_RULES);
    expect(cohortRulesOf({ teamLeaderboard: 'yes' } as never)).toEqual(STORED_COHORT_RULES);
  });

  it('names every rule the schema has, once, with an Italian label and hint', () => {
    expect([...COHORT_RULES].sort()).toEqual(Object.keys(cohortRulesSchema.shape).sort());
    for (const rule of COHORT_RULES) expect(cohortRuleLabels[rule].hint).toMatch(/\.$/);
    expect(Object.values(NEW_COHORT_RULES).every((on) => on)).toBe(true);
  });
});
