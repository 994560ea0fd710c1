import { useMutation, useQueryClient } from '@tanstack/react-query';
import { participantTagsSchema, type UpdateTagsRequest } from '@sfida/core/participant-notes';
import { bulkAnswerSchema } from '@sfida/core/bulk';
import type { BulkTriageRequest } from '@sfida/core/triage';
import { apiFetch } from '../../../lib/api-client';
import { cohortPath } from '../../../coach-shared/api/cohorts';
import { cohortTagsQueryOptions } from '../../../coach-shared/api/cohort-tags';
import { refreshAfterContact } from '../../../coach-shared/api/contact-queries';
import { rosterQueryKey } from '../../../coach-shared/api/people-bulk';

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

/**
 * "Contattato" or "Rimanda a…" for several participants (the triage's bulk route): contacted, they
 * leave "Da fare oggi" and their check-ins are read; postponed, what they have open waits until the day.
 */
export function useBulkTriage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkTriageRequest) => apiFetch('/api/coach/triage/bulk', { method: 'POST', body, schema: bulkAnswerSchema }),
    onSettled: () => refreshAfterContact(queryClient),
  });
}
