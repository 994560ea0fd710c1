import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { emailPreferencesResponseSchema, type EmailPreferences } from '@sfida/core/email-preferences';
import { apiFetch } from '../../../lib/api-client';

const EMAIL_PREFERENCES = '/api/me/email-preferences';

export function emailPreferencesQueryOptions() {
  return queryOptions({
    queryKey: ['email-preferences'] as const,
    queryFn: ({ signal }) => apiFetch(EMAIL_PREFERENCES, { schema: emailPreferencesResponseSchema, signal }),
  });
}

/** Saves the caller's email preferences; the server's answer replaces the cached one. */
export function useSaveEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: EmailPreferences) => apiFetch(EMAIL_PREFERENCES, { method: 'PUT', body: { preferences }, schema: emailPreferencesResponseSchema }),
    onSuccess: (answer) => queryClient.setQueryData(emailPreferencesQueryOptions().queryKey, answer),
  });
}
