import type { Router } from 'express';
import { migrateTracker, trackerDataSchema } from '@sfida/core/tracker';
import { weekStartQuerySchema } from '@sfida/core/query-params';
import { trackerChanges, trackerChangesSchema } from '@sfida/core/tracker-changes';
import type { ApiDeps } from '../../deps';
import { idCheckingRouter } from '../../shared/document-id';
import { headerNamesTag } from '../../shared/entity-tag';
import { HttpError } from '../../shared/http-error';
import { parseOr400 } from '../../shared/validate';
import { weekOrThisWeek } from '../../shared/week-start';
import { TRACKER_BODY_LIMIT, jsonBody } from '../../middleware/json-body';
import { currentUser, requireUser } from '../../middleware/session';
import { StaleTrackerError, ownTracker, revisionTag, syncTracker, syncTrackerChanges, weeklyKpiFor } from './service';

const trackerRouteMessages = {
  revisionRequired: 'Manca la versione dei progressi su cui si basano le modifiche (If-Match).',
} as const;

/** The tracker sync (PUT/PATCH/GET /users/me/progress) and a participant's weekly KPIs (GET /users/:userId/progress, the only place they are computed). */
export function trackerRouter(deps: Pick<ApiDeps, 'db' | 'clock' | 'config' | 'pushAgent'>): Router {
  const router = idCheckingRouter();

  // A PUT names the revision it was based on (If-Match with the tag of a GET or of the last PUT).
  // 200: stored, with the copy as the server vouches for it and its new tag. 412: another device
  // wrote first; the answer carries the stored copy and its tag, to merge with and send again.
  router.put('/me/progress', jsonBody(TRACKER_BODY_LIMIT), requireUser, async (req, res) => {
    // Browsers still holding version 1 send it once more after an update: brought to the current shape.
    const tracker = parseOr400(trackerDataSchema, migrateTracker(req.body));
    try {
      const result = await syncTracker(deps, currentUser(res), tracker, req.get('if-match'));
      res.set({ ETag: revisionTag(result.revision), 'Cache-Control': 'no-store' });
      res.json({ tracker: result.tracker });
    } catch (error) {
      if (!(error instanceof StaleTrackerError)) throw error;
      res.set({ ETag: revisionTag(error.current.revision), 'Cache-Control': 'no-store' });
      res.status(412).json({ message: error.message, tracker: error.current.tracker });
    }
  });

  // The same sync from the changes made to the copy of the revision named in If-Match (required):
  // 200 with the changes the server's vouching made to the result, and the new tag. 412 as the PUT's,
  // or without a stored copy (then the browser sends it whole).
  router.patch('/me/progress', jsonBody(TRACKER_BODY_LIMIT), requireUser, async (req, res) => {
    const ifMatch = req.get('if-match');
    if (!ifMatch) throw new HttpError(428, trackerRouteMessages.revisionRequired);
    const changes = parseOr400(trackerChangesSchema, req.body);
    try {
      const result = await syncTrackerChanges(deps, currentUser(res), changes, ifMatch);
      res.set({ ETag: revisionTag(result.revision), 'Cache-Control': 'no-store' });
      res.json({ changes: trackerChanges(result.submitted, result.tracker) });
    } catch (error) {
      if (!(error instanceof StaleTrackerError)) throw error;
      res.set({ ETag: revisionTag(error.current.revision), 'Cache-Control': 'no-store' });
      res.status(412).json({ message: error.message, tracker: error.current.tracker });
    }
  });

  router.get('/me/progress', requireUser, async (req, res) => {
    const stored = await ownTracker(deps, currentUser(res).id);
    // No copy before the first sync is the normal state of a new participant, not an error:
    // a 404 would be logged in the browser's console on every visit to the dashboard.
    if (!stored) {
      res.status(204).end();
      return;
    }
    // The browser keeps the copy and asks again with its tag: at start-up the tracker is usually
    // unchanged, and a phone then gets a bodyless 304 instead of all its weeks again.
    // The same tracker already stays in the browser's local storage (see the privacy page); Vary keeps
    // the cached copy to the session it was fetched with.
    const body = JSON.stringify(stored.tracker);
    // The revision is the tag: the same one a PUT names in If-Match.
    const tag = revisionTag(stored.revision);
    res.set({ 'Cache-Control': 'private, no-cache', ETag: tag, Vary: 'Cookie' });
    if (headerNamesTag(req.get('if-none-match'), tag)) {
      res.status(304).end();
      return;
    }
    res.type('json').send(body);
  });

  router.get('/:userId/progress', requireUser, async (req, res) => {
    const timeZone = currentUser(res).timeZone;
    const weekStart = weekOrThisWeek(parseOr400(weekStartQuerySchema, req.query).weekStart, timeZone, deps.clock());
    const weeklyKPI = await weeklyKpiFor(deps, currentUser(res), String(req.params.userId), { weekStart, timeZone });
    res.json({ weeklyKPI });
  });

  return router;
}
