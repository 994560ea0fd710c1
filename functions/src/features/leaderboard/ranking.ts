import { leaderboardName, LEADERBOARD_PAGE_SIZE, liveStreak, type StreakThrough } from '@sfida/core/leaderboard-summary';
import { compareLeaderboardRows, type LeaderboardEntry } from '@sfida/core/progress-summary';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import type { LeaderboardSummaryDoc } from '../../shared/tracker-repository';

// The leaderboard's rows and ranks from the documents its queries read: nothing here reads.

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
export function isRanked(user: DocumentSnapshot | undefined, cohortId: string): boolean {
  return (
    user?.exists === true &&
    user.get('cohortId') === cohortId &&
    user.get('onboardingCompletato') === true &&
    user.get('role') !== 'OWNER' &&
    user.get('disabled') !== true &&
    user.get('withdrawnAt') === undefined
  );
}

/** A member's standing from a weekly score or a summary (which have the total and streak fields alike). */
export function scoreOf(userId: string, weekPoints: number, doc: DocumentSnapshot): Score {
  const streakThrough: unknown = doc.get('streakThrough');
  return {
    userId,
    weekPoints,
    totalPoints: (doc.get('totalPoints') as number | undefined) ?? 0,
    streakDays: (doc.get('streakDays') as number | undefined) ?? 0,
    streakThrough: typeof streakThrough === 'string' ? streakThrough : '',
  };
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
