import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { bulkAnswerSchema } from '@sfida/core/bulk';
import { MAX_PACKAGE_TARGETS, setPackagesAnswerSchema, type SetPackagesAnswer, type SetPackagesRequest } from '@sfida/core/package-changes';
import type { BulkTagRequest } from '@sfida/core/participant-notes';
import { apiFetch } from '../../lib/api-client';
import { cohortPath } from './cohorts';
import { cohortTagsQueryOptions } from './cohort-tags';

// A tag or a package set on several people at once, from the roster's selection or the triage's:
// the requests and the lists they change live here, below both features.

/** Every page of a cohort's roster, whatever its filter. */
export const rosterQueryKey = (cohortId: string) => ['coach', 'roster', cohortId] as const;

/** What changes with a package: the roster's rows and the participants' pages. */
export function refreshAfterPackageChange(queryClient: QueryClient, cohortId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: rosterQueryKey(cohortId) }),
    queryClient.invalidateQueries({ queryKey: ['coach', 'participant', cohortId] }),
  ]);
}

/** "Imposta pacchetto" for the given people: one request per MAX_PACKAGE_TARGETS of them. */
export function useSetPackages(cohortId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: SetPackagesRequest): Promise<SetPackagesAnswer> => {
      const total: SetPackagesAnswer = { changed: 0, unchanged: 0 };
      for (let i = 0; i < request.participantIds.length; i += MAX_PACKAGE_TARGETS) {
        const body = { ...request, participantIds: request.participantIds.slice(i, i + MAX_PACKAGE_TARGETS) };
        const answer = await apiFetch(`${cohortPath(cohortId)}/packages`, { method: 'POST', body, schema: setPackagesAnswerSchema });
        total.changed += answer.changed;
        total.unchanged += answer.unchanged;
      }
      return total;
    },
    onSettled: () => refreshAfterPackageChange(queryClient, cohortId),
  });
}

/** One tag on several participants of the cohort at once; the answer says who was not tagged, and why. */
export function useBulkTag(cohortId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkTagRequest) => apiFetch(`${cohortPath(cohortId)}/tags/bulk`, { method: 'POST', body, schema: bulkAnswerSchema }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rosterQueryKey(cohortId) }),
        queryClient.invalidateQueries({ queryKey: cohortTagsQueryOptions(cohortId).queryKey }),
      ]),
  });
}
