import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TrackerData } from './tracker';
import { trackerDataSchema } from './tracker';
import { applyTrackerChanges, isNoChange, touchedParts, trackerChanges, trackerChangesSchema } from './tracker-changes';
import { replay, replayFrom, scenarioArbitrary, stepArbitrary } from '../test-support/tracker-scenarios';

/** A tracker without the empty day records a reducer may leave (a habit's last day unticked): the changes carry none. */
function withoutEmptyRecords(data: TrackerData): TrackerData {
  const drop = <V>(records: Record<string, Record<string, V>>) => Object.fromEntries(Object.entries(records).filter(([, days]) => Object.keys(days).length > 0));
  return {
    ...data,
    completions: drop(data.completions),
    changedAt: { habitDays: drop(data.changedAt.habitDays), actions: data.changedAt.actions },
  };
}

/** Through JSON and the schema, as a request or an answer carries it. */
const sent = (changes: unknown) => trackerChangesSchema.parse(JSON.parse(JSON.stringify(changes)));

const forkArbitrary = fc.record({
  base: scenarioArbitrary(40),
  later: fc.array(stepArbitrary, { maxLength: 40 }),
  other: fc.option(scenarioArbitrary(20), { nil: null }),
});

describe('trackerChanges and applyTrackerChanges', () => {
  it('the changes from one copy to another make the first into the second', () => {
    fc.assert(
      fc.property(forkArbitrary, ({ base, later, other }) => {
        const from = replay(base);
        // A later state of the same tracker, or another participant's altogether.
        const to = other ? replay(other).data : replayFrom(from.data, from.now, later).data;
        const changes = sent(trackerChanges(from.data, to));
        expect(withoutEmptyRecords(applyTrackerChanges(from.data, changes))).toEqual(withoutEmptyRecords(to));
        expect(isNoChange(trackerChanges(to, applyTrackerChanges(from.data, changes)))).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('a copy unchanged gives no changes; one tick gives one habit day', () => {
    const { data, now } = replay({ timeZone: 'Europe/Rome', challengeStartDate: '2026-10-19', firstInstant: new Date('2026-10-19T08:00:00Z'), steps: [{ type: 'addHabit', name: 'Leggere' }] });
    expect(trackerChanges(data, data)).toEqual({});
    const ticked = replayFrom(data, now, [{ type: 'toggleHabit', habit: 0, daysBack: 0 }]).data;
    const changes = trackerChanges(data, ticked);
    expect(changes.cells).toHaveLength(1);
    expect(Object.keys(changes).sort()).toEqual(['cells', 'points']);
    expect(trackerDataSchema.safeParse(touchedParts(applyTrackerChanges(data, changes), changes)).success).toBe(true);
  });

  it('the touched parts are checked by the tracker schema: a bad day or too many habits is refused', () => {
    const { data } = replay({ timeZone: 'Europe/Rome', challengeStartDate: '2026-10-19', firstInstant: new Date('2026-10-19T08:00:00Z'), steps: [] });
    const badDay = { cells: [['h1', '2026-02-30', 'onTime', 1]] };
    expect(trackerChangesSchema.safeParse(badDay).success).toBe(false);
    const habits = Array.from({ length: 21 }, (_, i) => ({ id: `h${i}`, name: `Abitudine ${i}`, createdAt: '2026-10-19T08:00:00.000Z' }));
    expect(trackerChangesSchema.safeParse({ habits }).success).toBe(false);
    const duplicated = { habits: [habits[0]!, habits[0]!] };
    expect(trackerDataSchema.safeParse(touchedParts(applyTrackerChanges(data, sent(duplicated)), sent(duplicated))).success).toBe(false);
  });
});
