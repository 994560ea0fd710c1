import * as z from 'zod/mini';
import { isDocumentId } from './document-id';
import { cohortPaceSchema, cohortRulesSchema, communityLinkSchema, reservedEventsTextSchema } from './cohort';
import { isoDateSchema } from './iso-date';
import { textParam } from './query-params';
import { notePreviewSchema, readTagParam, tagTexts } from './participant-notes';
import { packageSchema } from './packages';
import { packageTexts, readPackageParam } from './package-changes';
import { moodSchema, trackerDataSchema } from './tracker';
import { livelloAllenamentoSchema, luogoAllenamentoSchema, passwordResetRequestSchema, schedaSchema, tempoAllenamentoSchema } from './user';
import { visibleText } from './visible-text';

// The coach console's contract: what /api/coach/** answers and accepts. The server builds these
// shapes and the web app reads them with the same schemas.

export const coachMessages = {
  cohortNameRequired: 'Inserisci il nome della coorte',
  cohortNameTooLong: 'Il nome della coorte può avere al massimo 80 caratteri',
  startDateMonday: 'La data di inizio deve essere un lunedì',
  /** A start before this week's Monday needs the coach's confirmation (`confirmPastStart`). */
  startDateInPast: 'La data di inizio è nel passato: conferma per creare comunque la coorte',
  notYourCohort: 'Non fai parte dei coach di questa coorte',
  coachesOnly: 'Area riservata ai coach',
  cohortNotFound: 'Coorte non trovata',
  participantNotFound: 'Partecipante non trovato in questa coorte',
  unreadableData: 'dati non leggibili',
} as const;

/** Participants (and trackers) read per page, in the roster and in each step of the export. */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 200;

export const rosterQueryMessages = {
  limit: `limit deve essere un numero intero tra 1 e ${MAX_PAGE_SIZE}`,
  cursor: 'Cursore non valido',
  tag: tagTexts.tagInvalid,
} as const;

/** `GET /api/coach/cohorts/:cohortId/participants?cursor=&limit=&tag=` */
export const rosterQuerySchema = z.object({
  /** The `nextCursor` of the previous page (a participant's id); null for the first page. */
  cursor: textParam(null, (value) => (isDocumentId(value) ? value : undefined), rosterQueryMessages.cursor),
  /** 1..MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE when absent. */
  limit: textParam(DEFAULT_PAGE_SIZE, pageSize, rosterQueryMessages.limit),
  /** Only the participants with this tag (normalised as stored); null for everyone. */
  tag: textParam(null, readTagParam, rosterQueryMessages.tag),
  /** Only the participants with this package in the cohort (packages.ts); null for everyone. */
  package: textParam(null, readPackageParam, packageTexts.packageFilterInvalid),
});
export type RosterQuery = z.output<typeof rosterQuerySchema>;

function pageSize(value: string): number | undefined {
  const limit = /^\d{1,3}$/.test(value) ? Number(value) : NaN;
  return limit >= 1 && limit <= MAX_PAGE_SIZE ? limit : undefined;
}

/** One of the caller's cohorts (`GET /api/coach/cohorts`). */
export const coachCohortSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The Monday the group begins. */
  startDate: isoDateSchema,
  inviteCode: z.string(),
  registrationOpen: z.boolean(),
  participantCount: z.int(),
  pace: cohortPaceSchema,
  communityLink: z.nullable(z.string()),
  reservedEventsText: z.nullable(z.string()),
  rules: cohortRulesSchema,
  /** When a coach archived it (read-only, out of the lists, data and export kept); null while active. */
  archivedAt: z.nullable(z.string()),
});
export type CoachCohort = z.infer<typeof coachCohortSchema>;

/** `POST /api/coach/cohorts`. */
export const createCohortRequestSchema = z.object({
  name: z
    .string({ error: coachMessages.cohortNameRequired })
    .check(z.trim(), z.minLength(1, coachMessages.cohortNameRequired), z.maxLength(80, coachMessages.cohortNameTooLong), ...visibleText()),
  startDate: isoDateSchema,
  /** Absent: "together" (DEFAULT_NEW_COHORT_PACE). */
  pace: z.optional(cohortPaceSchema),
  /** Required true for a start before this week's Monday: its participants begin in a later week. */
  confirmPastStart: z.optional(z.boolean()),
});
export type CreateCohortRequest = z.infer<typeof createCohortRequestSchema>;

/**
 * `PATCH /api/coach/cohorts/{cohortId}`: rename, open or close registrations, change the pace
 * (until the start), set the community link and the reserved-events text (null clears them),
 * turn motivation rules on or off,
 * archive (true) or bring back (false). An archived cohort accepts only `archived: false`.
 */
