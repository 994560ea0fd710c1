import { todayIn } from '@sfida/core/dates';
import { LEADERBOARD_PAGE_SIZE, liveStreak } from '@sfida/core/leaderboard-summary';
import { compareLeaderboardRows, type LeaderboardEntry } from '@sfida/core/progress-summary';
import type { User } from '@sfida/core/user';
import type { ApiDeps } from '../../deps';
import { cohortOfCoach } from '../../shared/cohort-repository';
import { readOrFallback } from '../../shared/unreadable-data';
import { forbidden } from '../../shared/http-error';
import type { LeaderboardCaches } from './load-cache';
import { displayName, isRanked, pageWithOwnRow, rowOf, type Row, type Score, type TopRows } from './ranking';
import { cohortMembersPage, countBetter, countHigherTotal, membersOf, ownStanding, topRankedSummaries, topWeeklyScores } from './repository';

/** Rows read past a page's end: the caller's own (replaced by their fresh one) and a few a users document may leave out. */
const EXTRA_ROWS_READ = 6;

const leaderboardMessages = {
  notMember: 'Puoi vedere solo la classifica della tua coorte',
  withdrawn: 'Non fai più parte di questa coorte',
} as const;

/** What the leaderboard reads: Firestore, and when given the app's caches (without: every read fresh). */
export type LeaderboardDeps = Pick<ApiDeps, 'db'> & { caches?: LeaderboardCaches };

/** Which ranking: a calendar week's (`weekStart`), or the final one by total points (`weekStart` null, week points 0). */
export interface LeaderboardQuery {
  weekStart: string | null;
  /** 1-based page of LEADERBOARD_PAGE_SIZE rows. */
  page: number;
  timeZone: string;
  now: Date;
}

/**
 * The cohort's ranking for a calendar week, or the final one by total points: every onboarded
 * participant of the cohort (with zeros when they have not synced yet), one page of
 * LEADERBOARD_PAGE_SIZE rows plus the caller's own row.
 * Reads a bounded number of documents whatever the cohort's size (docs/decisions/019-bounded-leaderboard.md):
 * the top from the week's scores and the summaries, the caller's rank beyond it from count aggregations.
 * The top comes from the caches when given (at most their TTL old); the caller's own row is always
 * read fresh, so a participant sees their sync at once.
 */
export async function cohortLeaderboard(deps: LeaderboardDeps, viewer: User, cohortId: string, context: LeaderboardQuery): Promise<LeaderboardEntry[]> {
  const { db, caches } = deps;
  // A coach reads the cohorts they coach (the cohort's coachIds, whatever cohort their own account
  // sits in); a participant only their own.
  if (viewer.role === 'OWNER') await cohortOfCoach(db, viewer, cohortId);
  else if (viewer.cohortId !== cohortId) throw forbidden(leaderboardMessages.notMember);
  const { weekStart, page } = context;
  const today = todayIn(context.timeZone, context.now);
  const ranking = weekStart ?? 'final';
  const load = () => cohortTop(db, cohortId, weekStart, today, page);
  const [top, own] = await Promise.all([
    caches ? caches.tops.rows(`${cohortId}\u0000${ranking}\u0000${today}\u0000${page}`, load) : load(),
    // An OWNER (the coach) sees the cohort without a row of their own.
    viewer.role === 'OWNER' ? null : ownRow(db, viewer, cohortId, weekStart, today),
  ]);
  // A participant a coach withdrew keeps `cohortId` (for the coaches' records) but not the ranking.
  if (own?.withdrawn) throw forbidden(leaderboardMessages.withdrawn);
  // Who has not finished onboarding sees the ranking without being in it, as no one else sees them.
  const mine = viewer.onboardingCompletato ? (own?.row ?? null) : null;
  const entries = pageWithOwnRow(top, mine, viewer.id, page);
  if (mine && !entries.some((entry) => entry.isMe)) {
    // Below every row read: as many ranks ahead as members who score strictly better.
    // Counted for these points once per instance and TTL, as the top is read: the many callers
    // below the top with the same points (most of a large cohort early in a week) share it.
    const count = () =>
      weekStart === null ? countHigherTotal(db, cohortId, mine.totalPoints) : countBetter(db, cohortId, weekStart, mine.weekPoints, mine.totalPoints);
    const key = `${cohortId}\u0000${ranking}\u0000${mine.weekPoints}\u0000${mine.totalPoints}`;
    const better = await (caches ? caches.betterCounts.rows(key, count) : count());
    entries.push({ ...mine, rank: better + 1 });
  }
  return entries;
}

