import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calendarFeedCreatedSchema, calendarFeedStatusSchema, type CalendarFeedStatus } from '@sfida/core/events';
import { apiFetch, noContent } from '../../../lib/api-client';

const CALENDAR_FEED = '/api/me/calendar-feed';

export function calendarFeedQueryOptions() {
  return queryOptions({
    queryKey: ['calendar-feed'] as const,
    queryFn: ({ signal }) => apiFetch(CALENDAR_FEED, { schema: calendarFeedStatusSchema, signal }),
  });
}

/** Whether the participant has a private calendar link, and since when. */
export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions());
}

/** A new private link (the one before stops working): its address is in the answer, and only there. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(CALENDAR_FEED, { method: 'POST', schema: calendarFeedCreatedSchema }),
    onSuccess: ({ createdAt }) => queryClient.setQueryData<CalendarFeedStatus>(calendarFeedQueryOptions().queryKey, { active: true, createdAt }),
  });
}

/** Revokes the link: calendars that read it stop getting the events. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(CALENDAR_FEED, { method: 'DELETE', schema: noContent }),
    onSuccess: () => queryClient.setQueryData<CalendarFeedStatus>(calendarFeedQueryOptions().queryKey, { active: false, createdAt: null }),
  });
}
