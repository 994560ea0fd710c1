import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsResponseSchema, type NotificationSettings } from '@sfida/core/notifications';
import { apiFetch } from '../../../lib/api-client';

const NOTIFICATIONS = '/api/me/notifications';

export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: ['notifications'] as const,
    queryFn: ({ signal }) => apiFetch(NOTIFICATIONS, { schema: notificationsResponseSchema, signal }),
  });
}

/** Saves the user's settings; the server's answer replaces the cached one. */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) => apiFetch(NOTIFICATIONS, { method: 'PUT', body: { settings }, schema: notificationsResponseSchema }),
    onSuccess: (answer) => queryClient.setQueryData(notificationsQueryOptions().queryKey, answer),
  });
}
