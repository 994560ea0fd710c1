import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { packageHistorySchema, packageImportReportSchema, type PackageImportRequest } from '@sfida/core/package-changes';
import { apiFetch } from '../../../lib/api-client';
import { cohortPath } from '../../../coach-shared/api/cohorts';
import { refreshAfterPackageChange } from '../../../coach-shared/api/people-bulk';

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

/** The import of buyers: a dry run (which changes nothing) or the real one. */
export function useImportPackages(cohortId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PackageImportRequest) => apiFetch(`${cohortPath(cohortId)}/package-import`, { method: 'POST', body: request, schema: packageImportReportSchema }),
    onSuccess: (report) => (report.applied ? refreshAfterPackageChange(queryClient, cohortId) : undefined),
  });
}
