import { useQuery } from '@tanstack/react-query';
import type { TeamLeaderboard } from '@sfida/core/teams';
import { apiFetch } from './api-client';

// `GET /api/cohorts/{cohortId}/team-leaderboard`: read by the participant's team page and the
// coach's console alike, so it lives below both.

export function teamLeaderboardQueryKey(cohortId: string, weekStart: string) {
  return ['team-leaderboard', cohortId, weekStart] as const;
}

async function fetchTeamLeaderboard(cohortId: string, weekStart: string, signal?: AbortSignal): Promise<TeamLeaderboard> {
  const { teamLeaderboardSchema } = await import('@sfida/core/teams');
  const params = new URLSearchParams({ weekStart });
  return apiFetch(`/api/cohorts/${encodeURIComponent(cohortId)}/team-leaderboard?${params}`, { schema: teamLeaderboardSchema, signal });
}

/** The cohort's teams ranked for the calendar week starting `weekStart` (not asked while `enabled` is false: the rule is off). */
export function useTeamLeaderboard(cohortId: string, weekStart: string, enabled = true) {
  return useQuery({ queryKey: teamLeaderboardQueryKey(cohortId, weekStart), queryFn: ({ signal }) => fetchTeamLeaderboard(cohortId, weekStart, signal), enabled });
}
