import type { Router } from 'express';
import { eventInputSchema } from '@sfida/core/events';
import type { ApiDeps } from '../../deps';
import { JSON_BODY_LIMIT, jsonBody } from '../../middleware/json-body';
import { coachedCohort, requireCoachOf } from '../../middleware/require-coach-of';
import { currentUser, requireUser } from '../../middleware/session';
import { idCheckingRouter } from '../../shared/document-id';
import { parseOr400 } from '../../shared/validate';
import { createEvent, deleteEvent, eventsFor, updateEvent } from './service';

/** GET /api/cohorts/:cohortId/events: the calendar, for the cohort's participants and coaches. */
export function eventsRouter(deps: Pick<ApiDeps, 'db' | 'clock'>): Router {
  const router = idCheckingRouter();
  router.get('/:cohortId/events', requireUser, async (req, res) => {
    res.json({ events: await eventsFor(deps, currentUser(res), String(req.params.cohortId)) });
  });
  return router;
}

/** POST, PUT, DELETE /api/coach/cohorts/:cohortId/events[/:eventId]: the cohort's coaches keep the calendar. */
export function coachEventsRouter(deps: Pick<ApiDeps, 'db' | 'clock'>): Router {
  const router = idCheckingRouter();
  const body = jsonBody(JSON_BODY_LIMIT);
  const coachOf = requireCoachOf(deps.db);
  router.post('/cohorts/:cohortId/events', body, coachOf, async (req, res) => {
    const input = parseOr400(eventInputSchema, req.body);
    res.status(201).json(await createEvent(deps, coachedCohort(res), input));
  });
  router.put('/cohorts/:cohortId/events/:eventId', body, coachOf, async (req, res) => {
    const input = parseOr400(eventInputSchema, req.body);
    res.json(await updateEvent(deps, coachedCohort(res), String(req.params.eventId), input));
  });
  router.delete('/cohorts/:cohortId/events/:eventId', coachOf, async (req, res) => {
    await deleteEvent(deps, coachedCohort(res), String(req.params.eventId));
    res.status(204).end();
  });
  return router;
}
