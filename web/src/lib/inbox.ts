import { useCallback } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OwnThread } from '@sfida/core/check-in-threads';
import type { Inbox } from '@sfida/core/cohort-messages';
import { apiFetch, noContent } from './api-client';

/*
 * The participant's inbox: their check-in threads (the coach's replies and their answers) and the
 * coach's messages. The dashboard, the check-in history, the messages page and the shell's count
 * all read the one cached copy; every change the server answers is written into it.
 *
 * core's schemas are imported when a request is made, never at the top: lib/ rides in the chunk
 * every page loads (web/vite.config.ts), and a static import would bring core and zod to the
 * signed-out pages too (lib/auth.tsx does the same).
 */

/** Replies the participant has not opened yet, the newest week first (the dashboard's notice). */
export function unseenReplies(threads: OwnThread[]): OwnThread[] {
  return threads.filter((thread) => thread.reply !== null && thread.replySeenAt === null).sort((a, b) => b.weekNumber - a.weekNumber);
}

/** The id of a week's entry in the check-in history: the dashboard's "Leggi la risposta" links to `/checkin#settimana-N`. */
export function historyEntryId(weekNumber: number): string {
  return `settimana-${weekNumber}`;
}

export function inboxQueryKey(userId: string) {
  return ['inbox', userId] as const;
}

/** The inbox, its messages newest first (the order every screen shows them in). */
async function fetchInbox(signal?: AbortSignal): Promise<Inbox> {
  const { inboxSchema } = await import('@sfida/core/cohort-messages');
  const inbox = await apiFetch('/api/me/inbox', { schema: inboxSchema, signal });
  return { ...inbox, messages: [...inbox.messages].sort((a, b) => b.sentAt.localeCompare(a.sentAt)) };
}

export function inboxQueryOptions(userId: string) {
  return queryOptions({ queryKey: inboxQueryKey(userId), queryFn: ({ signal }) => fetchInbox(signal) });
}

/** `GET /api/me/inbox`. */
export function useInbox(userId: string) {
  return useQuery(inboxQueryOptions(userId));
}

/** The unread messages' count when a screen has already fetched the inbox; never a request of its own. */
export function useCachedUnreadCount(userId: string): number {
  const { data } = useQuery({ ...inboxQueryOptions(userId), enabled: false });
  return data?.unreadMessages ?? 0;
}

function threadPath(weekNumber: number, action: 'seen' | 'answer'): string {
  return `/api/me/check-ins/${weekNumber}/${action}`;
}

async function postThread(weekNumber: number, action: 'seen' | 'answer', body?: { text: string }): Promise<OwnThread> {
  const { ownThreadSchema } = await import('@sfida/core/check-in-threads');
  return apiFetch(threadPath(weekNumber, action), { method: 'POST', body, schema: ownThreadSchema });
}

/** The cached inbox with `thread` in place of its week's. */
function writeThread(queryClient: QueryClient, userId: string, thread: OwnThread): void {
  queryClient.setQueryData(inboxQueryKey(userId), (inbox: Inbox | undefined) => {
    if (!inbox) return inbox;
    const known = inbox.threads.some((t) => t.weekNumber === thread.weekNumber);
    const threads = known ? inbox.threads.map((t) => (t.weekNumber === thread.weekNumber ? thread : t)) : [...inbox.threads, thread];
    return { ...inbox, threads };
  });
}

export function seenMutationKey(weekNumber: number) {
  return ['inbox', 'seen', weekNumber] as const;
}

/**
 * Tells the server the participant has opened the reply of week `weekNumber`, once: a call while
 * another for the same week is under way (a second render, a remount) sends nothing.
 */
export function useMarkReplySeen(userId: string, weekNumber: number) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: seenMutationKey(weekNumber),
    mutationFn: () => postThread(weekNumber, 'seen'),
    onSuccess: (thread) => writeThread(queryClient, userId, thread),
  });
  const { mutate } = mutation;
  return useCallback(() => {
    if (queryClient.isMutating({ mutationKey: seenMutationKey(weekNumber) }) > 0) return;
    mutate();
  }, [queryClient, mutate, weekNumber]);
}

/** The participant's one answer to the coach's reply of week `weekNumber`. */
export function useAnswerReply(userId: string, weekNumber: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => postThread(weekNumber, 'answer', { text }),
    onSuccess: (thread) => writeThread(queryClient, userId, thread),
  });
}

const readMutationKey = ['inbox', 'read'] as const;

/** Marks the coach's messages read (`POST /api/me/messages/{id}/read`), each once. */
export function useMarkMessagesRead(userId: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: readMutationKey,
    mutationFn: (id: string) => apiFetch(`/api/me/messages/${encodeURIComponent(id)}/read`, { method: 'POST', schema: noContent }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData(inboxQueryKey(userId), (inbox: Inbox | undefined) => {
        const message = inbox?.messages.find((m) => m.id === id);
        if (!inbox || !message || message.read) return inbox;
        return {
          ...inbox,
          messages: inbox.messages.map((m) => (m.id === id ? { ...m, read: true } : m)),
          unreadMessages: Math.max(0, inbox.unreadMessages - 1),
        };
      });
    },
  });
  // A message left unread by a failure is marked again on the next visit: nothing to tell the reader.
  const { mutate } = mutation;
  return useCallback(
    (messageIds: string[]) => {
      const pending = new Set(
        queryClient
          .getMutationCache()
          .findAll({ mutationKey: readMutationKey, status: 'pending' })
          .map((m) => m.state.variables),
      );
      for (const id of messageIds) if (!pending.has(id)) mutate(id);
    },
    [queryClient, mutate],
  );
}
