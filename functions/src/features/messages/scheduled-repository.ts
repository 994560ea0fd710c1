import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { Segment } from '@sfida/core/cohort-messages';
import { MAX_SCHEDULED, type ScheduledMessage, type ScheduledStatus } from '@sfida/core/scheduled-messages';
import { isAlreadyExists, unlessItExists } from '../../shared/firestore';

// `scheduledMessages/{coachId}_{requestId}`: a message a coach wrote to go later, with its audience,
// the date and time on the cohort's wall clock, that clock's zone and the instant they make. Once
// sent it is `cohortMessages/` under the same id, through the send path of a message sent at once.
//
// Every change of a waiting message (the job's send, a coach's edit or cancel) first creates
// `scheduledMessageClaims/{id}_v{version}` in the batch that makes it: of two changes of the same
// version, one batch lands and the other gets ALREADY_EXISTS, so a message is sent once and never
// edited once the job took it. An edit moves the message to the next version.

export interface ScheduledDoc {
  cohortId: string;
  coachId: string;
  coachName: string;
  text: string;
  segment: Segment;
  /** The picked participants (segment `picked`), else null. */
  userIds: string[] | null;
  /** The coaches' tag (segment `tag`); null or missing otherwise. */
  tag?: string | null;
  date: string;
  time: string;
  timeZone: string;
  dueAt: Timestamp;
  status: ScheduledStatus;
  version: number;
  /** When the job took it (status `sending`): one left there for a while was cut short, and is finished by a later run. */
  claimedAt: Timestamp | null;
  /** Why it was not sent (status `failed`). */
  failure: string | null;
  recipientCount: number | null;
  createdAt: string;
  updatedAt: string;
}

/** A change of a waiting message: the job's, or a coach's. */
export type ClaimAction = 'send' | 'edit' | 'cancel';

/** Waiting, being sent, or not sent and not yet dismissed: what the cohort's list shows. */
const LISTED: ScheduledStatus[] = ['scheduled', 'sending', 'failed'];

function scheduledCollection(db: Firestore) {
  return db.collection('scheduledMessages');
}

function scheduledRef(db: Firestore, id: string) {
  return scheduledCollection(db).doc(id);
}

function claimRef(db: Firestore, id: string, version: number) {
  return db.collection('scheduledMessageClaims').doc(`${id}_v${version}`);
}

export function scheduledMessageOf(id: string, doc: ScheduledDoc): ScheduledMessage {
  return {
    id,
    text: doc.text,
    segment: doc.segment,
    ...(doc.userIds ? { userIds: doc.userIds } : {}),
    ...(doc.tag ? { tag: doc.tag } : {}),
    date: doc.date,
    time: doc.time,
    timeZone: doc.timeZone,
    dueAt: doc.dueAt.toDate().toISOString(),
    status: doc.status,
    failure: doc.failure,
    coachName: doc.coachName,
  };
}

export async function scheduledById(db: Firestore, id: string): Promise<ScheduledDoc | null> {
  const snap = await scheduledRef(db, id).get();
  return snap.exists ? (snap.data() as ScheduledDoc) : null;
}

/** Creates the scheduled message; false when one with its id exists (a retry or a double click). */
export async function createScheduled(db: Firestore, id: string, doc: ScheduledDoc): Promise<boolean> {
  try {
    await scheduledRef(db, id).create(doc);
    return true;
  } catch (error) {
    if (isAlreadyExists(error)) return false;
    throw error;
  }
}

/**
 * Changes version `version` of a waiting message, if nobody else changed it first: the claim and
 * the change land together or not at all. False when another change of that version came first.
 */
export async function claimVersion(db: Firestore, id: string, version: number, action: ClaimAction, change: Partial<ScheduledDoc>, at: Date): Promise<boolean> {
  const batch = db.batch();
  batch.create(claimRef(db, id, version), { action, at: at.toISOString() });
  batch.update(scheduledRef(db, id), change);
  return unlessItExists(() => batch.commit());
}

/** Writes what became of a message the job took (sent, or not). */
export async function settleScheduled(db: Firestore, id: string, change: Pick<ScheduledDoc, 'status' | 'failure' | 'recipientCount' | 'updatedAt'>): Promise<void> {
  await scheduledRef(db, id).update(change);
}

/** Dismisses a message that was not sent: the job never touches one again, so no claim is needed. */
export async function dismissFailed(db: Firestore, id: string, at: Date): Promise<void> {
  await scheduledRef(db, id).update({ status: 'cancelled', updatedAt: at.toISOString() });
}

function listedQuery(db: Firestore, cohortId: string) {
  return scheduledCollection(db).where('cohortId', '==', cohortId).where('status', 'in', LISTED);
}

/** The cohort's waiting messages, soonest first (at most MAX_SCHEDULED exist). */
export async function scheduledOf(db: Firestore, cohortId: string): Promise<Array<{ id: string; doc: ScheduledDoc }>> {
  const snap = await listedQuery(db, cohortId).orderBy('dueAt', 'asc').limit(MAX_SCHEDULED).get();
  return snap.docs.map((doc) => ({ id: doc.id, doc: doc.data() as ScheduledDoc }));
}

/** How many messages the cohort's list holds. */
export async function listedCount(db: Firestore, cohortId: string): Promise<number> {
  const snap = await listedQuery(db, cohortId).count().get();
  return snap.data().count;
}

/** Waiting messages whose instant has come, soonest first. */
export async function dueScheduled(db: Firestore, now: Date, limit: number): Promise<Array<{ id: string; doc: ScheduledDoc }>> {
  const snap = await scheduledCollection(db).where('status', '==', 'scheduled').where('dueAt', '<=', Timestamp.fromDate(now)).orderBy('dueAt', 'asc').limit(limit).get();
  return snap.docs.map((doc) => ({ id: doc.id, doc: doc.data() as ScheduledDoc }));
}

/** Messages a run took before `before` and did not finish (it stopped half-way). */
export async function stalledScheduled(db: Firestore, before: Date, limit: number): Promise<Array<{ id: string; doc: ScheduledDoc }>> {
  const snap = await scheduledCollection(db).where('status', '==', 'sending').where('claimedAt', '<=', Timestamp.fromDate(before)).orderBy('claimedAt', 'asc').limit(limit).get();
  return snap.docs.map((doc) => ({ id: doc.id, doc: doc.data() as ScheduledDoc }));
}
