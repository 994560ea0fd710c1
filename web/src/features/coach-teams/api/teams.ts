import { useMutation, useQueryClient } from '@tanstack/react-query';
import { coachTeamsSchema, type CoachTeams, type FormTeamsRequest } from '@sfida/core/teams';
import { apiFetch } from '../../../lib/api-client';
import { cohortPath } from '../../../coach-shared/api/cohorts';
import { coachTeamsQueryKey } from '../../../coach-shared/api/coach-teams';

/** A change whose answer is the cohort's teams again: written into the cache, the team ranking asked again. */
function useTeamsChange<Input>(cohortId: string, request: (input: Input) => Promise<CoachTeams>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (teams) => {
      queryClient.setQueryData(coachTeamsQueryKey(cohortId), teams);
      void queryClient.invalidateQueries({ queryKey: ['team-leaderboard', cohortId] });
    },
  });
}

/** Forms the cohort's teams again from scratch. */
export function useFormTeams(cohortId: string) {
  return useTeamsChange(cohortId, (body: FormTeamsRequest) => apiFetch(`${cohortPath(cohortId)}/teams`, { method: 'POST', body, schema: coachTeamsSchema }));
}

export function useRenameTeam(cohortId: string) {
  return useTeamsChange(cohortId, ({ teamId, name }: { teamId: string; name: string }) =>
    apiFetch(`${cohortPath(cohortId)}/teams/${encodeURIComponent(teamId)}`, { method: 'PATCH', body: { name }, schema: coachTeamsSchema }),
  );
}

export function useMoveMember(cohortId: string) {
  return useTeamsChange(cohortId, ({ teamId, userId }: { teamId: string; userId: string }) =>
    apiFetch(`${cohortPath(cohortId)}/teams/${encodeURIComponent(teamId)}/members`, { method: 'POST', body: { userId }, schema: coachTeamsSchema }),
  );
}
