import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { IsoDate } from '@sfida/core/iso-date';
import type { NotificationSettings, PushPayload } from '@sfida/core/notifications';
import { nextReminderAt, type DueReminder, type ReminderKind, type ReminderPrefs } from '@sfida/core/reminders';
import { claimReminderDelivery } from '../../shared/reminder-delivery-repository';
import { settingsFrom, settingsRef, subscriptionRef, subscriptionsCollection, type SubscriptionDoc } from '../../shared/push-notifier';

// When to look at a participant again: `reminderSchedule/{uid}_{kind}` holds the next instant a
// reminder of that kind may be due (its time on their wall clock). The job reads only the
// documents whose instant has passed, so its reads follow who is due now, not the size of the
// cohorts. A participant has them while reminders of that kind are on and one of their devices is
// subscribed. `reminderDeliveries/{uid}_{kind}_{day}` is created before a reminder goes, with its push: a rerun
// cannot send it twice, and the queue's task sends what it holds.

export const REMINDER_KINDS: readonly ReminderKind[] = ['habits', 'checkIn', 'planner'];

export interface ScheduleDoc {
  uid: string;
  kind: ReminderKind;
  dueAt: Timestamp;
}

export function scheduleCollection(db: Firestore) {
  return db.collection('reminderSchedule');
}

export function scheduleRef(db: Firestore, uid: string, kind: ReminderKind) {
  return scheduleCollection(db).doc(`${uid}_${kind}`);
}

/** The id of a reminder's delivery marker (shared/reminder-delivery-repository.ts): once per participant, kind and day. */
export function deliveryId(uid: string, reminder: Pick<DueReminder, 'kind' | 'day'>): string {
  return `${uid}_${reminder.kind}_${reminder.day}`;
}

/** The schedule documents due at `now`, earliest first. */
export async function dueSchedules(db: Firestore, now: Date, limit: number) {
  return (await scheduleCollection(db).where('dueAt', '<=', Timestamp.fromDate(now)).orderBy('dueAt').limit(limit).get()).docs;
}

/**
 * Writes a participant's schedule from their settings: a document per kind that is on, when one
 * of their devices is subscribed; none otherwise.
 */
export async function writeSchedule(
  db: Firestore,
  uid: string,
  input: { prefs: ReminderPrefs; timeZone: string; challengeStartDate: IsoDate | null; hasDevice: boolean; now: Date },
): Promise<void> {
  const batch = db.batch();
  for (const kind of REMINDER_KINDS) {
    const reminder = input.prefs[kind];
    if (input.hasDevice && reminder.enabled) {
      const dueAt = Timestamp.fromDate(nextReminderAt(kind, reminder.time, input.timeZone, input.now, input.challengeStartDate));
      batch.set(scheduleRef(db, uid, kind), { uid, kind, dueAt } satisfies ScheduleDoc);
    } else {
      batch.delete(scheduleRef(db, uid, kind));
    }
  }
  await batch.commit();
}

/** True if this run is the one that sends `reminder` (the marker did not exist); the marker keeps its push for the queue's task. */
export async function claimDelivery(db: Firestore, uid: string, reminder: DueReminder, push: PushPayload, now: Date): Promise<boolean> {
  return claimReminderDelivery(db, deliveryId(uid, reminder), uid, push, now);
}

/** The id of a planned action's reminder's delivery marker. */
export function plannedActionDeliveryId(uid: string, key: string): string {
  return `${uid}_${key}`;
}

/** True if this run is the one that sends the planned action's reminder of `key` (core/src/planned-actions.ts). */
export async function claimPlannedActionDelivery(db: Firestore, uid: string, key: string, push: PushPayload, now: Date): Promise<boolean> {
  return claimReminderDelivery(db, plannedActionDeliveryId(uid, key), uid, push, now);
}

/** The user's notification settings (the defaults where none are stored). */
export async function settingsOf(db: Firestore, uid: string): Promise<NotificationSettings> {
  return settingsFrom((await settingsRef(db, uid).get()).data());
}

export async function storeSettings(db: Firestore, uid: string, settings: NotificationSettings, updatedAt: string): Promise<void> {
  await settingsRef(db, uid).set({ settings, updatedAt });
}

/** True if one of the user's devices is subscribed. */
export async function hasDevice(db: Firestore, uid: string): Promise<boolean> {
  return !(await subscriptionsCollection(db).where('uid', '==', uid).limit(1).get()).empty;
}

/** Stores a device's subscription under its endpoint (whoever it belonged to before). */
export async function saveSubscription(db: Firestore, doc: SubscriptionDoc): Promise<void> {
  await subscriptionRef(db, doc.endpoint).set(doc);
}

/** The user's subscribed devices. */
export async function subscriptionsOfUser(db: Firestore, uid: string): Promise<SubscriptionDoc[]> {
  return (await subscriptionsCollection(db).where('uid', '==', uid).get()).docs.map((doc) => doc.data() as SubscriptionDoc);
}

/** Deletes the subscriptions of these endpoints in one batch. */
export async function deleteSubscriptions(db: Firestore, endpoints: string[]): Promise<void> {
  const batch = db.batch();
  for (const endpoint of endpoints) batch.delete(subscriptionRef(db, endpoint));
  await batch.commit();
}

/** Whose device the subscription of `endpoint` is, or null if none is stored. */
export async function subscriptionOwner(db: Firestore, endpoint: string): Promise<string | null> {
  const snap = await subscriptionRef(db, endpoint).get();
  const uid: unknown = snap.exists ? snap.get('uid') : null;
  return typeof uid === 'string' ? uid : null;
}

export async function deleteSubscription(db: Firestore, endpoint: string): Promise<void> {
  await subscriptionRef(db, endpoint).delete();
}
