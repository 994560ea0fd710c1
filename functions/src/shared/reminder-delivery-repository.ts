import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { PushPayload } from '@sfida/core/notifications';
import { unlessItExists } from './firestore';

// `reminderDeliveries/{id}`: a reminder a job decided was due and claimed once (the id names the
// participant, the kind and the day, or the planned action), with the push it sends. The reminder
// jobs (features/notifications) create it; the push queue's tasks name it by id and send the push
// stored here (push-fan-out.ts), so a task's body never says what a phone shows.

/** Delivery markers expire (a TTL policy on this field) once no rerun could want them. */
export const DELIVERY_TTL_FIELD = 'expireAt';
const DELIVERY_MARKER_MS = 8 * 24 * 60 * 60 * 1000;

interface ReminderDeliveryDoc {
  uid: string;
  push: PushPayload;
  /** How long the push service keeps it for a device that is off, when not a reminder's hours (push-fan-out.ts). */
  ttlSeconds?: number;
  claimedAt: Timestamp;
  [DELIVERY_TTL_FIELD]: Timestamp;
}

/** A claimed reminder, as its task reads it. */
export interface ClaimedReminder {
  id: string;
  uid: string;
  push: PushPayload;
  ttlSeconds?: number;
}

function reminderDeliveryRef(db: Firestore, id: string) {
  return db.collection('reminderDeliveries').doc(id);
}

/**
 * True if this run is the one that sends the reminder `id` to `uid` (the marker did not exist); the
 * marker keeps its push, and `ttlSeconds` when it must outlast a reminder's hours for a device that is off.
 */
export async function claimReminderDelivery(db: Firestore, id: string, uid: string, push: PushPayload, now: Date, ttlSeconds?: number): Promise<boolean> {
  const doc: ReminderDeliveryDoc = {
    uid,
    push,
    ...(ttlSeconds === undefined ? {} : { ttlSeconds }),
    claimedAt: Timestamp.fromDate(now),
    [DELIVERY_TTL_FIELD]: Timestamp.fromMillis(now.getTime() + DELIVERY_MARKER_MS),
  };
  return unlessItExists(() => reminderDeliveryRef(db, id).create(doc));
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** The claimed reminders among `ids`, in order; one unknown, or without a push (claimed before markers kept one), is left out. */
export async function claimedReminders(db: Firestore, ids: string[]): Promise<ClaimedReminder[]> {
  if (ids.length === 0) return [];
  const snaps = await db.getAll(...ids.map((id) => reminderDeliveryRef(db, id)));
  const claimed: ClaimedReminder[] = [];
  for (const snap of snaps) {
    if (!snap.exists) continue;
    const { uid, push, ttlSeconds } = snap.data() as Partial<ReminderDeliveryDoc>;
    if (!isText(uid) || !push || ![push.title, push.body, push.url, push.tag].every(isText)) continue;
    const ttl = typeof ttlSeconds === 'number' && Number.isInteger(ttlSeconds) && ttlSeconds > 0 ? { ttlSeconds } : {};
    claimed.push({ id: snap.id, uid, push: { title: push.title, body: push.body, url: push.url, tag: push.tag }, ...ttl });
  }
  return claimed;
}
