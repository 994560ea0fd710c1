import { evaluateBadges, type Badge } from './badges';
import { CHALLENGE_WEEKS, DAYS_PER_WEEK, addDays, challengeLastDay, compareIsoDates, localDateOf } from './dates';
import type { IsoDate } from './iso-date';
import { totalPoints } from './points';
import { scheduledRuns } from './streaks';
import { isScheduledDay, scheduleDaysOf } from './habit-rules';
import { WEEK_KEYS, completionsOf, type TrackerData } from './tracker';

// A participant's eight weeks, summed up once they are over: what the dashboard shows from day 57
// and what the certificate prints. Only the 56 days count (ticks afterwards are the habit going on,
// not the challenge), each habit over the days it existed in them.

export interface HabitSummary {
  name: string;
  /** Days ticked within the eight weeks. */
  daysDone: number;
  /** Days the habit existed within the eight weeks (from its creation, until it was removed). */
  daysPossible: number;
  /** Longest run of consecutive ticked days within the eight weeks. */
  bestStreak: number;
}

export interface ChallengeSummary {
  startDate: IsoDate;
  lastDay: IsoDate;
  habits: HabitSummary[];
  habitDaysDone: number;
  habitDaysPossible: number;
  /** habitDaysDone of habitDaysPossible, whole percent (0 with no habit). */
  habitPercent: number;
  /** The longest run of any habit, with its name (null when nothing was ever ticked). */
  bestStreak: { habit: string; days: number } | null;
  actionsPlanned: number;
  actionsCompleted: number;
  plannerWeeksSaved: number;
  /** Each week's mood from its check-in (null: none sent), weeks 1 to 8. */
  moods: Array<{ weekNumber: number; mood: number | null }>;
  checkIns: number;
  /** Frozen at the end of week 8 (points.ts pays nothing afterwards). */
  points: number;
  badges: Badge[];
}

const clampDay = (day: IsoDate, from: IsoDate, to: IsoDate): IsoDate =>
  compareIsoDates(day, from) < 0 ? from : compareIsoDates(day, to) > 0 ? to : day;

/** Calendar days from `from` to `to`, both included (0 when `to` is before `from`), only those `counts` says yes to. */
function inclusiveDays(from: IsoDate, to: IsoDate, counts: (day: IsoDate) => boolean = () => true): number {
  let count = 0;
  for (let day = from, walked = 0; compareIsoDates(day, to) <= 0 && walked <= CHALLENGE_WEEKS * DAYS_PER_WEEK; day = addDays(day, 1), walked++) {
    if (counts(day)) count++;
  }
  return count;
}

export function challengeSummary(data: TrackerData, startDate: IsoDate): ChallengeSummary {
  const lastDay = challengeLastDay(startDate);
  const inWindow = (day: IsoDate) => compareIsoDates(day, startDate) >= 0 && compareIsoDates(day, lastDay) <= 0;

  const habits: HabitSummary[] = [];
  for (const habit of data.habits) {
    const days = Object.keys(completionsOf(data, habit.id)).filter(inWindow).sort(compareIsoDates);
    const created = clampDay(localDateOf(habit.createdAt, data.timeZone), startDate, lastDay);
    const removed = habit.archivedAt === undefined ? lastDay : clampDay(localDateOf(habit.archivedAt, data.timeZone), startDate, lastDay);
    // A habit removed before it was ticked, or made after the end, is no part of the summary.
    if (days.length === 0 && (compareIsoDates(localDateOf(habit.createdAt, data.timeZone), lastDay) > 0 || habit.archivedAt !== undefined)) continue;
    // By the habit's schedule: the days it did not ask for neither break a streak nor count as possible (a tick on one counts).
    const scheduled = scheduleDaysOf({ ...data, challengeStartDate: startDate }, habit);
    const bestStreak = scheduledRuns(habit, days, scheduled).reduce((best, run) => Math.max(best, run.days.length), 0);
    const possible = inclusiveDays(created, removed, (day) => scheduled.ticked(day) || isScheduledDay(habit, day, scheduled));
    habits.push({ name: habit.name, daysDone: days.length, daysPossible: Math.max(days.length, possible), bestStreak });
  }
  const habitDaysDone = habits.reduce((sum, habit) => sum + habit.daysDone, 0);
  const habitDaysPossible = habits.reduce((sum, habit) => sum + habit.daysPossible, 0);
  const longest = habits.reduce<HabitSummary | null>((best, habit) => (habit.bestStreak > (best?.bestStreak ?? 0) ? habit : best), null);

  let actionsPlanned = 0;
  let actionsCompleted = 0;
  for (const week of WEEK_KEYS) {
    for (const action of data.weeklyActions[week] ?? []) {
      if (action.text.trim() === '') continue;
      actionsPlanned++;
      if (action.completed) actionsCompleted++;
    }
  }

  const moodOf = new Map(data.checkIns.map((checkIn) => [checkIn.weekNumber, checkIn.mood]));
  return {
    startDate,
    lastDay,
    habits,
    habitDaysDone,
    habitDaysPossible,
    habitPercent: habitDaysPossible === 0 ? 0 : Math.round((habitDaysDone / habitDaysPossible) * 100),
    bestStreak: longest ? { habit: longest.name, days: longest.bestStreak } : null,
    actionsPlanned,
    actionsCompleted,
    plannerWeeksSaved: new Set(data.savedPlannerWeeks).size,
    moods: Array.from({ length: CHALLENGE_WEEKS }, (_, i) => ({ weekNumber: i + 1, mood: moodOf.get(i + 1) ?? null })),
    checkIns: moodOf.size,
    points: totalPoints(data.pointsHistory),
    badges: evaluateBadges(data, addDays(lastDay, 1)).filter((badge) => badge.earned),
  };
}
