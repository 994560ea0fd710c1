import { leaderboardName, LEADERBOARD_PAGE_SIZE, liveStreak, type StreakThrough } from '@sfida/core/leaderboard-summary';
import { compareLeaderboardRows, type LeaderboardEntry } from '@sfida/core/progress-summary';
import type { LeaderboardSummaryDoc } from '../../shared/tracker-repository';

// The leaderboard's rows and ranks from what its repository read: nothing here reads.

export type Row = Omit<LeaderboardEntry, 'rank'>;
export type SummaryFields = Pick<LeaderboardSummaryDoc, 'totalPoints' | 'streakDays' | 'streakThrough' | 'pointsByWeek'>;
/** The top of a cohort's ranking down to a page's end, sorted; `complete` when it holds every ranked member. */
export interface TopRows {
  rows: Row[];
  complete: boolean;
}
/** A member's standing before their name is known. */
export interface Score extends StreakThrough {
  userId: string;
  weekPoints: number;
  totalPoints: number;
}

/** What the ranking reads of a user: their name and what decides whether they are ranked, as stored (anything may be in them). */
export interface Member {
  id: string;
  name?: unknown;
  cohortId?: unknown;
  role?: unknown;
  disabled?: unknown;
  withdrawnAt?: unknown;
  onboardingCompletato?: unknown;
}

/** First name and surname initial (see leaderboardName): the whole name never leaves the server. */
export function displayName(name: unknown): string {
  return leaderboardName(typeof name === 'string' ? name : null);
}

export function rowOf(userId: string, name: unknown, summary: SummaryFields | undefined, weekStart: string | null, today: string, isMe: boolean): Row {
  return {
    userId,
    displayName: displayName(name),
    weekPoints: weekStart === null ? 0 : (summary?.pointsByWeek?.[weekStart] ?? 0),
    totalPoints: summary?.totalPoints ?? 0,
    streakDays: summary ? liveStreak(summary, today) : 0,
    isMe,
  };
}

/**
 * On the cohort's leaderboard: a member of it who finished onboarding, not an OWNER, not disabled
 * or withdrawn. (Someone who registered and never answered the questionnaire is not taking part yet.)
 */
export function isRanked(user: Member | null | undefined, cohortId: string): boolean {
  return (
    !!user &&
    user.cohortId === cohortId &&
    user.onboardingCompletato === true &&
    user.role !== 'OWNER' &&
    user.disabled !== true &&
    user.withdrawnAt === undefined
  );
}

/**
 * Page `page` of `top` with the caller's fresh row `own` in its place (their cached row left
 * out), plus `own` after the page's rows when it is on another page: placed when it ranks within
 * `top` or `top` is complete (otherwise the caller ranks it from counts). Ranks as rankEntries
 * gives them: equal week and total points share the rank of the first of them.
 */
export function pageWithOwnRow(top: TopRows, own: Row | null, viewerId: string, page: number): LeaderboardEntry[] {
  const end = page * LEADERBOARD_PAGE_SIZE;
  const placed: LeaderboardEntry[] = [];
  let mine: LeaderboardEntry | undefined;
  const place = (row: Row): LeaderboardEntry => {
    const previous = placed[placed.length - 1];
    const tied = previous !== undefined && previous.weekPoints === row.weekPoints && previous.totalPoints === row.totalPoints;
    const entry = { ...row, rank: tied ? previous.rank : placed.length + 1 };
    placed.push(entry);
    return entry;
  };
  for (const row of top.rows) {
    if (row.userId === viewerId) continue;
    if (own && !mine && compareLeaderboardRows(own, row) <= 0) mine = place(own);
    if (placed.length >= end && (!own || mine)) break;
    place(row);
  }
  if (own && !mine && top.complete) mine = place(own);
  const shown = placed.slice(end - LEADERBOARD_PAGE_SIZE, end);
  if (mine && !shown.includes(mine)) shown.push(mine);
  return shown;
}
