import { queryOptions, useQuery } from '@tanstack/react-query';
import { cohortTagsSchema } from '@sfida/core/participant-notes';
import { apiFetch } from '../../lib/api-client';
import { cohortPath } from './cohorts';

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
