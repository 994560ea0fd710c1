import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cohortEventSchema, type EventInput } from '@sfida/core/events';
import { apiFetch, noContent } from '../../../lib/api-client';
import { cohortEventsQueryKey } from '../../../lib/events';
import { cohortPath } from './cohorts';

/** Creates (no `eventId`), edits or deletes (`input` null) an event; the calendar (lib/events.ts) is read again after. */
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: cohortEventsQueryKey(cohortId) }),
  });
}
