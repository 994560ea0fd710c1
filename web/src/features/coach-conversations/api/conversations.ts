import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  coachConversationSchema,
  conversationListSchema,
  timelineItemSchema,
  type SendConversationMessageRequest,
} from '@sfida/core/conversations';
import { apiFetch, noContent } from '../../../lib/api-client';
import { cohortPath } from '../../../coach-shared/api/cohorts';
import { refreshAfterContact } from '../../../coach-shared/api/contact-queries';

/** Every conversation view (the list, a thread): a message or a read changes them. */
const conversationsKey = ['coach', 'conversations'] as const;

export function conversationListQueryOptions(cohortId: string | null) {
  return infiniteQueryOptions({
    queryKey: [...conversationsKey, 'list', cohortId ?? 'all'] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams();
      if (cohortId) query.set('cohortId', cohortId);
      if (pageParam) query.set('cursor', pageParam);
      const search = query.size > 0 ? `?${query}` : '';
      return apiFetch(`/api/coach/conversations${search}`, { schema: conversationListSchema, signal });
    },
    getNextPageParam: (page) => page.nextCursor,
  });
}

const threadPath = (cohortId: string, userId: string) => `${cohortPath(cohortId)}/participants/${encodeURIComponent(userId)}/conversation`;

export function coachConversationQueryOptions(cohortId: string, userId: string) {
  return infiniteQueryOptions({
    queryKey: [...conversationsKey, 'thread', cohortId, userId] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch(`${threadPath(cohortId, userId)}${pageParam ? `?${new URLSearchParams({ before: pageParam })}` : ''}`, { schema: coachConversationSchema, signal }),
    getNextPageParam: (page) => page.conversation.nextBefore,
  });
}

/** Writes to the participant; then the thread, the list, the triage and the check-ins are read again. */
export function useSendCoachMessage(cohortId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SendConversationMessageRequest) =>
      apiFetch(`${threadPath(cohortId, userId)}/messages`, { method: 'POST', body: request, schema: timelineItemSchema }),
    // A message is a contact: "Da fare oggi" and the check-ins to read may change too.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: conversationsKey }), refreshAfterContact(queryClient)]),
  });
}

/** The coach read the thread: read for every coach of the cohort; the list and its count are read again. */
export function useMarkCoachConversationRead(cohortId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...conversationsKey, 'read', cohortId, userId],
    mutationFn: () => apiFetch(`${threadPath(cohortId, userId)}/read`, { method: 'POST', schema: noContent }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationsKey }),
  });
}

/** Threads with something unread in all the coach's cohorts (the navigation's count); undefined until known. */
export function useUnreadConversations(): number | undefined {
  return useInfiniteQuery(conversationListQueryOptions(null)).data?.pages[0]?.unreadTotal;
}
