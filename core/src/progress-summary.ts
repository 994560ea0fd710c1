import * as z from 'zod/mini';
import type { IsoDate } from './iso-date';
import type { TrackerData } from './tracker';
import { isoDateSchema } from './iso-date';
import { CHALLENGE_WEEKS, addDays, challengeWeekNumber, compareIsoDates, completedWeeks } from './dates';
import { evaluateBadges } from './badges';
import { pointsInCalendarWeek, totalPoints } from './points';
import { bestCurrentStreak } from './streaks';
import { WEEK_KEYS } from './tracker';

const count = z.int().check(z.minimum(0));

/** The weekly KPIs of one participant (the progress call's weeklyKPI). */
export const weeklyKpiSchema = z.object({
  weekStart: isoDateSchema,
  weekPoints: z.int(),
  totalPoints: z.int(),
  streakDays: count,
  habitCompletionsThisWeek: count,
  habitCompletionsTotal: count,
  actionsCompleted: count,
  actionsPlanned: count,
  checkInThisWeek: z.boolean(),
  checkInsTotal: count,
  currentWeek: z.int().check(z.minimum(0), z.maximum(CHALLENGE_WEEKS)),
  completedWeeks: z.int().check(z.minimum(0), z.maximum(CHALLENGE_WEEKS)),
  badgesEarned: z.array(z.string()),
});
export type WeeklyKpi = z.infer<typeof weeklyKpiSchema>;

/** The week's KPIs: calendar week from `weekStart` (a Monday) for points and habits, current challenge week for planner and check-in. */
export function summarizeTracker(
  data: TrackerData,
  context: { challengeStartDate: IsoDate | null; today: IsoDate; weekStart: IsoDate },
): WeeklyKpi {
  const { challengeStartDate: start, today, weekStart } = context;
  const weekEnd = addDays(weekStart, 6);
  const currentWeek = challengeWeekNumber(start, today);

  let habitCompletionsThisWeek = 0;
  let habitCompletionsTotal = 0;
  for (const habit of data.habits) {
    for (const date of Object.keys(data.completions[habit.id] ?? {})) {
      habitCompletionsTotal++;
      if (compareIsoDates(date, weekStart) >= 0 && compareIsoDates(date, weekEnd) <= 0) habitCompletionsThisWeek++;
    }
  }

  const weekKey = WEEK_KEYS[currentWeek - 1];
  const planned = weekKey ? (data.weeklyActions[weekKey] ?? []).filter((a) => a.text.trim() !== '') : [];

  return {
    weekStart,
    weekPoints: pointsInCalendarWeek(data.pointsHistory, weekStart, data.timeZone),
    totalPoints: totalPoints(data.pointsHistory),
    streakDays: bestCurrentStreak(data, today),
    habitCompletionsThisWeek,
    habitCompletionsTotal,
    actionsCompleted: planned.filter((a) => a.completed).length,
    actionsPlanned: planned.length,
    checkInThisWeek: currentWeek > 0 && data.checkIns.some((c) => c.weekNumber === currentWeek),
    checkInsTotal: data.checkIns.length,
    currentWeek,
    completedWeeks: completedWeeks(start, today),
    badgesEarned: evaluateBadges({ ...data, challengeStartDate: start }, today)
      .filter((b) => b.earned)
      .map((b) => b.id),
  };
}

/** One row of the cohort leaderboard. */
export const leaderboardEntrySchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  weekPoints: z.int(),
  totalPoints: z.int(),
  streakDays: count,
  rank: z.int().check(z.minimum(1)),
  isMe: z.boolean(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

/** `GET /api/cohorts/:cohortId/leaderboard`: a page of the ranking (the caller's own row added when elsewhere). */
export const leaderboardAnswerSchema = z.object({ entries: z.array(leaderboardEntrySchema) });
export type LeaderboardAnswer = z.infer<typeof leaderboardAnswerSchema>;

/** The leaderboard's order: week points, then total points (both highest first), then name, then id. */
export function compareLeaderboardRows(
  a: Pick<LeaderboardEntry, 'weekPoints' | 'totalPoints' | 'displayName' | 'userId'>,
  b: Pick<LeaderboardEntry, 'weekPoints' | 'totalPoints' | 'displayName' | 'userId'>,
): number {
  return (
    b.weekPoints - a.weekPoints ||
    b.totalPoints - a.totalPoints ||
    a.displayName.localeCompare(b.displayName, 'it') ||
    a.userId.localeCompare(b.userId)
  );
}

/** Sorts by week points, then total points, then name; equal scores share a rank ("1, 1, 3"). */
export function rankEntries<T extends Omit<LeaderboardEntry, 'rank'>>(rows: T[]): Array<T & { rank: number }> {
  const sorted = [...rows].sort(compareLeaderboardRows);
  const ranked: Array<T & { rank: number }> = [];
  sorted.forEach((row, i) => {
    const previous = ranked[i - 1];
    const tied = previous !== undefined && previous.weekPoints === row.weekPoints && previous.totalPoints === row.totalPoints;
    ranked.push({ ...row, rank: tied ? previous.rank : i + 1 });
  });
  return ranked;
}
