import { Timestamp, type DocumentSnapshot, type Firestore, type Query, type WriteBatch } from 'firebase-admin/firestore';
import { boundChangeClocks } from '@sfida/core/change-stamps';
import { parseStoredTracker, type TrackerData } from '@sfida/core/tracker';
import { addNewThreads } from '../../shared/check-in-thread-repository';

/**
 * `progress/{uid}`: the synced tracker, kept as one JSON string in its `data` field (Firestore's
 * nesting and field limits do not apply to a string, and the server never queries inside it).
 * `progressSummaries/{uid}`: the tracker's summary that the leaderboard reads.
 * `progressRevisions/{uid}_{n}`: one marker per stored revision. Creating it is the write's
 * compare-and-set (see saveTrackerRevision); a TTL policy deletes it a day later.
 * `weeklyScores/{weekStart}_{uid}`: a ranked participant's points in one calendar week where they
 * earned some, so a leaderboard reads its top and counts ranks without reading the whole cohort
 * (docs/decisions/019-bounded-leaderboard.md).
 */
export interface LeaderboardSummaryDoc {
  cohortId: string;
  displayName: string;
  totalPoints: number;
  streakDays: number;
  /** The last day the streak covers (today, or yesterday when today is not ticked yet) at sync time. */
  streakThrough: string;
  /** Points per calendar week, keyed by the week's Monday (YYYY-MM-DD). */
  pointsByWeek: Record<string, number>;
  timeZone: string;
  updatedAt: string;
  /** On the cohort's leaderboard: a PARTICIPANT not withdrawn. Its weekly scores exist only then. */
  ranked: boolean;
}

/** `weeklyScores/{weekStart}_{uid}`: written only with `points` > 0, with the summary's current total and streak. */
export interface WeeklyScoreDoc {
  cohortId: string;
  weekStart: string;
  userId: string;
  points: number;
  totalPoints: number;
  streakDays: number;
  streakThrough: string;
}

/** What the sync changes in a participant's weekly scores: documents to write, weeks to delete. */
export interface WeeklyScoreChanges {
  set: WeeklyScoreDoc[];
  deleteWeeks: string[];
}

export function trackerRef(db: Firestore, uid: string) {
  return db.collection('progress').doc(uid);
}

export function summaryRef(db: Firestore, uid: string) {
  return db.collection('progressSummaries').doc(uid);
}

export function weeklyScoresCollection(db: Firestore) {
  return db.collection('weeklyScores');
}

export function weeklyScoreRef(db: Firestore, weekStart: string, uid: string) {
  return weeklyScoresCollection(db).doc(`${weekStart}_${uid}`);
}

/** The Timestamp field the `progressRevisions` TTL policy in firestore.indexes.json deletes by. */
export const REVISION_TTL_FIELD = 'expireAt';
/** A revision marker only has to outlive the requests that raced for it. */
const REVISION_MARKER_MS = 24 * 60 * 60 * 1000;

/** The stored tracker and its revision: 1 for the first write, one more for each. */
export interface StoredTracker {
  tracker: TrackerData;
  revision: number;
  /** The challenge weeks whose check-in has its thread (`checkInThreads`); empty for a copy stored before threads. */
  threadWeeks: number[];
}

function revisionRef(db: Firestore, uid: string, revision: number) {
  return db.collection('progressRevisions').doc(`${uid}_${revision}`);
}

/**
 * Stores `tracker` as revision `revision` with its summary, unless another request stored that
 * revision first (then false, and nothing is written). The marker's `create` comes first in the
 * batch: Firestore commits a batch whole or not at all, and the marker cannot be created twice, so
 * of two writes based on the same revision exactly one lands. (A transaction would do the same in
 * production, but the local emulator takes no locks.)
 */
export async function saveTrackerRevision(
  db: Firestore,
  uid: string,
  revision: number,
  tracker: TrackerData,
  summary: LeaderboardSummaryDoc,
  scores: WeeklyScoreChanges,
  threadWeeks: number[],
  now: Date,
): Promise<boolean> {
  const batch = db.batch();
  batch.create(revisionRef(db, uid, revision), { [REVISION_TTL_FIELD]: Timestamp.fromMillis(now.getTime() + REVISION_MARKER_MS) });
  // A check-in's thread is created with the tracker that first holds it: none is missed, none made twice.
  const weeks = addNewThreads(db, batch, { userId: uid, cohortId: summary.cohortId }, tracker.checkIns, threadWeeks, now);
  batch.set(trackerRef(db, uid), { data: JSON.stringify(tracker), revision, cohortId: summary.cohortId, updatedAt: summary.updatedAt, threadWeeks: weeks });
  batch.set(summaryRef(db, uid), summary);
  // In the same batch: the scores never disagree with the summary they come from.
  for (const score of scores.set) batch.set(weeklyScoreRef(db, score.weekStart, uid), score);
  for (const weekStart of scores.deleteWeeks) batch.delete(weeklyScoreRef(db, weekStart, uid));
  try {
    await batch.commit();
    return true;
  } catch (error) {
    // gRPC ALREADY_EXISTS: another request stored this revision first.
    if ((error as { code?: unknown }).code === 6) return false;
    throw error;
  }
}

/** The stored tracker (validated when it was written; an older version brought to the current shape), or null. */
export function storedTrackerFrom(snap: DocumentSnapshot): StoredTracker | null {
  const raw: unknown = snap.exists ? snap.get('data') : undefined;
  if (typeof raw !== 'string') return null;
  const revision: unknown = snap.get('revision');
  // Copies stored before revisions were counted are revision 0.
  const threadWeeks: unknown = snap.get('threadWeeks');
  return {
    tracker: readStoredTracker(raw, snap.get('updatedAt')),
    revision: typeof revision === 'number' ? revision : 0,
    threadWeeks: Array.isArray(threadWeeks) ? threadWeeks.filter((week): week is number => typeof week === 'number') : [],
  };
}

