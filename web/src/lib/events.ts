import { useQuery } from '@tanstack/react-query';
import type { CohortEvent } from '@sfida/core/events';
import { apiFetch } from './api-client';

/*
 * A cohort's calendar, one client and one cached copy for everyone who reads it: its participants
 * on /eventi and its coaches in the console, whose changes (features/coach-events/api/events.ts) mark
 * this copy stale. core's schema is imported when the request is made: lib/ rides in the chunk
 * every page loads, core and zod do not (see lib/inbox.ts).
 */

export function cohortEventsQueryKey(cohortId: string) {
  return ['cohort-events', cohortId] as const;
}

/** The cohort's calendar, as the server keeps it. */
async function fetchCohortEvents(cohortId: string, signal?: AbortSignal): Promise<CohortEvent[]> {
  const { cohortEventsAnswerSchema } = await import('@sfida/core/events');
  const answer = await apiFetch(`/api/cohorts/${encodeURIComponent(cohortId)}/events`, { schema: cohortEventsAnswerSchema, signal });
  return answer.events;
}

/** `GET /api/cohorts/{cohortId}/events`. */
export function useCohortEvents(cohortId: string) {
  return useQuery({ queryKey: cohortEventsQueryKey(cohortId), queryFn: ({ signal }) => fetchCohortEvents(cohortId, signal) });
}

/** "Aggiungi al calendario": the event as an .ics file, a plain download link (the session cookie goes with it). */
export function eventCalendarFileUrl(cohortId: string, eventId: string): string {
  return `/api/cohorts/${encodeURIComponent(cohortId)}/events/${encodeURIComponent(eventId)}/calendar.ics`;
}

/** The event's page in the app (`/eventi/:eventId`): where the calendars and the emails send people. */
export function eventPagePath(eventId: string): string {
  return `/eventi/${encodeURIComponent(eventId)}`;
}

/** Longest wait before asking again whether the join link has opened (timers drift on a sleeping phone). */
const MAX_RECHECK_MS = 10 * 60 * 1000;

/**
 * `GET /api/cohorts/{cohortId}/events/{eventId}`: one event, its join link only inside its window.
 * For someone who may join, it is asked again when the link opens (the server decides, on its clock).
 */
export function useCohortEvent(cohortId: string, eventId: string) {
  return useQuery({
    queryKey: [...cohortEventsQueryKey(cohortId), eventId] as const,
    queryFn: async ({ signal }) => {
      const { cohortEventSchema } = await import('@sfida/core/events');
      return apiFetch(`/api/cohorts/${encodeURIComponent(cohortId)}/events/${encodeURIComponent(eventId)}`, { schema: cohortEventSchema, signal });
    },
    refetchInterval: (query) => {
      const event = query.state.data;
      if (!event?.mayJoin || event.link) return false;
      const wait = Date.parse(event.joinOpensAt) - Date.now();
      return wait > 0 ? Math.min(wait + 1000, MAX_RECHECK_MS) : false;
    },
  });
}
