import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationSettingsSchema, type NotificationSettings, type NotificationsResponse } from '@sfida/core/notifications';
import { apiFetch } from '../../../lib/api-client';

const NOTIFICATIONS = '/api/me/notifications';

export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: ['notifications'] as const,
    queryFn: async ({ signal }): Promise<NotificationsResponse> => {
      const answer = await apiFetch<NotificationsResponse>(NOTIFICATIONS, { signal });
      return { publicKey: answer.publicKey ?? null, settings: notificationSettingsSchema.parse(answer.settings) };
    },
  });
}

/** Saves the user's settings; the server's answer replaces the cached one. */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) => apiFetch<NotificationsResponse>(NOTIFICATIONS, { method: 'PUT', body: { settings } }),
    onSuccess: (answer) => queryClient.setQueryData(notificationsQueryOptions().queryKey, answer),
  });
}
