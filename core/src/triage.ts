import * as z from 'zod/mini';
import type { AttentionCode, AttentionReason } from './coach';
import { attentionCodeSchema } from './coach';
import { attentionReasonsOf, type DigestAttentionInput } from './attention';
import { addDays, challengeWeekNumber, elapsedWeekIndex, formatItalianDate } from './dates';
import { isDocumentId } from './document-id';
import { isoDateSchema, type IsoDate } from './iso-date';
import { noteTextSchema } from './participant-notes';
import { digestLastActivity } from './roster-digest';
import { textParam } from './query-params';
import { bulkUserIdsSchema } from './bulk';

// The coach's "Da fare oggi": the attention reasons of every participant of the coach's cohorts,
// grouped and ordered most urgent first. A reason has a key that says which occurrence it is (the
// low mood of week 3, the check-in missing for week 2), so that "Contattato" hides what the coach
// handled and a new occurrence shows again.

/** The groups of the triage, most urgent first, and the reasons each holds. */
export const triageGroups = [
  { id: 'mood', label: 'Umore basso o in calo', codes: ['lowMood', 'moodDrop'] },
  { id: 'inactive', label: 'Inattivi', codes: ['noActivity', 'noHabits2Days'] },
  { id: 'checkIn', label: 'Check-in mancante', codes: ['missingCheckIn'] },
  { id: 'planner', label: 'Planner non salvato', codes: ['noPlanner'] },
  { id: 'notStarted', label: 'Non hanno iniziato', codes: ['notStarted'] },
] as const satisfies ReadonlyArray<{ id: string; label: string; codes: readonly AttentionCode[] }>;

export type TriageGroupId = (typeof triageGroups)[number]['id'];
export const triageGroupIdSchema = z.enum(triageGroups.map((g) => g.id) as [TriageGroupId, ...TriageGroupId[]]);

/** The rank of a reason's group: 0 is the most urgent. */
export function groupRankOf(code: AttentionCode): number {
  return triageGroups.findIndex((group) => (group.codes as readonly AttentionCode[]).includes(code));
}

export const keyedReasonSchema = z.object({ code: attentionCodeSchema, key: z.string() });
/** A reason with the occurrence it names. */
export type KeyedReason = z.infer<typeof keyedReasonSchema>;

/** Today's reasons, each with its occurrence's key, most urgent first. */
export function keyedReasonsOf(input: DigestAttentionInput): KeyedReason[] {
  return attentionReasonsOf(input).map(({ code }) => ({ code, key: reasonKey(code, occurrenceOf(code, input)) }));
}

/** The occurrence of a reason raised by the check-in of challenge week (or maintenance month) `week`. */
export function checkInOccurrence(week: number): string {
  return `w${week}`;
}

/** The key of reason `code` in occurrence `occurrence` (as keyedReasonsOf names it). */
export function reasonKey(code: AttentionCode, occurrence: string): string {
  return `${code}:${occurrence}`;
}

function occurrenceOf(code: AttentionCode, { digest, challengeStartDate: start, today }: DigestAttentionInput): string {
  const lastCheckIn = digest?.checkIns.at(-1);
  switch (code) {
    case 'lowMood':
    case 'moodDrop':
      return checkInOccurrence(lastCheckIn?.weekNumber ?? 0);
    case 'missingCheckIn':
      return `w${elapsedWeekIndex(start, today) ?? 0}`;
    case 'noPlanner':
      return `w${challengeWeekNumber(start, today)}`;
    case 'noHabits2Days':
      // The same gap keeps its key while it lasts: it ends with the next tick.
      return (digest && digestLastActivity(digest, today)) ?? 'mai';
    case 'notStarted':
    case 'noActivity':
      return 'sempre';
  }
}

/** How far ahead a digest is read to find when the reasons next change. */
const LOOKAHEAD_DAYS = 70;

/**
 * The first day after `today` whose reasons differ from today's, with nothing new synced; null when
 * none does within the look-ahead (the state is then final until the participant does something).
 */
export function nextReasonChange(input: DigestAttentionInput): IsoDate | null {
  const signature = (today: IsoDate) =>
    keyedReasonsOf({ ...input, today })
      .map((r) => r.key)
      .join('|');
  const now = signature(input.today);
  for (let offset = 1; offset <= LOOKAHEAD_DAYS; offset++) {
    const day = addDays(input.today, offset);
    if (signature(day) !== now) return day;
  }
  return null;
}

/** What the coaches did with a participant's reasons. */
export interface TriageHandling {
  /** Keys of the reasons a coach marked "Contattato". */
  handled: string[];
  /** Keys of the reasons "Rimanda a…" hid until `snoozedUntil` (a new reason shows at once). */
  snoozed: string[];
  /** The day (in the participant's zone) the snoozed reasons show again; null when none is snoozed. */
  snoozedUntil: IsoDate | null;
}

export const noHandling: TriageHandling = { handled: [], snoozed: [], snoozedUntil: null };

/** What the triage shows of a participant today. */
export interface TriageView {
  /** The reasons neither handled nor snoozed, most urgent first. */
  open: KeyedReason[];
  /** The rank of the most urgent open reason's group; null: nothing to do. */
  rank: number | null;
  /**
   * The handling kept: keys that no longer hold are forgotten (so a reason that comes back is new),
   * and a snooze whose day has come is over.
   */
  handling: TriageHandling;
}

