import type { Router } from 'express';
import compression from 'compression';
import type { ApiDeps } from '../../deps';
import { idCheckingRouter, isDocumentId } from '../../shared/document-id';
import { badRequest } from '../../shared/http-error';
import { coachedCohort, requireCoachOf } from '../../middleware/require-coach-of';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, cohortExport, participantDetail, rosterPage } from './service';

const queryMessages = {
  limit: `limit deve essere un numero intero tra 1 e ${MAX_PAGE_SIZE}`,
  cursor: 'Cursore non valido',
} as const;

/** `?limit=`: 1..MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE when absent. */
function limitParam(value: unknown): number {
  if (value === undefined || value === '') return DEFAULT_PAGE_SIZE;
  if (typeof value !== 'string' || !/^\d{1,3}$/.test(value)) throw badRequest(queryMessages.limit);
  const limit = Number(value);
  if (limit < 1 || limit > MAX_PAGE_SIZE) throw badRequest(queryMessages.limit);
  return limit;
}

/** `?cursor=`: the `nextCursor` of the previous page (a participant's id), null when absent. */
function cursorParam(value: unknown): string | null {
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string' || !isDocumentId(value)) throw badRequest(queryMessages.cursor);
  return value;
}

/** The coach's read side: a cohort's roster, a participant's page, the cohort as CSV (mounted at /api/coach). */
export function coachRouter(deps: Pick<ApiDeps, 'db' | 'clock'>): Router {
  const router = idCheckingRouter();
  // A page of 200 rows or a whole cohort's CSV is worth compressing; the participant page holds a tracker.
  const compress = compression({ threshold: 1024 });
  const coachOf = requireCoachOf(deps.db);

  router.get('/cohorts/:cohortId/participants', coachOf, compress, async (req, res) => {
    const page = { cursor: cursorParam(req.query.cursor), limit: limitParam(req.query.limit) };
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
