import type { Request, Response, Router } from 'express';
import { MAX_COHORT_EVENTS, eventInputSchema, eventMessages, eventsBatchRequestSchema } from '@sfida/core/events';
import type { ApiDeps } from '../../deps';
import { JSON_BODY_LIMIT, jsonBody } from '../../middleware/json-body';
import { coachedCohort, readCohort, requireCoachOf, requireMemberOrCoachOf } from '../../middleware/require-coach-of';
import { currentUser, requireUser } from '../../middleware/session';
import { idCheckingRouter } from '../../shared/document-id';
import { parseOr400 } from '../../shared/validate';
import {
  calendarFeed,
  calendarFeedPath,
  calendarFeedStatus,
  createCalendarFeed,
  createEvent,
  createEvents,
  deleteEvent,
  eventCalendarFile,
  eventCopyPreview,
  eventFor,
  eventsFor,
  revokeCalendarFeed,
  updateEvent,
} from './service';

/** A reviewed copy: up to a cohort's whole calendar, each event within an event's own cap. */
const EVENTS_BATCH_BODY_LIMIT = MAX_COHORT_EVENTS * JSON_BODY_LIMIT;

/** iCalendar as calendar apps expect it; the API's `private, no-store` (noStore) keeps it out of shared caches. */
function sendCalendar(res: Response, body: string, fileName?: string): void {
  res.set('Content-Type', 'text/calendar; charset=utf-8');
  if (fileName) res.attachment(fileName);
  res.send(body);
}

/** GET /api/cohorts/:cohortId/events[/:eventId[/calendar.ics]]: the calendar, for the cohort's participants and coaches. */
export function eventsRouter(deps: Pick<ApiDeps, 'db' | 'clock' | 'config'>): Router {
  const router = idCheckingRouter();
  const reader = requireMemberOrCoachOf(deps.db, eventMessages.notYourCohort);
  router.get('/:cohortId/events', reader, async (_req, res) => {
    res.json({ events: await eventsFor(deps, currentUser(res), readCohort(res)) });
  });
  router.get('/:cohortId/events/:eventId', reader, async (req, res) => {
    res.json(await eventFor(deps, readCohort(res), String(req.params.eventId)));
  });
  router.get('/:cohortId/events/:eventId/calendar.ics', reader, async (req, res) => {
    const calendarDeps = { ...deps, appOrigin: appOrigin(req, deps) };
    const { fileName, body } = await eventCalendarFile(calendarDeps, currentUser(res), readCohort(res), String(req.params.eventId));
    sendCalendar(res, body, fileName);
  });
  return router;
}

/** POST, PUT, DELETE /api/coach/cohorts/:cohortId/events[/:eventId]: the cohort's coaches keep the calendar, and copy another cohort's. */
export function coachEventsRouter(deps: Pick<ApiDeps, 'db' | 'clock'>): Router {
  const router = idCheckingRouter();
  const body = jsonBody(JSON_BODY_LIMIT);
  const coachOf = requireCoachOf(deps.db);
  router.post('/cohorts/:cohortId/events', body, coachOf, async (req, res) => {
    const input = parseOr400(eventInputSchema, req.body);
    res.status(201).json(await createEvent(deps, coachedCohort(res), input));
  });
  router.get('/cohorts/:cohortId/events/from/:sourceCohortId', coachOf, async (req, res) => {
    res.json(await eventCopyPreview(deps, currentUser(res), coachedCohort(res), String(req.params.sourceCohortId)));
  });
  router.post('/cohorts/:cohortId/events/batch', jsonBody(EVENTS_BATCH_BODY_LIMIT), coachOf, async (req, res) => {
    const { events } = parseOr400(eventsBatchRequestSchema, req.body);
    res.status(201).json({ events: await createEvents(deps, coachedCohort(res), events) });
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

/** The app's origin the browser called from (the origin check has vouched for it), else the first one configured. */
function appOrigin(req: Request, deps: Pick<ApiDeps, 'config'>): string {
  const origin = req.get('origin');
  return origin && deps.config.appOrigins.includes(origin) ? origin : deps.config.appOrigins[0]!;
}

/** GET, POST, DELETE /api/me/calendar-feed: the participant's private calendar link (create, see whether there is one, revoke). */
export function ownCalendarFeedRouter(deps: Pick<ApiDeps, 'db' | 'clock' | 'config'>): Router {
  const router = idCheckingRouter();
  router.get('/calendar-feed', requireUser, async (_req, res) => {
    res.json(await calendarFeedStatus(deps, currentUser(res)));
  });
  router.post('/calendar-feed', requireUser, async (req, res) => {
    const { token, createdAt } = await createCalendarFeed(deps, currentUser(res));
    res.status(201).json({ url: `${appOrigin(req, deps)}${calendarFeedPath(token)}`, createdAt });
  });
  router.delete('/calendar-feed', requireUser, async (_req, res) => {
    await revokeCalendarFeed(deps, currentUser(res));
    res.status(204).end();
  });
  return router;
}

/**
 * GET /api/calendar-feeds/:token.ics: the calendar behind a private link. Calendar apps send no
 * cookie (the token is the key) and no Origin: the events link to the first configured origin.
 */
export function calendarFeedRouter(deps: Pick<ApiDeps, 'db' | 'clock' | 'config'>): Router {
  const router = idCheckingRouter();
  router.get('/:token.ics', async (req, res) => {
    sendCalendar(res, await calendarFeed({ ...deps, appOrigin: deps.config.appOrigins[0]! }, String(req.params.token)));
  });
  return router;
}
