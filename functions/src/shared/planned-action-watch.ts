import { Timestamp, type Firestore, type WriteBatch } from 'firebase-admin/firestore';

// `plannedActionWatch/{uid}`: when the reminders job should next look at a participant's if-then
// plans (core/src/planned-actions.ts): the earliest planned moment of an action not yet done. The
// tracker's sync writes it when that moment changes; the job (features/notifications) reads only
// the documents whose moment has passed, and moves each to the next one or removes it. So the job
// reads who has a plan due now, never the cohorts (docs/decisions/038-if-then-plans.md).

export interface PlannedActionWatchDoc {
  uid: string;
  dueAt: Timestamp;
}

export function plannedActionWatchCollection(db: Firestore) {
  return db.collection('plannedActionWatch');
}

export function plannedActionWatchRef(db: Firestore, uid: string) {
  return plannedActionWatchCollection(db).doc(uid);
}

/** Adds to `batch` the participant's next look (a moment), or its removal (null). */
export function watchPlannedActions(db: Firestore, batch: WriteBatch, uid: string, dueAt: Date | null): void {
  if (dueAt === null) batch.delete(plannedActionWatchRef(db, uid));
  else batch.set(plannedActionWatchRef(db, uid), { uid, dueAt: Timestamp.fromDate(dueAt) } satisfies PlannedActionWatchDoc);
}

/** The participants whose planned moment has come at `now`, earliest first. */
export async function duePlannedActionWatches(db: Firestore, now: Date, limit: number) {
  return (await plannedActionWatchCollection(db).where('dueAt', '<=', Timestamp.fromDate(now)).orderBy('dueAt').limit(limit).get()).docs;
}
