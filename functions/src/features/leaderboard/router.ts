import { Router } from 'express';
import type { ApiDeps } from '../../deps';
import { weekStartParam } from '../../shared/week-start';
import { currentUser, requireUser } from '../../middleware/session';
import { LeaderboardCache, cohortLeaderboard } from './service';

/** GET /api/cohorts/:cohortId/leaderboard?weekStart= */
export function leaderboardRouter(deps: Pick<ApiDeps, 'db' | 'clock'>): Router {
  const router = Router();
  // One per instance: the cohort's rows are shared by its requests for a few seconds.
  const cache = new LeaderboardCache();
  // And the ranks counted for callers below the top, by points.
  const ranks = new LeaderboardCache<number>();
  router.get('/:cohortId/leaderboard', requireUser, async (req, res) => {
    const timeZone = currentUser(res).timeZone;
    const now = deps.clock();
    const weekStart = weekStartParam(req.query.weekStart, timeZone, now);
    const entries = await cohortLeaderboard(deps.db, currentUser(res), String(req.params.cohortId), { weekStart, timeZone, now }, cache, ranks);
    res.json({ entries });
  });
  return router;
}
