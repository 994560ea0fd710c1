import type { App } from 'firebase-admin/app';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { PushPayload } from '@sfida/core/notifications';
import type { PushConfig } from '../config';
import { sha256Hex } from './crypto';
import { toUser, userRef } from './user-repository';
import { unlessItExists } from './firestore';
import { recipientsOfMessage } from './cohort-message-repository';
import { coachMessagePush } from '@sfida/core/notifications';
import { createInboxCopies, type InboxCopy } from './inbox-repository';
import { copyFor, messagePushKey, type MessageOfTask } from './message-copies';
import { deliverPushes, settingsFrom, settingsRef, subscriptionsOf, type Delivery, type DeliveryGuard, type NotificationTopic, type PushDeps } from './push-notifier';

// Pushes to many people leave the request (or the job) that causes them: a message to a segment
// and a round of reminders store what they must and enqueue the pushes as tasks of at most
// TASK_ITEMS recipients; the `pushDeliveries` function (index.ts, a Cloud Tasks queue) sends them.
// A message's task carries the message once and its recipients' ids: it reads their user documents,
// writes each one's inbox copy (filled for them) and then pushes it. The request then stores only the
// message and its recipients' ids, and enqueues ids: past TASK_ITEMS recipients, one task naming the
// message, which reads its recipients and enqueues their tasks when it runs, whatever the segment's size.
// Cloud Tasks delivers a task at least once and retries it when it fails, so each push to a device
// is claimed first: `pushDeliveries/{sha256(key, endpoint)}` is created just before the push goes
// and marked `sent` as soon as it is answered, so a claim is open for one push (at most its
// timeout), never for a whole task. A retry skips what is sent; a push that failed for a while (no answer, 429,
// 5xx) gives its claim back and asks for the task again. A claim left `claimed` by an attempt that
// died between claim and send is taken over once CLAIM_LEASE_MS has passed (longer than an attempt
// may run): that push may then reach the device twice, which shows once, since a notification with
// the same tag replaces the one showing. We prefer that to a push never sent.

/** One recipient's push: `key` names it once (with each device's endpoint, the claim's id). */
export interface PushItem {
  uid: string;
  key: string;
  /** Absent in a message's task: the copy filled for the recipient when the task runs says it. */
  payload?: PushPayload;
}

/** A push whose payload is known. */
type ReadyItem = Required<PushItem> & { inbox?: InboxCopy };

/** A task of the queue: pushes to a slice of recipients. */
export interface PushTask {
  /** The setting a recipient may have turned off (read when the task runs); null: the sender checked it. */
  topic: NotificationTopic | null;
  /** How long the push service keeps a push for a device that is off, in seconds. */
  ttlSeconds: number;
  items: PushItem[];
  /** A coach's message: each recipient's copy is written (once) before their push, devices or not. */
  message?: MessageOfTask;
  /**
   * A large message whose recipients are not yet split into tasks (no items then): the task reads
   * them from the stored message and enqueues theirs, so the coach's request enqueues one small task
   * whatever the segment's size.
   */
  recipientsOfMessage?: true;
}

/** Where the pushes wait: Cloud Tasks (its emulator locally), or the API tests' in-process stand-in. */
export interface PushQueue {
  enqueue(tasks: PushTask[]): Promise<void>;
}

export interface PushTaskReport {
  sent: number;
  failed: number;
  /** Subscriptions the push service no longer knows, now removed. */
  removed: number;
  /** Deliveries an earlier attempt already made. */
  skipped: number;
  /** True when something is left to do: the queue must run the task again later. */
  retry: boolean;
}

/** The queue's function, and its region (the API's). */
export const PUSH_QUEUE_FUNCTION = 'pushDeliveries';
export const PUSH_QUEUE_REGION = 'europe-west1';
/** Recipients per task: a task's pushes (10 at a time, see deliverPushes) end well within its timeout. */
const TASK_ITEMS = 200;
/** A task's JSON stays under this (the emulator's body limit is 100 kB once base64-encoded). */
const TASK_BYTES = 60_000;
/** Tasks enqueued at once (each is one request to Cloud Tasks). */
const ENQUEUE_CONCURRENCY = 20;
/** A claim older than this, never marked sent, was left by an attempt that died: a retry takes it over. Far longer than one push. */
export const CLAIM_LEASE_MS = 6 * 60 * 1000;
/** Claims expire (a TTL policy on this field) once no retry could want them. */
export const CLAIM_TTL_FIELD = 'expireAt';
const CLAIM_TTL_MS = 8 * 24 * 60 * 60 * 1000;

