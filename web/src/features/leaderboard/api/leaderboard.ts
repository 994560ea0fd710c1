import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { leaderboardAnswerSchema, type LeaderboardEntry } from '@sfida/core/progress-summary';
import { ApiError, UnexpectedAnswerError, apiFetch } from '../../../lib/api-client';
import { leaderboardQueryKey } from '../../../tracker/server-summaries';
import { rememberRanking } from './last-ranking';

/** Which ranking: the week starting `weekStart`, or the final one by total points once the challenge is over. */
export interface LeaderboardRanking {
  cohortId: string;
  weekStart: string;
  final: boolean;
}

/**
 * A page of the cohort's ranking (the caller's own row added when elsewhere). A refusal or an
 * answer that cannot be read gives an empty list (the card says so); no answer at all (offline)
 * throws, so that the screens can say the app is offline instead. The first page is remembered
 * for the next time the app opens offline.
 */
export async function fetchLeaderboard(ranking: LeaderboardRanking, page = 1, signal?: AbortSignal): Promise<LeaderboardEntry[]> {
  const params = new URLSearchParams(ranking.final ? { scope: 'final' } : { weekStart: ranking.weekStart });
  if (page > 1) params.set('page', String(page));
  try {
    const answer = await apiFetch(`/api/cohorts/${encodeURIComponent(ranking.cohortId)}/leaderboard?${params}`, { schema: leaderboardAnswerSchema, signal });
    if (page === 1) rememberRanking(ranking, answer.entries, new Date());
    return answer.entries;
  } catch (error) {
    if (error instanceof ApiError || error instanceof UnexpectedAnswerError || error instanceof SyntaxError) return [];
    throw error;
  }
}

export function leaderboardQueryOptions(ranking: LeaderboardRanking, page = 1) {
  // Under the leaderboard's key, so that a sync asks for every page again; the first page's key is the dashboard's.
  const key = leaderboardQueryKey(ranking.cohortId, ranking.final ? 'final' : ranking.weekStart);
  return queryOptions({
    queryKey: page === 1 ? key : [...key, page],
    queryFn: ({ signal }) => fetchLeaderboard(ranking, page, signal),
  });
}

/** The first page of the cohort leaderboard (the dashboard's card). */
export function useLeaderboard(ranking: LeaderboardRanking) {
  return useQuery(leaderboardQueryOptions(ranking));
}

/** Pages 1 to `pages` of the cohort leaderboard (the Classifica page), each as it arrives. */
export function useLeaderboardPages(ranking: LeaderboardRanking, pages: number) {
  return useQueries({ queries: Array.from({ length: pages }, (_, i) => leaderboardQueryOptions(ranking, i + 1)) });
}
