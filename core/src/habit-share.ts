import type { IsoDate } from './iso-date';
import type { TrackerData } from './tracker';
import { addDays, challengeWeekDays, isChallengeStarted, localDateOf } from './dates';
import { MAINTENANCE_MONTH_DAYS, isMonthlyPeriod, maintenanceMonthStart, monthOfPeriod } from './maintenance';
import { isScheduledDay, scheduleDaysOf } from './habit-rules';

// The share of habit-days ticked: the roster's figure and, over one week, the check-in card's and
// the conversation's. Apart from roster.ts so that the participant's screens, which read the
// conversation's types, do not load the coach's roster rules.

/** A habit as the ticked share reads it: the days it exists and whether a day was ticked. */
export interface HabitDays {
  from: IsoDate;
  until: IsoDate | null;
  ticked(day: IsoDate): boolean;
  /** Whether its schedule asks for the day (a day it does not is not counted either way). */
  scheduled(day: IsoDate): boolean;
}

/**
 * The same share over one challenge week (1..8), or a check-in's maintenance month (9 on): its days up to today, today only once ticked.
 * Null before the week or without a habit-day in it.
 */
export function weekHabitsPercent(tracker: TrackerData, start: IsoDate | null, weekNumber: number, today: IsoDate): number | null {
  if (!isChallengeStarted(start, today)) return null;
  const habits = tracker.habits.map((habit) => {
    const completions = tracker.completions[habit.id] ?? {};
    return {
      from: localDateOf(habit.createdAt, tracker.timeZone),
      until: habit.archivedAt === undefined ? null : localDateOf(habit.archivedAt, tracker.timeZone),
      ticked: (day: IsoDate) => completions[day] !== undefined,
      scheduled: (day: IsoDate) => isScheduledDay(habit, day, scheduleDaysOf(tracker, habit)),
    };
  });
  // A monthly check-in's period (beyond week 8) is read over its maintenance month.
  const days = isMonthlyPeriod(weekNumber)
    ? Array.from({ length: MAINTENANCE_MONTH_DAYS }, (_, i) => addDays(maintenanceMonthStart(start, monthOfPeriod(weekNumber)), i))
    : challengeWeekDays(start, weekNumber);
  return tickedShare(habits, days.filter((day) => day <= today), today);
}

/** Share (0..100) of the habit-days among `days` that were ticked, for each habit that existed on the day; null when none. */
export function tickedShare(habits: HabitDays[], days: IsoDate[], today: IsoDate): number | null {
  let possible = 0;
  let ticked = 0;
  for (const habit of habits) {
    for (const day of days) {
      if (day < habit.from || (habit.until !== null && day >= habit.until)) continue;
      const done = habit.ticked(day);
      if (!done && !habit.scheduled(day)) continue;
      if (day === today && !done) continue;
      possible++;
      if (done) ticked++;
    }
  }
  return possible === 0 ? null : Math.round((100 * ticked) / possible);
}
