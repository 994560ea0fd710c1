import { useMutation } from '@tanstack/react-query';
import { newSeasonAnswerSchema, type NewSeasonRequest } from '@sfida/core/seasons';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/coach/cohorts/{cohortId}/new-season`: invites the cohort's participants who finished to `targetCohortId`. */
export function useInviteToNewSeason(cohortId: string) {
  return useMutation({
    mutationFn: (targetCohortId: string) => {
      const body: NewSeasonRequest = { targetCohortId };
      return apiFetch(`/api/coach/cohorts/${encodeURIComponent(cohortId)}/new-season`, { method: 'POST', body, schema: newSeasonAnswerSchema });
    },
  });
}
