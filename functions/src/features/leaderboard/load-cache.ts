import type { TopRows } from './ranking';

/** How long an instance reuses a cohort's ranking (everyone's rows but the caller's, which is always read fresh). */
const LEADERBOARD_CACHE_TTL_MS = 30_000;
/** Cohort rankings an instance keeps at most (cohort × week × day). */
const LEADERBOARD_CACHE_ENTRIES = 200;

/**
 * Per instance, a load's result by key for a short while (the top of a cohort's ranking, a count).
 * Concurrent requests for the same key share one load (a few bounded queries), so those documents
 * are read once per instance and TTL, not once per request.
 */
export class SharedLoadCache<T> {
  private readonly entries = new Map<string, { expiresAt: number; rows: Promise<T> }>();

  constructor(
    private readonly ttlMs = LEADERBOARD_CACHE_TTL_MS,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  rows(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.clock();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.rows;
    if (this.entries.size >= LEADERBOARD_CACHE_ENTRIES) {
      for (const [k, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(k);
      if (this.entries.size >= LEADERBOARD_CACHE_ENTRIES) this.entries.clear();
    }
    const entry = { expiresAt: now + this.ttlMs, rows: load() };
    this.entries.set(key, entry);
    // A failed load is not remembered: the next request tries again.
    entry.rows.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.rows;
  }
}

/** One per app: the cohorts' tops, and the ranks counted for callers below them. */
export interface LeaderboardCaches {
  /** The top of a cohort's ranking, by (cohort, ranking, day, page). */
  tops: SharedLoadCache<TopRows>;
  /** How many members score strictly better than given points, by (cohort, ranking, points). */
  betterCounts: SharedLoadCache<number>;
}

export function leaderboardCaches(): LeaderboardCaches {
  return { tops: new SharedLoadCache<TopRows>(), betterCounts: new SharedLoadCache<number>() };
}
