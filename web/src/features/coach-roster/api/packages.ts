import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MAX_PACKAGE_TARGETS,
  packageHistorySchema,
  packageImportReportSchema,
  setPackagesAnswerSchema,
  type PackageImportRequest,
  type SetPackagesAnswer,
  type SetPackagesRequest,
} from '@sfida/core/package-changes';
import { apiFetch } from '../../../lib/api-client';
import { cohortPath } from '../../../coach-shared/api/cohorts';
import { rosterQueryKey } from './roster';

export function packageHistoryQueryOptions(cohortId: string, userId: string) {
  return queryOptions({
    queryKey: ['coach', 'participant', cohortId, userId, 'package'] as const,
    queryFn: ({ signal }) => apiFetch(`${cohortPath(cohortId)}/participants/${encodeURIComponent(userId)}/package`, { schema: packageHistorySchema, signal }),
  });
}

/** A participant's package in the cohort and the history of its changes. */
export function usePackageHistory(cohortId: string, userId: string) {
  return useQuery(packageHistoryQueryOptions(cohortId, userId));
}

/** What changes with a package: the roster's rows and the participants' pages. */
function refreshAfterChange(queryClient: ReturnType<typeof useQueryClient>, cohortId: string) {
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
    onSettled: () => refreshAfterChange(queryClient, cohortId),
  });
}

/** The import of buyers: a dry run (which changes nothing) or the real one. */
export function useImportPackages(cohortId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PackageImportRequest) => apiFetch(`${cohortPath(cohortId)}/package-import`, { method: 'POST', body: request, schema: packageImportReportSchema }),
    onSuccess: (report) => (report.applied ? refreshAfterChange(queryClient, cohortId) : undefined),
  });
}
