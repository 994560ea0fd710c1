import { isChallengeOver } from '@sfida/core/dates';
import { useAuth } from '../../../lib/auth';
import { useToday } from '../../../lib/use-today';

/**
 * True once the participant's eight weeks are over: their points stop there, so the leaderboard
 * shows the final ranking (by total points) rather than a week nobody scores in.
 */
export function useIsFinalRanking(): boolean {
  const { user } = useAuth();
  return isChallengeOver(user?.challengeStartDate ?? null, useToday());
}
