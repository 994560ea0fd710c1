import type { IsoDate } from './iso-date';
import type { HabitCompletions, TrackerData } from './tracker';
import { addDays, compareIsoDates } from './dates';
import type { Habit } from './tracker';
import { activeHabits, completionsOf } from './tracker';
import { isScheduledDay, jollyDays, scheduleDaysOf, trackerRules } from './habit-rules';
import type { HabitSchedule, ScheduleDays } from './habit-schedule';
import { walkBack, type ClosedStretch, type WalkLimits, type WalkStep } from './closed-days';

/** Streak counting stops here. */
export const MAX_STREAK_DAYS = 365;

/** A maximal run of consecutive completed days, oldest first. */
export interface StreakRun {
  days: IsoDate[];
}

/** The maximal runs of consecutive completed days (on time or late), oldest run first. */
export function streakRuns(completions: HabitCompletions): StreakRun[] {
  return streakRunsOfSortedDays(Object.keys(completions).sort(compareIsoDates));
}

/** streakRuns for days already sorted oldest first (callers that sort them anyway). */
export function streakRunsOfSortedDays(days: readonly IsoDate[]): StreakRun[] {
  const runs: StreakRun[] = [];
  let current: IsoDate[] = [];
  for (const day of days) {
    const previous = current[current.length - 1];
    if (previous !== undefined && addDays(previous, 1) !== day) {
      runs.push({ days: current });
      current = [];
    }
    current.push(day);
  }
  if (current.length > 0) runs.push({ days: current });
  return runs;
}

/**
 * Consecutive completed days up to today, capped at 365. A streak stays alive until today
 * ends: when today is not ticked yet, it counts back from yesterday, so the number does not
 * drop to 0 every morning before the participant has had a chance to tick.
 */
export function currentStreak(completions: HabitCompletions, today: IsoDate): number {
  let day = completions[today] !== undefined ? today : addDays(today, -1);
  let streak = 0;
  while (streak < MAX_STREAK_DAYS && completions[day] !== undefined) {
    streak++;
    day = addDays(day, -1);
  }
  return streak;
}

/**
 * The runs of a habit's kept days (sorted oldest first) by its schedule: a run goes on across the
 * days its schedule does not ask for, and breaks only at a day it asks for that was not kept. A
 * tick on a free day counts too (docs/decisions/041).
 */
export function scheduledRuns(habit: { schedule?: HabitSchedule | undefined }, kept: readonly IsoDate[], days: ScheduleDays): StreakRun[] {
  if (habit.schedule === undefined || habit.schedule.kind === 'daily') return streakRunsOfSortedDays(kept);
  const runs: StreakRun[] = [];
  let current: IsoDate[] = [];
  for (const day of kept) {
    const previous = current[current.length - 1];
    if (previous !== undefined && missedBetween(habit, previous, day, days)) {
      runs.push({ days: current });
      current = [];
    }
    current.push(day);
  }
  if (current.length > 0) runs.push({ days: current });
  return runs;
}

/** Whether a day strictly between `from` and `to` is one the schedule asks for (none of them is kept). */
function missedBetween(habit: { schedule?: HabitSchedule | undefined }, from: IsoDate, to: IsoDate, days: ScheduleDays): boolean {
  for (let day = addDays(from, 1); day < to; day = addDays(day, 1)) {
    if (isScheduledDay(habit, day, days)) return true;
  }
  return false;
}

/**
 * A habit's current streak: its ticked days up to today (from yesterday while today is not ticked),
 * capped at 365. A day a jolly covers (the cohort's forgiving streak) neither counts nor breaks it,
 * as a day its schedule does not ask for: a jolly keeps a streak alive, it never adds a day, so a
 * habit never ticked has no streak.
 */
export function habitStreak(data: TrackerData, habit: Habit, today: IsoDate): number {
  const completions = completionsOf(data, habit.id);
  const forgiving = trackerRules(data).forgivingStreak;
  const daily = habit.schedule === undefined || habit.schedule.kind === 'daily';
  const from = completions[today] !== undefined ? today : addDays(today, -1);
  if (!forgiving && daily) return currentStreak(completions, today);
  const scheduled = scheduleDaysOf(data, habit);
  const covered = new Set(forgiving ? jollyDays(data, habit, addDays(today, -1)) : []);
  let day = from;
  let streak = 0;
  // Free and covered days are skipped: a week always asks for one, so the walk ends; the bound is a guard.
  for (let walked = 0; streak < MAX_STREAK_DAYS && walked < 2 * MAX_STREAK_DAYS; walked++, day = addDays(day, -1)) {
    if (completions[day] !== undefined) streak++;
    else if (!covered.has(day) && (daily || isScheduledDay(habit, day, scheduled))) break;
  }
  return streak;
}

/**
 * habitStreak on a split tracker's head (tracker-parts.ts): the walk reads the closed days from
 * `closed`. Apart from habitStreak so that the browser, which always holds the whole tracker, does
 * not load the walk over closed days (the pages' JavaScript budgets).
 */
export function habitStreakOverClosed(data: TrackerData, habit: Habit, today: IsoDate, closed: ClosedStretch): number {
  const from = completionsOf(data, habit.id)[today] !== undefined ? today : addDays(today, -1);
  const covered = trackerRules(data).forgivingStreak ? jollyDays(data, habit, addDays(today, -1)) : [];
  return walkBack(from, streakStep(data, habit, covered), STREAK_LIMITS, { stretch: closed, habitId: habit.id });
}

/** How far a streak walks back: MAX_STREAK_DAYS ticks, over at most twice as many days. */
export const STREAK_LIMITS: WalkLimits = { ticks: MAX_STREAK_DAYS, days: 2 * MAX_STREAK_DAYS };

/**
 * What a day is to a habit's streak walking back: ticked, skipped (a day its schedule does not ask
 * for, or one a jolly of `covered` keeps), or the break.
 */
export function streakStep(data: TrackerData, habit: Habit, covered: Iterable<IsoDate>): (day: IsoDate) => WalkStep {
  const completions = completionsOf(data, habit.id);
  const daily = habit.schedule === undefined || habit.schedule.kind === 'daily';
  const scheduled = scheduleDaysOf(data, habit);
  const kept = new Set(covered);
  return (day) => {
    if (completions[day] !== undefined) return 'tick';
    return !kept.has(day) && (daily || isScheduledDay(habit, day, scheduled)) ? 'break' : 'free';
  };
}

/** "Costanza": the best current streak among the habits that are not archived. */
export function bestCurrentStreak(data: TrackerData, today: IsoDate): number {
  return activeHabits(data).reduce((best, habit) => Math.max(best, habitStreak(data, habit, today)), 0);
}
