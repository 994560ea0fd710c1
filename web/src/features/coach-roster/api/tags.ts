import { useMutation, useQueryClient } from '@tanstack/react-query';
import { participantTagsSchema, type UpdateTagsRequest } from '@sfida/core/participant-notes';
import { apiFetch } from '../../../lib/api-client';
import { cohortPath } from '../../../coach-shared/api/cohorts';
import { cohortTagsQueryOptions } from '../../../coach-shared/api/cohort-tags';
import { rosterQueryKey } from './roster';

/** Adds or takes off tags on a participant; the roster, their page and the cohort's tags follow. */
export function useUpdateTags(cohortId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTagsRequest) =>
      apiFetch(`${cohortPath(cohortId)}/participants/${encodeURIComponent(userId)}/tags`, { method: 'PATCH', body, schema: participantTagsSchema }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rosterQueryKey(cohortId) }),
        queryClient.invalidateQueries({ queryKey: ['coach', 'participant', cohortId, userId] }),
        queryClient.invalidateQueries({ queryKey: cohortTagsQueryOptions(cohortId).queryKey }),
      ]),
  });
}
