import type { Router } from 'express';
import { contactedRequestSchema, snoozeRequestSchema, triageQuerySchema } from '@sfida/core/triage';
import type { ApiDeps } from '../../deps';
import { idCheckingRouter } from '../../shared/document-id';
import { parseOr400 } from '../../shared/validate';
import { JSON_BODY_LIMIT, jsonBody } from '../../middleware/json-body';
import { coachedCohort, requireCoach, requireCoachOf } from '../../middleware/require-coach-of';
import { currentUser } from '../../middleware/session';
import { actOnParticipant, triagePage } from './service';

/** The coach's "Da fare oggi" (mounted at /api/coach): what is open in their cohorts, and acting on it. */
export function triageRouter(deps: Pick<ApiDeps, 'db' | 'clock'>): Router {
  const router = idCheckingRouter();
  const body = jsonBody(JSON_BODY_LIMIT);
  const coachOf = requireCoachOf(deps.db);

  router.get('/triage', requireCoach, async (req, res) => {
    res.json(await triagePage(deps, currentUser(res), parseOr400(triageQuerySchema, req.query)));
  });

  router.post('/cohorts/:cohortId/participants/:userId/contacted', body, coachOf, async (req, res) => {
    const { note } = parseOr400(contactedRequestSchema, req.body);
    const action = { kind: 'contacted' as const, note: note ? note : null };
    res.json(await actOnParticipant(deps, currentUser(res), coachedCohort(res), String(req.params.userId), action));
  });

  router.post('/cohorts/:cohortId/participants/:userId/snooze', body, coachOf, async (req, res) => {
    const { until } = parseOr400(snoozeRequestSchema, req.body);
    res.json(await actOnParticipant(deps, currentUser(res), coachedCohort(res), String(req.params.userId), { kind: 'snoozed', until }));
  });

  return router;
}
