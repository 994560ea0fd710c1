import * as z from 'zod/mini';
import { localDateOf, todayIn } from './dates';
import { PACKAGES, accessSchema } from './packages';
import { visibleText } from './visible-text';

// A cohort's calendar of live sessions: coaches create, edit and delete events; participants of
// the cohort read them, upcoming first.

export const eventMessages = {
  titleRequired: "Inserisci il titolo dell'evento",
  titleTooLong: 'Il titolo può avere al massimo 120 caratteri',
  speakerTooLong: 'Il relatore può avere al massimo 120 caratteri',
  descriptionTooLong: 'La descrizione può avere al massimo 1000 caratteri',
  invalidStart: "Indica data e ora dell'evento",
  invalidLink: 'Il link deve iniziare con https://',
  notFound: 'Evento non trovato',
  notYourCohort: 'Puoi vedere solo gli eventi della tua coorte',
  copyNothing: 'Scegli almeno un evento da copiare',
  copySameCohort: 'Scegli un’altra coorte da cui copiare gli eventi',
  tooMany: (max: number, existing: number) =>
    `Una coorte può avere al massimo ${max} eventi: ne ha già ${existing}, puoi aggiungerne ancora ${Math.max(0, max - existing)}`,
  feedParticipantsOnly: 'Il calendario da collegare è per i partecipanti',
  invalidDuration: 'La durata deve essere tra 15 minuti e 8 ore',
  invalidAccess: 'Scegli chi può partecipare all’evento',
} as const;

/** How long an event lasts when its coach does not say: a live session is usually an hour. */
export const DEFAULT_EVENT_MINUTES = 60;
export const MIN_EVENT_MINUTES = 15;
export const MAX_EVENT_MINUTES = 8 * 60;
/** The join link shows this long before the start, so that people can be there on time. */
export const JOIN_OPENS_MINUTES_BEFORE = 30;

/** Most events a cohort keeps: an eight-week programme holds a handful, so one bounded read serves them all. */
export const MAX_COHORT_EVENTS = 100;

/** What a coach writes. `startsAt` is an instant with its offset (the browser sends its local time with it). */
export const eventInputSchema = z.object({
  startsAt: z.iso.datetime({ offset: true, error: eventMessages.invalidStart }),
  title: z
    .string({ error: eventMessages.titleRequired })
    .check(z.trim(), z.minLength(1, eventMessages.titleRequired), z.maxLength(120, eventMessages.titleTooLong), ...visibleText()),
  speaker: z.string().check(z.trim(), z.maxLength(120, eventMessages.speakerTooLong), ...visibleText({ allowBlank: true })),
  description: z
    .string()
    .check(z.trim(), z.maxLength(1000, eventMessages.descriptionTooLong), ...visibleText({ allowBlank: true, multiline: true })),
  link: z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(500, eventMessages.invalidLink),
      z.refine((value) => value === '' || /^https:\/\/[^\s]+$/.test(value), { error: eventMessages.invalidLink }),
    ),
  ),
  /** Minutes from the start to the end; absent: DEFAULT_EVENT_MINUTES. */
  durationMinutes: z.optional(
    z.int({ error: eventMessages.invalidDuration }).check(
      z.minimum(MIN_EVENT_MINUTES, eventMessages.invalidDuration),
      z.maximum(MAX_EVENT_MINUTES, eventMessages.invalidDuration),
    ),
  ),
  /** The least package that may join (core's packages.ts); absent: everyone. */
  access: z.optional(z.enum(PACKAGES, { error: eventMessages.invalidAccess })),
});
export type EventInput = z.infer<typeof eventInputSchema>;

/**
 * An event as the API answers it. The link is there for the cohort's coaches, and for a
 * participant only when their package lets them join and the join window is open: otherwise
 * `mayJoin` and `joinOpensAt` say what it takes and when it opens.
 */
export const cohortEventSchema = z.object({
  ...eventInputSchema.shape,
  id: z.string(),
  durationMinutes: z.int(),
  access: accessSchema,
  /** Whether the reader's package lets them join (always, for the cohort's coaches). */
  mayJoin: z.boolean(),
  /** When the link shows to those who may join (ISO instant). */
  joinOpensAt: z.string(),
});
export type CohortEvent = z.infer<typeof cohortEventSchema>;

export const cohortEventsAnswerSchema = z.object({ events: z.array(cohortEventSchema) });

/**
 * `POST /api/coach/cohorts/{cohortId}/events/batch`: the events a coach reviewed (copied from
 * another cohort), saved together or not at all.
 */
export const eventsBatchRequestSchema = z.object({
  events: z
    .array(eventInputSchema, { error: eventMessages.copyNothing })
    .check(z.minLength(1, eventMessages.copyNothing), z.maxLength(MAX_COHORT_EVENTS, eventMessages.tooMany(MAX_COHORT_EVENTS, 0))),
});
export type EventsBatchRequest = z.infer<typeof eventsBatchRequestSchema>;

/** `GET /api/coach/cohorts/{cohortId}/events/from/{sourceCohortId}`: another cohort's events, moved to this cohort's calendar, for review. */
export const eventCopyPreviewSchema = z.object({
  sourceCohortId: z.string(),
  /** Calendar days between the two cohorts' starts. */
  days: z.int(),
  events: z.array(eventInputSchema),
});
export type EventCopyPreview = z.infer<typeof eventCopyPreviewSchema>;

/** `GET /api/me/calendar-feed`: whether the participant has a private calendar link, and since when. */
export const calendarFeedStatusSchema = z.object({ active: z.boolean(), createdAt: z.nullable(z.string()) });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** `POST /api/me/calendar-feed`: the new link, shown once (the server keeps only a hash of its token). */
export const calendarFeedCreatedSchema = z.object({ url: z.string(), createdAt: z.string() });
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

const MINUTE_MS = 60_000;

/** When an event's join link opens and closes: from JOIN_OPENS_MINUTES_BEFORE its start to its end. */
export function joinWindow(event: Pick<EventInput, 'startsAt' | 'durationMinutes'>): { opensAt: Date; closesAt: Date } {
  // Minutes on instants: the same on every clock, across a daylight-saving change too.
  const start = Date.parse(event.startsAt);
  return {
    opensAt: new Date(start - JOIN_OPENS_MINUTES_BEFORE * MINUTE_MS),
    closesAt: new Date(start + (event.durationMinutes ?? DEFAULT_EVENT_MINUTES) * MINUTE_MS),
  };
}

/** Whether the join link shows at `now` to someone who may join. */
export function isJoinOpen(event: Pick<EventInput, 'startsAt' | 'durationMinutes'>, now: Date): boolean {
  const { opensAt, closesAt } = joinWindow(event);
  return opensAt.getTime() <= now.getTime() && now.getTime() < closesAt.getTime();
}

/** An event is over once its day is over, in the viewer's zone. */
export function isPastEvent(event: Pick<CohortEvent, 'startsAt'>, now: Date, timeZone: string): boolean {
  return localDateOf(event.startsAt, timeZone) < todayIn(timeZone, now);
}

/** Upcoming events first, then past ones, each in calendar order. */
export function orderEvents<T extends Pick<CohortEvent, 'startsAt'>>(events: T[], now: Date, timeZone: string): T[] {
  const byTime = [...events].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  return [...byTime.filter((event) => !isPastEvent(event, now, timeZone)), ...byTime.filter((event) => isPastEvent(event, now, timeZone))];
}
