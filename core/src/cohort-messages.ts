import * as z from 'zod/mini';
import { CHALLENGE_WEEKS, addDays, challengeWeekNumber, compareIsoDates, isChallengeOver, isChallengeStarted } from './dates';
import type { IsoDate } from './iso-date';
import { MAX_CHECK_IN_PERIOD, maintenanceMonth } from './maintenance';
import type { TrackerData } from './tracker';
import { ownThreadSchema, placeholderValuesSchema } from './check-in-threads';
import { tagSchema } from './participant-notes';
import { visibleText } from './visible-text';

// A coach's message to their cohort, or to a segment of it, and the participant's inbox.
// Segments are computed per participant on their own calendar day (their time zone).

export const MAX_MESSAGE = 1000;
/** A hand-picked list: at most this many participants. */
export const MAX_PICKED = 500;
/** Names a preview lists (the count is always whole). */
export const PREVIEW_NAMES = 1000;

export const messageTexts = {
  textRequired: 'Scrivi il messaggio',
  textTooLong: `Il messaggio può avere al massimo ${MAX_MESSAGE} caratteri`,
  pickSomeone: 'Scegli almeno un partecipante',
  pickTag: 'Scegli un’etichetta',
  pickTeam: 'Scegli una squadra',
  teamNotScheduled: 'Un messaggio a una squadra si invia subito: non si può programmare',
  tooManyPicked: `Puoi scegliere al massimo ${MAX_PICKED} partecipanti`,
  requestId: 'Identificativo della richiesta non valido',
  noRecipients: 'Nessun partecipante riceverebbe questo messaggio',
  requestReused: 'Questa richiesta è già stata usata per un altro messaggio',
  tooManyMessages: 'Hai inviato molti messaggi in poco tempo: riprova tra un po’',
  messageNotFound: 'Messaggio non trovato',
} as const;

/** Who receives a message. Every segment leaves out withdrawn participants. */
export const segmentSchema = z.enum(['all', 'noHabitsYesterday', 'noCheckIn', 'noPlanner', 'picked', 'tag', 'team']);
export type Segment = z.infer<typeof segmentSchema>;

export const segmentLabels: Record<Segment, string> = {
  all: 'Tutta la coorte',
  noHabitsYesterday: 'Chi ieri non ha spuntato nessuna abitudine',
  noCheckIn: 'Chi non ha fatto il check-in',
  noPlanner: 'Chi non ha il planner di questa settimana',
  picked: 'Scelti da te',
  tag: 'Chi ha un’etichetta',
  team: 'Una squadra',
};

/** `POST /api/coach/cohorts/{cohortId}/messages/preview`: who a message would reach. */
export const audienceRequestSchema = z
  .object({
    segment: segmentSchema,
    userIds: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(128))).check(z.maxLength(MAX_PICKED, messageTexts.tooManyPicked))),
    /** The coaches' tag (participant-notes.ts) of the `tag` segment. */
    tag: z.optional(tagSchema),
    /** The team (core/teams.ts) of the `team` segment. */
    teamId: z.optional(z.string().check(z.minLength(1, messageTexts.pickTeam), z.maxLength(128, messageTexts.pickTeam))),
  })
  .check(
    z.refine((audience) => audience.segment !== 'picked' || (audience.userIds?.length ?? 0) > 0, {
      error: messageTexts.pickSomeone,
      path: ['userIds'],
    }),
    z.refine((audience) => audience.segment !== 'tag' || audience.tag !== undefined, { error: messageTexts.pickTag, path: ['tag'] }),
    z.refine((audience) => audience.segment !== 'team' || audience.teamId !== undefined, { error: messageTexts.pickTeam, path: ['teamId'] }),
  );
export type AudienceRequest = z.infer<typeof audienceRequestSchema>;

/** `POST /api/coach/cohorts/{cohortId}/messages`: a retry with the same `requestId` sends nothing new. */
export const sendMessageRequestSchema = z.object({
  ...audienceRequestSchema.shape,
  requestId: z.string({ error: messageTexts.requestId }).check(z.regex(/^[A-Za-z0-9-]{8,64}$/, messageTexts.requestId)),
  text: z
    .string({ error: messageTexts.textRequired })
    .check(z.trim(), z.minLength(1, messageTexts.textRequired), z.maxLength(MAX_MESSAGE, messageTexts.textTooLong), ...visibleText({ multiline: true })),
});
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;

