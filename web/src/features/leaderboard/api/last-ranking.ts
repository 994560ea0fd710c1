import type { LeaderboardEntry } from '@sfida/core/progress-summary';
import { addSignOutStep } from '../../../lib/sign-out-steps';
import type { LeaderboardRanking } from './leaderboard';

// The last ranking this browser received, so that the app opened offline can still show where the
// participant stood, and when. One ranking at most: the first page of the last one answered.

const KEY = 'sfida8:leaderboard:last';

export interface LastRanking {
  cohortId: string;
  /** The week's Monday, or 'final'. */
  ranking: string;
  entries: LeaderboardEntry[];
  /** When it arrived (ISO instant). */
  receivedAt: string;
}

const rankingKey = (ranking: LeaderboardRanking) => (ranking.final ? 'final' : ranking.weekStart);

export function rememberRanking(ranking: LeaderboardRanking, entries: LeaderboardEntry[], receivedAt: Date): void {
  const last: LastRanking = { cohortId: ranking.cohortId, ranking: rankingKey(ranking), entries, receivedAt: receivedAt.toISOString() };
  try {
    localStorage.setItem(KEY, JSON.stringify(last));
  } catch {
    // A full or blocked storage only costs the offline copy.
  }
}

/** The last ranking received for the cohort (whatever its week: its time says how old it is), or null. */
export function lastRankingOf(cohortId: string): LastRanking | null {
  try {
    const last = JSON.parse(localStorage.getItem(KEY) ?? 'null') as LastRanking | null;
    return last && last.cohortId === cohortId && Array.isArray(last.entries) && typeof last.receivedAt === 'string' ? last : null;
  } catch {
    return null;
  }
}

// Other people's names and points leave this browser with the session.
addSignOutStep({ forget: () => localStorage.removeItem(KEY) });
