import { queryOptions, useQuery } from '@tanstack/react-query';
import { cohortProgressAnswerSchema } from '@sfida/core/cohort-progress';
import { apiFetch } from '../../../lib/api-client';
import { cohortPath } from '../../../coach-shared/api/cohorts';

const progressQuery = (compareWith: string | null) => (compareWith ? `?${new URLSearchParams({ compareWith })}` : '');

/** "Andamento" as CSV: a plain download link (the session cookie goes with it), with the comparison chosen. */
export function cohortProgressExportUrl(cohortId: string, compareWith: string | null): string {
  return `${cohortPath(cohortId)}/progress-by-week.csv${progressQuery(compareWith)}`;
}

export function cohortProgressQueryOptions(cohortId: string, compareWith: string | null) {
  return queryOptions({
    queryKey: ['coach', 'cohort-progress', cohortId, compareWith] as const,
    queryFn: ({ signal }) => apiFetch(`${cohortPath(cohortId)}/progress-by-week${progressQuery(compareWith)}`, { schema: cohortProgressAnswerSchema, signal }),
  });
}

/** The cohort's weeks, and those of `compareWith` (another of the coach's cohorts) when chosen; the last answer stays while another comparison loads. */
export function useCohortProgress(cohortId: string, compareWith: string | null) {
  return useQuery({ ...cohortProgressQueryOptions(cohortId, compareWith), placeholderData: (previous) => (previous?.cohortId === cohortId ? previous : undefined) });
}
