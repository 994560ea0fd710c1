import type { RequestHandler, Router } from 'express';
import { addCoachRequestSchema, coachMessages, createCohortRequestSchema, updateCohortRequestSchema } from '@sfida/core/coach';
import type { ApiDeps } from '../../deps';
import { idCheckingRouter } from '../../shared/document-id';
import { forbidden } from '../../shared/http-error';
import { parseOr400 } from '../../shared/validate';
import { AUTH_BODY_LIMIT, jsonBody } from '../../middleware/json-body';
import { currentUser, requireUser } from '../../middleware/session';
import { addCoach, createCohort, listCohorts, replaceInviteCode, updateCohort, withdrawParticipant } from './service';

/** Behind requireUser: a participant is refused before their request body is judged. */
const requireCoach: RequestHandler = (_req, res, next) => {
  next(currentUser(res).role === 'OWNER' ? undefined : forbidden(coachMessages.coachesOnly));
};

/**
 * The coach's cohorts (mounted at /api/coach): list and create them, replace an invite code, rename,
 * open or close registration, add a coach, withdraw a participant. Only a cohort's coaches may change it.
 */
export function cohortsRouter(deps: Pick<ApiDeps, 'db' | 'clock'>): Router {
  const router = idCheckingRouter();
  const body = jsonBody(AUTH_BODY_LIMIT);

  router.get('/cohorts', requireUser, requireCoach, async (_req, res) => {
    res.json(await listCohorts(deps, currentUser(res)));
  });

  router.post('/cohorts', body, requireUser, requireCoach, async (req, res) => {
    const input = parseOr400(createCohortRequestSchema, req.body);
    res.status(201).json(await createCohort(deps, currentUser(res), input));
  });

  router.patch('/cohorts/:cohortId', body, requireUser, requireCoach, async (req, res) => {
    const update = parseOr400(updateCohortRequestSchema, req.body);
    res.json(await updateCohort(deps, currentUser(res), String(req.params.cohortId), update));
  });

  router.post('/cohorts/:cohortId/invite-code', body, requireUser, requireCoach, async (req, res) => {
    res.json(await replaceInviteCode(deps, currentUser(res), String(req.params.cohortId)));
  });

  router.post('/cohorts/:cohortId/coaches', body, requireUser, requireCoach, async (req, res) => {
    const { email } = parseOr400(addCoachRequestSchema, req.body);
    res.json(await addCoach(deps, currentUser(res), String(req.params.cohortId), email));
  });

  router.post('/cohorts/:cohortId/participants/:userId/withdraw', body, requireUser, requireCoach, async (req, res) => {
    res.json(await withdrawParticipant(deps, currentUser(res), String(req.params.cohortId), String(req.params.userId)));
  });

  return router;
}
