import { describe, expect, it } from 'vitest';
import type { TrackerData } from './tracker';
import { activeHabits, archivedHabits, emptyTracker, parseStoredTracker, trackerDataSchema, trackerMessages } from './tracker';
import { totalPoints } from './points';
import { addHabit, archiveHabit, moveHabit, renameHabit, restoreHabit, setHabitSchedule, toggleHabit, type TrackerResult } from './tracker-actions';
import { vouchTracker } from './tracker-vouch';
import { DEVICE_CLOCK_SKEW_MS } from './change-stamps';

const ROME = 'Europe/Rome';
// Monday 19 October 2026: Rome moves its clocks back on Sunday the 25th.
const START = '2026-10-19';
const t0 = new Date('2026-10-19T07:00:00Z');
const MINUTE = 60_000;
const at = (minutes: number) => new Date(t0.getTime() + minutes * MINUTE);

function ok(result: TrackerResult): TrackerData {
  if (!result.ok) throw new Error(result.message);
  return result.data;
}

const base = ['Leggere', 'Correre', 'Meditare'].reduce((data, name, i) => ok(addHabit(data, name, t0, `h${i + 1}`)), emptyTracker(ROME, t0, START));
const names = (data: TrackerData) => activeHabits(data).map((habit) => habit.name);

describe('editing habits', () => {
  it('renames with the rules of adding, keeping ticks and points', () => {
    const ticked = ok(toggleHabit(base, 'h1', START, at(1)));
    const renamed = ok(renameHabit(ticked, 'h1', '  Leggere 10 pagine ', at(2)));
    expect(names(renamed)[0]).toBe('Leggere 10 pagine');
    expect(renamed.completions).toEqual(ticked.completions);
    expect(totalPoints(renamed.pointsHistory)).toBe(totalPoints(ticked.pointsHistory));
    expect(renamed.habits[0]!.stamps).toEqual({ name: at(2).getTime() });
    expect(renameHabit(base, 'h1', '   ', at(2))).toEqual({ ok: false, message: trackerMessages.habitNameRequired });
    expect(renameHabit(base, 'h1', 'x'.repeat(61), at(2))).toEqual({ ok: false, message: trackerMessages.habitNameTooLong });
    expect(renameHabit(base, 'nessuna', 'Yoga', at(2))).toEqual({ ok: false, message: 'Abitudine non trovata.' });
  });

  it('moves a habit up and down among the active ones, not past either end', () => {
    const moved = ok(moveHabit(base, 'h3', -1, at(1)));
    expect(names(moved)).toEqual(['Leggere', 'Meditare', 'Correre']);
    expect(names(ok(moveHabit(moved, 'h1', 1, at(2))))).toEqual(['Meditare', 'Leggere', 'Correre']);
    expect(moveHabit(base, 'h1', -1, at(1))).toEqual({ ok: false, message: 'L’abitudine è già in quella posizione.' });
    expect(moveHabit(base, 'h3', 1, at(1)).ok).toBe(false);
    // The stored list keeps its order of creation; only the places change.
    expect(moved.habits.map((habit) => habit.id)).toEqual(['h1', 'h2', 'h3']);
  });

  it('archives and restores: the habit comes back last, and its history stays', () => {
    const ticked = ok(toggleHabit(base, 'h1', START, at(1)));
    const archived = ok(archiveHabit(ticked, 'h1', at(2)));
    expect(names(archived)).toEqual(['Correre', 'Meditare']);
    expect(archivedHabits(archived).map((habit) => habit.id)).toEqual(['h1']);
    expect(toggleHabit(archived, 'h1', START, at(3)).ok).toBe(false);
    expect(setHabitSchedule(archived, 'h1', { kind: 'daily' }, at(3))).toEqual({ ok: false, message: 'Ripristina l’abitudine per modificarla.' });
    const restored = ok(restoreHabit(archived, 'h1', at(4)));
    expect(names(restored)).toEqual(['Correre', 'Meditare', 'Leggere']);
    expect(restored.habits[0]!.archivedAt).toBeUndefined();
    expect(restored.completions.h1).toEqual(ticked.completions.h1);
    expect(totalPoints(restored.pointsHistory)).toBe(totalPoints(ticked.pointsHistory));
    expect(trackerDataSchema.safeParse(restored).success).toBe(true);
  });

  it('refuses a schedule with no weekday, and stores every day as no schedule', () => {
    expect(setHabitSchedule(base, 'h1', { kind: 'weekdays', days: [] }, at(1))).toEqual({ ok: false, message: 'Scegli almeno un giorno della settimana' });
    const weekly = ok(setHabitSchedule(base, 'h1', { kind: 'timesPerWeek', times: 3 }, at(1)));
    expect(weekly.habits[0]!.schedule).toEqual({ kind: 'timesPerWeek', times: 3 });
    const everyDay = ok(setHabitSchedule(weekly, 'h1', { kind: 'weekdays', days: [6, 5, 4, 3, 2, 1, 0] }, at(2)));
    expect(everyDay.habits[0]!.schedule).toBeUndefined();
    expect(everyDay.habits[0]!.stamps?.schedule).toBe(at(2).getTime());
  });
});

