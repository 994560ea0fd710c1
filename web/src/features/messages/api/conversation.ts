import { useCallback } from 'react';
import { infiniteQueryOptions, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { conversationSchema, timelineItemSchema, type Conversation, type SendConversationMessageRequest, type TimelineItem } from '@sfida/core/conversations';
import { apiFetch, noContent } from '../../../lib/api-client';
import { inboxQueryKey } from '../../../lib/inbox';

// The participant's conversation with their coaches (`/api/me/conversation`), a page at a time,
// the newest first; an older page is asked for by the instant the previous one ends at.

export function conversationQueryKey(userId: string) {
  return ['conversation', userId] as const;
}

export function conversationQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: conversationQueryKey(userId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch(`/api/me/conversation${pageParam ? `?${new URLSearchParams({ before: pageParam })}` : ''}`, { schema: conversationSchema, signal }),
    getNextPageParam: (page) => page.nextBefore,
  });
}

type Pages = InfiniteData<Conversation, string | null>;

/** The cached conversation with `change` applied to each of its items. */
function changeItems(queryClient: QueryClient, userId: string, change: (items: TimelineItem[]) => TimelineItem[]) {
  queryClient.setQueryData(conversationQueryKey(userId), (data: Pages | undefined) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: change(page.items) })) } : data,
  );
}

/** Writes to the coaches; the message shows at once, then the thread is read again. */
export function useSendOwnMessage(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SendConversationMessageRequest) =>
      apiFetch('/api/me/conversation/messages', { method: 'POST', body: request, schema: timelineItemSchema }),
    onSuccess: async (item) => {
      queryClient.setQueryData(conversationQueryKey(userId), (data: Pages | undefined) => {
        if (!data || data.pages[0]?.items.some((i) => i.id === item.id)) return data;
        const [first, ...rest] = data.pages;
        return { ...data, pages: [{ ...first!, items: [item, ...first!.items] }, ...rest] };
      });
      await queryClient.invalidateQueries({ queryKey: conversationQueryKey(userId) });
    },
  });
}

const readKey = ['conversation', 'read'] as const;

/**
 * Tells the server the participant read their thread (the coaches' messages and check-in
 * replies in it), once: a call while another is under way sends nothing. The badge is read again.
 */
export function useMarkConversationRead(userId: string) {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationKey: readKey,
    mutationFn: () => apiFetch('/api/me/conversation/read', { method: 'POST', schema: noContent }),
    onSuccess: () => {
      changeItems(queryClient, userId, (items) => items.map((item) => (item.from === 'coach' && item.kind !== 'cohortMessage' ? { ...item, seen: true } : item)));
      return queryClient.invalidateQueries({ queryKey: inboxQueryKey(userId) });
    },
  });
  return useCallback(() => {
    if (queryClient.isMutating({ mutationKey: readKey }) > 0) return;
    mutate();
  }, [queryClient, mutate]);
}
