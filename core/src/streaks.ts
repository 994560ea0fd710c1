import type { IsoDate } from './iso-date';
import type { HabitCompletions, TrackerData } from './tracker';
import { addDays, compareIsoDates } from './dates';
import type { Habit } from './tracker';
import { activeHabits, completionsOf } from './tracker';
import { isJollyDay, trackerRules } from './habit-rules';

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

/** A habit's current streak, the days a jolly covers counted as kept when the cohort has the forgiving streak. */
export function habitStreak(data: TrackerData, habit: Habit, today: IsoDate): number {
  const completions = completionsOf(data, habit.id);
  if (!trackerRules(data).forgivingStreak) return currentStreak(completions, today);
  // As currentStreak, a covered day kept too (every day walked back is over: today counts only once ticked).
  let day = completions[today] !== undefined ? today : addDays(today, -1);
  let streak = 0;
  while (streak < MAX_STREAK_DAYS && (completions[day] !== undefined || isJollyDay(data, habit, day))) {
    streak++;
    day = addDays(day, -1);
  }
  return streak;
}

/** "Costanza": the best current streak among the habits that are not archived. */
export function bestCurrentStreak(data: TrackerData, today: IsoDate): number {
  return activeHabits(data).reduce((best, habit) => Math.max(best, habitStreak(data, habit, today)), 0);
}
