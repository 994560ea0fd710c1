import * as z from 'zod/mini';
import { audienceRequestSchema, MAX_MESSAGE, messageTexts, segmentSchema, sendMessageRequestSchema } from './cohort-messages';
import { daysBetween, formatItalianDate, HOME_TIME_ZONE, italianWeekday, localDateOf, todayIn } from './dates';
import { isIsoDate, isoDateSchema, type IsoDate } from './iso-date';
import { instantAt, minutesOfDay } from './reminders';

// A coach's message to a cohort, written now and sent later: at a date and time on the cohort's
// wall clock. The recipients are computed when it goes, as for a message sent at once.

/**
 * The zone a cohort's scheduled messages are read in. Cohorts do not store a zone: the programme
 * runs on Rome's clock (the zone a participant without one is given), so every cohort does too.
 */
export const COHORT_TIME_ZONE = HOME_TIME_ZONE;

/** Messages a cohort may have waiting (scheduled, or not sent and not yet dismissed). */
export const MAX_SCHEDULED = 20;
/** How far ahead a message may be scheduled. */
export const MAX_SCHEDULE_DAYS = 366;

export const scheduleTexts = {
  dateRequired: 'Scegli il giorno dell’invio',
  timeRequired: 'Scegli l’ora dell’invio (formato HH:MM)',
  inThePast: 'Scegli un giorno e un’ora futuri',
  tooFar: 'Puoi programmare un messaggio al massimo un anno prima',
  tooMany: `Puoi avere al massimo ${MAX_SCHEDULED} messaggi programmati per coorte: annullane uno`,
  notFound: 'Messaggio programmato non trovato',
  alreadySent: 'Il messaggio è già stato inviato: non si può più modificare né annullare',
  cancelled: 'Il messaggio programmato è stato annullato',
  notSent: 'Il messaggio non è stato inviato: rimuovilo e programmane uno nuovo',
  changedMeanwhile: 'Il messaggio programmato è stato appena modificato da un altro coach: ricarica e riprova',
  notACoachAnymore: 'Non inviato: chi l’ha programmato non è più coach della coorte',
} as const;

/** "ora di Roma", "ora di New York": how the composer names a zone. */
export function zoneLabel(timeZone: string): string {
  if (timeZone === 'Europe/Rome') return 'ora di Roma';
  const city = timeZone.split('/').at(-1)!.replaceAll('_', ' ');
  return `ora di ${city}`;
}

/** Italian message for a wall-clock time a daylight-saving change skips (02:30 on the last Sunday of March in Rome). */
export function skippedTimeText(date: IsoDate, time: string, timeZone: string): string {
  return `Le ${time} del ${formatItalianDate(date)} non esistono (${zoneLabel(timeZone)}): quella notte l’orologio passa all’ora legale. Scegli un altro orario`;
}

const timeOfDaySchema = z.string({ error: scheduleTexts.timeRequired }).check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, scheduleTexts.timeRequired));

/** A date and time on the cohort's wall clock. */
const whenShape = {
  date: z.string({ error: scheduleTexts.dateRequired }).check(z.refine(isIsoDate, { error: scheduleTexts.dateRequired })),
  time: timeOfDaySchema,
};

const textSchema = sendMessageRequestSchema.shape.text;

/** `POST /api/coach/cohorts/{cohortId}/scheduled-messages`: a retry with the same `requestId` schedules nothing new. */
export const scheduleMessageRequestSchema = z
  .object({ ...sendMessageRequestSchema.shape, ...whenShape })
  .check(
    z.refine((audience) => audience.segment !== 'tag' || audience.tag !== undefined, { error: messageTexts.pickTag, path: ['tag'] }),
    // A team can be formed again before the time comes: a message to one goes at once.
    z.refine((audience) => audience.segment !== 'team', { error: messageTexts.teamNotScheduled, path: ['segment'] }),
  );
export type ScheduleMessageRequest = z.infer<typeof scheduleMessageRequestSchema>;

/** `PATCH /api/coach/cohorts/{cohortId}/scheduled-messages/{id}`: the whole message again (audience, text, when). */
export const editScheduledMessageRequestSchema = z.object({ ...audienceRequestSchema.shape, text: textSchema, ...whenShape }).check(
  z.refine((audience) => audience.segment !== 'picked' || (audience.userIds?.length ?? 0) > 0, { error: messageTexts.pickSomeone, path: ['userIds'] }),
  z.refine((audience) => audience.segment !== 'tag' || audience.tag !== undefined, { error: messageTexts.pickTag, path: ['tag'] }),
  z.refine((audience) => audience.segment !== 'team', { error: messageTexts.teamNotScheduled, path: ['segment'] }),
);
export type EditScheduledMessageRequest = z.infer<typeof editScheduledMessageRequestSchema>;

/**
 * Waiting for its time, being sent by the job, sent (then it is in "Messaggi inviati"), not sent
 * (nobody to reach) or cancelled. The cohort's list holds the first two and the third.
 */
export const scheduledStatusSchema = z.enum(['scheduled', 'sending', 'sent', 'failed', 'cancelled']);
export type ScheduledStatus = z.infer<typeof scheduledStatusSchema>;

/** A scheduled message as its cohort's coaches see it. */
export const scheduledMessageSchema = z.object({
  id: z.string(),
  text: z.string().check(z.maxLength(MAX_MESSAGE)),
  segment: segmentSchema,
  /** The picked participants (segment `picked`). */
  userIds: z.optional(z.array(z.string())),
  /** The coaches' tag (segment `tag`). */
  tag: z.optional(z.string()),
  date: isoDateSchema,
  time: timeOfDaySchema,
  timeZone: z.string(),
  /** The instant `date` `time` is in `timeZone`. */
  dueAt: z.iso.datetime({ offset: true }),
  status: scheduledStatusSchema,
  /** Why a `failed` one was not sent. */
  failure: z.nullable(z.string()),
  coachName: z.string(),
});
export type ScheduledMessage = z.infer<typeof scheduledMessageSchema>;

/** `GET /api/coach/cohorts/{cohortId}/scheduled-messages`: the cohort's waiting messages, soonest first. */
export const scheduledMessagesSchema = z.object({ messages: z.array(scheduledMessageSchema) });

/**
 * The instant the wall clock of `timeZone` reads `time` on `date`; null for a time a
 * daylight-saving change skips. A time that happens twice (02:30 on the last Sunday of October in
 * Rome) is its first occurrence, still summer time.
 */
export function scheduledInstant(date: IsoDate, time: string, timeZone: string): Date | null {
  const instant = instantAt(date, time, timeZone);
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const reads = localDateOf(instant, timeZone) === date && minutesOfDay(timeZone, instant) === hours * 60 + minutes;
  return reads ? instant : null;
}

/** "lunedì 30 marzo 2026 alle 09:00 (ora di Roma)" */
export function formatScheduledAt({ date, time, timeZone }: Pick<ScheduledMessage, 'date' | 'time' | 'timeZone'>): string {
  return `${italianWeekday(date, 'long')} ${formatItalianDate(date)} alle ${time} (${zoneLabel(timeZone)})`;
}

/** A message for a scheduled one's problems at `now`, or null when it may be scheduled. */
export function scheduleProblem(date: IsoDate, time: string, timeZone: string, now: Date): string | null {
  const due = scheduledInstant(date, time, timeZone);
  if (!due) return skippedTimeText(date, time, timeZone);
  if (due.getTime() <= now.getTime()) return scheduleTexts.inThePast;
  if (daysBetween(todayIn(timeZone, now), date) > MAX_SCHEDULE_DAYS) return scheduleTexts.tooFar;
  return null;
}
