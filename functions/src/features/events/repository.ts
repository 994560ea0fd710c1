import type { Firestore, Transaction } from 'firebase-admin/firestore';
import type { Access } from '@sfida/core/packages';
import { MAX_COHORT_EVENTS, type EventInput } from '@sfida/core/events';
import { cohortRef } from '../../shared/cohort-repository';

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

/** Stores a new event of the cohort under a fresh id, and returns the id. */
export async function addEvent(db: Firestore, cohortId: string, data: EventDoc): Promise<string> {
  return (await eventsCollection(db, cohortId).add(data)).id;
}

/** Stores new events of the cohort in one batch (all or none), and returns their ids in order. */
export async function addEvents(db: Firestore, cohortId: string, data: EventDoc[]): Promise<string[]> {
  const batch = db.batch();
  const refs = data.map((event) => {
    const ref = eventsCollection(db, cohortId).doc();
    batch.create(ref, event);
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
    return { ...stored, id: eventId };
  });
}

/** Deletes the cohort's event; false when it has no such event (nothing to delete). */
export async function removeEvent(db: Firestore, cohortId: string, eventId: string): Promise<boolean> {
  const ref = eventRef(db, cohortId, eventId);
  if (!(await ref.get()).exists) return false;
  await ref.delete();
  return true;
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
