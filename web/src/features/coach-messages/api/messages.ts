import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { audiencePreviewSchema, sentMessageSchema, sentMessagesSchema, type AudienceRequest, type SendMessageRequest } from '@sfida/core/cohort-messages';
import { apiFetch } from '../../../lib/api-client';
import { cohortPath } from '../../../coach-shared/api/cohorts';

const messagesPath = (cohortId: string) => `${cohortPath(cohortId)}/messages`;

export function sentMessagesQueryOptions(cohortId: string) {
  return queryOptions({
    queryKey: ['coach', 'messages', cohortId] as const,
    queryFn: async ({ signal }) => (await apiFetch(messagesPath(cohortId), { schema: sentMessagesSchema, signal })).messages,
  });
}

/** The messages the cohort's coaches sent, newest first. */
export function useSentMessages(cohortId: string) {
  return useQuery(sentMessagesQueryOptions(cohortId));
}

/** Who a message to `audience` would reach, counted by the server on each participant's day. */
export function useAudiencePreview(cohortId: string) {
  return useMutation({
    mutationFn: (audience: AudienceRequest) => apiFetch(`${messagesPath(cohortId)}/preview`, { method: 'POST', body: audience, schema: audiencePreviewSchema }),
  });
}

/** Sends a message; a retry with the same `requestId` sends nothing new. */
export function useSendMessage(cohortId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SendMessageRequest) => apiFetch(messagesPath(cohortId), { method: 'POST', body: request, schema: sentMessageSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sentMessagesQueryOptions(cohortId).queryKey }),
  });
}
