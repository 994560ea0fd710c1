import { useEffect } from 'react';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { rosterPageSchema, withdrawalSchema, type RosterRow } from '@sfida/core/coach';
import { rosterQueryKey } from '../../../coach-shared/api/people-bulk';
import { apiFetch } from '../../../lib/api-client';
import { coachCohortsQueryKey, cohortPath } from '../../../coach-shared/api/cohorts';

/** Rows per request: a cohort is a few dozen people, so usually one page. */
export const ROSTER_PAGE_SIZE = 100;

/** Every roster query of the cohort (all participants, or those with a tag): the prefix to invalidate. */

export function rosterQueryOptions(cohortId: string, tag: string | null = null) {
  return infiniteQueryOptions({
    queryKey: [...rosterQueryKey(cohortId), tag] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(ROSTER_PAGE_SIZE) });
      if (pageParam) query.set('cursor', pageParam);
      if (tag !== null) query.set('tag', tag);
      return apiFetch(`${cohortPath(cohortId)}/participants?${query}`, { schema: rosterPageSchema, signal });
    },
    getNextPageParam: (page) => page.nextCursor,
  });
}

/**
 * The whole roster, or its participants with `tag` (the server filters): every page is fetched in
 * turn, since sorting and searching need every row. `rows` grows as pages arrive; `complete` says
 * when the last one has. Nothing is fetched while `enabled` is false.
 */
export function useRoster(cohortId: string, tag: string | null = null, enabled = true) {
  const query = useInfiniteQuery({ ...rosterQueryOptions(cohortId, tag), enabled });
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;
  useEffect(() => {
    if (enabled && hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [enabled, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  const rows: RosterRow[] | undefined = query.data?.pages.flatMap((page) => page.rows);
  return { rows, complete: query.isSuccess && !hasNextPage, error: query.error, isPending: query.isPending };
}

/** Withdraws a participant: kept in the export, out of rankings and of the coach's lists. */
export function useWithdrawParticipant(cohortId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiFetch(`${cohortPath(cohortId)}/participants/${encodeURIComponent(userId)}/withdraw`, { method: 'POST', schema: withdrawalSchema }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['coach', 'roster', cohortId] }),
        queryClient.invalidateQueries({ queryKey: ['coach', 'participant', cohortId] }),
        queryClient.invalidateQueries({ queryKey: coachCohortsQueryKey }),
      ]),
  });
}
