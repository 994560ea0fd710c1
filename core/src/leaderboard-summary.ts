import { addDays, daysBetween, localDateOf, mondayOf } from '@sfida/core/dates';
import { isIsoDate } from '@sfida/core/iso-date';
import { totalPoints } from '@sfida/core/points';
import { currentStreak } from '@sfida/core/streaks';
import { activeHabits, completionsOf, type TrackerData } from '@sfida/core/tracker';
import type { ProgressSummaryDoc } from './repository';

/** Points per calendar week (Monday key), in the tracker's own time zone. */
export function pointsByWeek(data: TrackerData): Record<string, number> {
  const weeks: Record<string, number> = {};
  for (const entry of data.pointsHistory) {
    const monday = mondayOf(localDateOf(entry.timestamp, data.timeZone));
    weeks[monday] = (weeks[monday] ?? 0) + entry.points;
  }
  return weeks;
}

/** The best current streak and the last day it covers. */
export function streakAt(data: TrackerData, today: string): { streakDays: number; streakThrough: string } {
  let best = 0;
  let tickedToday = false;
  for (const habit of activeHabits(data)) {
    const completions = completionsOf(data, habit.id);
    const streak = currentStreak(completions, today);
    const ticked = completions[today] !== undefined;
    if (streak > best || (streak === best && ticked)) {
      best = streak;
      tickedToday = ticked && streak > 0;
    }
  }
  return { streakDays: best, streakThrough: tickedToday ? today : addDays(today, -1) };
}

/** A stored streak as seen on `today`: still alive only if the day after its last day has not ended. */
export function liveStreak(summary: Pick<ProgressSummaryDoc, 'streakDays' | 'streakThrough'>, today: string): number {
  if (!isIsoDate(summary.streakThrough ?? '')) return 0;
  return daysBetween(summary.streakThrough, today) <= 1 ? summary.streakDays : 0;
}

/** The leaderboard's summary of a synced tracker. */
export function buildSummary(
  data: TrackerData,
  context: { cohortId: string; displayName: string; today: string; now: Date },
): ProgressSummaryDoc {
  return {
    cohortId: context.cohortId,
    displayName: context.displayName,
    totalPoints: totalPoints(data.pointsHistory),
    ...streakAt(data, context.today),
    pointsByWeek: pointsByWeek(data),
    timeZone: data.timeZone,
    updatedAt: context.now.toISOString(),
  };
}
