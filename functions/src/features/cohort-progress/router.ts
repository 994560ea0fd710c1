import type { Router } from 'express';
import { cohortProgressQuerySchema } from '@sfida/core/cohort-progress';
import type { ApiDeps } from '../../deps';
import { idCheckingRouter } from '../../shared/document-id';
import { parseOr400 } from '../../shared/validate';
import { coachedCohort, requireCoachOf } from '../../middleware/require-coach-of';
import { currentUser } from '../../middleware/session';
import { cohortProgress, cohortProgressExport } from './service';

/** "Andamento": a cohort's figures week by week, as JSON and as CSV (mounted at /api/coach). */
export function cohortProgressRouter(deps: Pick<ApiDeps, 'db' | 'clock'>): Router {
  const router = idCheckingRouter();
  const coachOf = requireCoachOf(deps.db);

  router.get('/cohorts/:cohortId/progress-by-week', coachOf, async (req, res) => {
    const { compareWith } = parseOr400(cohortProgressQuerySchema, req.query);
    res.json(await cohortProgress(deps, currentUser(res), coachedCohort(res), compareWith));
  });

  router.get('/cohorts/:cohortId/progress-by-week.csv', coachOf, async (req, res) => {
    const { compareWith } = parseOr400(cohortProgressQuerySchema, req.query);
    const { filename, csv } = await cohortProgressExport(deps, currentUser(res), coachedCohort(res), compareWith);
    res.set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"` });
    res.send(csv);
  });

  return router;
}
