import type { Agent } from 'node:https';
import type { Firestore } from 'firebase-admin/firestore';
import { DEFAULT_NOTIFICATION_SETTINGS, notificationSettingsSchema, type NotificationSettings, type PushPayload } from '@sfida/core/notifications';
import type { PushConfig } from '../config';
import { sha256Hex } from './crypto';
import type * as WebPushModule from 'web-push';

// Web Push: each device a user turned notifications on for is a subscription, keyed by its
// endpoint's hash (`pushSubscriptions/{sha256(endpoint)}`), so a browser is one subscription and
// belongs to whoever subscribed it last. Their settings are `notificationSettings/{uid}`. Coaches'
// replies, messages and mood alerts (the features that cause them) and the reminders job send
// through here; a push service that says the subscription is gone (404/410) removes it, and so
// does an endpoint that is not a push service's.

export interface SubscriptionDoc {
  uid: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  createdAt: string;
}

export type NotificationTopic = 'coachReplies' | 'coachMessages' | 'moodAlerts' | 'participantMessages' | 'highFives';

export function subscriptionsCollection(db: Firestore) {
  return db.collection('pushSubscriptions');
}

export function subscriptionRef(db: Firestore, endpoint: string) {
  return subscriptionsCollection(db).doc(sha256Hex(endpoint));
}

export function settingsRef(db: Firestore, uid: string) {
  return db.collection('notificationSettings').doc(uid);
}

/** Stored settings, or the defaults for a user who never saved any (or whose stored copy is unreadable). */
export function settingsFrom(data: unknown): NotificationSettings {
  const parsed = notificationSettingsSchema.safeParse((data as { settings?: unknown } | undefined)?.settings);
  return parsed.success ? parsed.data : DEFAULT_NOTIFICATION_SETTINGS;
}

/** `in` queries take at most 30 values. */
const IN_LIMIT = 30;

/** The devices of `uids`, by user: one query per 30 users. */
export async function subscriptionsOf(db: Firestore, uids: string[]): Promise<Map<string, SubscriptionDoc[]>> {
  const byUser = new Map<string, SubscriptionDoc[]>();
  const unique = [...new Set(uids)];
  const chunks: string[][] = [];
  for (let i = 0; i < unique.length; i += IN_LIMIT) chunks.push(unique.slice(i, i + IN_LIMIT));
  const snaps = await Promise.all(chunks.map((chunk) => subscriptionsCollection(db).where('uid', 'in', chunk).get()));
  for (const doc of snaps.flatMap((snap) => snap.docs)) {
    const subscription = doc.data() as SubscriptionDoc;
    byUser.set(subscription.uid, [...(byUser.get(subscription.uid) ?? []), subscription]);
  }
  return byUser;
}

export interface Delivery {
  subscription: SubscriptionDoc;
  payload: PushPayload;
  /** How long the push service keeps it for a device that is off, in seconds. */
  ttlSeconds: number;
}

export interface DeliveryReport {
  sent: number;
  failed: number;
  /** Subscriptions the push service no longer knows, now removed. */
  removed: number;
}

/**
 * What became of one delivery: accepted by the push service; failed for a while (no answer, 429,
 * 5xx: worth trying again); refused for good (another 4xx); or its subscription gone (404, 410).
 */
export type DeliveryOutcome = 'sent' | 'failed' | 'refused' | 'gone';

/**
 * Brackets each delivery: `claim` just before it goes (false: another attempt owns it, skip it),
 * `settle` as soon as its outcome is known. A delivery is then held for the length of one push,
 * however long the whole batch takes.
 */
export interface DeliveryGuard {
  claim(index: number): Promise<boolean>;
  settle(index: number, outcome: DeliveryOutcome): Promise<void>;
}

/** Sends at most this many pushes at once (each is one HTTPS request to a push service). */
const CONCURRENCY = 10;
const PUSH_TIMEOUT_MS = 10_000;

/** What sending needs: the database, whether local push services count (the emulators), the agent that reaches them in tests. */
export interface PushDeps {
  db: Firestore;
  config: { emulated: boolean };
  pushAgent?: Agent;
}

/**
 * Sends each delivery; removes the subscriptions the push service answers 404 or 410 for, and
 * those whose endpoint is not a push service's (stored before subscribing checked it as strictly).
 * Never throws for a push that fails: a notification is a courtesy, never the reason a reply or
 * a message fails.
 */
