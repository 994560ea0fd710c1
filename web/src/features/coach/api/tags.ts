import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cohortTagsSchema, participantTagsSchema, type UpdateTagsRequest } from '@sfida/core/participant-notes';
import { apiFetch } from '../../../lib/api-client';
import { cohortPath } from './cohorts';
import { rosterQueryKey } from './roster';

export function cohortTagsQueryOptions(cohortId: string) {
  return queryOptions({
    queryKey: ['coach', 'tags', cohortId] as const,
    queryFn: async ({ signal }) => (await apiFetch(`${cohortPath(cohortId)}/tags`, { schema: cohortTagsSchema, signal })).tags,
  });
}

/** Every tag in use in the cohort, alphabetical: the roster's filter and the composer's segment offer them. */
export function useCohortTags(cohortId: string) {
  return useQuery(cohortTagsQueryOptions(cohortId));
}

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
