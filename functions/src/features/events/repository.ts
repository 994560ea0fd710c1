import type { Firestore } from 'firebase-admin/firestore';
import type { CohortEvent, EventInput } from '@sfida/core/events';
import { cohortRef } from '../../shared/cohort-repository';

/** `cohorts/{cohortId}/events/{eventId}`: the cohort's calendar. */
export function eventsCollection(db: Firestore, cohortId: string) {
  return cohortRef(db, cohortId).collection('events');
}

export function eventRef(db: Firestore, cohortId: string, eventId: string) {
  return eventsCollection(db, cohortId).doc(eventId);
}

/** Stores a new event of the cohort under a fresh id, and returns the id. */
export async function addEvent(db: Firestore, cohortId: string, data: EventInput): Promise<string> {
  return (await eventsCollection(db, cohortId).add(data)).id;
}

/** Most events a cohort keeps: an eight-week programme holds a handful, so one bounded read serves them all. */
export const MAX_EVENTS = 100;

export async function listEvents(db: Firestore, cohortId: string): Promise<CohortEvent[]> {
  const snap = await eventsCollection(db, cohortId).orderBy('startsAt').limit(MAX_EVENTS).get();
  return snap.docs.map((doc) => ({ ...(doc.data() as EventInput), id: doc.id }));
}

export async function countEvents(db: Firestore, cohortId: string): Promise<number> {
  const snap = await eventsCollection(db, cohortId).count().get();
  return snap.data().count;
}
