import { skipToken, useQuery, type QueryClient } from '@tanstack/react-query';

// The coach's unread conversations, for the navigation's "Conversazioni" count. The console fetches
// them and keeps the number here; the shell only reads it, so no page pays a request for the badge.

const coachUnreadKey = ['coach', 'unread-conversations'] as const;

/** Keeps the number the console last learnt. */
export function rememberCoachUnread(queryClient: QueryClient, unread: number): void {
  queryClient.setQueryData(coachUnreadKey, unread);
}

/** The coach's unread conversations as last learnt; 0 until then. Never a request of its own. */
export function useCachedCoachUnread(enabled: boolean): number {
  const { data } = useQuery<number>({ queryKey: coachUnreadKey, queryFn: skipToken, enabled: false });
  return enabled ? (data ?? 0) : 0;
}