describe('the server vouches for edited habits', () => {
  const context = (now: Date) => ({ challengeStartDate: START, timeZone: ROME, now });

  it('takes no tick for an archived habit, so a restored one earns nothing for the days it was away (across the DST change)', () => {
    // Archived on Friday 23; the forger ticks it on time on Sunday 25 (clocks go back) while it is still archived.
    const archived = vouchTracker(ok(archiveHabit(base, 'h1', new Date('2026-10-23T08:00:00Z'))), base, context(new Date('2026-10-23T08:00:00Z')));
    const sunday = new Date('2026-10-25T10:00:00Z');
    const forged: TrackerData = {
      ...archived,
      completions: { h1: { '2026-10-25': 'onTime' } },
      changedAt: { ...archived.changedAt, habitDays: { h1: { '2026-10-25': sunday.getTime() } } },
    };
    const vouched = vouchTracker(forged, archived, context(sunday));
    expect(vouched.completions.h1).toBeUndefined();
    expect(totalPoints(vouched.pointsHistory)).toBe(0);
    // Restored on Monday 26 and ticked that day: that tick counts; the Sunday tick sent again is too old to be on time.
    const monday = new Date('2026-10-26T09:00:00Z');
    const restored = ok(restoreHabit(vouched, 'h1', monday));
    const ticked = ok(toggleHabit(restored, 'h1', '2026-10-26', monday));
    const back = vouchTracker({ ...ticked, completions: { h1: { ...ticked.completions.h1, '2026-10-25': 'onTime' } } }, vouched, context(monday));
    expect(back.habits.find((habit) => habit.id === 'h1')?.archivedAt).toBeUndefined();
    expect(back.completions.h1).toEqual({ '2026-10-25': 'late', '2026-10-26': 'onTime' });
    expect(back.pointsHistory.map((entry) => entry.ref)).toEqual(['habit:h1:2026-10-26']);
  });

  it('pays the same for a renamed, moved or rescheduled habit as the state earns, and bounds a stamp from the future', () => {
    const now = new Date('2026-10-20T09:00:00Z');
    const ticked = vouchTracker(ok(toggleHabit(base, 'h2', '2026-10-20', now)), base, context(now));
    const edited = ok(moveHabit(ok(renameHabit(ticked, 'h2', 'Correre 5 km', now)), 'h2', -1, now));
    const future = now.getTime() + DEVICE_CLOCK_SKEW_MS + 24 * 60 * MINUTE;
    const forged = { ...edited, habits: edited.habits.map((habit) => (habit.id === 'h2' ? { ...habit, stamps: { ...habit.stamps, name: future } } : habit)) };
    const vouched = vouchTracker(forged, ticked, context(now));
    expect(totalPoints(vouched.pointsHistory)).toBe(totalPoints(ticked.pointsHistory));
    expect(vouched.habits.find((habit) => habit.id === 'h2')?.stamps?.name).toBe(now.getTime());
    expect(names(vouched)).toEqual(['Correre 5 km', 'Leggere', 'Meditare']);
  });
});

describe('a stored habit with a part it cannot keep', () => {
  it('loses that part only: the habit and its days stay', () => {
    const stored = JSON.parse(JSON.stringify(ok(toggleHabit(base, 'h1', START, at(1))))) as Record<string, unknown> & { habits: Array<Record<string, unknown>> };
    stored.habits[0] = { ...stored.habits[0], schedule: { kind: 'timesPerWeek', times: 9 }, order: -1, stamps: { name: 'ieri' } };
    const { data, repaired } = parseStoredTracker(stored);
    expect(repaired).toBe(true);
    expect(data.habits[0]).toEqual({ id: 'h1', name: 'Leggere', createdAt: t0.toISOString() });
    expect(data.completions.h1).toEqual({ [START]: 'onTime' });
  });
});
