import type { QueryClient } from '@tanstack/react-query';

/*
 * What the server computes from the synced trackers: the cohort's leaderboard. Its query belongs
 * to the feature that shows it; its key is here, because the tracker's sync changes what it holds.
 * (The participant's own weekly figures are not asked for: the progress summary derives them from
 * the local tracker, so they follow every change at once, in this tab or another.)
 */

export const leaderboardQueryRoot = ['tracker', 'leaderboard'] as const;

/** A cohort's ranking for the week starting `weekStart`. */
export function leaderboardQueryKey(cohortId: string, weekStart: string) {
  return [...leaderboardQueryRoot, cohortId, weekStart] as const;
}

/** Asks again for what the server computes from the synced trackers (after an accepted upload from any tab, a challenge start). */
export async function invalidateServerSummaries(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: leaderboardQueryRoot });
}
