import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  scheduledMessageSchema,
  scheduledMessagesSchema,
  type EditScheduledMessageRequest,
  type ScheduleMessageRequest,
} from '@sfida/core/scheduled-messages';
import { apiFetch, noContent } from '../../../lib/api-client';
import { cohortPath } from '../../../coach-shared/api/cohorts';
import { sentMessagesQueryOptions } from './messages';

const scheduledPath = (cohortId: string) => `${cohortPath(cohortId)}/scheduled-messages`;

export function scheduledMessagesQueryOptions(cohortId: string) {
  return queryOptions({
    queryKey: ['coach', 'scheduled-messages', cohortId] as const,
    queryFn: async ({ signal }) => (await apiFetch(scheduledPath(cohortId), { schema: scheduledMessagesSchema, signal })).messages,
  });
}

/** The cohort's messages waiting for their time (or not sent), soonest first. */
export function useScheduledMessages(cohortId: string) {
  return useQuery(scheduledMessagesQueryOptions(cohortId));
}

/** After any change the waiting list is read again, and the sent one too (a message may have gone meanwhile). */
function useRefreshLists(cohortId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: scheduledMessagesQueryOptions(cohortId).queryKey }),
      queryClient.invalidateQueries({ queryKey: sentMessagesQueryOptions(cohortId).queryKey }),
    ]);
}

/** Schedules a message; a retry with the same `requestId` schedules nothing new. */
export function useScheduleMessage(cohortId: string) {
  const refresh = useRefreshLists(cohortId);
  return useMutation({
    mutationFn: (request: ScheduleMessageRequest) => apiFetch(scheduledPath(cohortId), { method: 'POST', body: request, schema: scheduledMessageSchema }),
    onSuccess: refresh,
  });
}

/** Rewrites a waiting message (audience, text, when). */
export function useEditScheduled(cohortId: string) {
  const refresh = useRefreshLists(cohortId);
  return useMutation({
    mutationFn: ({ id, request }: { id: string; request: EditScheduledMessageRequest }) =>
      apiFetch(`${scheduledPath(cohortId)}/${encodeURIComponent(id)}`, { method: 'PATCH', body: request, schema: scheduledMessageSchema }),
    onSettled: refresh,
  });
}

/** Cancels a waiting message, or removes one that was not sent. */
export function useCancelScheduled(cohortId: string) {
  const refresh = useRefreshLists(cohortId);
  return useMutation({
    mutationFn: (id: string) => apiFetch(`${scheduledPath(cohortId)}/${encodeURIComponent(id)}`, { method: 'DELETE', schema: noContent }),
    onSettled: refresh,
  });
}
