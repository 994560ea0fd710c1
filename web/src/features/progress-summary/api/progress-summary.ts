import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WeeklyKpi } from '@sfida/core/progress-summary';
import { apiFetch } from '../../../lib/api-client';
import { progressSummaryQueryKey, weeklyKpiAnswerSchema } from '../../../tracker/server-summaries';

/** The participant's weekly KPIs as the server computed them from the synced tracker; null on any failure (the card says so). */
export async function fetchProgressSummary(
  userId: string,
  cohortId: string,
  weekStart: string,
  signal?: AbortSignal,
): Promise<WeeklyKpi | null> {
  const query = new URLSearchParams({ cohortId, weekStart });
  try {
    const answer = await apiFetch(`/api/users/${encodeURIComponent(userId)}/progress?${query}`, {
      schema: weeklyKpiAnswerSchema,
      signal,
    });
    return answer.weeklyKPI;
  } catch {
    return null;
  }
}

export function progressSummaryQueryOptions(userId: string, cohortId: string, weekStart: string) {
  return queryOptions({
    // The cohort is the user's own: the key leaves it out, as does an upload's answer (tracker/server-summaries.ts).
    queryKey: progressSummaryQueryKey(userId, weekStart),
    queryFn: ({ signal }) => fetchProgressSummary(userId, cohortId, weekStart, signal),
  });
}

/** Weekly KPIs for the dashboard's progress summary (`weekStart` = Monday of this calendar week). */
export function useProgressSummary(userId: string, cohortId: string, weekStart: string) {
  return useQuery(progressSummaryQueryOptions(userId, cohortId, weekStart));
}