/**
 * A stored tracker as the read paths may use it, whatever was stored: a part that no longer parses
 * is dropped piece by piece, and a change stamp later than the moment the server stored the copy
 * (possible in copies stored before stamps were bounded) is brought back to that moment.
 */
export function readStoredTracker(raw: string, storedAt: unknown): TrackerData {
  const { data } = parseStoredTracker(raw);
  const at = typeof storedAt === 'string' && !Number.isNaN(Date.parse(storedAt)) ? storedAt : data.updatedAt;
  return { ...data, changedAt: boundChangeClocks(data.changedAt, new Date(at)) };
}

/** The stored tracker, or null. */
export function trackerFrom(snap: DocumentSnapshot): TrackerData | null {
  return storedTrackerFrom(snap)?.tracker ?? null;
}

/** The fields of a summary or a weekly score that a leaderboard row shows. */
const SCORE_FIELDS = ['userId', 'points', 'totalPoints', 'streakDays', 'streakThrough'] as const;

/** The week's weekly scores of a cohort, highest week points then total first (the week's top). */
export function topWeeklyScores(db: Firestore, cohortId: string, weekStart: string, limit: number) {
  return weeklyScoresCollection(db)
    .where('cohortId', '==', cohortId)
    .where('weekStart', '==', weekStart)
    .orderBy('points', 'desc')
    .orderBy('totalPoints', 'desc')
    .select(...SCORE_FIELDS)
    .limit(limit)
    .get();
}

/** The ranked summaries of a cohort, highest total first. */
export function topRankedSummaries(db: Firestore, cohortId: string, limit: number) {
  return rankedSummaries(db, cohortId).orderBy('totalPoints', 'desc').select(...SCORE_FIELDS).limit(limit).get();
}

function rankedSummaries(db: Firestore, cohortId: string) {
  return db.collection('progressSummaries').where('cohortId', '==', cohortId).where('ranked', '==', true);
}

function weekScores(db: Firestore, cohortId: string, weekStart: string) {
  return weeklyScoresCollection(db).where('cohortId', '==', cohortId).where('weekStart', '==', weekStart);
}

async function countOf(query: Query): Promise<number> {
  return (await query.count().get()).data().count;
}

/**
 * How many ranked members of the cohort score strictly better than `points` in the week and
 * `totalPoints` overall (more week points, or as many and a higher total): count aggregations only,
 * about one read per thousand members counted. Members without a weekly score have 0 week points.
 */
export async function countBetter(db: Firestore, cohortId: string, weekStart: string, points: number, totalPoints: number): Promise<number> {
  const scores = weekScores(db, cohortId, weekStart);
  if (points > 0) {
    const [morePoints, higherTotal] = await Promise.all([
      countOf(scores.where('points', '>', points)),
      countOf(scores.where('points', '==', points).where('totalPoints', '>', totalPoints)),
    ]);
    return morePoints + higherTotal;
  }
  // Every weekly score beats 0 week points; of the members with a higher total, those without one tie on 0.
  const [scored, higherTotal, scoredHigherTotal] = await Promise.all([
    countOf(scores),
    countOf(rankedSummaries(db, cohortId).where('totalPoints', '>', totalPoints)),
    countOf(scores.where('totalPoints', '>', totalPoints)),
  ]);
  return scored + higherTotal - scoredHigherTotal;
}

/** How many ranked members of the cohort have more than `totalPoints` in all (the final ranking's "strictly better"). */
export function countHigherTotal(db: Firestore, cohortId: string, totalPoints: number): Promise<number> {
  return countOf(rankedSummaries(db, cohortId).where('totalPoints', '>', totalPoints));
}

/**
 * Takes a participant off their cohort's leaderboard (withdrawn, or the account disabled): their weekly scores go (a dozen at
 * most, one per week with points) and their summary is no longer ranked.
 */
export async function unrankParticipant(db: Firestore, uid: string): Promise<void> {
  const [scores, summary] = await Promise.all([weeklyScoresCollection(db).where('userId', '==', uid).select().get(), summaryRef(db, uid).get()]);
  const batch = db.batch();
  for (const doc of scores.docs) batch.delete(doc.ref);
  if (summary.exists) batch.update(summary.ref, { ranked: false });
  await batch.commit();
}

/** Adds `write` to a batch of at most `size` writes, committing the full ones (a migration's bounded batches). */
export function batchedWrites(db: Firestore, size: number) {
  let batch: WriteBatch = db.batch();
  let count = 0;
  const flush = async () => {
    if (count > 0) await batch.commit();
    batch = db.batch();
    count = 0;
  };
  return {
    async add(write: (batch: WriteBatch) => void): Promise<void> {
      write(batch);
      if (++count >= size) await flush();
    },
    flush,
  };
}

/** The synced trackers of `uids` in one read (null for who has not synced yet). */
export async function trackersOf(db: Firestore, uids: string[]): Promise<Map<string, TrackerData | null>> {
  if (uids.length === 0) return new Map();
  const snaps = await db.getAll(...uids.map((uid) => trackerRef(db, uid)), { fieldMask: ['data', 'updatedAt'] });
  return new Map(snaps.map((snap) => [snap.id, trackerFrom(snap)]));
}