export const updateCohortRequestSchema = z.object({
  name: z.optional(createCohortRequestSchema.shape.name),
  registrationOpen: z.optional(z.boolean()),
  pace: z.optional(cohortPaceSchema),
  communityLink: z.optional(communityLinkSchema),
  reservedEventsText: z.optional(reservedEventsTextSchema),
  /** The rules to change; the ones left out stay as they are. */
  rules: z.optional(z.partial(cohortRulesSchema)),
  archived: z.optional(z.boolean()),
});
export type UpdateCohortRequest = z.infer<typeof updateCohortRequestSchema>;

/** `POST /api/coach/cohorts/{cohortId}/coaches`: another existing coach, by email. */
export const addCoachRequestSchema = z.object({ email: passwordResetRequestSchema.shape.email });
export type AddCoachRequest = z.infer<typeof addCoachRequestSchema>;

/** The answer of `POST /api/coach/cohorts/{cohortId}/participants/{userId}/withdraw`: when (the first time) they were withdrawn. */
export const withdrawalSchema = z.object({ userId: z.string(), withdrawnAt: z.iso.datetime({ offset: true }) });
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/** Why a participant needs the coach today, most urgent first (see attention rules in core). */
export const attentionCodeSchema = z.enum([
  'lowMood',
  'moodDrop',
  'noHabits2Days',
  'missingCheckIn',
  'noPlanner',
  'notStarted',
  'noActivity',
]);
export type AttentionCode = z.infer<typeof attentionCodeSchema>;

export const attentionReasonSchema = z.object({ code: attentionCodeSchema, label: z.string() });
export type AttentionReason = z.infer<typeof attentionReasonSchema>;

/** A roster row's figures for a participant in the maintenance phase, for the coach's "Mantenimento" view. */
export const maintenanceFiguresSchema = z.object({
  /** Days into the maintenance phase: 1 on day 57. */
  day: z.int(),
  /** The maintenance month (four weeks each, from day 57). */
  month: z.int(),
  /** Habit-days ticked over the last 7 days, today included (each habit on each day counts one). */
  habitDaysLast7: z.int(),
  /** The mood of the latest monthly check-in, null before the first. */
  lastMonthlyMood: z.nullable(moodSchema),
});
export type MaintenanceFigures = z.infer<typeof maintenanceFiguresSchema>;

/** One roster row (`GET /api/coach/cohorts/{cohortId}/participants`). */
export const rosterRowSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  /** Removed from the cohort by a coach ("ritirato"): kept in exports, out of rankings. */
  withdrawn: z.boolean(),
  started: z.boolean(),
  /** Challenge week 1..8 today in the participant's zone; 0 before the start. */
  challengeWeek: z.int(),
  pointsThisWeek: z.int(),
  totalPoints: z.int(),
  /** Share of habit-days ticked over the last 7 days (0..100), null without habits. */
  habitsLast7DaysPercent: z.nullable(z.int()),
  currentStreak: z.int(),
  /** The last day anything was ticked, planned or checked in, null if never. */
  lastActivity: z.nullable(isoDateSchema),
  lastMood: z.nullable(moodSchema),
  /** Last mood minus the one before (negative: worse), null with fewer than two check-ins. */
  moodTrend: z.nullable(z.int()),
  plannerSavedThisWeek: z.boolean(),
  /** The onboarding answers (null until answered) and the training sheet they assigned. */
  tempoAllenamento: z.nullable(tempoAllenamentoSchema),
  luogoAllenamento: z.nullable(luogoAllenamentoSchema),
  livelloAllenamento: z.nullable(livelloAllenamentoSchema),
  schedaAssegnata: z.nullable(schedaSchema),
  attention: z.array(attentionReasonSchema),
  /** The coaches' tags on the participant (participant-notes.ts), in the order they were added. */
  tags: z.array(z.string()),
  /** The first line of the coaches' latest note on the participant, null without notes. */
  latestNote: z.nullable(notePreviewSchema),
  /** Their package in this cohort (packages.ts): Base unless a coach or an import gave another. */
  package: packageSchema,
  /** Only past day 56, in the "Fase di mantenimento" (maintenance.ts): how they keep going. */
  maintenance: z.optional(maintenanceFiguresSchema),
  /** The participant's stored data could not be summarised: the figures are empty ("dati non leggibili"). */
  unreadable: z.optional(z.literal(true)),
});
export type RosterRow = z.infer<typeof rosterRowSchema>;

export const rosterPageSchema = z.object({
  rows: z.array(rosterRowSchema),
  /** Pass as `?cursor=` for the next page; null on the last page. */
  nextCursor: z.nullable(z.string()),
});
export type RosterPage = z.infer<typeof rosterPageSchema>;

/** The participant page (`GET /api/coach/cohorts/{cohortId}/participants/{userId}`): read-only. */
export const participantDetailSchema = z.object({
  row: rosterRowSchema,
  challengeStartDate: z.nullable(isoDateSchema),
  timeZone: z.string(),
  /** The synced tracker as the server vouched for it; null before the first sync. */
  tracker: z.nullable(trackerDataSchema),
});
export type ParticipantDetail = z.infer<typeof participantDetailSchema>;
