import * as z from 'zod/mini';
import { DEFAULT_REMINDER_PREFS, reminderPrefsSchema } from './reminders';

// What a user receives as push notifications: the participant's reminders and the news from
// their coach, and for a coach the hard weeks in their cohorts. Settings belong to the user;
// each device subscribes on its own (a subscription is one browser's Web Push endpoint).

export const notificationMessages = {
  invalidSubscription: 'Iscrizione alle notifiche non valida',
  unsupportedPushService: 'Servizio di notifiche non supportato',
  pushNotConfigured: 'Le notifiche non sono disponibili su questo server',
  invalidSettings: 'Impostazioni delle notifiche non valide',
} as const;

export const notificationSettingsSchema = z.object({
  reminders: reminderPrefsSchema,
  /** The coach answered one of the participant's check-ins. */
  coachReplies: z.boolean(),
  /** The coach sent the participant a message. */
  coachMessages: z.boolean(),
  /** For coaches: a check-in with mood 1–2 arrived in one of their cohorts. */
  moodAlerts: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  reminders: DEFAULT_REMINDER_PREFS,
  coachReplies: true,
  coachMessages: true,
  moodAlerts: true,
};

/** `GET /api/me/notifications` (and the answer of `PUT`). */
export interface NotificationsResponse {
  /** The server's VAPID public key (base64url), for `pushManager.subscribe`; null when push is off. */
  publicKey: string | null;
  settings: NotificationSettings;
}

/** `PUT /api/me/notifications`. */
export const notificationSettingsRequestSchema = z.object({ settings: notificationSettingsSchema });

const base64UrlSchema = (max: number) => z.string().check(z.minLength(1), z.maxLength(max), z.regex(/^[A-Za-z0-9_-]+={0,2}$/));

/** `POST /api/me/push-subscriptions`: a browser's `PushSubscription.toJSON()`. */
export const pushSubscriptionRequestSchema = z.object({
  endpoint: z.string().check(z.minLength(1), z.maxLength(2048)),
  keys: z.object({ p256dh: base64UrlSchema(200), auth: base64UrlSchema(100) }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

/** `POST /api/me/push-subscriptions/remove`: this device stops receiving notifications. */
export const pushUnsubscribeRequestSchema = z.object({ endpoint: z.string().check(z.minLength(1), z.maxLength(2048)) });

/** What the service worker's push handler reads (web/public/push-handler.js). */
export interface PushPayload {
  title: string;
  body: string;
  /** Same-origin path a tap opens. */
  url: string;
  /** One notification per tag: a newer one replaces it. */
  tag: string;
}