/**
 * The first `page` × LEADERBOARD_PAGE_SIZE (and a few more) ranked members of the cohort, sorted:
 * the week's scores (highest first; none for the final ranking), then members without points
 * this week by total (from the ranked summaries), then members who never synced (from the users).
 * Each query is limited, and the later ones run only when the earlier ones ran out; the names come
 * from the users documents, so a rename shows. A later page reads the ones before it again: the
 * emulator the tests run on ignores query cursors, and LEADERBOARD_MAX_PAGES bounds the cost.
 */
async function cohortTop(db: ApiDeps['db'], cohortId: string, weekStart: string | null, today: string, page: number): Promise<TopRows> {
  const rowsRead = page * LEADERBOARD_PAGE_SIZE + EXTRA_ROWS_READ;
  const scores = weekStart === null ? null : await topWeeklyScores(db, cohortId, weekStart, rowsRead);
  const found: Score[] = scores ? [...scores] : [];
  let complete = false;
  let neverSynced: Row[] = [];
  if (scores === null || scores.length < rowsRead) {
    // Every member with week points is in `found`; the summaries add those without, by total.
    // Of `rowsRead` summaries at most `scores.length` are of members already found: enough for the rest.
    const summaries = await topRankedSummaries(db, cohortId, rowsRead);
    const scored = new Set(found.map((score) => score.userId));
    for (const summary of summaries) if (!scored.has(summary.userId)) found.push(summary);
    if (summaries.length < rowsRead) {
      const withSummary = new Set(summaries.map((summary) => summary.userId));
      ({ rows: neverSynced, complete } = await membersWithoutSummary(db, cohortId, withSummary, rowsRead - found.length));
    }
  }
  // `found` is in ranking order (week points, then total): the first `rowsRead` are the top.
  found.splice(rowsRead);
  const members = await membersOf(db, found.map((score) => score.userId));
  const rows: Row[] = [];
  found.forEach((score, i) => {
    const member = members[i];
    if (!isRanked(member, cohortId)) return;
    const { userId, weekPoints, totalPoints } = score;
    const streakDays = readOrFallback(userId, () => liveStreak(score, today), () => 0);
    rows.push({ userId, displayName: displayName(member!.name), weekPoints, totalPoints, streakDays, isMe: false });
  });
  return { rows: [...rows, ...neverSynced].sort(compareLeaderboardRows), complete };
}

/**
 * Up to `wanted` ranked members of the cohort with no ranked summary (all zeros), by id: pages of the
 * cohort's users by document id (a range, not a cursor), skipping those in `withSummary`, which is
 * every ranked summary of the cohort. `complete` when the cohort's users ran out.
 */
async function membersWithoutSummary(db: ApiDeps['db'], cohortId: string, withSummary: Set<string>, wanted: number): Promise<TopRows> {
  const rows: Row[] = [];
  if (wanted <= 0) return { rows, complete: false };
  const pageSize = wanted + withSummary.size;
  let after = '';
  for (;;) {
    const page = await cohortMembersPage(db, cohortId, after, pageSize);
    for (const member of page) {
      if (withSummary.has(member.id) || !isRanked(member, cohortId)) continue;
      rows.push({ userId: member.id, displayName: displayName(member.name), weekPoints: 0, totalPoints: 0, streakDays: 0, isMe: false });
      if (rows.length >= wanted) return { rows, complete: false };
    }
    if (page.length < pageSize) return { rows, complete: true };
    after = page[page.length - 1]!.id;
  }
}

/**
 * The caller's row from their summary as stored now, and whether a coach withdrew them (read with
 * it, since the session's user does not carry it).
 */
async function ownRow(db: ApiDeps['db'], viewer: User, cohortId: string, weekStart: string | null, today: string): Promise<{ row: Row; withdrawn: boolean }> {
  const { summary, withdrawn } = await ownStanding(db, viewer.id);
  // A summary written while in another cohort does not count here (as the cohort query would not find it).
  const own = summary?.cohortId === cohortId ? summary : undefined;
  return { row: rowOf(viewer.id, viewer.name, own, weekStart, today, true), withdrawn };
}
