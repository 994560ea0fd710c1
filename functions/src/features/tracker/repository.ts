import { Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { migrateTracker, type TrackerData } from '@sfida/core/tracker';

/**
 * `progress/{uid}`: the synced tracker, kept as one JSON string in its `data` field (Firestore's
 * nesting and field limits do not apply to a string, and the server never queries inside it).
 * `progressSummaries/{uid}`: the tracker's summary that the leaderboard reads.
 * `progressRevisions/{uid}_{n}`: one marker per stored revision. Creating it is the write's
 * compare-and-set (see saveTrackerRevision); a TTL policy deletes it a day later.
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
}

export function trackerRef(db: Firestore, uid: string) {
  return db.collection('progress').doc(uid);
}

export function summaryRef(db: Firestore, uid: string) {
  return db.collection('progressSummaries').doc(uid);
}

/** The Timestamp field the `progressRevisions` TTL policy in firestore.indexes.json deletes by. */
export const REVISION_TTL_FIELD = 'expireAt';
/** A revision marker only has to outlive the requests that raced for it. */
const REVISION_MARKER_MS = 24 * 60 * 60 * 1000;

/** The stored tracker and its revision: 1 for the first write, one more for each. */
export interface StoredTracker {
  tracker: TrackerData;
  revision: number;
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
  now: Date,
): Promise<boolean> {
  const batch = db.batch();
  batch.create(revisionRef(db, uid, revision), { [REVISION_TTL_FIELD]: Timestamp.fromMillis(now.getTime() + REVISION_MARKER_MS) });
  batch.set(trackerRef(db, uid), { data: JSON.stringify(tracker), revision, cohortId: summary.cohortId, updatedAt: summary.updatedAt });
  batch.set(summaryRef(db, uid), summary);
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
  return { tracker: migrateTracker(JSON.parse(raw)) as TrackerData, revision: typeof revision === 'number' ? revision : 0 };
}

/** The stored tracker, or null. */
export function trackerFrom(snap: DocumentSnapshot): TrackerData | null {
  return storedTrackerFrom(snap)?.tracker ?? null;
}

/** The summaries of a cohort: one equality query. */
export async function summariesOfCohort(db: Firestore, cohortId: string): Promise<Map<string, LeaderboardSummaryDoc>> {
  const snap = await db
    .collection('progressSummaries')
    .where('cohortId', '==', cohortId)
    .select('totalPoints', 'streakDays', 'streakThrough', 'pointsByWeek')
    .get();
  return new Map(snap.docs.map((d) => [d.id, d.data() as LeaderboardSummaryDoc]));
}
