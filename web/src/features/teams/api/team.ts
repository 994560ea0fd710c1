import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { highFiveSentSchema, myTeamSchema, receivedHighFivesSchema, type MyTeam } from '@sfida/core/teams';
import { apiFetch } from '../../../lib/api-client';

export const myTeamQueryKey = ['me', 'team'] as const;
export const highFivesQueryKey = ['me', 'high-fives'] as const;

/** `GET /api/me/team`: the caller's team and each teammate's week (not asked while `enabled` is false). */
export function useMyTeam(enabled = true) {
  return useQuery({ queryKey: myTeamQueryKey, queryFn: ({ signal }) => apiFetch('/api/me/team', { schema: myTeamSchema, signal }), enabled });
}

/** `GET /api/me/high-fives`: the ones the caller received today and yesterday. */
export function useReceivedHighFives(enabled = true) {
  return useQuery({ queryKey: highFivesQueryKey, queryFn: ({ signal }) => apiFetch('/api/me/high-fives', { schema: receivedHighFivesSchema, signal }), enabled });
}

/** `POST /api/me/team/high-fives`: "Dai il cinque" to a teammate; the team's marks follow. */
export function useSendHighFive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (toUserId: string) => apiFetch('/api/me/team/high-fives', { method: 'POST', body: { toUserId }, schema: highFiveSentSchema }),
    onSuccess: ({ toUserId }) => {
      queryClient.setQueryData(myTeamQueryKey, (current: MyTeam | undefined) =>
        current?.team
          ? { team: { ...current.team, members: current.team.members.map((m) => (m.userId === toUserId ? { ...m, highFiveSentToday: true } : m)) } }
          : current,
      );
    },
  });
}
