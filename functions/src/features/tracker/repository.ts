import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import type { TrackerData } from '@sfida/core/tracker';

/**
 * `progress/{uid}`: the synced tracker, kept as one JSON string in its `data` field (Firestore's
 * nesting and field limits do not apply to a string, and the server never queries inside it).
 * `progressSummaries/{uid}`: the tracker's summary that the leaderboard reads.
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

/** Both documents in one atomic write. */
export async function saveTracker(db: Firestore, uid: string, tracker: TrackerData, summary: LeaderboardSummaryDoc): Promise<void> {
  const batch = db.batch();
  batch.set(trackerRef(db, uid), { data: JSON.stringify(tracker), cohortId: summary.cohortId, updatedAt: summary.updatedAt });
  batch.set(summaryRef(db, uid), summary);
  await batch.commit();
}

/** The stored tracker (validated when it was written), or null. */
export function trackerFrom(snap: DocumentSnapshot): TrackerData | null {
  const raw: unknown = snap.exists ? snap.get('data') : undefined;
  return typeof raw === 'string' ? (JSON.parse(raw) as TrackerData) : null;
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
