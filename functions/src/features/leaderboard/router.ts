import type { Router } from 'express';
import { LEADERBOARD_MAX_PAGES } from '@sfida/core/leaderboard-summary';
import type { ApiDeps } from '../../deps';
import { idCheckingRouter } from '../../shared/document-id';
import { badRequest } from '../../shared/http-error';
import { weekStartParam } from '../../shared/week-start';
import { currentUser, requireUser } from '../../middleware/session';
import { cohortLeaderboard, leaderboardCaches, type LeaderboardDeps } from './service';

const leaderboardParamMessages = {
  page: `page deve essere un numero intero da 1 a ${LEADERBOARD_MAX_PAGES}`,
  scope: 'scope deve essere week (la classifica della settimana) o final (la classifica finale)',
} as const;

/** `?page=`: 1 when absent. */
function pageParam(value: unknown): number {
  if (value === undefined || value === '') return 1;
  const page = typeof value === 'string' && /^[1-9]\d{0,3}$/.test(value) ? Number(value) : NaN;
  if (!(page <= LEADERBOARD_MAX_PAGES)) throw badRequest(leaderboardParamMessages.page);
  return page;
}

/** `?scope=`: the week's ranking unless `final` (by total points, once the challenge is over). */
function isFinalParam(value: unknown): boolean {
  if (value === undefined || value === '' || value === 'week') return false;
  if (value === 'final') return true;
  throw badRequest(leaderboardParamMessages.scope);
}

/** GET /api/cohorts/:cohortId/leaderboard?weekStart=&scope=week|final&page= */
export function leaderboardRouter(deps: Pick<ApiDeps, 'db' | 'clock'>): Router {
  const router = idCheckingRouter();
  // One per instance: the cohort's rows, and the ranks counted for callers below the top, are
  // shared by its requests for a few seconds.
  const leaderboardDeps: LeaderboardDeps = { db: deps.db, caches: leaderboardCaches() };
  router.get('/:cohortId/leaderboard', requireUser, async (req, res) => {
    const timeZone = currentUser(res).timeZone;
    const now = deps.clock();
    const weekStart = weekStartParam(req.query.weekStart, timeZone, now);
    const page = pageParam(req.query.page);
    const query = { weekStart: isFinalParam(req.query.scope) ? null : weekStart, page, timeZone, now };
    const entries = await cohortLeaderboard(leaderboardDeps, currentUser(res), String(req.params.cohortId), query);
    res.json({ entries });
  });
  return router;
}
