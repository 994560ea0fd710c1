import type { Router } from 'express';
import { addCoachRequestSchema, createCohortRequestSchema, updateCohortRequestSchema } from '@sfida/core/coach';
import type { ApiDeps } from '../../deps';
import { idCheckingRouter } from '../../shared/document-id';
import { parseOr400 } from '../../shared/validate';
import { JSON_BODY_LIMIT, jsonBody } from '../../middleware/json-body';
import { coachedCohort, readCohort, requireCoach, requireCoachOf, requireMemberOrCoachOf } from '../../middleware/require-coach-of';
import { currentUser } from '../../middleware/session';
import { addCoach, cohortInfo, cohortMessages, createCohort, listCohorts, replaceInviteCode, updateCohort, withdrawParticipant } from './service';

/**
 * The coach's cohorts (mounted at /api/coach): list and create them, replace an invite code, rename,
 * open or close registration, add a coach, withdraw a participant. Only a cohort's coaches may change it.
 */
export function cohortsRouter(deps: Pick<ApiDeps, 'db' | 'clock'>): Router {
  const router = idCheckingRouter();
  const body = jsonBody(JSON_BODY_LIMIT);
  // A participant, or a coach of other cohorts, is refused before their request body is judged.
  const coachOf = requireCoachOf(deps.db);
  // The cohort's settings judge an archived cohort themselves: it may be brought back.
  const coachOfEvenArchived = requireCoachOf(deps.db, { allowArchived: true });

  router.get('/cohorts', requireCoach, async (_req, res) => {
    res.json(await listCohorts(deps, currentUser(res)));
  });

  router.post('/cohorts', body, requireCoach, async (req, res) => {
    const input = parseOr400(createCohortRequestSchema, req.body);
    res.status(201).json(await createCohort(deps, currentUser(res), input));
  });

  router.patch('/cohorts/:cohortId', body, coachOfEvenArchived, async (req, res) => {
    const update = parseOr400(updateCohortRequestSchema, req.body);
    res.json(await updateCohort(deps, currentUser(res), coachedCohort(res), update));
  });

  router.post('/cohorts/:cohortId/invite-code', body, coachOf, async (req, res) => {
    res.json(await replaceInviteCode(deps, coachedCohort(res)));
  });

  router.post('/cohorts/:cohortId/coaches', body, coachOf, async (req, res) => {
    const { email } = parseOr400(addCoachRequestSchema, req.body);
    res.json(await addCoach(deps, coachedCohort(res), email));
  });

  router.post('/cohorts/:cohortId/participants/:userId/withdraw', body, coachOf, async (req, res) => {
    res.json(await withdrawParticipant(deps, coachedCohort(res), String(req.params.userId)));
  });

  return router;
}

/** GET /api/cohorts/:cohortId: the cohort's name, start, pace, community link and events banner, for its participants and coaches. */
export function cohortInfoRouter(deps: Pick<ApiDeps, 'db' | 'clock'>): Router {
  const router = idCheckingRouter();
  router.get('/:cohortId', requireMemberOrCoachOf(deps.db, cohortMessages.notYourCohort), (_req, res) => {
    res.json(cohortInfo(readCohort(res)));
  });
  return router;
}
