import type { App } from 'firebase-admin/app';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { isDocumentId } from '@sfida/core/document-id';
import { coachMessagePush, type PushPayload } from '@sfida/core/notifications';
import type { PushConfig } from '../config';
import { sha256Hex } from './crypto';
import { toUser, userRef } from './user-repository';
import { unlessItExists } from './firestore';
import { storedMessage, type StoredMessage } from './cohort-message-repository';
import { createInboxCopies, type InboxCopy } from './inbox-repository';
import { copyFor, messagePushKey } from './message-copies';
import { claimedReminders } from './reminder-delivery-repository';
import { firstNameOf } from '@sfida/core/check-in-threads';
import { queueCoachMessageEmails, type FallbackDeps } from './mail/coach-message-emails';
import { deliverPushes, settingsFrom, settingsRef, subscriptionsOf, type Delivery, type DeliveryGuard, type NotificationTopic, type PushDeps } from './push-notifier';

// Pushes to many people leave the request (or the job) that causes them: a message to a segment
// and a round of reminders store what they must and enqueue the pushes as tasks of at most
// TASK_ITEMS recipients; the `pushDeliveries` function (index.ts, a Cloud Tasks queue) sends them.
// A task carries ids only, and nothing it says is believed beyond them: whoever reaches the function
// (locally the Functions emulator answers anyone) could write one. A message's task names the stored
// message and some of its recipients: it reads the message (its text, coach, cohort, time and
// recipients), leaves out anyone it was not sent to or who has left its cohort, writes each one's
// inbox copy (filled for them) and then pushes it. A large message's request enqueues one task naming
// the message alone, which reads its recipients and enqueues their tasks when it runs. A reminder's
// task names the delivery markers the jobs claimed (reminder-delivery-repository.ts), each holding
// its participant and its push. A message's task also queues its email fallback (mail/).
// Cloud Tasks delivers a task at least once and retries it when it fails, so each push to a device
// is claimed first: `pushDeliveries/{sha256(key, endpoint)}` is created just before the push goes
// and marked `sent` as soon as it is answered, so a claim is open for one push (at most its
// timeout), never for a whole task. A retry skips what is sent; a push that failed for a while (no answer, 429,
// 5xx) gives its claim back and asks for the task again. A claim left `claimed` by an attempt that
// died between claim and send is taken over once CLAIM_LEASE_MS has passed (longer than an attempt
// may run): that push may then reach the device twice, which shows once, since a notification with
// the same tag replaces the one showing. We prefer that to a push never sent.

/** A coach's message's task: the message, and some of its recipients (absent: all of them, split into tasks when it runs). */
export interface MessagePushTask {
  messageId: string;
  recipientIds?: string[];
}

/** The reminders' task: the ids of delivery markers the jobs claimed, each with its participant and push. */
export interface ReminderPushTask {
  reminderIds: string[];
}

/** A task of the queue: ids only. */
export type PushTask = MessagePushTask | ReminderPushTask;

/** One recipient's push, once its task has read it: `key` names it once (with each device's endpoint, the claim's id). */
interface ReadyItem {
  uid: string;
  key: string;
  payload: PushPayload;
  inbox?: InboxCopy;
  /** The recipient's first name (a message's email fallback greets them by it). */
  firstName?: string;
  /** Its own time to live, where its kind's is not the one (an account's deletion notice). */
  ttlSeconds?: number;
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
/** A message's push is kept this long for a device that is off; past it, the message's tasks file copies but push nothing. */
export const MESSAGE_PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A reminder older than this is of no use to a device that was off: the push service drops it. */
export const REMINDER_TTL_SECONDS = 2 * 60 * 60;

/** `ids` in slices of at most TASK_ITEMS and TASK_BYTES of JSON, each made a task by `task`. */
function slices(ids: string[], task: (slice: string[]) => PushTask): PushTask[] {
  const tasks: PushTask[] = [];
  const base = JSON.stringify(task([])).length;
  let current: string[] = [];
  let bytes = base;
  for (const id of ids) {
    const size = JSON.stringify(id).length + 1;
    if (current.length > 0 && (current.length >= TASK_ITEMS || bytes + size > TASK_BYTES)) {
      tasks.push(task(current));
      current = [];
      bytes = base;
    }
    current.push(id);
    bytes += size;
  }
  if (current.length > 0) tasks.push(task(current));
  return tasks;
}

/**
 * A message's tasks: up to TASK_ITEMS recipients, their task itself; more, one task naming the
 * message alone, which reads them from the stored message and enqueues their tasks when it runs. A
 * retry of it enqueues them again, which sends nothing twice (copies are created once, pushes claimed once).
 */
export function messageTasks(messageId: string, recipientIds: string[]): PushTask[] {
  return recipientIds.length <= TASK_ITEMS ? recipientTasks(messageId, recipientIds) : [{ messageId }];
}

/** A message's recipients in tasks of their own. */
function recipientTasks(messageId: string, recipientIds: string[]): PushTask[] {
  return slices(recipientIds, (slice) => ({ messageId, recipientIds: slice }));
}

/** The reminders' tasks: the ids of the delivery markers a round claimed. */
export function reminderTasks(reminderIds: string[]): PushTask[] {
  return slices(reminderIds, (slice) => ({ reminderIds: slice }));
}

const isIdList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length <= TASK_ITEMS && value.every((id) => typeof id === 'string' && isDocumentId(id));

/** The task a body names, or null for anything else (it is then ignored, and not asked again). */
export function parsePushTask(body: unknown): PushTask | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { messageId, recipientIds, reminderIds } = body as Record<string, unknown>;
  if (typeof messageId === 'string' && reminderIds === undefined) {
    if (!isDocumentId(messageId) || (recipientIds !== undefined && !isIdList(recipientIds))) return null;
    return recipientIds === undefined ? { messageId } : { messageId, recipientIds };
  }
  if (messageId === undefined && recipientIds === undefined && isIdList(reminderIds)) return { reminderIds };
  return null;
}

