import type { Router } from 'express';
import { packageImportRequestSchema, setPackagesRequestSchema } from '@sfida/core/package-changes';
import type { ApiDeps } from '../../deps';
import { idCheckingRouter } from '../../shared/document-id';
import { parseOr400 } from '../../shared/validate';
import { jsonBody, MESSAGE_BODY_LIMIT } from '../../middleware/json-body';
import { coachedCohort, requireCoachOf } from '../../middleware/require-coach-of';
import { currentUser } from '../../middleware/session';
import { importBuyers, packageHistory, setPackages } from './service';

/** A CSV of MAX_IMPORT_CHARS as JSON, with room for its escaped line ends and quotes. */
const IMPORT_BODY_LIMIT = 640 * 1024;

/** The participants' packages: set by a coach, their history, the import of buyers (mounted at /api/coach). */
export function packagesRouter(deps: Pick<ApiDeps, 'db' | 'clock'>): Router {
  const router = idCheckingRouter();
  const coachOf = requireCoachOf(deps.db);

  // 200 ids of 28 characters and a reason: more than the default 4 KB.
  router.post('/cohorts/:cohortId/packages', jsonBody(MESSAGE_BODY_LIMIT), coachOf, async (req, res) => {
    const request = parseOr400(setPackagesRequestSchema, req.body);
    res.json(await setPackages(deps, coachedCohort(res), currentUser(res), request));
  });

  router.get('/cohorts/:cohortId/participants/:userId/package', coachOf, async (req, res) => {
    res.json(await packageHistory(deps, coachedCohort(res), String(req.params.userId)));
  });

  router.post('/cohorts/:cohortId/package-import', jsonBody(IMPORT_BODY_LIMIT), coachOf, async (req, res) => {
    const request = parseOr400(packageImportRequestSchema, req.body);
    res.json(await importBuyers(deps, coachedCohort(res), currentUser(res), request));
  });

  return router;
}
