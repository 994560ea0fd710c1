import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  checkInCardSchema,
  checkInQueueSchema,
  markReadAnswerSchema,
  participantCheckInsSchema,
  type CheckInQueue,
  type MarkReadRequest,
  type MoodBand,
  type ReplyRequest,
} from '@sfida/core/check-in-threads';
import { apiFetch } from '../../../lib/api-client';
import { cohortPath } from '../../../coach-shared/api/cohorts';
import { checkInsQueryKey, refreshAfterContact } from '../../../coach-shared/api/contact-queries';

/** Every check-in view (queue, recent, a participant's): a reply or a read changes them all. */
const checkInsKey = checkInsQueryKey;

export type CheckInView = 'queue' | 'recent';

/** Narrows a view to one cohort and (the queue) to a band of moods. */
export interface CheckInFilter {
  cohortId: string | null;
  mood: MoodBand | null;
}

const allCheckIns: CheckInFilter = { cohortId: null, mood: null };

export function checkInViewQueryOptions(view: CheckInView, filter: CheckInFilter = allCheckIns) {
  const params = new URLSearchParams({ view });
  if (filter.cohortId) params.set('cohortId', filter.cohortId);
  if (filter.mood) params.set('mood', filter.mood);
  return queryOptions({
    queryKey: [...checkInsKey, view, filter.cohortId, filter.mood] as const,
    queryFn: ({ signal }) => apiFetch(`/api/coach/check-ins?${params}`, { schema: checkInQueueSchema, signal }),
  });
}

/** The check-ins no coach has handled yet (`queue`), or the latest handled (`recent`), across the coach's cohorts or `filter`'s. */
export function useCheckInView(view: CheckInView, filter: CheckInFilter = allCheckIns) {
  return useQuery(checkInViewQueryOptions(view, filter));
}

/** Removes the cards `ids` from every cached queue at once (the server is asked again after). */
function withoutCards(queryClient: ReturnType<typeof useQueryClient>, ids: string[]) {
  queryClient.setQueriesData<CheckInQueue>({ queryKey: [...checkInsKey, 'queue'] }, (queue) => {
    if (!queue) return queue;
    const left = queue.cards.filter((c) => !ids.includes(c.id));
    return { cards: left, total: Math.max(0, queue.total - (queue.cards.length - left.length)) };
  });
}

/** "Segna come letti" on the chosen check-ins. */
export function useMarkCheckInsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (threadIds: string[]) => {
      const body: MarkReadRequest = { threadIds };
      return apiFetch('/api/coach/check-ins/read', { method: 'POST', body, schema: markReadAnswerSchema });
    },
    onSuccess: (answer) => withoutCards(queryClient, [...answer.read, ...answer.alreadyHandled]),
    onSettled: () => queryClient.invalidateQueries({ queryKey: checkInsKey }),
  });
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
    onSuccess: (card) => withoutCards(queryClient, [card.id]),
    // A reply is a contact: "Da fare oggi" may lose the person too.
    onSettled: () => refreshAfterContact(queryClient),
  });
}
