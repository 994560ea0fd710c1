import { todayIn } from '@sfida/core/dates';
import { liveStreak } from '@sfida/core/leaderboard-summary';
import { compareLeaderboardRows, type LeaderboardEntry } from '@sfida/core/progress-summary';
import type { User } from '@sfida/core/user';
import type { Firestore } from 'firebase-admin/firestore';
import { forbidden } from '../../shared/http-error';
import { userRef, usersCollection } from '../../shared/user-repository';
import { summariesOfCohort, summaryRef, type LeaderboardSummaryDoc } from '../tracker/repository';

const LEADERBOARD_SIZE = 50;
/** How long an instance reuses a cohort's ranking (everyone's rows but the caller's, which is always read fresh). */
const LEADERBOARD_CACHE_TTL_MS = 30_000;
/** Cohort rankings an instance keeps at most (cohort × week × day). */
const LEADERBOARD_CACHE_ENTRIES = 200;

const leaderboardMessages = {
  notMember: 'Puoi vedere solo la classifica della tua coorte',
  withdrawn: 'Non fai più parte di questa coorte',
} as const;

type Row = Omit<LeaderboardEntry, 'rank'>;
type SummaryFields = Pick<LeaderboardSummaryDoc, 'totalPoints' | 'streakDays' | 'streakThrough' | 'pointsByWeek'>;

/**
 * Per instance: the cohort's rows, already sorted, by (cohort, week, day), for a short while.
 * Concurrent requests for the same key share one load (two queries over the whole cohort),
 * so the cohort's documents are read once per instance and TTL, not once per request.
 */
export class LeaderboardCache {
  private readonly entries = new Map<string, { expiresAt: number; rows: Promise<Row[]> }>();

  constructor(
    private readonly ttlMs = LEADERBOARD_CACHE_TTL_MS,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  rows(key: string, load: () => Promise<Row[]>): Promise<Row[]> {
    const now = this.clock();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.rows;
    if (this.entries.size >= LEADERBOARD_CACHE_ENTRIES) {
      for (const [k, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(k);
      if (this.entries.size >= LEADERBOARD_CACHE_ENTRIES) this.entries.clear();
    }
    const entry = { expiresAt: now + this.ttlMs, rows: load() };
    this.entries.set(key, entry);
    // A failed load is not remembered: the next request tries again.
    entry.rows.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.rows;
  }
}

/**
 * The cohort's ranking for a calendar week: every participant of the cohort
 * (with zeros when they have not synced yet), the top LEADERBOARD_SIZE plus the caller's own row.
 * The cohort's rows come from `cache` when given (at most its TTL old); the caller's
 * own row is always read fresh (one document), so a participant sees their sync at once.
 */
export async function cohortLeaderboard(
  db: Firestore,
  viewer: User,
  cohortId: string,
  context: { weekStart: string; timeZone: string; now: Date },
  cache?: LeaderboardCache,
): Promise<LeaderboardEntry[]> {
  if (viewer.cohortId !== cohortId) throw forbidden(leaderboardMessages.notMember);
  const today = todayIn(context.timeZone, context.now);
  const load = () => cohortRows(db, cohortId, context.weekStart, today);
  const [rows, own] = await Promise.all([
    cache ? cache.rows(`${cohortId}\u0000${context.weekStart}\u0000${today}`, load) : load(),
    // An OWNER (the coach) sees the cohort without a row of their own.
    viewer.role === 'OWNER' ? null : ownRow(db, viewer, cohortId, context.weekStart, today),
  ]);
  // A participant a coach withdrew keeps `cohortId` (for the coaches' records) but not the ranking.
  if (own?.withdrawn) throw forbidden(leaderboardMessages.withdrawn);
  return topWithOwnRow(rows, own?.row ?? null, viewer.id);
}

function rowOf(userId: string, name: unknown, summary: SummaryFields | undefined, weekStart: string, today: string, isMe: boolean): Row {
  return {
    userId,
    displayName: typeof name === 'string' && name.trim() !== '' ? name : 'Partecipante',
    weekPoints: summary?.pointsByWeek?.[weekStart] ?? 0,
    totalPoints: summary?.totalPoints ?? 0,
    streakDays: summary ? liveStreak(summary, today) : 0,
    isMe,
  };
}

/** Every ranked member of the cohort (not OWNERs, not disabled or withdrawn accounts), sorted; two equality queries in parallel. */
async function cohortRows(db: Firestore, cohortId: string, weekStart: string, today: string): Promise<Row[]> {
  const [members, summaries] = await Promise.all([
    usersCollection(db).where('cohortId', '==', cohortId).select('name', 'role', 'disabled', 'withdrawnAt').get(),
    summariesOfCohort(db, cohortId),
  ]);
  return members.docs
    .filter((doc) => doc.get('role') !== 'OWNER' && doc.get('disabled') !== true && doc.get('withdrawnAt') === undefined)
    .map((doc) => rowOf(doc.id, doc.get('name'), summaries.get(doc.id), weekStart, today, false))
    .sort(compareLeaderboardRows);
}

/**
 * The caller's row from their summary as stored now, and whether a coach withdrew them (read with
 * it, since the session's user does not carry it).
 */
async function ownRow(db: Firestore, viewer: User, cohortId: string, weekStart: string, today: string): Promise<{ row: Row; withdrawn: boolean }> {
  // One read of both documents; each has only some of the masked fields.
  const [snap, userSnap] = await db.getAll(summaryRef(db, viewer.id), userRef(db, viewer.id), {
    fieldMask: ['cohortId', 'totalPoints', 'streakDays', 'streakThrough', 'pointsByWeek', 'withdrawnAt'],
  });
  // A summary written while in another cohort does not count here (as the cohort query would not find it).
  const summary = snap?.exists && snap.get('cohortId') === cohortId ? (snap.data() as SummaryFields) : undefined;
  return { row: rowOf(viewer.id, viewer.name, summary, weekStart, today, true), withdrawn: userSnap?.get('withdrawnAt') !== undefined };
}

/**
 * Top LEADERBOARD_SIZE of `sorted` with the caller's fresh row `own` in its place (their
 * cached row left out), plus `own` after them when it ranks lower. Ranks as rankEntries
 * gives them: equal week and total points share the rank of the first of them.
 */
function topWithOwnRow(sorted: Row[], own: Row | null, viewerId: string): LeaderboardEntry[] {
  const top: LeaderboardEntry[] = [];
  let mine: LeaderboardEntry | undefined;
  let count = 0;
  let previous: LeaderboardEntry | undefined;
  const place = (row: Row): LeaderboardEntry => {
    const tied = previous !== undefined && previous.weekPoints === row.weekPoints && previous.totalPoints === row.totalPoints;
    const entry = { ...row, rank: tied ? previous!.rank : count + 1 };
    count++;
    previous = entry;
    if (count <= LEADERBOARD_SIZE) top.push(entry);
    return entry;
  };
  for (const row of sorted) {
    if (row.userId === viewerId) continue;
    if (own && !mine && compareLeaderboardRows(own, row) <= 0) mine = place(own);
    if (count >= LEADERBOARD_SIZE && (!own || mine)) break;
    place(row);
  }
  if (own && !mine) mine = place(own);
  if (mine && !top.includes(mine)) top.push(mine);
  return top;
}