/**
 * A message's pushes with their copies, from the stored message and the recipients' user documents
 * (one read of at most TASK_ITEMS). Only its stored recipients count, and of them only those still
 * participants of its cohort: the member index the send read may name one a moment stale.
 */
async function messageItems(db: Firestore, { message, recipientIds: stored }: StoredMessage, uids: string[]): Promise<ReadyItem[]> {
  const sentTo = new Set(stored);
  const wanted = [...new Set(uids)].filter((uid) => sentTo.has(uid));
  if (wanted.length === 0) return [];
  const snaps = await db.getAll(...wanted.map((uid) => userRef(db, uid)));
  const ready: ReadyItem[] = [];
  for (const [index, uid] of wanted.entries()) {
    const snap = snaps[index];
    if (!snap?.exists || snap.get('cohortId') !== message.cohortId || snap.get('role') !== 'PARTICIPANT') continue;
    const user = toUser(snap);
    const inbox = copyFor(user, message);
    ready.push({ uid, key: messagePushKey(message.id, uid), payload: coachMessagePush(message.coachName, inbox.doc.text, message.id), inbox, firstName: firstNameOf(user.name) });
  }
  return ready;
}

/**
 * The claimed reminders a task names, each with the push stored with it. A marker exists only once
 * a job found its reminder due, and expires with the claims that keep its push from going twice.
 */
async function reminderItems(db: Firestore, reminderIds: string[]): Promise<ReadyItem[]> {
  const claimed = await claimedReminders(db, [...new Set(reminderIds)]);
  return claimed.map((reminder) => ({ uid: reminder.uid, key: reminderPushKey(reminder.id), payload: reminder.push, ...(reminder.ttlSeconds ? { ttlSeconds: reminder.ttlSeconds } : {}) }));
}

/** Names a reminder's push once (the claim's key, with each device's endpoint). */
export function reminderPushKey(reminderId: string): string {
  return `reminder:${reminderId}`;
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
 * Runs one task, whoever sent it: what it names is read from the store, and a task naming nothing
 * stored, or a message not sent yet, does nothing. A message's inbox copies come first, then each
 * recipient's devices (unless they turned message pushes off), each push claimed before it goes.
 * Never throws for a push that fails: it says `retry` instead, and the queue runs the task again;
 * what was sent is then skipped.
 */
export async function runPushTask(
  deps: PushDeps & FallbackDeps & { config: { push: PushConfig | null }; pushQueue: PushQueue; clock: () => Date },
  body: unknown,
): Promise<PushTaskReport> {
  const { db, config } = deps;
  const report: PushTaskReport = { sent: 0, failed: 0, removed: 0, skipped: 0, retry: false };
  const task = parsePushTask(body);
  if (!task) return report;
  const now = deps.clock();
  let items: ReadyItem[];
  let topic: NotificationTopic | null;
  let ttlSeconds: number;
  if ('messageId' in task) {
    const stored = await storedMessage(db, task.messageId);
    const sentAt = stored ? Date.parse(stored.message.sentAt) : NaN;
    if (!stored || sentAt > now.getTime()) return report;
    if (!task.recipientIds) {
      await deps.pushQueue.enqueue(recipientTasks(task.messageId, stored.recipientIds));
      return report;
    }
    items = await messageItems(db, stored, task.recipientIds);
    // The copies first: a participant whose phone shows the push finds the message in the app.
    await createInboxCopies(db, items.flatMap((item) => (item.inbox ? [item.inbox] : [])));
    // And by email to those the app no longer reaches (each once, by the message's key).
    const { message } = stored;
    await queueCoachMessageEmails(
      deps,
      { key: `message:${message.id}`, cohortId: message.cohortId, coachName: message.coachName, path: '/messaggi' },
      items.flatMap((item) => (item.inbox ? [{ uid: item.uid, firstName: item.firstName ?? '', text: item.inbox.doc.text }] : [])),
    );
    // A message long sent is filed, not pushed: a push that late would be dropped for a phone that was off.
    if (now.getTime() - sentAt >= MESSAGE_PUSH_TTL_SECONDS * 1000) return report;
    topic = 'coachMessages';
    ttlSeconds = MESSAGE_PUSH_TTL_SECONDS;
  } else {
    items = await reminderItems(db, task.reminderIds);
    // The jobs looked at the participant's settings when they claimed these.
    topic = null;
    ttlSeconds = REMINDER_TTL_SECONDS;
  }
  if (!config.push || items.length === 0) return report;
  const devices = await subscriptionsOf(db, items.map((item) => item.uid));
  const withDevices = items.filter((item) => devices.has(item.uid));
  if (withDevices.length === 0) return report;
  let wanted = withDevices;
  if (topic !== null) {
    const setting = topic;
    const uids = [...new Set(withDevices.map((item) => item.uid))];
    const settings = await db.getAll(...uids.map((uid) => settingsRef(db, uid)));
    const on = new Set(uids.filter((_, index) => settingsFrom(settings[index]?.data())[setting]));
    wanted = withDevices.filter((item) => on.has(item.uid));
  }
  const candidates = wanted.flatMap((item) =>
    (devices.get(item.uid) ?? []).map((subscription) => ({ id: sha256Hex(`${item.key}\n${subscription.endpoint}`), key: item.key, delivery: { subscription, payload: item.payload, ttlSeconds: item.ttlSeconds ?? ttlSeconds } satisfies Delivery })),
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
