import { useQuery } from '@tanstack/react-query';
import { cohortEventsAnswerSchema, type CohortEvent } from '@sfida/core/events';
import { apiFetch } from '../../../lib/api-client';

/** The cohort's calendar, as the server keeps it. */
export async function fetchCohortEvents(cohortId: string, signal?: AbortSignal): Promise<CohortEvent[]> {
  const answer = await apiFetch(`/api/cohorts/${encodeURIComponent(cohortId)}/events`, { schema: cohortEventsAnswerSchema, signal });
  return answer.events;
}

export function useCohortEvents(cohortId: string) {
  return useQuery({ queryKey: ['cohort-events', cohortId], queryFn: ({ signal }) => fetchCohortEvents(cohortId, signal) });
}