export const audiencePreviewSchema = z.object({
  count: z.int(),
  /** The first PREVIEW_NAMES recipients, by name, with what the placeholders become for each (the message's preview). */
  recipients: z.array(z.object({ userId: z.string(), name: z.string(), placeholders: placeholderValuesSchema })),
  /** Of them, those it also reaches by email: no push subscription, no visit for 3 days, and email not turned off. */
  emailCount: z._default(z.int(), 0),
});
export type AudiencePreview = z.infer<typeof audiencePreviewSchema>;

const instantSchema = z.iso.datetime({ offset: true });

/** A message as the coach sent it (`GET /api/coach/cohorts/{cohortId}/messages`, and a send's answer). */
export const sentMessageSchema = z.object({
  id: z.string(),
  text: z.string(),
  segment: segmentSchema,
  /** The tag of the `tag` segment. */
  tag: z.optional(z.string()),
  recipientCount: z.int(),
  /** How many recipients have opened it (counted once each, when they first read it). */
  readCount: z.int(),
  coachName: z.string(),
  sentAt: instantSchema,
});
export type SentMessage = z.infer<typeof sentMessageSchema>;

/** "Letto da 3 di 12": who of a message's recipients opened it. */
export function readCountText(readCount: number, recipientCount: number): string {
  return `Letto da ${Math.min(readCount, recipientCount)} di ${recipientCount}`;
}

/** `GET /api/coach/cohorts/{cohortId}/messages`: the cohort's latest messages, newest first. */
export const sentMessagesSchema = z.object({ messages: z.array(sentMessageSchema) });

/** A message in the participant's inbox, placeholders filled for them. */
export const inboxMessageSchema = z.object({
  id: z.string(),
  text: z.string(),
  coachName: z.string(),
  sentAt: instantSchema,
  read: z.boolean(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export interface SegmentInput {
  /** The synced tracker; null before the first sync. */
  tracker: TrackerData | null;
  challengeStartDate: IsoDate | null;
  /** Today in the participant's zone. */
  today: IsoDate;
}

/** During the eight weeks: the current challenge week (1..8); else null (not started, or over). */
function runningWeek(start: IsoDate | null, today: IsoDate): number | null {
  if (!isChallengeStarted(start, today) || isChallengeOver(start, today)) return null;
  return challengeWeekNumber(start, today);
}

/**
 * Whether a (not withdrawn) participant falls in `segment` today. The three "who has not" segments
 * hold only while the participant's eight weeks run: yesterday must be a challenge day for
 * `noHabitsYesterday`, the current week one of the eight for the check-in and the planner.
 * `picked` is decided by the list, `tag` by the coaches' tags, `team` by the team's members, not here.
 */
export function inSegment(segment: Exclude<Segment, 'picked' | 'tag' | 'team'>, { tracker, challengeStartDate: start, today }: SegmentInput): boolean {
  if (segment === 'all') return true;
  if (segment === 'noHabitsYesterday') {
    const yesterday = addDays(today, -1);
    if (runningWeek(start, yesterday) === null || compareIsoDates(start!, yesterday) > 0) return false;
    return !Object.values(tracker?.completions ?? {}).some((days) => days[yesterday] !== undefined);
  }
  const week = runningWeek(start, today);
  if (week === null) return false;
  if (segment === 'noCheckIn') return !(tracker?.checkIns ?? []).some((checkIn) => checkIn.weekNumber === week);
  return !(tracker?.savedPlannerWeeks ?? []).includes(week);
}

/**
 * The check-in period `{settimana}` names for a participant: their current challenge week, 1
 * before the start; after day 56 their maintenance month's period (9 is the first month).
 */
export function placeholderWeek(start: IsoDate | null, today: IsoDate): number {
  const month = maintenanceMonth(start, today);
  if (month > 0) return Math.min(CHALLENGE_WEEKS + month, MAX_CHECK_IN_PERIOD);
  return Math.max(1, challengeWeekNumber(start, today));
}

/** `GET /api/me/inbox`: the caller's check-in threads and their newest messages. */
export const inboxSchema = z.object({
  threads: z.array(ownThreadSchema),
  /** Newest first, at most INBOX_MESSAGES. */
  messages: z.array(inboxMessageSchema),
  /** Unread among them, and the coaches' messages in the participant's conversation not yet read. */
  unreadMessages: z.int(),
  /**
   * The newest message a coach wrote to the participant one to one (their conversation), its text
   * shortened as the lists' previews are; null when none. `unread`: the conversation has coach
   * items the participant has not read.
   */
  latestPersonal: z._default(z.nullable(z.object({ text: z.string(), coachName: z.string(), at: instantSchema, unread: z.boolean() })), null),
});
export type Inbox = z.infer<typeof inboxSchema>;

export const INBOX_MESSAGES = 30;
