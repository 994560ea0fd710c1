import * as z from 'zod/mini';
import { inCheckInPeriod, ofCheckInPeriod } from './maintenance';
import { DEFAULT_REMINDER_PREFS, reminderPrefsSchema } from './reminders';

// What a user receives as push notifications: the participant's reminders and the news from
// their coach, and for a coach the hard weeks in their cohorts. Settings belong to the user;
// each device subscribes on its own (a subscription is one browser's Web Push endpoint).

export const notificationMessages = {
  invalidSubscription: 'Iscrizione alle notifiche non valida',
  unsupportedPushService: 'Servizio di notifiche non supportato',
  pushNotConfigured: 'Le notifiche non sono disponibili su questo server',
  invalidSettings: 'Impostazioni delle notifiche non valide',
  quietHoursSameTime: 'Scegli due orari diversi per l’inizio e la fine di “Non disturbare”',
} as const;

export const notificationSettingsSchema = z.object({
  reminders: reminderPrefsSchema,
  /** The coach answered one of the participant's check-ins. */
  coachReplies: z.boolean(),
  /** The coach sent the participant a message. */
  coachMessages: z.boolean(),
  /** For coaches: a check-in with mood 1–2 arrived in one of their cohorts. */
  moodAlerts: z.boolean(),
  /** For coaches: a participant wrote in their conversation ("Messaggi dai partecipanti"). On unless turned off: settings saved before it existed have none. */
  participantMessages: z._default(z.boolean(), true),
  /** For participants: a planned action not done by its time ("Promemoria delle azioni pianificate"). On unless turned off, as above. */
  plannedActions: z._default(z.boolean(), true),
  /** A teammate gave the participant "il cinque" (core/teams.ts). On unless turned off: settings saved before it existed have none. */
  highFives: z._default(z.boolean(), true),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  reminders: DEFAULT_REMINDER_PREFS,
  coachReplies: true,
  coachMessages: true,
  moodAlerts: true,
  participantMessages: true,
  plannedActions: true,
  highFives: true,
};

/** `GET /api/me/notifications` (and the answer of `PUT`). */
export const notificationsResponseSchema = z.object({
  /** The server's VAPID public key (base64url), for `pushManager.subscribe`; null when push is off. */
  publicKey: z.nullable(z.string()),
  settings: notificationSettingsSchema,
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

/**
 * Settings as a user saves them. Quiet hours that begin when they end are refused rather than
 * stored: they would silence nothing, which is not what "Non disturbare" promises. (A stored pair
 * like that, saved before this check, still reads as no quiet hours: see `isQuiet`.)
 */
export const notificationSettingsInputSchema = notificationSettingsSchema.check(
  z.refine((settings) => settings.reminders.quietHours === null || settings.reminders.quietHours.from !== settings.reminders.quietHours.to, {
    error: notificationMessages.quietHoursSameTime,
    path: ['reminders', 'quietHours', 'to'],
  }),
);

/** `PUT /api/me/notifications`. */
export const notificationSettingsRequestSchema = z.object({ settings: notificationSettingsInputSchema }, { error: notificationMessages.invalidSettings });

const invalid = notificationMessages.invalidSubscription;
const base64UrlSchema = (max: number) =>
  z.string({ error: invalid }).check(z.minLength(1, invalid), z.maxLength(max, invalid), z.regex(/^[A-Za-z0-9_-]+={0,2}$/, invalid));
const endpointSchema = z.string({ error: invalid }).check(z.minLength(1, invalid), z.maxLength(2048, invalid));

/** `POST /api/me/push-subscriptions`: a browser's `PushSubscription.toJSON()` (other fields ignored). */
export const pushSubscriptionRequestSchema = z.object({
  endpoint: endpointSchema,
  keys: z.object({ p256dh: base64UrlSchema(200), auth: base64UrlSchema(100) }, { error: invalid }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

/** The answer of `POST /api/me/push-subscriptions` (201). */
export const pushSubscribedAnswerSchema = z.object({ subscribed: z.literal(true) });

/** `POST /api/me/push-subscriptions/remove`: this device stops receiving notifications (204). */
export const pushUnsubscribeRequestSchema = z.object({ endpoint: endpointSchema });

/** What the service worker's push handler reads (web/public/push-handler.js). */
export interface PushPayload {
  title: string;
  body: string;
  /** Same-origin path a tap opens. */
  url: string;
  /** One notification per tag: a newer one replaces it. */
  tag: string;
}

/** What a participant's phone shows when their coach answers a check-in. */
export function coachReplyPush(coachName: string, weekNumber: number): PushPayload {
  return {
    title: 'Il tuo coach ti ha risposto',
    body: `${coachName} ha risposto al tuo check-in ${ofCheckInPeriod(weekNumber)}`,
    url: `/checkin#settimana-${weekNumber}`,
    tag: `risposta-settimana-${weekNumber}`,
  };
}

const MESSAGE_PREVIEW = 120;

/** What a participant's phone shows for a coach's message: the start of it, the rest in the app. */
export function coachMessagePush(coachName: string, text: string, messageId: string): PushPayload {
  return { title: `Messaggio da ${coachName}`, body: pushPreview(text), url: '/messaggi', tag: `messaggio-${messageId}` };
}

/** The start of a message on one line, the rest in the app. */
function pushPreview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MESSAGE_PREVIEW ? `${flat.slice(0, MESSAGE_PREVIEW - 1).trimEnd()}…` : flat;
}

/** What a participant's phone shows for a coach's message in their conversation (under "the coach sent a message"). */
export function conversationMessageToParticipantPush(coachName: string, text: string): PushPayload {
  return { title: `Messaggio da ${coachName}`, body: pushPreview(text), url: '/messaggi', tag: 'conversazione' };
}

/** What a coach's phone shows when a participant writes in their conversation; a tap opens it. */
export function conversationMessageToCoachPush(participantName: string, text: string, path: string, userId: string): PushPayload {
  return { title: `Messaggio da ${participantName}`, body: pushPreview(text), url: path, tag: `conversazione-${userId}` };
}

/** What a coach's phone shows when a hard week's check-in arrives (mood 1–2). */
export function moodAlertPush(participantFirstName: string, mood: number, weekNumber: number, threadId: string): PushPayload {
  return {
    title: 'Check-in da leggere',
    body: `${participantFirstName}: umore ${mood} su 5 ${inCheckInPeriod(weekNumber)}`,
    url: '/coach',
    tag: `umore-${threadId}`,
  };
}
