import type { Router } from 'express';
import { leaderboardQuerySchema } from '@sfida/core/leaderboard-summary';
import type { ApiDeps } from '../../deps';
import { idCheckingRouter } from '../../shared/document-id';
import { parseOr400 } from '../../shared/validate';
import { weekOrThisWeek } from '../../shared/week-start';
import { currentUser, requireUser } from '../../middleware/session';
import { leaderboardCaches } from './load-cache';
import { cohortLeaderboard, type LeaderboardDeps } from './service';

/** GET /api/cohorts/:cohortId/leaderboard?weekStart=&scope=week|final&page= */
export function leaderboardRouter(deps: Pick<ApiDeps, 'db' | 'clock'>): Router {
  const router = idCheckingRouter();
  // One per instance: the cohort's rows, and the ranks counted for callers below the top, are
  // shared by its requests for a few seconds.
  const leaderboardDeps: LeaderboardDeps = { db: deps.db, caches: leaderboardCaches() };
  router.get('/:cohortId/leaderboard', requireUser, async (req, res) => {
    const timeZone = currentUser(res).timeZone;
    const now = deps.clock();
    const { page, scope, weekStart } = parseOr400(leaderboardQuerySchema, req.query);
    const query = { weekStart: scope === 'final' ? null : weekOrThisWeek(weekStart, timeZone, now), page, timeZone, now };
    const entries = await cohortLeaderboard(leaderboardDeps, currentUser(res), String(req.params.cohortId), query);
    res.json({ entries });
  });
  return router;
}
