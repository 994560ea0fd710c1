import type { Router } from 'express';
import { bulkTriageRequestSchema, contactedRequestSchema, snoozeRequestSchema, triageQuerySchema } from '@sfida/core/triage';
import type { ApiDeps } from '../../deps';
import { idCheckingRouter } from '../../shared/document-id';
import { parseOr400 } from '../../shared/validate';
import { JSON_BODY_LIMIT, MESSAGE_BODY_LIMIT, jsonBody } from '../../middleware/json-body';
import { coachedCohort, requireCoach, requireCoachOf } from '../../middleware/require-coach-of';
import { currentUser } from '../../middleware/session';
import { actOnMany, actOnParticipant, triagePage } from './service';

/** The coach's "Da fare oggi" (mounted at /api/coach): what is open in their cohorts, and acting on it. */
export function triageRouter(deps: Pick<ApiDeps, 'db' | 'clock'>): Router {
  const router = idCheckingRouter();
  const body = jsonBody(JSON_BODY_LIMIT);
  const coachOf = requireCoachOf(deps.db);

  router.get('/triage', requireCoach, async (req, res) => {
    res.json(await triagePage(deps, currentUser(res), parseOr400(triageQuerySchema, req.query)));
  });

  // A hundred ids come near the default 4 KB as JSON.
  router.post('/triage/bulk', jsonBody(MESSAGE_BODY_LIMIT), requireCoach, async (req, res) => {
    const { action, until, userIds } = parseOr400(bulkTriageRequestSchema, req.body);
    const kind = action === 'contacted' ? ({ kind: 'contacted', note: null } as const) : ({ kind: 'snoozed', until: until! } as const);
    res.json(await actOnMany(deps, currentUser(res), userIds, kind));
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
