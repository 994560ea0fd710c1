import { useQuery } from '@tanstack/react-query';
import type { CohortInfo } from '@sfida/core/cohort';
import { apiFetch } from './api-client';

/*
 * The participant's cohort as they live it: its start and pace, its community link and whether
 * its events are reserved. One cached copy for every screen that reads it; the coach console's
 * changes to a cohort mark it stale. core's schema is imported when the request is made (see
 * lib/events.ts).
 */

export function cohortInfoQueryKey(cohortId: string) {
  return ['cohort-info', cohortId] as const;
}

async function fetchCohortInfo(cohortId: string, signal?: AbortSignal): Promise<CohortInfo> {
  const { cohortInfoSchema } = await import('@sfida/core/cohort');
  return apiFetch(`/api/cohorts/${encodeURIComponent(cohortId)}`, { schema: cohortInfoSchema, signal });
}

/** `GET /api/cohorts/{cohortId}` (not asked while `enabled` is false: a coach, or no cohort yet). */
export function useCohortInfo(cohortId: string, enabled = true) {
  return useQuery({ queryKey: cohortInfoQueryKey(cohortId), queryFn: ({ signal }) => fetchCohortInfo(cohortId, signal), enabled });
}
