import type { QueryClient } from '@tanstack/react-query';

/*
 * What the server computes from the synced tracker: the participant's weekly KPIs (the progress
 * summary) and the cohort's leaderboard. Their queries belong to the features that show them;
 * their keys are here, because the tracker's sync changes what they hold.
 */

export const progressSummaryQueryRoot = ['tracker', 'progress-summary'] as const;
export const leaderboardQueryRoot = ['tracker', 'leaderboard'] as const;

/** Re-fetches what the server computes from the synced tracker (after a sync or a challenge start). */
export async function invalidateServerSummaries(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: progressSummaryQueryRoot }),
    queryClient.invalidateQueries({ queryKey: leaderboardQueryRoot }),
  ]);
}
