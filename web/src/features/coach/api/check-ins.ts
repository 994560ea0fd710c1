import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { checkInCardSchema, checkInQueueSchema, participantCheckInsSchema, type CheckInQueue, type ReplyRequest } from '@sfida/core/check-in-threads';
import { apiFetch } from '../../../lib/api-client';
import { cohortPath } from './cohorts';

/** Every check-in view (queue, recent, a participant's): a reply or a read changes them all. */
const checkInsKey = ['coach', 'check-ins'] as const;

export type CheckInView = 'queue' | 'recent';

export function checkInViewQueryOptions(view: CheckInView) {
  return queryOptions({
    queryKey: [...checkInsKey, view] as const,
    queryFn: ({ signal }) => apiFetch(`/api/coach/check-ins?view=${view}`, { schema: checkInQueueSchema, signal }),
  });
}

/** The check-ins no coach has handled yet (`queue`), or the latest handled (`recent`), across the coach's cohorts. */
export function useCheckInView(view: CheckInView) {
  return useQuery(checkInViewQueryOptions(view));
}

export function participantCheckInsQueryOptions(cohortId: string, userId: string) {
  return queryOptions({
    queryKey: [...checkInsKey, 'participant', cohortId, userId] as const,
    queryFn: async ({ signal }) =>
      (await apiFetch(`${cohortPath(cohortId)}/participants/${encodeURIComponent(userId)}/check-ins`, { schema: participantCheckInsSchema, signal })).cards,
  });
}

/** One participant's check-ins with their threads, oldest week first. */
export function useParticipantCheckIns(cohortId: string, userId: string) {
  return useQuery(participantCheckInsQueryOptions(cohortId, userId));
}

/**
 * Replies to a check-in (`text`, with a voice note already uploaded when `voiceNoteId`) or marks it read (no text). On success the card leaves the
 * queue at once, then every view is read again; on a failure (a 409: another coach was faster)
 * too, so the coach sees the queue as it is.
 */
export function useHandleCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ checkInId, text, voiceNoteId }: { checkInId: string; text?: string; voiceNoteId?: string }) => {
      const base = `/api/coach/check-ins/${encodeURIComponent(checkInId)}`;
      if (text === undefined) return apiFetch(`${base}/read`, { method: 'POST', schema: checkInCardSchema });
      const body: ReplyRequest = voiceNoteId ? { text, voiceNoteId } : { text };
      return apiFetch(`${base}/reply`, { method: 'POST', body, schema: checkInCardSchema });
    },
    onSuccess: (card) =>
      queryClient.setQueryData(checkInViewQueryOptions('queue').queryKey, (queue: CheckInQueue | undefined) =>
        queue && queue.cards.some((c) => c.id === card.id) ? { cards: queue.cards.filter((c) => c.id !== card.id), total: Math.max(0, queue.total - 1) } : queue,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: checkInsKey }),
  });
}