export function triageViewOf(reasons: KeyedReason[], handling: TriageHandling, today: IsoDate): TriageView {
  const current = new Set(reasons.map((r) => r.key));
  const handled = handling.handled.filter((key) => current.has(key));
  const snoozing = handling.snoozedUntil !== null && handling.snoozedUntil > today;
  const snoozed = snoozing ? handling.snoozed.filter((key) => current.has(key)) : [];
  const open = reasons.filter((r) => !handled.includes(r.key) && !snoozed.includes(r.key));
  const rank = open.length === 0 ? null : Math.min(...open.map((r) => groupRankOf(r.code)));
  return { open, rank, handling: { handled, snoozed, snoozedUntil: snoozed.length > 0 ? handling.snoozedUntil : null } };
}

/** The handling after "Contattato": every reason of today is handled. */
export function contacted(reasons: KeyedReason[], handling: TriageHandling): TriageHandling {
  return { ...handling, handled: [...new Set([...handling.handled, ...reasons.map((r) => r.key)])] };
}

/** The handling after "Rimanda a…": today's open reasons wait until `until`. */
export function snoozed(reasons: KeyedReason[], handling: TriageHandling, until: IsoDate): TriageHandling {
  return { ...handling, snoozed: [...new Set([...handling.snoozed, ...reasons.map((r) => r.key)])], snoozedUntil: until };
}

// --- The API's contract ---

export const TRIAGE_PAGE_SIZE = 30;
export const TRIAGE_MAX_LIMIT = 150;

export const triageMessages = {
  snoozeDateInvalid: 'Scegli una data valida da cui riproporlo',
  snoozeDateNotFuture: 'Scegli un giorno da domani in poi',
  snoozeDateTooFar: 'Puoi rimandare al massimo di 8 settimane',
  nothingToHandle: 'Non c’è niente da fare per questo partecipante oggi',
  cohortInvalid: 'Coorte non valida',
  limitInvalid: `Puoi chiedere da 1 a ${TRIAGE_MAX_LIMIT} elementi`,
  bulkActionInvalid: 'Azione non valida',
  bulkUntilRequired: 'Scegli il giorno da cui riproporli',
} as const;

/** How far ahead "Rimanda a…" may go. */
export const MAX_SNOOZE_DAYS = 56;

/** `GET /api/coach/triage?cohortId=&limit=`: the cohorts filtered to one, and how many items to show. */
export const triageQuerySchema = z.object({
  cohortId: textParam(null, (value) => (isDocumentId(value) ? value : undefined), triageMessages.cohortInvalid),
  limit: textParam(
    TRIAGE_PAGE_SIZE,
    (value) => (/^[1-9]\d{0,2}$/.test(value) && Number(value) <= TRIAGE_MAX_LIMIT ? Number(value) : undefined),
    triageMessages.limitInvalid,
  ),
});
export type TriageQuery = z.output<typeof triageQuerySchema>;

export const triageItemSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  cohortId: z.string(),
  cohortName: z.string(),
  group: triageGroupIdSchema,
  reasons: z.array(z.object({ code: attentionCodeSchema, label: z.string() })),
  lastActivity: z.nullable(isoDateSchema),
  lastMood: z.nullable(z.int()),
  /** The latest note's first line, when a coach contacted them with a note. */
  lastContact: z.nullable(z.object({ at: z.iso.datetime({ offset: true }), byName: z.string(), note: z.nullable(z.string()) })),
});
export type TriageItem = z.infer<typeof triageItemSchema>;

export const triageDaySchema = z.object({
  /** What the coach handled today, in their zone. */
  contacted: z.int(),
  snoozed: z.int(),
  checkInsRead: z.int(),
  /** Items open at the first look of yesterday and of today; null when the coach did not look. */
  openYesterday: z.nullable(z.int()),
  openToday: z.nullable(z.int()),
});
export type TriageDay = z.infer<typeof triageDaySchema>;

export const triagePageSchema = z.object({
  items: z.array(triageItemSchema),
  /** Every open item of the filtered cohorts (the page holds at most `limit`). */
  total: z.int(),
  day: triageDaySchema,
});
export type TriagePage = z.infer<typeof triagePageSchema>;

/**
 * `POST …/participants/{userId}/contacted`. The note joins the participant's notes, so it follows
 * their schema (trimmed, visible text, at most MAX_NOTE characters); no note is left out, not sent empty.
 */
export const contactedRequestSchema = z.object({ note: z.optional(noteTextSchema) });
export type ContactedRequest = z.infer<typeof contactedRequestSchema>;

/** `POST …/participants/{userId}/snooze` */
export const snoozeRequestSchema = z.object({ until: isoDateSchema });
export type SnoozeRequest = z.infer<typeof snoozeRequestSchema>;

/** `POST /api/coach/triage/bulk`: "Contattato" or "Rimanda a…" on several people at once, of any of the coach's cohorts. */
export const bulkTriageRequestSchema = z
  .object({
    action: z.enum(['contacted', 'snooze'], { error: triageMessages.bulkActionInvalid }),
    until: z.optional(isoDateSchema),
    userIds: bulkUserIdsSchema,
  })
  .check(z.refine((request) => request.action !== 'snooze' || request.until !== undefined, { error: triageMessages.bulkUntilRequired, path: ['until'] }));
export type BulkTriageRequest = z.infer<typeof bulkTriageRequestSchema>;


/** The participant's reasons with their labels, for a triage item. */
export function labelledReasons(open: KeyedReason[], labels: Record<AttentionCode, string>): AttentionReason[] {
  return open.map(({ code }) => ({ code, label: labels[code] }));
}

/** "Rimandato al 3 dicembre 2026". */
export function snoozedText(until: IsoDate): string {
  return `Rimandato al ${formatItalianDate(until)}`;
}

/** The answer to "Contattato" and "Rimanda a…": what is still open of the participant. */
export const triageActionAnswerSchema = z.object({ userId: z.string(), open: z.int() });
export type TriageActionAnswer = z.infer<typeof triageActionAnswerSchema>;
