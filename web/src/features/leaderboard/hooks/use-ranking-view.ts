import { useMemo } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { LeaderboardEntry } from '@sfida/core/progress-summary';
import { useOnline } from '../../../lib/use-online';
import { lastRankingOf } from '../api/last-ranking';

const NO_ENTRIES: LeaderboardEntry[] = [];

export interface RankingView {
  /** The rows to show: the answer, or offline the last ranking received; undefined while the first answer is awaited. */
  entries: LeaderboardEntry[] | undefined;
  /** Offline (the browser says so, or the request got no answer). */
  offline: boolean;
  /** When the rows shown arrived, offline only (ISO instant); null when there are none. */
  receivedAt: string | null;
}

/**
 * What a ranking screen shows. Offline it never claims the group has not started: it says the app
 * is offline and shows the last ranking received, with its time, if this browser has one.
 */
export function useRankingView(query: Pick<UseQueryResult<LeaderboardEntry[]>, 'data' | 'dataUpdatedAt' | 'isError' | 'isPaused'>, cohortId: string): RankingView {
  const online = useOnline();
  const offline = !online || query.isError || query.isPaused;
  const stored = offline && query.data === undefined;
  // Read once per state, so that the rows keep their identity from one render to the next.
  const last = useMemo(() => (stored ? lastRankingOf(cohortId) : null), [stored, cohortId]);
  if (!offline) return { entries: query.data, offline, receivedAt: null };
  if (query.data !== undefined) return { entries: query.data, offline, receivedAt: new Date(query.dataUpdatedAt).toISOString() };
  return { entries: last?.entries ?? NO_ENTRIES, offline, receivedAt: last?.receivedAt ?? null };
}
