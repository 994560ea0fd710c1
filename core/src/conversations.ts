import * as z from 'zod/mini';
import { challengeWeekNumber, isChallengeOver, isChallengeStarted } from './dates';
import { isDocumentId } from './document-id';
import type { IsoDate } from './iso-date';
import { textParam } from './query-params';
import { weekHabitsPercent } from './habit-share';
import { checkInPeriodSchema, moodSchema, type TrackerData } from './tracker';
import { plannerProgress, weekActions } from './tracker-actions';
import { visibleText } from './visible-text';
import { CONVERSATION_LIST_PAGE, MAX_CONVERSATION_MESSAGE, PREVIEW_LENGTH, TIMELINE_PAGE, conversationTexts, excerptOf } from './conversation-texts';
import { voiceNoteIdSchema, voiceNoteSchema } from './voice-notes';

// A participant's one-to-one thread with their cohort's coaches: what either side wrote, and,
// merged in, the participant's check-ins with the coach's reply and their answer, and the cohort
// messages addressed to them. One thread per participant; the cohort's coaches share it, as they
// share the check-in queue.

export { CONVERSATION_LIST_PAGE, MAX_CONVERSATION_MESSAGE, PREVIEW_LENGTH, TIMELINE_PAGE, conversationTexts, excerptOf };

const instantSchema = z.iso.datetime({ offset: true });

/** Who wrote an item: the participant, or one of the cohort's coaches. */
export const sideSchema = z.enum(['participant', 'coach']);
export type Side = z.infer<typeof sideSchema>;

/**
 * What an item of the timeline is: a message of the thread, a weekly check-in, the coach's reply
 * to it, the participant's answer to that reply, a message the coach sent to the cohort (or a part
 * of it) that reached the participant.
 */
export const timelineKindSchema = z.enum(['message', 'checkIn', 'checkInReply', 'checkInAnswer', 'cohortMessage']);
export type TimelineKind = z.infer<typeof timelineKindSchema>;

/** The item a message answers, quoted. */
export const quoteSchema = z.object({ id: z.string(), authorName: z.string(), excerpt: z.string() });
export type Quote = z.infer<typeof quoteSchema>;

export const timelineItemSchema = z.object({
  /** Unique in the thread; what `replyTo` names. */
  id: z.string(),
  kind: timelineKindSchema,
  from: sideSchema,
  authorName: z.string(),
  text: z.string(),
  at: instantSchema,
  /** The check-in's week (its reply and answer too); null for the other kinds. */
  weekNumber: z.nullable(checkInPeriodSchema),
  /** The check-in's season when it is not the first (a "Nuova stagione" started its weeks again). */
  season: z.optional(z.int().check(z.minimum(2))),
  /** The check-in's mood; null for the other kinds. */
  mood: z.nullable(moodSchema),
  replyTo: z.nullable(quoteSchema),
  /** A voice note sent with it (a message, a check-in, a coach's reply), as a player needs it; null for text alone. */
  voiceNote: z.nullable(voiceNoteSchema),
  /** The other side has read it (a read receipt): for the participant's items, a coach; for the coach's, the participant. */
  seen: z.boolean(),
});
export type TimelineItem = z.infer<typeof timelineItemSchema>;

