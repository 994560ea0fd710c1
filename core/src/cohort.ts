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

/** `GET /api/cohorts/{cohortId}`: the cohort as its participants (and coaches) see it. */
export const cohortInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The Monday the group begins. */
  startDate: isoDateSchema,
  pace: cohortPaceSchema,
  communityLink: z.nullable(z.string()),
  reservedEventsText: z.nullable(z.string()),
});
export type CohortInfo = z.infer<typeof cohortInfoSchema>;
