import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { cohortEventSchema, eventCopyPreviewSchema, type EventInput, type EventsBatchRequest } from '@sfida/core/events';
import { apiFetch, noContent } from '../../../lib/api-client';
import { cohortEventsQueryKey } from '../../../lib/events';
import { cohortPath } from '../../../coach-shared/api/cohorts';

/** Creates (no `eventId`) or edits an event; the calendar (lib/events.ts) is read again after. */
export function useSaveEvent(cohortId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, input }: { eventId?: string; input: EventInput }) => {
      const base = `${cohortPath(cohortId)}/events`;
      return eventId
        ? apiFetch(`${base}/${encodeURIComponent(eventId)}`, { method: 'PUT', body: input, schema: cohortEventSchema })
        : apiFetch(base, { method: 'POST', body: input, schema: cohortEventSchema });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cohortEventsQueryKey(cohortId) }),
  });
}

/** Deletes an event; the calendar is read again after. */
export function useDeleteEvent(cohortId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: string) => apiFetch(`${cohortPath(cohortId)}/events/${encodeURIComponent(eventId)}`, { method: 'DELETE', schema: noContent }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cohortEventsQueryKey(cohortId) }),
  });
}

/** Another cohort's events moved to this cohort's calendar, for the coach to review (nothing is saved); none asked while `sourceCohortId` is null. */
export function useEventCopyPreview(cohortId: string, sourceCohortId: string | null) {
  return useQuery({
    queryKey: ['coach', 'event-copy', cohortId, sourceCohortId] as const,
    queryFn: ({ signal }) =>
      apiFetch(`${cohortPath(cohortId)}/events/from/${encodeURIComponent(sourceCohortId!)}`, { schema: eventCopyPreviewSchema, signal }),
    enabled: sourceCohortId !== null,
    // Always the source's calendar as it is now.
    staleTime: 0,
    gcTime: 0,
  });
}

const savedEventsSchema = z.object({ events: z.array(cohortEventSchema) });

/** Saves the reviewed events at once (all or none); the calendar is read again after. */
export function useSaveEvents(cohortId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (events: EventInput[]) => {
      const body: EventsBatchRequest = { events };
      return apiFetch(`${cohortPath(cohortId)}/events/batch`, { method: 'POST', body, schema: savedEventsSchema });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cohortEventsQueryKey(cohortId) }),
  });
}
