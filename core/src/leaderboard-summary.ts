import type { IsoDate } from './iso-date';
import type { TrackerData } from './tracker';
import { addDays, daysBetween, localDateOf, mondayOf } from './dates';
import { isIsoDate } from './iso-date';
import { currentStreak } from './streaks';
import { activeHabits, completionsOf } from './tracker';

// What the leaderboard keeps of a tracker when it is synced, and how it reads that back on
// a later day without the tracker.

/** A streak as the leaderboard stores it: its length and the last day it covers. */
export interface StreakThrough {
  streakDays: number;
  streakThrough: IsoDate;
}

/** Points per calendar week (Monday key), in the tracker's own time zone. */
export function pointsByWeek(data: TrackerData): Record<IsoDate, number> {
  const weeks: Record<IsoDate, number> = {};
  for (const entry of data.pointsHistory) {
    const monday = mondayOf(localDateOf(entry.timestamp, data.timeZone));
    weeks[monday] = (weeks[monday] ?? 0) + entry.points;
  }
  return weeks;
}

/** The best current streak among the active habits, running through today once ticked, else through yesterday. */
export function streakAt(data: TrackerData, today: IsoDate): StreakThrough {
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
export function liveStreak(summary: StreakThrough, today: IsoDate): number {
  if (!isIsoDate(summary.streakThrough ?? '')) return 0;
  return daysBetween(summary.streakThrough, today) <= 1 ? summary.streakDays : 0;
}
