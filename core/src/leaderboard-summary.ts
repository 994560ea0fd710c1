import * as z from 'zod/mini';
import type { IsoDate } from './iso-date';
import type { TrackerData } from './tracker';
import { addDays, daysBetween, mondayOf } from './dates';
import { entryDay } from './points';
import { isIsoDate } from './iso-date';
import { textParam, weekStartParam } from './query-params';
import { habitStreak, habitStreakOverClosed } from './streaks';
import type { ClosedStretch } from './closed-days';
import { activeHabits, completionsOf } from './tracker';

// What the leaderboard keeps of a tracker when it is synced, and how it reads that back on
// a later day without the tracker.

/** A streak as the leaderboard stores it: its length and the last day it covers. */
export interface StreakThrough {
  streakDays: number;
  streakThrough: IsoDate;
}

/** Points per calendar week (Monday key), by the day each entry counts on. */
export function pointsByWeek(data: TrackerData): Record<IsoDate, number> {
  const weeks: Record<IsoDate, number> = {};
  for (const entry of data.pointsHistory) {
    const monday = mondayOf(entryDay(entry, data.timeZone));
    weeks[monday] = (weeks[monday] ?? 0) + entry.points;
  }
  return weeks;
}

/** The best current streak among the active habits, running through today once ticked, else through yesterday (`closed`: of a split tracker's head, tracker-parts.ts). */
export function streakAt(data: TrackerData, today: IsoDate, closed?: ClosedStretch): StreakThrough {
  let best = 0;
  let tickedToday = false;
  for (const habit of activeHabits(data)) {
    const completions = completionsOf(data, habit.id);
    const streak = closed === undefined ? habitStreak(data, habit, today) : habitStreakOverClosed(data, habit, today, closed);
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

/** Rows per page of a cohort's ranking. */
export const LEADERBOARD_PAGE_SIZE = 50;
/** Pages a ranking can be read to: each page reads the ranking from its top, so its cost grows with the page. */
export const LEADERBOARD_MAX_PAGES = 20;

export const leaderboardQueryMessages = {
  page: `page deve essere un numero intero da 1 a ${LEADERBOARD_MAX_PAGES}`,
  scope: 'scope deve essere week (la classifica della settimana) o final (la classifica finale)',
} as const;

/** `GET /api/cohorts/:cohortId/leaderboard?page=&scope=week|final` (and `weekStart`, which needs the caller's zone). */
export const leaderboardQuerySchema = z.object({
  /** 1-based; 1 when absent. */
  page: textParam(1, (value) => (/^[1-9]\d{0,3}$/.test(value) && Number(value) <= LEADERBOARD_MAX_PAGES ? Number(value) : undefined), leaderboardQueryMessages.page),
  /** The week's ranking unless `final` (by total points, once the challenge is over). */
  scope: textParam('week' as const, (value) => (value === 'week' || value === 'final' ? value : undefined), leaderboardQueryMessages.scope),
  weekStart: weekStartParam,
});
export type LeaderboardQueryParams = z.output<typeof leaderboardQuerySchema>;

/** Surname particles whose initial stands for the surname ("Maria De Santis" is "Maria D."). */
const SURNAME_PARTICLES = new Set(['da', 'dal', 'dalla', 'de', 'dei', 'degli', 'del', 'della', 'dello', 'di', 'la', 'lo', 'van', 'von']);

/**
 * How the leaderboard names a member: the first name and the surname's initial ("Marco Rossi" is
 * "Marco R."), so that two Marcos differ while no surname is shown whole. A single word stays as
 * it is, and so does a last word that is not a name (a number).
 */
export function leaderboardName(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/u).filter((word) => word !== '');
  const first = words[0];
  if (first === undefined) return 'Partecipante';
  if (words.length === 1) return first;
  const beforeLast = words[words.length - 2]!;
  const surname = words.length > 2 && SURNAME_PARTICLES.has(beforeLast.toLocaleLowerCase('it')) ? beforeLast : words[words.length - 1]!;
  const initial = /^['’]?(\p{L})/u.exec(surname)?.[1];
  return initial === undefined ? `${first} ${words[words.length - 1]}` : `${first} ${initial.toLocaleUpperCase('it')}.`;
}

/**
 * The names to show for `entries`, by user id: a name two members share gets a number after the
 * first ("Marco R. (2)"), given in the order of their ids so that it never moves with the scores.
 */
export function distinctLeaderboardNames(entries: ReadonlyArray<{ userId: string; displayName: string }>): Map<string, string> {
  const byName = new Map<string, Set<string>>();
  for (const { userId, displayName } of entries) {
    const key = displayName.toLocaleLowerCase('it');
    byName.set(key, (byName.get(key) ?? new Set()).add(userId));
  }
  const names = new Map<string, string>();
  for (const { userId, displayName } of entries) {
    const ids = [...byName.get(displayName.toLocaleLowerCase('it'))!].sort();
    const place = ids.indexOf(userId);
    names.set(userId, place === 0 ? displayName : `${displayName} (${place + 1})`);
  }
  return names;
}
