import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { coachCohortSchema, type CoachCohort } from '@sfida/core/coach';
import { apiFetch } from '../../lib/api-client';

export const coachCohortsQueryKey = ['coach', 'cohorts'] as const;

/** The base of every cohort's endpoints. */
export function cohortPath(cohortId: string): string {
  return `/api/coach/cohorts/${encodeURIComponent(cohortId)}`;
}

/** The CSV of a cohort's roster: a plain download link (the session cookie goes with it). */
export function cohortExportUrl(cohortId: string): string {
  return `${cohortPath(cohortId)}/export.csv`;
}

export function coachCohortsQueryOptions() {
  return queryOptions({
    queryKey: coachCohortsQueryKey,
    queryFn: ({ signal }) => apiFetch('/api/coach/cohorts', { schema: z.array(coachCohortSchema), signal }),
  });
}

/**
 * After a change answered with a cohort: `update` writes it into the cached list, then the list is
 * read again. A list still loading is cancelled first: its answer predates the change (a cohort
 * created while "Coorti" loads would be missing from it), and the read again would otherwise join
 * that request instead of asking anew, since there is no list yet to add to.
 */
export async function afterCohortChange(queryClient: QueryClient, update: (cohorts: CoachCohort[] | undefined) => CoachCohort[] | undefined): Promise<void> {
  await queryClient.cancelQueries({ queryKey: coachCohortsQueryKey });
  queryClient.setQueryData(coachCohortsQueryKey, update);
  await queryClient.invalidateQueries({ queryKey: coachCohortsQueryKey });
}

/** The coach's cohorts. */
export function useCoachCohorts() {
  return useQuery(coachCohortsQueryOptions());
}

const onlyActive = (cohorts: CoachCohort[]) => cohorts.filter((cohort) => cohort.archivedAt === null);

/** The coach's cohorts that are not archived: the daily lists' (Oggi, Conversazioni, Eventi). */
export function useActiveCoachCohorts() {
  return useQuery({ ...coachCohortsQueryOptions(), select: onlyActive });
}