export async function deliverPushes(
  deps: PushDeps,
  push: PushConfig,
  deliveries: Delivery[],
  guard?: DeliveryGuard,
): Promise<DeliveryReport & { outcomes: Array<DeliveryOutcome | 'skipped'> }> {
  const { db, pushAgent: agent } = deps;
  const outcomes: Array<DeliveryOutcome | 'skipped'> = [];
  const report = { sent: 0, failed: 0, removed: 0, outcomes };
  if (deliveries.length === 0) return report;
  // Loaded on the first push, not at every cold start of the API.
  const webPush = (await import('web-push')).default;
  const gone = new Set<string>();
  let next = 0;
  async function worker(): Promise<void> {
    while (next < deliveries.length) {
      const index = next++;
      const delivery = deliveries[index]!;
      if (guard && !(await guard.claim(index))) {
        outcomes[index] = 'skipped';
        continue;
      }
      const { endpoint } = delivery.subscription;
      const outcome = isPushServiceEndpoint(endpoint, deps.config.emulated) ? await sendOne(webPush, push, delivery, agent) : 'gone';
      if (outcome === 'sent') report.sent++;
      if (outcome === 'failed' || outcome === 'refused') report.failed++;
      if (outcome === 'gone') gone.add(endpoint);
      outcomes[index] = outcome;
      await guard?.settle(index, outcome);
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, deliveries.length) }, worker));
  if (gone.size > 0) {
    const batch = db.batch();
    for (const endpoint of gone) batch.delete(subscriptionRef(db, endpoint));
    await batch.commit();
    report.removed = gone.size;
  }
  return report;
}

type WebPush = typeof WebPushModule;

async function sendOne(webPush: WebPush, push: PushConfig, { subscription, payload, ttlSeconds }: Delivery, agent: Agent | undefined): Promise<DeliveryOutcome> {
  try {
    await webPush.sendNotification({ endpoint: subscription.endpoint, keys: subscription.keys }, JSON.stringify(payload), {
      vapidDetails: { subject: push.subject, publicKey: push.publicKey, privateKey: push.privateKey },
      TTL: ttlSeconds,
      urgency: 'normal',
      timeout: PUSH_TIMEOUT_MS,
      ...(agent ? { agent } : {}),
    });
    return 'sent';
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (status === 404 || status === 410) return 'gone';
    console.warn('Notifica push non inviata', status ?? (error as Error).message);
    return typeof status === 'number' && status >= 400 && status < 500 && status !== 429 ? 'refused' : 'failed';
  }
}

const EVENT_TTL_SECONDS = 24 * 60 * 60;

/**
 * Tells `uids` on each of their devices, unless they turned `topic` off. Reads one query per 30
 * users and the settings of those who have a device; never throws (see deliverPushes).
 */
export async function notifyUsers(
  deps: PushDeps & { config: { push: PushConfig | null } },
  uids: string[],
  topic: NotificationTopic,
  payloadFor: (uid: string) => PushPayload,
): Promise<DeliveryReport> {
  const { db, config } = deps;
  try {
    if (!config.push || uids.length === 0) return { sent: 0, failed: 0, removed: 0 };
    const devices = await subscriptionsOf(db, uids);
    if (devices.size === 0) return { sent: 0, failed: 0, removed: 0 };
    const withDevices = [...devices.keys()];
    const settings = await db.getAll(...withDevices.map((uid) => settingsRef(db, uid)));
    const deliveries: Delivery[] = [];
    withDevices.forEach((uid, index) => {
      if (!settingsFrom(settings[index]?.data())[topic]) return;
      const payload = payloadFor(uid);
      for (const subscription of devices.get(uid) ?? []) deliveries.push({ subscription, payload, ttlSeconds: EVENT_TTL_SECONDS });
    });
    return await deliverPushes(deps, config.push, deliveries);
  } catch (error) {
    console.warn('Notifiche push non inviate', error);
    return { sent: 0, failed: uids.length, removed: 0 };
  }
}

/**
 * Whether `endpoint` is a push service's, written as a browser's PushSubscription gives it:
 * `https://`, an allow-listed host in lower case, at most the default port, then the path; printable
 * ASCII, no user info, no backslash. The raw string is checked as well as the parsed URL, since
 * parsers differ on anything looser: the WHATWG parser reads `https:fcm.googleapis.com/x` as that
 * host, Node's url.parse (which web-push sends with) as none, so localhost.
 */
export function isPushServiceEndpoint(endpoint: string, allowLocal: boolean): boolean {
  const start = /^https:\/\/([a-z0-9.-]+)(?::(\d+))?(?=[/?#]|$)/.exec(endpoint);
  if (!start || !/^[\x21-\x7e]*$/.test(endpoint) || endpoint.includes('\\')) return false;
  const host = start[1]!;
  const port = start[2];
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  // The host read is the host written (`0x7f.1` would be read as 127.0.0.1).
  if (url.hostname !== host) return false;
  // Local push services stand in for the real ones in the emulators and tests only.
  if (allowLocal && (host === '127.0.0.1' || host === 'localhost')) return true;
  if (port !== undefined && port !== '443') return false;
  return PUSH_SERVICE_HOSTS.some((pattern) => pattern.test(host));
}

// Chrome and Edge (FCM), Firefox (Mozilla autopush), Safari (Apple), legacy Edge (WNS). Sending only
// to these keeps a crafted subscription from turning the server into a client of any other address.
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /^([a-z0-9-]+\.)*push\.services\.mozilla\.com$/,
  /^([a-z0-9-]+\.)*push\.apple\.com$/,
  /^([a-z0-9-]+\.)*notify\.windows\.com$/,
];