/** A thread and one page of its timeline (`GET /api/me/conversation`, and inside the coach's answer). */
export const conversationSchema = z.object({
  userId: z.string(),
  cohortId: z.string(),
  participantName: z.string(),
  /** Newest first, at most TIMELINE_PAGE. */
  items: z.array(timelineItemSchema),
  /** Pass as `before` for the older page; null when this page is the oldest. */
  nextBefore: z.nullable(instantSchema),
  /** When the participant last read the thread; null never. */
  participantReadAt: z.nullable(instantSchema),
  /** When a coach last read it, and who; null never. */
  coachReadAt: z.nullable(instantSchema),
  coachReadBy: z.nullable(z.string()),
  /** The participant was withdrawn from the cohort: nobody can write any more. */
  readOnly: z.boolean(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** The participant's week at a glance, beside the thread in the coach's view. */
export const weekAtAGlanceSchema = z.object({
  /** The current challenge week (1..8); null before the start or after the end. */
  weekNumber: z.nullable(checkInPeriodSchema),
  /** Share (0..100) of the week's habit-days ticked so far; null without habits. */
  habitsPercent: z.nullable(z.int()),
  /** The latest check-in's mood and week; null before the first. */
  mood: z.nullable(z.object({ weekNumber: checkInPeriodSchema, mood: moodSchema })),
  /** The week's planner: actions written and done; null when none was written. */
  planner: z.nullable(z.object({ planned: z.int(), completed: z.int() })),
});
export type WeekAtAGlance = z.infer<typeof weekAtAGlanceSchema>;

/** `GET /api/coach/cohorts/{cohortId}/participants/{userId}/conversation`. */
export const coachConversationSchema = z.object({
  conversation: conversationSchema,
  /** Null before the participant's first sync, or when their tracker cannot be read. */
  week: z.nullable(weekAtAGlanceSchema),
});
export type CoachConversation = z.infer<typeof coachConversationSchema>;

/** `GET …/conversation?before=`: the page of items older than `before` (the previous page's `nextBefore`). */
export const timelineQuerySchema = z.object({
  // As the server stores instants (UTC, milliseconds): they are compared as text.
  before: textParam(null, (value) => (z.safeParse(instantSchema, value).success ? new Date(value).toISOString() : undefined), conversationTexts.before),
});
export type TimelineQuery = z.output<typeof timelineQuerySchema>;

/**
 * `POST …/conversation/messages`: a text, a voice note (uploaded first, then named here by id), or
 * both; with a voice note the text may be empty. A retry with the same `requestId` writes nothing new.
 */
export const sendConversationMessageRequestSchema = z
  .object({
    requestId: z.string({ error: conversationTexts.requestId }).check(z.regex(/^[A-Za-z0-9-]{8,64}$/, conversationTexts.requestId)),
    text: z
      .string({ error: conversationTexts.textRequired })
      .check(z.trim(), z.maxLength(MAX_CONVERSATION_MESSAGE, conversationTexts.textTooLong), ...visibleText({ multiline: true })),
    /** A voice note the sender recorded for this thread. */
    voiceNoteId: z.optional(voiceNoteIdSchema),
    /** The timeline item this message answers (its `id`), quoted with it. */
    replyTo: z.optional(z.string().check(z.minLength(1, conversationTexts.replyToNotFound), z.maxLength(200, conversationTexts.replyToNotFound))),
  })
  .check(z.refine((message) => message.text !== '' || message.voiceNoteId !== undefined, { error: conversationTexts.textRequired, path: ['text'] }));
export type SendConversationMessageRequest = z.infer<typeof sendConversationMessageRequestSchema>;

/** The coach console's page of a participant's thread (a push notification opens it). */
export function coachConversationPath(cohortId: string, userId: string): string {
  return `/coach/conversazioni/${encodeURIComponent(cohortId)}/${encodeURIComponent(userId)}`;
}

/** The coach list's order: threads with something unread first, then by last activity; also its cursor. */
export function conversationOrderKey(unread: boolean, lastActivityAt: string): string {
  return `${unread ? 1 : 0}|${lastActivityAt}`;
}

const ORDER_KEY = /^[01]\|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** `GET /api/coach/conversations?cohortId=&cursor=`: the coach's threads, of all their cohorts or one. */
export const conversationListQuerySchema = z.object({
  cohortId: textParam(null, (value) => (isDocumentId(value) ? value : undefined), conversationTexts.cohortId),
  /** The previous page's `nextCursor`; null for the first page. */
  cursor: textParam(null, (value) => (ORDER_KEY.test(value) ? value : undefined), conversationTexts.cursor),
});
export type ConversationListQuery = z.output<typeof conversationListQuerySchema>;

export const conversationSummarySchema = z.object({
  userId: z.string(),
  cohortId: z.string(),
  cohortName: z.string(),
  name: z.string(),
  email: z.string(),
  lastActivityAt: instantSchema,
  /** The start of the latest item, and who wrote it. */
  lastPreview: z.object({ from: sideSchema, text: z.string() }),
  /** Items the coaches have not read. */
  unread: z.int(),
  readOnly: z.boolean(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationListSchema = z.object({
  conversations: z.array(conversationSummarySchema),
  nextCursor: z.nullable(z.string()),
  /** Threads with something unread, in all the coach's cohorts (or the one filtered). */
  unreadTotal: z.int(),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

/** One source of the timeline as read: its newest items older than the cursor, and whether it holds older ones still. */
export interface TimelineSource {
  items: TimelineItem[];
  more: boolean;
}

/** Newest first; items of the same instant in a fixed order. */
export function compareTimelineItems(a: Pick<TimelineItem, 'at' | 'id'>, b: Pick<TimelineItem, 'at' | 'id'>): number {
  return b.at.localeCompare(a.at) || b.id.localeCompare(a.id);
}

/**
 * One page of the timeline from its sources (each read newest first, at most a page, older than
 * the cursor): the newest `limit` items of all of them, and the cursor of the next page when any
 * source holds more than this page shows.
 */
export function timelinePage(sources: TimelineSource[], limit: number): { items: TimelineItem[]; nextBefore: string | null } {
  const merged = sources.flatMap((source) => source.items).sort(compareTimelineItems);
  const items = merged.slice(0, limit);
  const more = merged.length > limit || sources.some((source) => source.more);
  return { items, nextBefore: more && items.length > 0 ? items.at(-1)!.at : null };
}


/** The participant's current week as the coach's thread shows it beside the messages, from their tracker on their today. */
export function weekAtAGlance(tracker: TrackerData, challengeStartDate: IsoDate | null, today: IsoDate): WeekAtAGlance {
  const running = isChallengeStarted(challengeStartDate, today) && !isChallengeOver(challengeStartDate, today);
  const weekNumber = running ? challengeWeekNumber(challengeStartDate, today) : null;
  const latest = [...tracker.checkIns].sort((a, b) => b.weekNumber - a.weekNumber)[0];
  const planner = weekNumber === null ? null : plannerProgress(weekActions(tracker, weekNumber));
  return {
    weekNumber,
    habitsPercent: weekNumber === null ? null : weekHabitsPercent(tracker, challengeStartDate, weekNumber, today),
    mood: latest ? { weekNumber: latest.weekNumber, mood: latest.mood } : null,
    planner: planner && planner.planned > 0 ? { planned: planner.planned, completed: planner.completed } : null,
  };
}
