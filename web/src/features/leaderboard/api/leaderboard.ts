import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { leaderboardEntrySchema, type LeaderboardEntry } from '@sfida/core/progress-summary';
import { apiFetch } from '../../../lib/api-client';
import { leaderboardQueryKey } from '../../../tracker/server-summaries';

const leaderboardResponseSchema = z.object({ entries: z.array(leaderboardEntrySchema) });

/** The cohort's ranking for the week starting `weekStart`; an empty list on any failure (the card says so). */
export async function fetchLeaderboard(cohortId: string, weekStart: string, signal?: AbortSignal): Promise<LeaderboardEntry[]> {
  try {
    const answer = await apiFetch(
      `/api/cohorts/${encodeURIComponent(cohortId)}/leaderboard?${new URLSearchParams({ weekStart })}`,
      { schema: leaderboardResponseSchema, signal },
    );
    return answer.entries;
  } catch {
    return [];
  }
}

export function leaderboardQueryOptions(cohortId: string, weekStart: string) {
  return queryOptions({
    queryKey: leaderboardQueryKey(cohortId, weekStart),
    queryFn: ({ signal }) => fetchLeaderboard(cohortId, weekStart, signal),
  });
}

/** The cohort leaderboard shown on the dashboard. */
export function useLeaderboard(cohortId: string, weekStart: string) {
  return useQuery(leaderboardQueryOptions(cohortId, weekStart));
}
