import type { Router } from 'express';
import compression from 'compression';
import { rosterQuerySchema } from '@sfida/core/coach';
import type { ApiDeps } from '../../deps';
import { idCheckingRouter } from '../../shared/document-id';
import { parseOr400 } from '../../shared/validate';
import { coachedCohort, requireCoachOf } from '../../middleware/require-coach-of';
import { cohortExport, participantDetail, rosterPage, searchParticipants } from './service';
import { searchQuerySchema } from '@sfida/core/participant-search';
import { requireCoach } from '../../middleware/require-coach-of';
import { currentUser } from '../../middleware/session';

/** The coach's read side: a cohort's roster, a participant's page, the cohort as CSV (mounted at /api/coach). */
export function coachRouter(deps: Pick<ApiDeps, 'db' | 'clock'>): Router {
  const router = idCheckingRouter();
  // A page of 200 rows or a whole cohort's CSV is worth compressing; the participant page holds a tracker.
  const compress = compression({ threshold: 1024 });
  const coachOf = requireCoachOf(deps.db);

  router.get('/search', requireCoach, async (req, res) => {
    const { q } = parseOr400(searchQuerySchema, req.query);
    res.json(await searchParticipants(deps, currentUser(res), q));
  });

  router.get('/cohorts/:cohortId/participants', coachOf, compress, async (req, res) => {
    const page = parseOr400(rosterQuerySchema, req.query);
    res.json(await rosterPage(deps, coachedCohort(res), page));
  });

  router.get('/cohorts/:cohortId/participants/:userId', coachOf, compress, async (req, res) => {
    res.json(await participantDetail(deps, coachedCohort(res), String(req.params.userId)));
  });

  router.get('/cohorts/:cohortId/export.csv', coachOf, compress, async (req, res) => {
    const { filename, csv } = await cohortExport(deps, coachedCohort(res));
    res.set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"` });
    res.send(csv);
  });

  return router;
}
