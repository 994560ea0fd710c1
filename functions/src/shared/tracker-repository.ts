import { Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { boundChangeClocks } from '@sfida/core/change-stamps';
import { isValidTimeZone } from '@sfida/core/dates';
import { TRACKER_SCHEMA_VERSION, migrateTracker, parseStoredTracker, seasonOf, type TrackerData } from '@sfida/core/tracker';
import { assembleTracker, packPoints, unpackPoints, type ClosedDays, type TrackerPart } from '@sfida/core/tracker-parts';
import { storedUserFrom, userRef, type StoredUser } from './user-repository';

// What the tracker writes and other features read (the coach's roster, the check-ins, the messages'
// audiences, the leaderboard, the certificate, the reminders, withdrawing a participant):
// `progress/{uid}`: the synced tracker's head (core/tracker-parts.ts, docs/decisions/054), kept as
// JSON strings (Firestore's nesting and field limits do not apply to a string, and the server never
// queries inside it): `data` the tracker without its closed maintenance months and with its points
// history in `points` (packed); `closed` what the head says of the closed months (absent or null:
// none, the whole tracker is in `data`, as in a copy stored before the split).
// `progressParts/{uid}_{season}_{month}`: a closed maintenance month's days, `data` as JSON.
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

export function partsCollection(db: Firestore) {
  return db.collection('progressParts');
}

/** `progressParts/{uid}_{season}_{month}`: one closed maintenance month of one season. */
export function partRef(db: Firestore, uid: string, season: number, month: number) {
  return partsCollection(db).doc(`${uid}_${season}_${month}`);
}

/** What `progressParts/{uid}_{season}_{month}` holds (`uid` and `season` for the deletions that find a user's parts). */
export interface TrackerPartDoc {
  uid: string;
  season: number;
  month: number;
  /** JSON of the part's completions and change stamps. */
  data: string;
}

export function partDoc(uid: string, season: number, part: TrackerPart): TrackerPartDoc {
  return { uid, season, month: part.month, data: JSON.stringify({ completions: part.completions, habitDays: part.habitDays }) };
}

/** The fields of `progress/{uid}` (and of a season's archive) that hold a tracker's head. */
export function headFields(head: TrackerData, closed: ClosedDays | null): { data: string; points: string; closed: string | null } {
  return { data: JSON.stringify({ ...head, pointsHistory: [] }), points: JSON.stringify(packPoints(head.pointsHistory)), closed: closed === null ? null : JSON.stringify(closed) };
}

/** The closed days a stored head describes, or null (none, or a copy stored before the split). */
export function closedDaysFrom(raw: unknown): ClosedDays | null {
  if (typeof raw !== 'string') return null;
  try {
    const closed = JSON.parse(raw) as ClosedDays;
    return Array.isArray(closed.parts) && typeof closed.last === 'string' ? closed : null;
  } catch {
    return null;
  }
}

/** The parts a head names (one read), in month order; a part that cannot be read is left out. */
export async function partsOf(db: Firestore, uid: string, season: number, closed: ClosedDays | null): Promise<TrackerPart[]> {
  if (closed === null || closed.parts.length === 0) return [];
  const snaps = await db.getAll(...closed.parts.map((month) => partRef(db, uid, season, month)));
  const parts: TrackerPart[] = [];
  for (const snap of snaps) {
    const raw: unknown = snap.get('data');
    if (typeof raw !== 'string') continue;
    const { completions, habitDays } = JSON.parse(raw) as Pick<TrackerPart, 'completions' | 'habitDays'>;
    parts.push({ month: snap.get('month') as number, completions: completions ?? {}, habitDays: habitDays ?? {} });
  }
  return parts;
}

/** A stored tracker made whole: its head with the parts it names. */
export async function wholeStoredTracker(db: Firestore, uid: string, stored: StoredTracker): Promise<StoredTracker> {
  if (stored.closed === null) return stored;
  const parts = await partsOf(db, uid, seasonOf(stored.tracker), stored.closed);
  return { ...stored, tracker: assembleTracker(stored.tracker, parts), closed: null };
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
  /** What the head says of its closed months (their days are not in `tracker`); null when `tracker` is whole. */
  closed: ClosedDays | null;
}

/** The stored tracker (validated when it was written; an older version brought to the current shape), or null. */
export function storedTrackerFrom(snap: DocumentSnapshot): StoredTracker | null {
  const raw: unknown = snap.exists ? snap.get('data') : undefined;
  if (typeof raw !== 'string') return null;
  const revision: unknown = snap.get('revision');
  // Copies stored before revisions were counted are revision 0.
  const threadWeeks: unknown = snap.get('threadWeeks');
  return {
    tracker: readStoredTracker(raw, snap.get('updatedAt'), snap.get('points')),
    revision: typeof revision === 'number' ? revision : 0,
    threadWeeks: Array.isArray(threadWeeks) ? threadWeeks.filter((week): week is number => typeof week === 'number') : [],
    closed: closedDaysFrom(snap.get('closed')),
  };
}

/**
 * A stored tracker as the read paths may use it, whatever was stored: a change stamp later than
 * the moment the server stored the copy (possible in copies stored before stamps were bounded) is
 * brought back to that moment. The server validated the copy when it wrote it, so the whole schema
 * is checked again (piece by piece, dropping what fails) only for a copy whose outline is wrong: a
 * roster page reads a hundred trackers, and the full check costs several milliseconds each.
 */
export function readStoredTracker(raw: string, storedAt: unknown, points?: unknown): TrackerData {
  const history = typeof points === 'string' ? unpackedPoints(points) : null;
  let data = outlined(raw, history);
  if (data === null) data = parseStoredTracker(history === null ? raw : withHistory(raw, history)).data;
  const at = typeof storedAt === 'string' && !Number.isNaN(Date.parse(storedAt)) ? storedAt : data.updatedAt;
  return { ...data, changedAt: boundChangeClocks(data.changedAt, new Date(at)) };
}

/** The points history a head keeps packed (tracker-parts.ts), or null when it does not read as one. */
function unpackedPoints(points: string): TrackerData['pointsHistory'] | null {
  try {
    return unpackPoints(JSON.parse(points));
  } catch {
    return null;
  }
}

/** The head's JSON with its points history put back. */
function withHistory(raw: string, pointsHistory: TrackerData['pointsHistory']): string {
  try {
    const value: unknown = JSON.parse(raw);
    return isPlainObject(value) ? JSON.stringify({ ...value, pointsHistory }) : raw;
  } catch {
    return raw;
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The stored copy (with the head's points history, when it keeps one apart), when it parses and has the tracker's outline (every field of the right kind), else null. */
function outlined(raw: string, history: TrackerData['pointsHistory'] | null): TrackerData | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
    if (history !== null && isPlainObject(value)) value = { ...value, pointsHistory: history };
    value = migrateTracker(value);
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

/** `progress/{uid}` as stored (its head: see `closed`), or null before the first sync. */
export async function storedTrackerOf(db: Firestore, uid: string): Promise<StoredTracker | null> {
  return storedTrackerFrom(await trackerRef(db, uid).get());
}

/** The whole stored tracker (its head and parts), or null before the first sync. */
export async function wholeTrackerOf(db: Firestore, uid: string): Promise<StoredTracker | null> {
  const stored = await storedTrackerOf(db, uid);
  return stored && wholeStoredTracker(db, uid, stored);
}

/** The stored tracker, or null. */
export function trackerFrom(snap: DocumentSnapshot): TrackerData | null {
  return storedTrackerFrom(snap)?.tracker ?? null;
}

/**
 * The synced trackers of `uids` in one read (null for who has not synced yet): their heads, which
 * hold the eight weeks and the recent days (a split tracker's closed months are not read).
 */
export async function trackersOf(db: Firestore, uids: string[]): Promise<Map<string, TrackerData | null>> {
  if (uids.length === 0) return new Map();
  const snaps = await db.getAll(...uids.map((uid) => trackerRef(db, uid)), { fieldMask: ['data', 'points', 'updatedAt'] });
  return new Map(snaps.map((snap) => [snap.id, trackerFrom(snap)]));
}

/** The stored heads of `uids` with what each says of its closed months, in one read (null for who has not synced yet). */
export async function storedHeadsOf(db: Firestore, uids: string[]): Promise<Map<string, Pick<StoredTracker, 'tracker' | 'closed'> | null>> {
  if (uids.length === 0) return new Map();
  const snaps = await db.getAll(...uids.map((uid) => trackerRef(db, uid)), { fieldMask: ['data', 'points', 'closed', 'updatedAt'] });
  return new Map(snaps.map((snap) => [snap.id, storedTrackerFrom(snap)]));
}

/** A user and their synced tracker, in one read: null for a user there is not, or a tracker not synced yet. */
export async function userWithTracker(db: Firestore, uid: string): Promise<{ stored: StoredUser | null; tracker: TrackerData | null }> {
  const [userSnap, trackerSnap] = await db.getAll(userRef(db, uid), trackerRef(db, uid));
  return { stored: storedUserFrom(userSnap), tracker: trackerSnap ? trackerFrom(trackerSnap) : null };
}

/** A user and their whole synced tracker (its parts read when it has closed months): as userWithTracker. */
export async function userWithWholeTracker(db: Firestore, uid: string): Promise<{ stored: StoredUser | null; tracker: TrackerData | null }> {
  const [userSnap, trackerSnap] = await db.getAll(userRef(db, uid), trackerRef(db, uid));
  const stored = trackerSnap ? storedTrackerFrom(trackerSnap) : null;
  return { stored: storedUserFrom(userSnap), tracker: stored && (await wholeStoredTracker(db, uid, stored)).tracker };
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
