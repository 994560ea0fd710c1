import type { IsoDate } from './iso-date';
import type { Habit, TrackerData } from './tracker';
import { CHALLENGE_WEEKS, DAYS_PER_WEEK, addDays, challengeLastDay, compareIsoDates, daysBetween } from './dates';
import { habitDayStatus, jollyDays, type HabitDayStatus } from './habit-rules';
import { completionsOf } from './tracker';

// The whole challenge of one habit at a glance (as Loop Habit Tracker draws it): a row per
// challenge week, a column per day of the week, each day as habitDayStatus says it was.

export interface HeatmapWeek {
  /** The challenge week, 1 on. */
  number: number;
  days: Array<{ date: IsoDate; status: HabitDayStatus }>;
  /** Days ticked in the week. */
  done: number;
  /** What the week asks for: its days the schedule asks for (over or to come), or N for "N volte a settimana". */
  asked: number;
}

/**
 * The weeks of a habit's challenge: the 8 weeks, and after them as many as reach `today` (the
 * habit goes on after day 56). Empty before the participant has a start date.
 */
export function habitHeatmap(data: TrackerData, habit: Habit, today: IsoDate): HeatmapWeek[] {
  const start = data.challengeStartDate;
  if (start === null) return [];
  const completions = completionsOf(data, habit.id);
  const covered = new Set(jollyDays(data, habit, addDays(today, -1)));
  const todayWeek = Math.floor(daysBetween(start, today) / DAYS_PER_WEEK) + 1;
  const weeks = Math.max(CHALLENGE_WEEKS, compareIsoDates(today, challengeLastDay(start)) > 0 ? todayWeek : 0);
  return Array.from({ length: weeks }, (_, w) => {
    const days = Array.from({ length: DAYS_PER_WEEK }, (_, d) => {
      const date = addDays(start, w * DAYS_PER_WEEK + d);
      return { date, status: habitDayStatus(data, habit, date, today, covered) };
    });
    const done = days.filter((day) => completions[day.date] !== undefined).length;
    const schedule = habit.schedule;
    const asked =
      schedule?.kind === 'timesPerWeek'
        ? schedule.times
        : days.filter((day) => day.status === 'done' || day.status === 'missed' || day.status === 'jolly' || day.status === 'open').length;
    return { number: w + 1, days, done, asked };
  });
}
