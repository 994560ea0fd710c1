import { hashKey, type QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { weeklyKpiSchema, type WeeklyKpi } from '@sfida/core/progress-summary';

/*
 * What the server computes from the synced tracker: the participant's weekly KPIs (the progress
 * summary) and the cohort's leaderboard. Their queries belong to the features that show them;
 * their keys are here, because the tracker's sync changes what they hold.
 */

export const progressSummaryQueryRoot = ['tracker', 'progress-summary'] as const;
export const leaderboardQueryRoot = ['tracker', 'leaderboard'] as const;

/** A participant's KPIs for the week starting `weekStart`. */
export function progressSummaryQueryKey(userId: string, weekStart: string) {
  return [...progressSummaryQueryRoot, userId, weekStart] as const;
}

/** A cohort's ranking for the week starting `weekStart`. */
export function leaderboardQueryKey(cohortId: string, weekStart: string) {
  return [...leaderboardQueryRoot, cohortId, weekStart] as const;
}

/** How the server answers both a KPI request and an accepted upload of the tracker. */
export const weeklyKpiAnswerSchema = z.object({ weeklyKPI: weeklyKpiSchema });

/** Re-fetches what the server computes from the synced tracker (after a challenge start). */
export async function invalidateServerSummaries(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: progressSummaryQueryRoot }),
    queryClient.invalidateQueries({ queryKey: leaderboardQueryRoot }),
  ]);
}

/**
 * After an accepted upload. Its answer is the KPIs of the week it fell in: they go straight into
 * their query (TanStack Query's "updates from mutation responses"), so that a screen showing them
 * does not ask the server again for what it has just said; any other week is asked again when
 * shown, and so is every week when the answer had no KPIs. The leaderboard has no such answer: it
 * is asked again.
 */
export async function updateServerSummaries(queryClient: QueryClient, synced: { userId: string; weeklyKpi: WeeklyKpi | null }): Promise<void> {
  const leaderboard = queryClient.invalidateQueries({ queryKey: leaderboardQueryRoot });
  if (synced.weeklyKpi === null) {
    await Promise.all([leaderboard, queryClient.invalidateQueries({ queryKey: progressSummaryQueryRoot })]);
    return;
  }
  const key = progressSummaryQueryKey(synced.userId, synced.weeklyKpi.weekStart);
  queryClient.setQueryData<WeeklyKpi | null>(key, synced.weeklyKpi);
  const seeded = hashKey(key);
  await Promise.all([
    leaderboard,
    queryClient.invalidateQueries({ queryKey: progressSummaryQueryRoot, predicate: (query) => query.queryHash !== seeded }),
  ]);
}
