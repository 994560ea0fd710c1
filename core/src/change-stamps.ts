import type { ChangeClocks, Habit, TrackerData } from './tracker';
import { WEEK_KEYS } from './tracker';

// Change stamps are device clocks (tracker-merge.ts), but the server keeps only moments it can
// vouch for: a stamp from the future would win every later merge and, past what a JavaScript date
// can hold, break every page that reads the day of it. These rules bound them on the way in and
// repair a copy stored before they existed on the way out.

/** Clock skew tolerated on a participant's device. */
export const DEVICE_CLOCK_SKEW_MS = 5 * 60 * 1000;

/** A stamp beyond `now` plus the skew becomes `now`; every other stamp stays as it is. */
export function boundedStamp(stamp: number, now: Date): number {
  return stamp > now.getTime() + DEVICE_CLOCK_SKEW_MS ? now.getTime() : stamp;
}

function boundRecord(stamps: Record<string, number>, now: Date): Record<string, number> {
  let changed: Record<string, number> | null = null;
  for (const [key, stamp] of Object.entries(stamps)) {
    const bounded = boundedStamp(stamp, now);
    if (bounded === stamp) continue;
    changed ??= { ...stamps };
    changed[key] = bounded;
  }
  return changed ?? stamps;
}

/** The clocks with every stamp bounded by `now` (the same object when nothing was out of range). */
export function boundChangeClocks(clocks: ChangeClocks, now: Date): ChangeClocks {
  let changed = false;
  const habitDays: ChangeClocks['habitDays'] = {};
  for (const [habitId, days] of Object.entries(clocks.habitDays)) {
    habitDays[habitId] = boundRecord(days, now);
    changed ||= habitDays[habitId] !== days;
  }
  const actions: ChangeClocks['actions'] = {};
  for (const week of WEEK_KEYS) {
    const stamps = clocks.actions[week];
    if (stamps === undefined) continue;
    actions[week] = boundRecord(stamps, now);
    changed ||= actions[week] !== stamps;
  }
  return changed ? { habitDays, actions } : clocks;
}

/** A habit with the stamps of its parts (name, place, archived, schedule) bounded by `now`. */
export function boundHabitStamps(habit: Habit, now: Date): Habit {
  if (habit.stamps === undefined) return habit;
  const stamps = boundRecord(habit.stamps as Record<string, number>, now);
  return stamps === habit.stamps ? habit : { ...habit, stamps };
}

/**
 * The stamps of a tracker as the server keeps them after a sync: bounded by the server's `now`,
 * and only for items that exist. A habit day's or an action's stamp stays when the item is in the
 * tracker, or when the server held the item or its stamp before (then it is a removal that a stale
 * copy must not undo); a stamp for anything else is dropped.
 */
export function vouchedChangeClocks(tracker: TrackerData, before: TrackerData, now: Date): ChangeClocks {
  const habitIds = new Set(tracker.habits.map((habit) => habit.id));
  const habitDays: ChangeClocks['habitDays'] = {};
  for (const [habitId, days] of Object.entries(tracker.changedAt.habitDays)) {
    if (!habitIds.has(habitId)) continue;
    const ticked = tracker.completions[habitId] ?? {};
    const known = before.completions[habitId] ?? {};
    const knownStamps = before.changedAt.habitDays[habitId] ?? {};
    const kept: Record<string, number> = {};
    for (const [day, stamp] of Object.entries(days)) {
      if (ticked[day] !== undefined || known[day] !== undefined || knownStamps[day] !== undefined) kept[day] = boundedStamp(stamp, now);
    }
    if (Object.keys(kept).length > 0) habitDays[habitId] = kept;
  }
  const actions: ChangeClocks['actions'] = {};
  for (const week of WEEK_KEYS) {
    const stamps = tracker.changedAt.actions[week];
    if (stamps === undefined) continue;
    const present = new Set([...(tracker.weeklyActions[week] ?? []), ...(before.weeklyActions[week] ?? [])].map((action) => action.id));
    const knownStamps = before.changedAt.actions[week] ?? {};
    const kept: Record<string, number> = {};
    for (const [id, stamp] of Object.entries(stamps)) {
      if (present.has(id) || knownStamps[id] !== undefined) kept[id] = boundedStamp(stamp, now);
    }
    if (Object.keys(kept).length > 0) actions[week] = kept;
  }
  return { habitDays, actions };
}
