import type { QueryClient } from '@tanstack/react-query';
import { leaderboardQueryRoot } from './leaderboard';
import { progressQueryRoot } from './progress-summary';

/** Re-fetches what the server computes from the synced tracker (after a sync or a challenge start). */
export async function invalidateServerProgress(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: progressQueryRoot }),
    queryClient.invalidateQueries({ queryKey: leaderboardQueryRoot }),
  ]);
}
