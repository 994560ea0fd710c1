import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { TrackerData } from './tracker';
import { MAX_ACTIONS, WEEK_KEYS, emptyTracker, migrateTracker, trackerDataSchema } from './tracker';
import { mergeTrackers } from './tracker-merge';
import { addHabit, archiveHabit, setActionText, submitCheckIn, toggleAction, toggleHabit, addActionSlot, removeActionSlot, moveHabit, renameHabit, restoreHabit, setHabitSchedule } from './tracker-actions';
import { expectedAwards } from './points';
import { replay, replayFrom, scenarioArbitrary, stepArbitrary, type Step } from '../test-support/tracker-scenarios';

const MINUTE = 60_000;
/** 150 by default; MERGE_RUNS=3000 for a longer search after changing the merge. */
const RUNS = Number((globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.MERGE_RUNS ?? 150);

/** A shared history, then two or three devices going on from it apart, each with its own clock. */
const forkArbitrary = fc.record({
  base: scenarioArbitrary(40),
  devices: fc.array(fc.array(stepArbitrary, { maxLength: 30 }), { minLength: 3, maxLength: 3 }),
});

function fork({ base, devices }: { base: Parameters<typeof replay>[0]; devices: Step[][] }) {
  const shared = replay(base);
  // Devices' clocks differ by a few milliseconds, as real ones do.
  const copies = devices.map((steps, i) => replayFrom(shared.data, new Date(shared.now.getTime() + i + 1), steps));
  const now = new Date(Math.max(...copies.map((copy) => copy.now.getTime())) + MINUTE);
  return { shared: shared.data, copies: copies.map((copy) => copy.data) as [TrackerData, TrackerData, TrackerData], now };
}

/** Whether the copies together hold more than a week's slots (removed ones aside). */
function overfullWeek(...copies: TrackerData[]): boolean {
  return WEEK_KEYS.some((week) => {
    const ids = new Set(copies.flatMap((copy) => (copy.weeklyActions[week] ?? []).map((action) => action.id)));
    return ids.size > MAX_ACTIONS;
  });
}

const stamp = (data: TrackerData, habitId: string, day: string) => data.changedAt.habitDays[habitId]?.[day] ?? 0;

describe('mergeTrackers', () => {
  it('is commutative, idempotent and associative, and its result is a valid tracker', () => {
    fc.assert(
      fc.property(forkArbitrary, (input) => {
        const { copies: [a, b, c], now } = fork(input);
        const ab = mergeTrackers(a, b, now);
        expect(mergeTrackers(b, a, now)).toEqual(ab);
        expect(mergeTrackers(ab, a, now)).toEqual(ab);
        expect(mergeTrackers(ab, ab, now)).toEqual(ab);
        // Associative in everything but when and how each points entry was written: a tick undone
        // and redone (an action renamed since) is paid at either device's moment, with the wording
        // of that moment, depending on which copies met first. What is paid is the same.
        const undated = (data: TrackerData) => ({
          ...data,
          pointsHistory: data.pointsHistory.map((entry) => `${entry.kind}|${entry.ref}|${entry.points}`).sort(),
        });
        // The one documented exception: slots added while apart beyond a week's 5, where which empty
        // slot is dropped depends on the order the copies met.
        if (!overfullWeek(a, b, c)) {
          expect(undated(mergeTrackers(mergeTrackers(a, b, now), c, now))).toEqual(undated(mergeTrackers(a, mergeTrackers(b, c, now), now)));
        }
        expect(trackerDataSchema.safeParse(ab).success).toBe(true);
      }),
      { numRuns: RUNS },
    );
    // Hundreds of replayed scenarios: seconds on a busy 2-core machine.
  }, 60_000);

  it('drops nothing either device did that the other did not change later', () => {
    fc.assert(
      fc.property(forkArbitrary, (input) => {
        const { copies: [a, b], now } = fork(input);
        const merged = mergeTrackers(a, b, now);
        for (const [mine, theirs] of [[a, b], [b, a]] as const) {
          for (const [habitId, days] of Object.entries(mine.changedAt.habitDays)) {
            if (!merged.habits.some((habit) => habit.id === habitId)) continue;
            for (const day of Object.keys(days)) {
              if (stamp(mine, habitId, day) <= stamp(theirs, habitId, day)) continue;
              expect(merged.completions[habitId]?.[day]).toBe(mine.completions[habitId]?.[day]);
            }
          }
          for (const habit of mine.habits) {
            const kept = merged.habits.find((h) => h.id === habit.id);
            expect(kept).toBeDefined();
            // Each part of a habit changed later here than there is as it is here.
            const other = theirs.habits.find((h) => h.id === habit.id);
            const later = (part: 'name' | 'order' | 'archived' | 'schedule') => (habit.stamps?.[part] ?? 0) > (other?.stamps?.[part] ?? 0);
            if (other === undefined || later('name')) expect(kept!.name).toBe(habit.name);
            if (other === undefined || later('order')) expect(kept!.order).toBe(habit.order);
            if (other === undefined || later('schedule')) expect(kept!.schedule).toEqual(habit.schedule);
            if (other === undefined || later('archived')) expect(kept!.archivedAt).toBe(habit.archivedAt);
            // Between copies that never stamped it, archiving still wins (a stale copy cannot bring a habit back).
            if (habit.archivedAt !== undefined && (habit.stamps?.archived ?? 0) === (other?.stamps?.archived ?? 0)) expect(kept!.archivedAt).toBeDefined();
          }
          for (const week of mine.savedPlannerWeeks) expect(merged.savedPlannerWeeks).toContain(week);
          for (const checkIn of mine.checkIns) expect(merged.checkIns.some((other) => other.weekNumber === checkIn.weekNumber)).toBe(true);
        }
        // Points are what the merged state earns, each award paid once.
        const awards = expectedAwards(merged, { challengeStartDate: merged.challengeStartDate });
        expect(merged.pointsHistory.map((entry) => `${entry.kind}|${entry.ref}`).sort()).toEqual(awards.map((award) => `${award.kind}|${award.ref}`).sort());
      }),
      { numRuns: RUNS },
    );
    // Hundreds of replayed scenarios: seconds on a busy 2-core machine.
  }, 60_000);
});

describe('mergeTrackers, by kind of data', () => {
  const zone = 'Europe/Rome';
  const start = '2026-03-23';
  const t0 = new Date('2026-03-25T08:00:00Z');
  const at = (minutes: number) => new Date(t0.getTime() + minutes * MINUTE);
  const ok = (result: ReturnType<typeof toggleHabit>) => {
    if (!result.ok) throw new Error(result.message);
    return result.data;
  };
  const base = ok(addHabit(ok(addHabit(emptyTracker(zone, t0, start), 'Leggere', t0, 'h1')), 'Correre', t0, 'h2'));

  it('keeps a tick from each device on different habits and days', () => {
    const phone = ok(toggleHabit(base, 'h1', '2026-03-25', at(1)));
    const laptop = ok(toggleHabit(base, 'h2', '2026-03-24', at(2)));
    const merged = mergeTrackers(phone, laptop, at(3));
    expect(merged.completions).toEqual({ h1: { '2026-03-25': 'onTime' }, h2: { '2026-03-24': 'late' } });
    expect(merged.pointsHistory.map((entry) => entry.ref)).toEqual(['habit:h1:2026-03-25']);
  });

  it('an untick made later wins over the stale tick, and a later tick over an untick', () => {
    const ticked = ok(toggleHabit(base, 'h1', '2026-03-25', at(1)));
    const unticked = ok(toggleHabit(ticked, 'h1', '2026-03-25', at(5)));
    expect(mergeTrackers(ticked, unticked, at(6)).completions.h1).toBeUndefined();
    const ticked2 = ok(toggleHabit(unticked, 'h1', '2026-03-25', at(7)));
    expect(mergeTrackers(unticked, ticked2, at(8)).completions.h1).toEqual({ '2026-03-25': 'onTime' });
  });

  it('a habit deleted on one device stays deleted, whatever the other sends', () => {
    const archived = ok(archiveHabit(base, 'h1', at(1)));
    const stale = ok(toggleHabit(base, 'h2', '2026-03-25', at(2)));
    const merged = mergeTrackers(stale, archived, at(3));
    expect(merged.habits.find((habit) => habit.id === 'h1')?.archivedAt).toBe(at(1).toISOString());
    expect(merged.completions.h2).toEqual({ '2026-03-25': 'onTime' });
  });

  it('a restore made later wins over the stale archive, and a later archive over the restore', () => {
    const archived = ok(archiveHabit(base, 'h1', at(1)));
    const restored = ok(restoreHabit(archived, 'h1', at(5)));
    expect(mergeTrackers(archived, restored, at(6)).habits.find((habit) => habit.id === 'h1')?.archivedAt).toBeUndefined();
    // A copy from before both (no stamps) does not archive it again, nor bring back its old place.
    expect(mergeTrackers(base, restored, at(6)).habits.find((habit) => habit.id === 'h1')).toEqual(restored.habits.find((habit) => habit.id === 'h1'));
    const again = ok(archiveHabit(restored, 'h1', at(7)));
    expect(mergeTrackers(restored, again, at(8)).habits.find((habit) => habit.id === 'h1')?.archivedAt).toBe(at(7).toISOString());
  });

  it('a rename, a move and a schedule from two devices each keep the later change, and a stale copy undoes none', () => {
    const phone = ok(setHabitSchedule(ok(renameHabit(base, 'h1', 'Leggere 10 pagine', at(1))), 'h2', { kind: 'timesPerWeek', times: 3 }, at(2)));
    const laptop = ok(moveHabit(ok(renameHabit(base, 'h1', 'Leggere un capitolo', at(3))), 'h2', -1, at(4)));
    const merged = mergeTrackers(phone, laptop, at(5));
    expect(merged.habits.map((habit) => [habit.id, habit.name, habit.order, habit.schedule])).toEqual([
      ['h1', 'Leggere un capitolo', 1, undefined],
      ['h2', 'Correre', 0, { kind: 'timesPerWeek', times: 3 }],
    ]);
    expect(mergeTrackers(merged, base, at(6)).habits).toEqual(merged.habits);
    expect(mergeTrackers(base, merged, at(6))).toEqual(mergeTrackers(merged, base, at(6)));
  });

  it('planner actions merge by id: edits on two slots, a removal and slots added on both sides', () => {
    let phone = ok(setActionText(base, 1, 'w1-a1', 'Correre 5 km', at(1)));
    phone = ok(toggleAction(phone, 1, 'w1-a1', at(2)));
    phone = ok(addActionSlot(phone, 1, at(3)));
    let laptop = ok(setActionText(base, 1, 'w1-a2', 'Chiamare la nonna', at(4)));
    laptop = ok(addActionSlot(laptop, 1, at(5)));
    laptop = ok(removeActionSlot(laptop, 1, 'w1-a3', at(6)));
    const merged = mergeTrackers(phone, laptop, at(7));
    const actions = merged.weeklyActions['1']!;
    expect(actions.map((action) => action.text)).toEqual(['Correre 5 km', 'Chiamare la nonna', '', '']);
    expect(actions[0]!.completed).toBe(true);
    expect(actions.some((action) => action.id === 'w1-a3')).toBe(false);
    expect(merged.pointsHistory.map((entry) => entry.ref)).toEqual(['action:1:w1-a1']);
  });

  it('one check-in per week: the first one sent stays', () => {
    const first = ok(submitCheckIn(base, { mood: 4, reflection: 'Bene' }, at(1), 'c1'));
    const second = ok(submitCheckIn(base, { mood: 2, reflection: 'Dura' }, at(2), 'c2'));
    const merged = mergeTrackers(second, first, at(3));
    expect(merged.checkIns.map((checkIn) => checkIn.id)).toEqual(['c1']);
    expect(merged.pointsHistory.filter((entry) => entry.kind === 'checkIn')).toHaveLength(1);
  });

  it('monthly check-ins merge as weekly ones do: one per month, the first sent, beside the weeks, in any order, for no points', () => {
    // Day 57 of a start on 23 March is 18 May 2026; month 2 begins on 15 June.
    const may = new Date('2026-05-20T08:00:00Z');
    const june = new Date('2026-06-16T08:00:00Z');
    const week1 = ok(submitCheckIn(base, { mood: 3, reflection: 'Inizio' }, at(1), 'w1'));
    const phone = ok(submitCheckIn(week1, { mood: 4, reflection: 'Mese uno' }, may, 'm1-phone'));
    const laptop = ok(submitCheckIn(ok(submitCheckIn(week1, { mood: 2, reflection: 'Anche qui' }, new Date(may.getTime() + MINUTE), 'm1-laptop')), { mood: 5, reflection: 'Mese due' }, june, 'm2'));
    const tablet = ok(submitCheckIn(base, { mood: 1, reflection: 'Dopo' }, new Date(june.getTime() + MINUTE), 'm2-tablet'));
    const later = new Date(june.getTime() + 2 * MINUTE);
    const merged = mergeTrackers(laptop, phone, later);
    expect(merged.checkIns.map((checkIn) => [checkIn.weekNumber, checkIn.id])).toEqual([
      [1, 'w1'],
      [9, 'm1-phone'],
      [10, 'm2'],
    ]);
    expect(mergeTrackers(phone, laptop, later).checkIns).toEqual(merged.checkIns);
    expect(mergeTrackers(mergeTrackers(phone, laptop, later), tablet, later).checkIns).toEqual(mergeTrackers(phone, mergeTrackers(laptop, tablet, later), later).checkIns);
    expect(mergeTrackers(merged, merged, later).checkIns).toEqual(merged.checkIns);
    expect(merged.pointsHistory.filter((entry) => entry.kind === 'checkIn').map((entry) => entry.ref)).toEqual(['checkIn:1']);
  });

  it('an award paid on both devices keeps its first date and is paid once', () => {
    const phone = ok(toggleHabit(base, 'h1', '2026-03-25', at(1)));
    const copy = JSON.parse(JSON.stringify(phone)) as TrackerData;
    copy.pointsHistory = copy.pointsHistory.map((entry) => ({ ...entry, timestamp: at(9).toISOString() }));
    const merged = mergeTrackers(copy, phone, at(10));
    expect(merged.pointsHistory).toEqual(phone.pointsHistory);
  });

  it('a version 1 copy (no change stamps) loses to any stamped change and keeps the rest', () => {
    const v1 = { ...ok(toggleHabit(base, 'h1', '2026-03-24', at(1))), version: 1 } as Record<string, unknown>;
    delete v1.changedAt;
    const migrated = trackerDataSchema.parse(migrateTracker(v1));
    expect(migrated.changedAt).toEqual({ habitDays: {}, actions: {} });
    const unticked = ok(toggleHabit(ok(toggleHabit(base, 'h1', '2026-03-24', at(1))), 'h1', '2026-03-24', at(2)));
    expect(mergeTrackers(migrated, unticked, at(3)).completions.h1).toBeUndefined();
    expect(mergeTrackers(migrated, base, at(3)).completions.h1).toEqual({ '2026-03-24': 'late' });
  });
});
