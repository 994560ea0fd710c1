import { useQuery } from '@tanstack/react-query';
import { coachTeamsSchema } from '@sfida/core/teams';
import { apiFetch } from '../../lib/api-client';
import { cohortPath } from './cohorts';

export function coachTeamsQueryKey(cohortId: string) {
  return ['coach', 'teams', cohortId] as const;
}

/** `GET /api/coach/cohorts/{cohortId}/teams`: the teams and who is in none. */
export function useCoachTeams(cohortId: string) {
  return useQuery({
    queryKey: coachTeamsQueryKey(cohortId),
    queryFn: ({ signal }) => apiFetch(`${cohortPath(cohortId)}/teams`, { schema: coachTeamsSchema, signal }),
  });
}
