import { queryOptions, useQuery } from '@tanstack/react-query';
import { participantDetailSchema } from '@sfida/core/coach';
import { apiFetch } from '../../../lib/api-client';
import { cohortPath } from '../../../coach-shared/api/cohorts';

export function participantQueryOptions(cohortId: string, userId: string) {
  return queryOptions({
    queryKey: ['coach', 'participant', cohortId, userId] as const,
    queryFn: ({ signal }) =>
      apiFetch(`${cohortPath(cohortId)}/participants/${encodeURIComponent(userId)}`, { schema: participantDetailSchema, signal }),
  });
}

/** One participant's page: their roster row and the tracker the server vouched for. */
export function useParticipant(cohortId: string, userId: string) {
  return useQuery(participantQueryOptions(cohortId, userId));
}
