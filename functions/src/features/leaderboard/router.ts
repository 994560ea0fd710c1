import { Router } from 'express';
import type { Deps } from '../../deps';
import { requestTimeZone } from '../../shared/time-zone';
import { weekStartParam } from '../../shared/week-start';
import { currentUser, requireSession } from '../../middleware/session';
import type { SessionStore } from '../auth/sessions';
import { cohortLeaderboard } from './service';

/** GET /api/cohorts/:cohortId/leaderboard?weekStart= */
export function leaderboardRouter(deps: Deps, sessions: SessionStore): Router {
  const router = Router();
  router.get('/cohorts/:cohortId/leaderboard', requireSession(sessions), async (req, res) => {
    const timeZone = requestTimeZone(req);
    const now = deps.clock();
    const weekStart = weekStartParam(req.query.weekStart, timeZone, now);
    const entries = await cohortLeaderboard(deps.db, currentUser(res), String(req.params.cohortId), { weekStart, timeZone, now });
    res.json({ entries });
  });
  return router;
}
