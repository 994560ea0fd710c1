import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attentionReasons, attentionReasonsOf } from './attention';
import { addDays, todayIn } from './dates';
import { rosterFigures, rosterFiguresOf } from './roster';
import { digestAnswersFor, rosterDigest, rosterDigestSchema } from './roster-digest';
import { emptyTracker, trackerDataSchema } from './tracker';
import { STORED_COHORT_RULES } from './cohort';
import { habitStreak } from './streaks';
import { replay, scenarioArbitrary } from '../test-support/tracker-scenarios';

const ZONE = 'Europe/Rome';
const START = '2026-10-05';

describe('rosterDigest', () => {
  it('answers every later day as the whole tracker does (figures and attention)', () => {
    fc.assert(
      fc.property(
        scenarioArbitrary(80),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: -10, max: 10 }),
        fc.option(fc.integer({ min: -5, max: 30 }), { nil: null }),
        (scenario, daysLater, cohortShift, registeredShift) => {
          const { data, now } = replay(scenario);
          const asOf = todayIn(data.timeZone, now);
          const digest = rosterDigestSchema.parse(JSON.parse(JSON.stringify(rosterDigest(data, asOf))));
          const today = addDays(asOf, daysLater);
          expect(digestAnswersFor(digest, data.timeZone, today)).toBe(true);
          const input = { challengeStartDate: scenario.challengeStartDate, today };
          expect(rosterFiguresOf({ ...input, digest })).toEqual(rosterFigures({ ...input, tracker: data }));
          const attention = {
            ...input,
            cohortStartDate: addDays(scenario.challengeStartDate, cohortShift),
            registeredAt: registeredShift === null ? null : addDays(scenario.challengeStartDate, registeredShift),
          };
          expect(attentionReasonsOf({ ...attention, digest })).toEqual(attentionReasons({ ...attention, tracker: data }));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('carries a streak longer than the days it keeps, and lets it lapse', () => {
    const days = Array.from({ length: 20 }, (_, i) => addDays(START, i));
    const data = trackerDataSchema.parse({
      ...emptyTracker(ZONE, new Date(`${START}T08:00:00Z`), START),
      habits: [{ id: 'h', name: 'Leggere', createdAt: `${START}T08:00:00.000Z` }],
      completions: { h: Object.fromEntries(days.map((day) => [day, 'onTime'])) },
    });
    const lastDay = days.at(-1)!;
    const digest = rosterDigest(data, lastDay);
    expect(digest.habits[0]!.runBefore).toBe(12);
    const streakOn = (today: string) => rosterFiguresOf({ digest, challengeStartDate: START, today }).currentStreak;
    expect(streakOn(lastDay)).toBe(20);
    expect(streakOn(addDays(lastDay, 1))).toBe(20);
    expect(streakOn(addDays(lastDay, 2))).toBe(0);
  });

  it('keeps the days a jolly covers in a cohort with the forgiving streak, in the window and before it', () => {
    // 20 days, each week's first missed day covered: day 3 (before the window) and day 15 (in it).
    const days = Array.from({ length: 20 }, (_, i) => addDays(START, i)).filter((_, i) => i !== 3 && i !== 15);
    const tracker = trackerDataSchema.parse({
      ...emptyTracker(ZONE, new Date(`${START}T08:00:00Z`), START),
      habits: [{ id: 'h', name: 'Leggere', createdAt: `${START}T08:00:00.000Z` }],
      completions: { h: Object.fromEntries(days.map((day) => [day, 'onTime'])) },
    });
    const lastDay = addDays(START, 19);
    const streakOn = (data: typeof tracker, today: string) => rosterFiguresOf({ digest: rosterDigest(data, today), challengeStartDate: START, today }).currentStreak;
    expect(streakOn(tracker, lastDay)).toBe(4);
    const forgiving = { ...tracker, rules: { ...STORED_COHORT_RULES, forgivingStreak: true } };
    const digest = rosterDigest(forgiving, lastDay);
    expect(digest.habits[0]!.covered).toEqual([addDays(START, 15)]);
    // 18 ticks: the two covered days keep the run going without adding to it.
    expect(streakOn(forgiving, lastDay)).toBe(18);
    expect(streakOn(forgiving, lastDay)).toBe(habitStreak(forgiving, forgiving.habits[0]!, lastDay));
    // A digest of a cohort without the rule holds no covered days.
    expect(rosterDigest(tracker, lastDay).habits[0]).not.toHaveProperty('covered');
  });

  it('does not answer for another zone or an earlier day', () => {
    const data = emptyTracker(ZONE, new Date(`${START}T08:00:00Z`), START);
    const digest = rosterDigest(data, START);
    expect(digestAnswersFor(digest, ZONE, START)).toBe(true);
    expect(digestAnswersFor(digest, 'America/New_York', START)).toBe(false);
    expect(digestAnswersFor(digest, ZONE, addDays(START, -1))).toBe(false);
  });
});
