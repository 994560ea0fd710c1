import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  triageActionAnswerSchema,
  triagePageSchema,
  type BulkTriageRequest,
  type ContactedRequest,
  type SnoozeRequest,
  type TriagePage,
} from '@sfida/core/triage';
import { bulkAnswerSchema } from '@sfida/core/bulk';
import { apiFetch } from '../../../lib/api-client';
import { cohortPath } from '../../../coach-shared/api/cohorts';
import { refreshAfterContact, triageQueryKey } from '../../../coach-shared/api/contact-queries';

/** Every triage view (all cohorts, one, any length): an action changes them all. */
const triageKey = triageQueryKey;

export function triageQueryOptions(cohortId: string | null, limit: number) {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cohortId) params.set('cohortId', cohortId);
  return queryOptions({
    queryKey: [...triageKey, cohortId, limit] as const,
    queryFn: ({ signal }) => apiFetch(`/api/coach/triage?${params}`, { schema: triagePageSchema, signal }),
  });
}

/** "Da fare oggi" of the coach's cohorts (or one), at most `limit` items; a longer list keeps the shorter on screen while it loads. */
export function useTriage(cohortId: string | null, limit: number) {
  return useQuery({ ...triageQueryOptions(cohortId, limit), placeholderData: keepPreviousData });
}

export type TriageAction = { kind: 'contacted'; note: string } | { kind: 'snooze'; until: string };

/**
 * "Contattato" or "Rimanda a…" on a participant. The item leaves the list at once; the lists are
 * then read again (a new reason, or a failure, puts it back).
 */
export function useTriageAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cohortId, userId, action }: { cohortId: string; userId: string; action: TriageAction }) => {
      const base = `${cohortPath(cohortId)}/participants/${encodeURIComponent(userId)}`;
      if (action.kind === 'contacted') {
        const body: ContactedRequest = action.note.trim() === '' ? {} : { note: action.note };
        return apiFetch(`${base}/contacted`, { method: 'POST', body, schema: triageActionAnswerSchema });
      }
      const body: SnoozeRequest = { until: action.until };
      return apiFetch(`${base}/snooze`, { method: 'POST', body, schema: triageActionAnswerSchema });
    },
    onSuccess: (_answer, { userId }) =>
      queryClient.setQueriesData<TriagePage>({ queryKey: triageKey }, (page) =>
        page && page.items.some((item) => item.userId === userId)
          ? { ...page, items: page.items.filter((item) => item.userId !== userId), total: Math.max(0, page.total - 1) }
          : page,
      ),
    // "Contattato" reads the person's check-ins too.
    onSettled: () => refreshAfterContact(queryClient),
  });
}

/**
 * "Contattato" or "Rimanda a…" on several people at once (one request, at most MAX_BULK). Those done
 * leave the list at once; the lists are then read again. The answer says who was not done, and why.
 */
export function useBulkTriageAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkTriageRequest) => apiFetch('/api/coach/triage/bulk', { method: 'POST', body, schema: bulkAnswerSchema }),
    onSuccess: (answer) => {
      const done = new Set(answer.results.filter((r) => r.ok).map((r) => r.userId));
      queryClient.setQueriesData<TriagePage>({ queryKey: triageKey }, (page) => {
        if (!page) return page;
        const items = page.items.filter((item) => !done.has(item.userId));
        return { ...page, items, total: Math.max(0, page.total - (page.items.length - items.length)) };
      });
    },
    onSettled: () => refreshAfterContact(queryClient),
  });
}
