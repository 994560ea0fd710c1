import { useQuery } from '@tanstack/react-query';
import type { CohortResources } from '@sfida/core/resources';
import { apiFetch } from './api-client';

/*
 * A cohort's resources, one client and one cached copy for everyone who reads them: its
 * participants on /risorse and its coaches in the console, whose changes
 * (features/coach-resources/api/resources.ts) mark this copy stale. core's schema is imported when the
 * request is made (see lib/events.ts).
 */

export function cohortResourcesQueryKey(cohortId: string) {
  return ['cohort-resources', cohortId] as const;
}

async function fetchCohortResources(cohortId: string, signal?: AbortSignal): Promise<CohortResources> {
  const { cohortResourcesSchema } = await import('@sfida/core/resources');
  return apiFetch(`/api/cohorts/${encodeURIComponent(cohortId)}/resources`, { schema: cohortResourcesSchema, signal });
}

/** `GET /api/cohorts/{cohortId}/resources`. */
export function useCohortResources(cohortId: string) {
  return useQuery({ queryKey: cohortResourcesQueryKey(cohortId), queryFn: ({ signal }) => fetchCohortResources(cohortId, signal) });
}

/** An uploaded PDF: a plain download link (the session cookie goes with it). */
export function resourceFileUrl(cohortId: string, resourceId: string): string {
  return `/api/cohorts/${encodeURIComponent(cohortId)}/resources/${encodeURIComponent(resourceId)}/file`;
}