/** `items` in tasks of at most TASK_ITEMS recipients and TASK_BYTES of JSON (each task with `message`, when given). */
export function pushTasks(items: PushItem[], topic: NotificationTopic | null, ttlSeconds: number, message?: MessageOfTask): PushTask[] {
  const tasks: PushTask[] = [];
  const task = (taskItems: PushItem[]): PushTask => ({ topic, ttlSeconds, items: taskItems, ...(message ? { message } : {}) });
  const base = JSON.stringify(task([])).length;
  let current: PushItem[] = [];
  let bytes = base;
  for (const item of items) {
    const size = JSON.stringify(item).length + 1;
    if (current.length > 0 && (current.length >= TASK_ITEMS || bytes + size > TASK_BYTES)) {
      tasks.push(task(current));
      current = [];
      bytes = base;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length > 0) tasks.push(task(current));
  return tasks;
}

/**
 * A message's tasks: up to TASK_ITEMS recipients, their task itself; more, one task that reads them
 * from the stored message (shared/cohort-message-repository.ts) and enqueues their tasks when it
 * runs. A retry of it enqueues them again, which sends nothing twice (copies are created once,
 * pushes claimed once).
 */
export function messageTasks(recipientIds: string[], topic: NotificationTopic | null, ttlSeconds: number, message: MessageOfTask): PushTask[] {
  if (recipientIds.length <= TASK_ITEMS) return pushTasks(recipientItems(recipientIds, message), topic, ttlSeconds, message);
  return [{ topic, ttlSeconds, items: [], message, recipientsOfMessage: true }];
}

function recipientItems(recipientIds: string[], message: MessageOfTask): PushItem[] {
  return recipientIds.map((uid) => ({ uid, key: messagePushKey(message.id, uid) }));
}

/**
 * A message's items with their copies and payloads, from the recipients' user documents (one read
 * of at most TASK_ITEMS). A recipient no longer a participant of the message's cohort (or gone)
 * gets nothing: the member index the send read may name one a moment stale.
 */
async function messageItems(db: Firestore, message: MessageOfTask, items: PushItem[]): Promise<ReadyItem[]> {
  if (items.length === 0) return [];
  const snaps = await db.getAll(...items.map((item) => userRef(db, item.uid)));
  const ready: ReadyItem[] = [];
  for (const [index, item] of items.entries()) {
    const snap = snaps[index];
    if (!snap?.exists || snap.get('cohortId') !== message.cohortId || snap.get('role') !== 'PARTICIPANT') continue;
    const inbox = copyFor(toUser(snap), message);
    ready.push({ uid: item.uid, key: item.key, payload: coachMessagePush(message.coachName, inbox.doc.text, message.id), inbox });
  }
  return ready;
}

/** Runs `work` over `values`, at most `limit` at once. */
async function eachLimited<T>(values: T[], limit: number, work: (value: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < values.length) await work(values[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, values.length) }, worker));
}

/**
 * Cloud Tasks through the Admin SDK: the queue of the `pushDeliveries` function. In the emulators
 * the SDK reaches the Cloud Tasks emulator (CLOUD_TASKS_EMULATOR_HOST, which the Functions
 * emulator sets for its functions and the local stack for its jobs).
 */
export function cloudTasksPushQueue(app: App): PushQueue {
  return {
    async enqueue(tasks) {
      if (tasks.length === 0) return;
      // Loaded on the first fan-out, not at every cold start of the API.
      const { getFunctions } = await import('firebase-admin/functions');
      const queue = getFunctions(app).taskQueue<PushTask>(`locations/${PUSH_QUEUE_REGION}/functions/${PUSH_QUEUE_FUNCTION}`);
      await eachLimited(tasks, ENQUEUE_CONCURRENCY, (task) => queue.enqueue(task));
    },
  };
}

function claimsCollection(db: Firestore) {
  return db.collection('pushDeliveries');
}

type Claim = 'mine' | 'sent' | 'busy';

