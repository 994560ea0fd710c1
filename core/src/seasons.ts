import * as z from 'zod/mini';
import type { CohortPace, CohortRules } from './cohort';
import { daysBetween, DAYS_PER_WEEK } from './dates';
import { isDocumentId } from './document-id';
import { rulesField } from './habit-rules';
import type { IsoDate } from './iso-date';
import { isInMaintenance } from './maintenance';
import { activeHabits, emptyTracker, seasonField, seasonOf, type TrackerData } from './tracker';

// "Nuova stagione" (docs/decisions/042): a coach invites the participants of a cohort who finished
// the eight weeks to another of their cohorts; accepting starts them afresh there with the same
// habits. Pure: the server decides with these rules, the browser shows the same choices.

export const seasonTexts = {
  targetRequired: 'Scegli la coorte della nuova stagione',
  sameCohort: 'Scegli una coorte diversa da questa',
  targetNotYours: 'Puoi invitare solo in una coorte che segui tu',
  targetNotFound: 'Coorte della nuova stagione non trovata',
  targetArchived: 'La coorte scelta è archiviata',
  targetStarted: 'La coorte scelta è già oltre la prima settimana: scegline una che non è ancora iniziata',
  nobodyFinished: 'Nessun partecipante di questa coorte ha ancora concluso le 8 settimane',
  invitationNotFound: 'Invito alla nuova stagione non trovato',
  invitationClosed: 'Questo invito non è più valido',
  movedElsewhere: 'Non fai più parte della coorte che ti aveva invitato',
  withdrawn: 'Non fai più parte di questa coorte',
  busy: 'I tuoi progressi sono appena cambiati: riprova ad accettare',
} as const;

/** Whether a cohort starting on `startDate` can still take a new season's participants on `today`: not started, or in its first week. */
export function opensNewSeason(startDate: IsoDate, today: IsoDate): boolean {
  return daysBetween(startDate, today) < DAYS_PER_WEEK;
}

/** Whether a participant has finished the eight weeks (day 57 or later) and may be invited to a new season. */
export function finishedChallenge(startDate: IsoDate | null, today: IsoDate): boolean {
  return isInMaintenance(startDate, today);
}

/** The start a new season gives: the cohort's Monday when it runs together, none (the participant chooses) when each starts on their own day. */
export function seasonStart(pace: CohortPace, cohortStartDate: IsoDate): IsoDate | null {
  return pace === 'together' ? cohortStartDate : null;
}

/**
 * The tracker a new season starts from: the previous season's active habits (same ids, nothing
 * ticked), nothing planned or sent, no points, the next season's number.
 */
export function freshSeasonTracker(
  previous: TrackerData | null,
  context: { timeZone: string; now: Date; challengeStartDate: IsoDate | null; rules: CohortRules | null },
): TrackerData {
  const fresh = emptyTracker(context.timeZone, context.now, context.challengeStartDate);
  const at = context.now.toISOString();
  const habits = previous ? activeHabits(previous).map((habit) => ({ ...habit, createdAt: at })) : [];
  return { ...fresh, ...rulesField(context.rules), ...seasonField(previous ? seasonOf(previous) + 1 : 2), habits };
}

const cohortIdSchema = z.string({ error: seasonTexts.targetRequired }).check(z.refine(isDocumentId, { error: seasonTexts.targetRequired }));

/** `POST /api/coach/cohorts/{cohortId}/new-season`. */
export const newSeasonRequestSchema = z.object({ targetCohortId: cohortIdSchema });
export type NewSeasonRequest = z.infer<typeof newSeasonRequestSchema>;

/** Its answer: how many participants were invited now (those invited before are not counted again). */
export const newSeasonAnswerSchema = z.object({ invited: z.int() });
export type NewSeasonAnswer = z.infer<typeof newSeasonAnswerSchema>;
