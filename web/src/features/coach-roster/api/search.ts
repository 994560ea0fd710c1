import { queryOptions, useQuery } from '@tanstack/react-query';
import { searchAnswerSchema } from '@sfida/core/participant-search';
import { apiFetch } from '../../../lib/api-client';

export function participantSearchQueryOptions(query: string) {
  return queryOptions({
    queryKey: ['coach', 'search', query] as const,
    queryFn: ({ signal }) => apiFetch(`/api/coach/search?${new URLSearchParams({ q: query })}`, { schema: searchAnswerSchema, signal }),
  });
}

/** The coach's search across their cohorts, for a query sent (null: none yet). */
export function useParticipantSearch(query: string | null) {
  return useQuery({ ...participantSearchQueryOptions(query ?? ''), enabled: query !== null });
}
