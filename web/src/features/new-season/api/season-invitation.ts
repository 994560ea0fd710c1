import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { acceptedSeasonSchema, seasonInvitationAnswerSchema } from '@sfida/core/season-invitations';
import { apiFetch } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { invalidateServerSummaries } from '../../../tracker/server-summaries';
import { trackerStoreFor } from '../../../tracker/tracker-store';
import { trackerSyncFor } from '../../../tracker/tracker-sync';

export const seasonInvitationQueryKey = ['me', 'season-invitation'] as const;

/** `GET /api/me/season-invitation`: the coach's open invitation to a new season, or none (asked only while `enabled`). */
export function useSeasonInvitation(enabled: boolean) {
  return useQuery({
    queryKey: seasonInvitationQueryKey,
    queryFn: ({ signal }) => apiFetch('/api/me/season-invitation', { schema: seasonInvitationAnswerSchema, signal }),
    enabled,
  });
}

/**
 * "Accetta" and "No, grazie". Accepting moves the participant on the server; then the session (new
 * cohort and start), the server's tracker (the new season's, which replaces this browser's copy)
 * and what the server computes from it are read again.
 */
export function useAnswerSeasonInvitation() {
  const { refresh, user } = useAuth();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<'accept' | 'decline' | null>(null);
  const accept = useCallback(
    async (targetCohortId: string) => {
      setPending('accept');
      try {
        const answer = await apiFetch(`/api/me/season-invitation/${encodeURIComponent(targetCohortId)}/accept`, { method: 'POST', body: {}, schema: acceptedSeasonSchema });
        await refresh();
        // The server's copy is now the new season's: looked at once, it replaces this browser's.
        if (user) await trackerSyncFor(trackerStoreFor(user.id)).refreshNow();
        queryClient.setQueryData(seasonInvitationQueryKey, { invitation: null });
        await invalidateServerSummaries(queryClient);
        return answer;
      } finally {
        setPending(null);
      }
    },
    [refresh, user, queryClient],
  );
  const decline = useCallback(
    async (targetCohortId: string) => {
      setPending('decline');
      try {
        const next = await apiFetch(`/api/me/season-invitation/${encodeURIComponent(targetCohortId)}/decline`, { method: 'POST', body: {}, schema: seasonInvitationAnswerSchema });
        queryClient.setQueryData(seasonInvitationQueryKey, next);
      } finally {
        setPending(null);
      }
    },
    [queryClient],
  );
  return { accept, decline, pending };
}
