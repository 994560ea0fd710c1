import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { leaderboardAnswerSchema, type LeaderboardEntry } from '@sfida/core/progress-summary';
import { apiFetch } from '../../../lib/api-client';
import { leaderboardQueryKey } from '../../../tracker/server-summaries';

/** Which ranking: the week starting `weekStart`, or the final one by total points once the challenge is over. */
export interface LeaderboardRanking {
  cohortId: string;
  weekStart: string;
  final: boolean;
}

/** A page of the cohort's ranking (the caller's own row added when elsewhere); an empty list on any failure (the card says so). */
export async function fetchLeaderboard(ranking: LeaderboardRanking, page = 1, signal?: AbortSignal): Promise<LeaderboardEntry[]> {
  const params = new URLSearchParams(ranking.final ? { scope: 'final' } : { weekStart: ranking.weekStart });
  if (page > 1) params.set('page', String(page));
  try {
    const answer = await apiFetch(`/api/cohorts/${encodeURIComponent(ranking.cohortId)}/leaderboard?${params}`, { schema: leaderboardAnswerSchema, signal });
    return answer.entries;
  } catch {
    return [];
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
