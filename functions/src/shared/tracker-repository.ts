import { Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { boundChangeClocks } from '@sfida/core/change-stamps';
import { isValidTimeZone } from '@sfida/core/dates';
import { TRACKER_SCHEMA_VERSION, migrateTracker, parseStoredTracker, type TrackerData } from '@sfida/core/tracker';
import { storedUserFrom, userRef, type StoredUser } from './user-repository';

// What the tracker writes and other features read (the coach's roster, the check-ins, the messages'
// audiences, the leaderboard, the certificate, the reminders, withdrawing a participant):
// `progress/{uid}`: the synced tracker, kept as one JSON string in its `data` field (Firestore's
// nesting and field limits do not apply to a string, and the server never queries inside it).
// `progressSummaries/{uid}`: the tracker's summary that the leaderboard reads.
// `weeklyScores/{weekStart}_{uid}`: a ranked participant's points in one calendar week where they
// earned some, so a leaderboard reads its top and counts ranks without reading the whole cohort
// (docs/decisions/019-bounded-leaderboard.md).
// The tracker feature writes them (its repository); unrankParticipant below, when a coach withdraws a
// participant or an account is disabled.

/** `progressSummaries/{uid}`. */
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

/** The Timestamp field the `progressRevisions` TTL policy in firestore.indexes.json deletes by. */
export const REVISION_TTL_FIELD = 'expireAt';
/** A revision marker only has to outlive the requests that raced for it. */
const REVISION_MARKER_MS = 24 * 60 * 60 * 1000;

/**
 * `progressRevisions/{uid}_{n}`: one marker per stored revision. Every write of a new revision
 * (a sync, a new season's fresh tracker) creates it first in its batch: the write's compare-and-set,
 * so of two writes based on one revision exactly one lands. A TTL policy deletes it a day later.
 */
export function revisionRef(db: Firestore, uid: string, revision: number) {
  return db.collection('progressRevisions').doc(`${uid}_${revision}`);
}

/** What a revision marker holds: when the TTL policy may delete it. */
export function revisionMarker(now: Date) {
  return { [REVISION_TTL_FIELD]: Timestamp.fromMillis(now.getTime() + REVISION_MARKER_MS) };
}

export function trackerRef(db: Firestore, uid: string) {
  return db.collection('progress').doc(uid);
}

export function summariesCollection(db: Firestore) {
  return db.collection('progressSummaries');
}

export function summaryRef(db: Firestore, uid: string) {
  return summariesCollection(db).doc(uid);
}

export function weeklyScoresCollection(db: Firestore) {
  return db.collection('weeklyScores');
}

export function weeklyScoreRef(db: Firestore, weekStart: string, uid: string) {
  return weeklyScoresCollection(db).doc(`${weekStart}_${uid}`);
}

/** The stored tracker and its revision: 1 for the first write, one more for each. */
export interface StoredTracker {
  tracker: TrackerData;
  revision: number;
  /** The challenge weeks whose check-in has its thread (`checkInThreads`); empty for a copy stored before threads. */
  threadWeeks: number[];
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
 * A stored tracker as the read paths may use it, whatever was stored: a change stamp later than
 * the moment the server stored the copy (possible in copies stored before stamps were bounded) is
 * brought back to that moment. The server validated the copy when it wrote it, so the whole schema
 * is checked again (piece by piece, dropping what fails) only for a copy whose outline is wrong: a
 * roster page reads a hundred trackers, and the full check costs several milliseconds each.
 */
export function readStoredTracker(raw: string, storedAt: unknown): TrackerData {
  let data = outlined(raw);
  if (data === null) data = parseStoredTracker(raw).data;
  const at = typeof storedAt === 'string' && !Number.isNaN(Date.parse(storedAt)) ? storedAt : data.updatedAt;
  return { ...data, changedAt: boundChangeClocks(data.changedAt, new Date(at)) };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The stored copy, when it parses and has the tracker's outline (every field of the right kind), else null. */
function outlined(raw: string): TrackerData | null {
  let value: unknown;
  try {
    value = migrateTracker(JSON.parse(raw));
  } catch {
    return null;
  }
  if (!isPlainObject(value) || value.version !== TRACKER_SCHEMA_VERSION || typeof value.timeZone !== 'string' || !isValidTimeZone(value.timeZone)) return null;
  const { changedAt } = value;
  const fits =
    (value.challengeStartDate === null || typeof value.challengeStartDate === 'string') &&
    [value.habits, value.savedPlannerWeeks, value.checkIns, value.pointsHistory].every(Array.isArray) &&
    [value.completions, value.weeklyActions, changedAt].every(isPlainObject) &&
    isPlainObject((changedAt as Record<string, unknown>).habitDays) &&
    isPlainObject((changedAt as Record<string, unknown>).actions) &&
    typeof value.updatedAt === 'string' &&
    !Number.isNaN(Date.parse(value.updatedAt));
  return fits ? (value as unknown as TrackerData) : null;
}

/** `progress/{uid}` as stored, or null before the first sync. */
export async function storedTrackerOf(db: Firestore, uid: string): Promise<StoredTracker | null> {
  return storedTrackerFrom(await trackerRef(db, uid).get());
}

/** The stored tracker, or null. */
export function trackerFrom(snap: DocumentSnapshot): TrackerData | null {
  return storedTrackerFrom(snap)?.tracker ?? null;
}

/** The synced trackers of `uids` in one read (null for who has not synced yet). */
export async function trackersOf(db: Firestore, uids: string[]): Promise<Map<string, TrackerData | null>> {
  if (uids.length === 0) return new Map();
  const snaps = await db.getAll(...uids.map((uid) => trackerRef(db, uid)), { fieldMask: ['data', 'updatedAt'] });
  return new Map(snaps.map((snap) => [snap.id, trackerFrom(snap)]));
}

/** A user and their synced tracker, in one read: null for a user there is not, or a tracker not synced yet. */
export async function userWithTracker(db: Firestore, uid: string): Promise<{ stored: StoredUser | null; tracker: TrackerData | null }> {
  const [userSnap, trackerSnap] = await db.getAll(userRef(db, uid), trackerRef(db, uid));
  return { stored: storedUserFrom(userSnap), tracker: trackerSnap ? trackerFrom(trackerSnap) : null };
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
