import { FieldPath, Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import type { Access } from '@sfida/core/packages';
import { MAX_COHORT_EVENTS, type EventInput } from '@sfida/core/events';
import { cohortRef } from '../../shared/cohort-repository';
import { sha256Hex } from '../../shared/crypto';
import { participantFrom, type Participant } from '../../shared/participant-repository';
import { usersCollection } from '../../shared/user-repository';

/** What `cohorts/{cohortId}/events/{eventId}` holds: what the coach wrote, and what calendar apps need to follow its edits. */
export interface EventDoc extends EventInput {
  /** iCalendar's SEQUENCE: 0 when created, one more with each edit, so calendar apps replace their copy. */
  sequence?: number;
  /** When it was created or last edited (ISO instant): the calendar's DTSTAMP. Absent on events stored before it. */
  updatedAt?: string;
}

/**
 * An event as the server works with it: what the coach wrote and the calendar's bookkeeping.
 * `access` and `durationMinutes` are absent on events stored before them (service.ts reads them).
 */
export type StoredEvent = EventDoc & { id: string };

/** `cohorts/{cohortId}/events/{eventId}`: the cohort's calendar. */
export function eventsCollection(db: Firestore, cohortId: string) {
  return cohortRef(db, cohortId).collection('events');
}

export function eventRef(db: Firestore, cohortId: string, eventId: string) {
  return eventsCollection(db, cohortId).doc(eventId);
}

/**
 * `eventStarts/{cohortId}_{eventId}`: every event's start, beside it in every write, so that the
 * event-day email finds the events of all cohorts starting soon with one query (the emulator has
 * no collection-group queries, and one per cohort would read every cohort every run).
 */
function eventStartRef(db: Firestore, cohortId: string, eventId: string) {
  return db.collection('eventStarts').doc(`${cohortId}_${eventId}`);
}

function eventStartOf(cohortId: string, eventId: string, startsAt: string) {
  return { cohortId, eventId, startsAt };
}

/** Stores a new event of the cohort under a fresh id, and returns the id. */
export async function addEvent(db: Firestore, cohortId: string, data: EventDoc): Promise<string> {
  return (await addEvents(db, cohortId, [data]))[0]!;
}

/** Stores new events of the cohort in one batch (all or none), and returns their ids in order. */
export async function addEvents(db: Firestore, cohortId: string, data: EventDoc[]): Promise<string[]> {
  const batch = db.batch();
  const refs = data.map((event) => {
    const ref = eventsCollection(db, cohortId).doc();
    batch.create(ref, event);
    batch.set(eventStartRef(db, cohortId, ref.id), eventStartOf(cohortId, ref.id, event.startsAt));
    return ref;
  });
  await batch.commit();
  return refs.map((ref) => ref.id);
}

/** Replaces an event with `data`, one SEQUENCE later; false when there is no such event. */
export async function replaceEvent(db: Firestore, cohortId: string, eventId: string, data: EventDoc): Promise<StoredEvent | null> {
  const ref = eventRef(db, cohortId, eventId);
  return db.runTransaction(async (tx: Transaction) => {
    const snap = await tx.get(ref);
    if (!snap.exists) return null;
    const sequence = ((snap.get('sequence') as number | undefined) ?? 0) + 1;
    const stored: EventDoc = { ...data, sequence };
    tx.set(ref, stored);
    tx.set(eventStartRef(db, cohortId, eventId), eventStartOf(cohortId, eventId, stored.startsAt));
    return { ...stored, id: eventId };
  });
}

/** Deletes the cohort's event; false when it has no such event (nothing to delete). */
export async function removeEvent(db: Firestore, cohortId: string, eventId: string): Promise<boolean> {
  const ref = eventRef(db, cohortId, eventId);
  if (!(await ref.get()).exists) return false;
  const batch = db.batch();
  batch.delete(ref);
  batch.delete(eventStartRef(db, cohortId, eventId));
  await batch.commit();
  return true;
}

/** Writes the starts of the cohort's events (the migration's, for events stored before them). */
export async function writeEventStarts(db: Firestore, cohortId: string, events: StoredEvent[]): Promise<void> {
  if (events.length === 0) return;
  const batch = db.batch();
  for (const event of events) batch.set(eventStartRef(db, cohortId, event.id), eventStartOf(cohortId, event.id, event.startsAt));
  await batch.commit();
}

/** Most events a cohort keeps: an eight-week programme holds a handful, so one bounded read serves them all. */
export const MAX_EVENTS = MAX_COHORT_EVENTS;

const EVENT_FIELDS = ['startsAt', 'title', 'speaker', 'description', 'link', 'durationMinutes', 'access', 'sequence', 'updatedAt'] as const;

function storedEvent(id: string, data: Record<string, unknown>): StoredEvent {
  const picked = Object.fromEntries(EVENT_FIELDS.filter((field) => data[field] !== undefined).map((field) => [field, data[field]]));
  return { ...(picked as unknown as EventDoc), id };
}

export async function listEvents(db: Firestore, cohortId: string): Promise<StoredEvent[]> {
  const snap = await eventsCollection(db, cohortId).orderBy('startsAt').limit(MAX_EVENTS).get();
  return snap.docs.map((doc) => storedEvent(doc.id, doc.data()));
}

export async function getEvent(db: Firestore, cohortId: string, eventId: string): Promise<StoredEvent | null> {
  const snap = await eventRef(db, cohortId, eventId).get();
  return snap.exists ? storedEvent(snap.id, snap.data()!) : null;
}

export async function countEvents(db: Firestore, cohortId: string): Promise<number> {
  const snap = await eventsCollection(db, cohortId).count().get();
  return snap.data().count;
}

/** Writes `access` on the cohort's events named in `accessById`, in one batch (the migration's). */
export async function writeEventAccess(db: Firestore, cohortId: string, accessById: Map<string, Access>): Promise<void> {
  if (accessById.size === 0) return;
  const batch = db.batch();
  for (const [eventId, access] of accessById) batch.update(eventRef(db, cohortId, eventId), { access });
  await batch.commit();
}

/**
 * `calendarFeeds/{userId}`: a participant's private calendar link. Only the SHA-256 of its token
 * is kept (the link holds the token), so a copy of the database opens no one's calendar.
 */
export interface CalendarFeedDoc {
  tokenHash: string;
  createdAt: string;
}

function calendarFeeds(db: Firestore) {
  return db.collection('calendarFeeds');
}

export async function getCalendarFeed(db: Firestore, userId: string): Promise<CalendarFeedDoc | null> {
  const snap = await calendarFeeds(db).doc(userId).get();
  return snap.exists ? (snap.data() as CalendarFeedDoc) : null;
}

/** The participant's link from now on: the one before stops working. */
export async function putCalendarFeed(db: Firestore, userId: string, feed: CalendarFeedDoc): Promise<void> {
  await calendarFeeds(db).doc(userId).set(feed);
}

export async function deleteCalendarFeed(db: Firestore, userId: string): Promise<void> {
  await calendarFeeds(db).doc(userId).delete();
}

/** The participant whose link's token hashes to `tokenHash`, if any. */
export async function calendarFeedOwner(db: Firestore, tokenHash: string): Promise<string | null> {
  const snap = await calendarFeeds(db).where('tokenHash', '==', tokenHash).limit(1).get();
  return snap.docs[0]?.id ?? null;
}

// The event-day email's bookkeeping (email-job.ts).

/** Every cohort's events starting in [from, to), soonest first: one query of `eventStarts`, then the events by id. */
export async function eventsStartingBetween(db: Firestore, from: Date, to: Date, limit: number): Promise<Array<{ cohortId: string; event: StoredEvent }>> {
  const starts = await db
    .collection('eventStarts')
    .where('startsAt', '>=', from.toISOString())
    .where('startsAt', '<', to.toISOString())
    .orderBy('startsAt')
    .limit(limit)
    .get();
  if (starts.empty) return [];
  const found = starts.docs.map((doc) => ({ cohortId: String(doc.get('cohortId')), eventId: String(doc.get('eventId')) }));
  const snaps = await db.getAll(...found.map(({ cohortId, eventId }) => eventRef(db, cohortId, eventId)));
  // An event deleted with its cohort may leave its start behind: it is skipped.
  return snaps.flatMap((snap, i) => (snap.exists ? [{ cohortId: found[i]!.cohortId, event: storedEvent(snap.id, snap.data()!) }] : []));
}

/** One zone of an event's participants: when their email is due, and how far the sending got (a uid, the last queued). */
export interface EventEmailZone {
  zone: string;
  dueAt: string;
  after: string | null;
  done: boolean;
}

/**
 * `eventEmailPlans/{sha256(cohort, event, start)}`: how far an event's emails got. `survey` reads
 * the cohort once to learn its participants' zones; then each zone is sent at its hour. Keyed by the
 * start, so a moved event starts a plan of its own. Holds no one's data but a cursor's uid.
 */
export interface EventEmailPlan {
  cohortId: string;
  eventId: string;
  startsAt: string;
  survey: { after: string | null; done: boolean };
  zones: EventEmailZone[];
}

/** Plans expire (a TTL policy on this field) once their event is over. */
export const EVENT_EMAIL_PLAN_TTL_FIELD = 'expireAt';
const PLAN_TTL_MS = 2 * 24 * 60 * 60 * 1000;

function eventEmailPlanRef(db: Firestore, cohortId: string, eventId: string, startsAt: string) {
  return db.collection('eventEmailPlans').doc(sha256Hex(`${cohortId}\n${eventId}\n${startsAt}`));
}

/** The plans of `events`, in that order: null where none was started. */
export async function eventEmailPlans(db: Firestore, events: Array<{ cohortId: string; event: StoredEvent }>): Promise<Array<EventEmailPlan | null>> {
  if (events.length === 0) return [];
  const snaps = await db.getAll(...events.map(({ cohortId, event }) => eventEmailPlanRef(db, cohortId, event.id, event.startsAt)));
  return snaps.map((snap) => (snap.exists ? (snap.data() as EventEmailPlan) : null));
}

/** Writes the whole plan (the emulator refuses dotted paths). */
export async function putEventEmailPlan(db: Firestore, plan: EventEmailPlan): Promise<void> {
  await eventEmailPlanRef(db, plan.cohortId, plan.eventId, plan.startsAt).set({
    ...plan,
    [EVENT_EMAIL_PLAN_TTL_FIELD]: Timestamp.fromMillis(Date.parse(plan.startsAt) + PLAN_TTL_MS),
  });
}

/**
 * A page of the cohort's participants in `zone`, in document-id order after `after` (a range on
 * the id, not a cursor: the emulator ignores cursors). `more`: another page follows.
 */
export async function participantsInZone(db: Firestore, cohortId: string, zone: string, after: string | null, limit: number): Promise<{ participants: Participant[]; more: boolean }> {
  let query = usersCollection(db).where('cohortId', '==', cohortId).where('role', '==', 'PARTICIPANT').where('timeZone', '==', zone);
  if (after !== null) query = query.where(FieldPath.documentId(), '>', after);
  const snap = await query.orderBy(FieldPath.documentId()).limit(limit + 1).get();
  return { participants: snap.docs.slice(0, limit).map(participantFrom), more: snap.size > limit };
}
