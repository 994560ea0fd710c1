import {
  notificationMessages,
  type NotificationSettings,
  type NotificationsResponse,
  type PushSubscriptionRequest,
} from '@sfida/core/notifications';
import type { User } from '@sfida/core/user';
import type { Config } from '../../config';
import type { Deps } from '../../deps';
import { badRequest, HttpError } from '../../shared/http-error';
import { isPushServiceEndpoint, type SubscriptionDoc } from '../../shared/push-notifier';
import {
  deleteSubscription,
  deleteSubscriptions,
  hasDevice,
  saveSubscription,
  settingsOf,
  storeSettings,
  subscriptionOwner,
  subscriptionsOfUser,
  writeSchedule,
} from './repository';

/** Devices one account may have subscribed at once. */
export const MAX_DEVICES = 10;

export interface NotificationsDeps {
  db: Deps['db'];
  config: Pick<Config, 'push' | 'emulated'>;
  clock: () => Date;
}

/** Reminders are for participants: a coach has no challenge to be reminded of. */
async function rescheduleReminders(deps: NotificationsDeps, user: User, settings: NotificationSettings, device: boolean): Promise<void> {
  const participant = user.role === 'PARTICIPANT';
  await writeSchedule(deps.db, user.id, { prefs: settings.reminders, timeZone: user.timeZone, challengeStartDate: user.challengeStartDate, hasDevice: participant && device, now: deps.clock() });
}

export async function notificationsOf(deps: NotificationsDeps, user: User): Promise<NotificationsResponse> {
  return { publicKey: deps.config.push?.publicKey ?? null, settings: await settingsOf(deps.db, user.id) };
}

export async function saveSettings(deps: NotificationsDeps, user: User, settings: NotificationSettings): Promise<NotificationsResponse> {
  await storeSettings(deps.db, user.id, settings, deps.clock().toISOString());
  await rescheduleReminders(deps, user, settings, await hasDevice(deps.db, user.id));
  return { publicKey: deps.config.push?.publicKey ?? null, settings };
}

function assertPushAvailable(deps: NotificationsDeps): void {
  if (!deps.config.push) throw new HttpError(503, notificationMessages.pushNotConfigured);
}

/**
 * Stores this device's subscription for the caller. A browser has one subscription: if another
 * account subscribed it before (a shared computer), it is the caller's now.
 */
export async function subscribeDevice(deps: NotificationsDeps, user: User, request: PushSubscriptionRequest): Promise<void> {
  assertPushAvailable(deps);
  if (!isPushServiceEndpoint(request.endpoint, deps.config.emulated)) throw badRequest(notificationMessages.unsupportedPushService);
  if (Buffer.from(request.keys.p256dh, 'base64url').length !== 65 || Buffer.from(request.keys.auth, 'base64url').length !== 16) {
    throw badRequest(notificationMessages.invalidSubscription);
  }
  const doc: SubscriptionDoc = { uid: user.id, endpoint: request.endpoint, keys: request.keys, createdAt: deps.clock().toISOString() };
  await saveSubscription(deps.db, doc);
  // A bounded list per user: the oldest devices go first (a phone replaced, a browser reset).
  const devices = await subscriptionsOfUser(deps.db, user.id);
  if (devices.length > MAX_DEVICES) {
    const oldest = devices.sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt))).slice(0, devices.length - MAX_DEVICES);
    await deleteSubscriptions(deps.db, oldest.map((device) => device.endpoint));
  }
  await rescheduleReminders(deps, user, await settingsOf(deps.db, user.id), true);
}

/** This device stops receiving the caller's notifications (turned off, or signing out). */
export async function unsubscribeDevice(deps: NotificationsDeps, user: User, endpoint: string): Promise<void> {
  // Another account's device is not the caller's to remove: the answer is the same either way.
  if ((await subscriptionOwner(deps.db, endpoint)) !== user.id) return;
  await deleteSubscription(deps.db, endpoint);
  if (!(await hasDevice(deps.db, user.id))) await rescheduleReminders(deps, user, await settingsOf(deps.db, user.id), false);
}

/** After a change of time zone: the reminders follow the participant's new wall clock. */
export async function followTimeZone(deps: NotificationsDeps, user: User): Promise<void> {
  if (user.role !== 'PARTICIPANT' || !(await hasDevice(deps.db, user.id))) return;
  await rescheduleReminders(deps, user, await settingsOf(deps.db, user.id), true);
}
