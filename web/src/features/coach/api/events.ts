import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cohortEventSchema, cohortEventsAnswerSchema, type EventInput } from '@sfida/core/events';
import { apiFetch, noContent } from '../../../lib/api-client';
import { cohortPath } from './cohorts';

const eventsKey = (cohortId: string) => ['coach', 'events', cohortId] as const;

/** The cohort's calendar, as its participants see it. */
export function useCoachEvents(cohortId: string) {
  return useQuery({
    queryKey: eventsKey(cohortId),
    queryFn: async ({ signal }) =>
      (await apiFetch(`/api/cohorts/${encodeURIComponent(cohortId)}/events`, { schema: cohortEventsAnswerSchema, signal })).events,
  });
}

/** Creates (no `eventId`), edits or deletes (`input` null) an event; the calendar is read again after. */
export function useSaveEvent(cohortId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, input }: { eventId?: string; input: EventInput | null }) => {
      const base = `${cohortPath(cohortId)}/events`;
      if (input === null) return apiFetch(`${base}/${encodeURIComponent(eventId!)}`, { method: 'DELETE', schema: noContent });
      return eventId
        ? apiFetch(`${base}/${encodeURIComponent(eventId)}`, { method: 'PUT', body: input, schema: cohortEventSchema })
        : apiFetch(base, { method: 'POST', body: input, schema: cohortEventSchema });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsKey(cohortId) }),
  });
}
