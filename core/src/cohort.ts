import * as z from 'zod/mini';
import { isoDateSchema } from './iso-date';
import { visibleText } from './visible-text';

// A cohort's settings as its coaches choose them and its participants live them: the pace its
// challenge runs at, its community link and whether its events are reserved. The coach console
// changes them (core/coach.ts); `GET /api/cohorts/{cohortId}` gives them to the cohort's participants.

/**
 * "together" ("Tutti insieme"): every participant's challenge starts on the cohort's Monday, so
 * every challenge week is the same week for everyone. "ownDay" ("Ognuno dal suo giorno"): each
 * participant starts on a day they choose (the product spec's flow). A cohort stored before paces
 * existed is "ownDay".
 */
export const cohortPaceSchema = z.enum(['together', 'ownDay']);
export type CohortPace = z.infer<typeof cohortPaceSchema>;

export const cohortPaceLabels: Record<CohortPace, string> = {
  together: 'Tutti insieme',
  ownDay: 'Ognuno dal suo giorno',
};

/** What a cohort stored before a setting existed means. */
export const DEFAULT_STORED_PACE: CohortPace = 'ownDay';
/** New cohorts run together unless their coach says otherwise. */
export const DEFAULT_NEW_COHORT_PACE: CohortPace = 'together';

export const cohortSettingsMessages = {
  communityLinkHttps: 'Il link della community deve iniziare con https://',
  communityLinkTooLong: 'Il link della community può avere al massimo 500 caratteri',
  reservedEventsTextRequired: 'Scrivi chi può partecipare agli eventi riservati',
  reservedEventsTextTooLong: 'Il testo sugli eventi riservati può avere al massimo 300 caratteri',
  paceLocked: 'Il ritmo della coorte non si può cambiare dopo l’inizio',
  archived: 'La coorte è archiviata: non si può modificare',
} as const;

/** The cohort's community group: an https link, or null for none. */
export const communityLinkSchema = z.nullable(
  z.string().check(
    z.trim(),
    z.maxLength(500, cohortSettingsMessages.communityLinkTooLong),
    z.refine((value) => /^https:\/\/[^\s/]+\.[^\s]+$/.test(value), { error: cohortSettingsMessages.communityLinkHttps }),
  ),
);

/** The "Eventi riservati" banner's text, or null when the events are open to every participant of the cohort. */
export const reservedEventsTextSchema = z.nullable(
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, cohortSettingsMessages.reservedEventsTextRequired),
      z.maxLength(300, cohortSettingsMessages.reservedEventsTextTooLong),
      ...visibleText(),
    ),
);

/**
 * The motivation rules a coach chooses for their cohort. Each one changes what the server vouches
 * for (points, streaks, reminders), so points and their explanation are worked out from these
 * same values on both sides.
 */
export const cohortRulesSchema = z.object({
  /** "Bentornato": a bonus for the first on-time tick of a habit after missed days. */
  comebackBonus: z.boolean(),
  /** "Jolly": the first missed day of a week does not break a habit's streak. */
  forgivingStreak: z.boolean(),
  /** Small teams ranked by average points per member. */
  teamLeaderboard: z.boolean(),
  /** A reminder at the day and time a planner action was planned for, if it is not done by then. */
  plannedActionReminders: z.boolean(),
});
export type CohortRules = z.infer<typeof cohortRulesSchema>;
export type CohortRule = keyof CohortRules;

/** In the order the coach's settings and "Come funzionano i punti" list them. */
export const COHORT_RULES: readonly CohortRule[] = ['comebackBonus', 'forgivingStreak', 'teamLeaderboard', 'plannedActionReminders'];

export const cohortRuleLabels: Record<CohortRule, { label: string; hint: string }> = {
  comebackBonus: { label: 'Bonus ritorno', hint: 'Punti extra a chi riprende un’abitudine dopo uno o più giorni mancati.' },
  forgivingStreak: { label: 'Serie con jolly', hint: 'Ogni settimana il primo giorno mancato di un’abitudine non interrompe la serie.' },
  teamLeaderboard: { label: 'Classifica a squadre', hint: 'Squadre da 3 a 6 persone, confrontate per media di punti per membro.' },
  plannedActionReminders: {
    label: 'Promemoria delle azioni pianificate',
    hint: 'Un promemoria al giorno e all’ora scelti, se l’azione non è ancora fatta.',
  },
};

/** Cohorts stored before the rules existed, the default local one among them: the product spec's points table exactly. */
export const STORED_COHORT_RULES: CohortRules = {
  comebackBonus: false,
  forgivingStreak: false,
  teamLeaderboard: false,
  plannedActionReminders: false,
};
/** New cohorts get every rule; their coach turns off what they do not want. */
export const NEW_COHORT_RULES: CohortRules = {
  comebackBonus: true,
  forgivingStreak: true,
  teamLeaderboard: true,
  plannedActionReminders: true,
};

/** The rules a stored cohort runs by: a rule it does not store is off. */
export function cohortRulesOf(stored: Partial<CohortRules> | null | undefined): CohortRules {
  const rules = { ...STORED_COHORT_RULES };
  for (const rule of COHORT_RULES) if (typeof stored?.[rule] === 'boolean') rules[rule] = stored[rule];
  return rules;
}

/** `GET /api/cohorts/{cohortId}`: the cohort as its participants (and coaches) see it. */
export const cohortInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The Monday the group begins. */
  startDate: isoDateSchema,
  pace: cohortPaceSchema,
  communityLink: z.nullable(z.string()),
  reservedEventsText: z.nullable(z.string()),
  rules: cohortRulesSchema,
});
export type CohortInfo = z.infer<typeof cohortInfoSchema>;