/** Claims one delivery: 'mine' to send, 'sent' by an earlier attempt, 'busy' while another attempt holds it. */
async function claim(db: Firestore, id: string, key: string, now: Date): Promise<Claim> {
  const ref = claimsCollection(db).doc(id);
  const fresh = { key, status: 'claimed', claimedAt: Timestamp.fromDate(now), [CLAIM_TTL_FIELD]: Timestamp.fromMillis(now.getTime() + CLAIM_TTL_MS) };
  if (await unlessItExists(() => ref.create(fresh))) return 'mine';
  return db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) {
      tx.create(ref, fresh);
      return 'mine';
    }
    if (snap.get('status') === 'sent') return 'sent';
    const claimedAt = snap.get('claimedAt') as Timestamp;
    if (now.getTime() - claimedAt.toMillis() < CLAIM_LEASE_MS) return 'busy';
    // An attempt that died between its claim and its push: this one sends instead.
    tx.update(ref, { claimedAt: fresh.claimedAt });
    return 'mine';
  });
}

/**
 * Runs one task: a message's inbox copies, then each recipient's devices (unless they turned
 * `topic` off), each push claimed before it goes. Never throws for a push that fails: it says `retry` instead, and the queue runs
 * the task again; what was sent is then skipped.
 */
export async function runPushTask(
  deps: PushDeps & { config: { push: PushConfig | null }; pushQueue: PushQueue; clock: () => Date },
  task: PushTask,
): Promise<PushTaskReport> {
  const { db, config } = deps;
  const report: PushTaskReport = { sent: 0, failed: 0, removed: 0, skipped: 0, retry: false };
  if (task.recipientsOfMessage && task.message) {
    const recipientIds = (await recipientsOfMessage(db, task.message.id)) ?? [];
    await deps.pushQueue.enqueue(pushTasks(recipientItems(recipientIds, task.message), task.topic, task.ttlSeconds, task.message));
    return report;
  }
  const items: ReadyItem[] = task.message ? await messageItems(db, task.message, task.items) : task.items.filter((item): item is ReadyItem => item.payload !== undefined);
  // The copies first: a participant whose phone shows the push finds the message in the app.
  await createInboxCopies(db, items.flatMap((item) => (item.inbox ? [item.inbox] : [])));
  if (!config.push || items.length === 0) return report;
  const devices = await subscriptionsOf(db, items.map((item) => item.uid));
  const withDevices = items.filter((item) => devices.has(item.uid));
  if (withDevices.length === 0) return report;
  let wanted = withDevices;
  if (task.topic !== null) {
    const topic = task.topic;
    const uids = [...new Set(withDevices.map((item) => item.uid))];
    const settings = await db.getAll(...uids.map((uid) => settingsRef(db, uid)));
    const on = new Set(uids.filter((_, index) => settingsFrom(settings[index]?.data())[topic]));
    wanted = withDevices.filter((item) => on.has(item.uid));
  }
  const candidates = wanted.flatMap((item) =>
    (devices.get(item.uid) ?? []).map((subscription) => ({ id: sha256Hex(`${item.key}\n${subscription.endpoint}`), key: item.key, delivery: { subscription, payload: item.payload, ttlSeconds: task.ttlSeconds } satisfies Delivery })),
  );
  // Each push is claimed just before it goes and marked right after, so a claim stays open for
  // one push however long the task runs: only an attempt that died inside that moment leaves one
  // for a retry to take over once CLAIM_LEASE_MS has passed.
  let busy = false;
  const guard: DeliveryGuard = {
    async claim(index) {
      const outcome = await claim(db, candidates[index]!.id, candidates[index]!.key, deps.clock());
      if (outcome === 'sent') report.skipped++;
      if (outcome === 'busy') busy = true;
      return outcome === 'mine';
    },
    async settle(index, outcome) {
      const ref = claimsCollection(db).doc(candidates[index]!.id);
      // A push that failed for a while is given back: a later attempt claims and sends it.
      if (outcome === 'failed') await ref.delete();
      else await ref.update({ status: 'sent' });
    },
  };
  const delivered = await deliverPushes(deps, config.push, candidates.map((candidate) => candidate.delivery), guard);
  report.sent = delivered.sent;
  report.failed = delivered.failed;
  report.removed = delivered.removed;
  // Failed pushes, or pushes another attempt holds (sent by it, or left if it died): run again later.
  report.retry = busy || delivered.outcomes.includes('failed');
  return report;
}
