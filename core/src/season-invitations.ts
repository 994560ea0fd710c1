import * as z from 'zod/mini';
import { cohortPaceSchema } from './cohort';
import { isoDateSchema } from './iso-date';

// What the participant's side of "Nuova stagione" (seasons.ts) reads and sends: apart from the
// coach's and the server's rules, so the browser's chunk for it carries only these.

/** An open invitation, as the participant's dashboard shows it. */
export const seasonInvitationSchema = z.object({
  targetCohortId: z.string(),
  cohortName: z.string(),
  startDate: isoDateSchema,
  pace: cohortPaceSchema,
});
export type SeasonInvitation = z.infer<typeof seasonInvitationSchema>;

/** `GET /api/me/season-invitation`. */
export const seasonInvitationAnswerSchema = z.object({ invitation: z.nullable(seasonInvitationSchema) });
export type SeasonInvitationAnswer = z.infer<typeof seasonInvitationAnswerSchema>;

/** `POST /api/me/season-invitation/{targetCohortId}/accept`: where the participant now is. */
export const acceptedSeasonSchema = z.object({ cohortId: z.string(), season: z.int(), challengeStartDate: z.nullable(isoDateSchema) });
export type AcceptedSeason = z.infer<typeof acceptedSeasonSchema>;
