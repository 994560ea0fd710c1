import type { Router } from 'express';
import { audienceRequestSchema, sendMessageRequestSchema } from '@sfida/core/cohort-messages';
import { editScheduledMessageRequestSchema, scheduleMessageRequestSchema } from '@sfida/core/scheduled-messages';
import type { ApiDeps } from '../../deps';
import { idCheckingRouter } from '../../shared/document-id';
import { parseOr400 } from '../../shared/validate';
import { JSON_BODY_LIMIT, MESSAGE_BODY_LIMIT, jsonBody } from '../../middleware/json-body';
import { coachedCohort, requireCoachOf } from '../../middleware/require-coach-of';
import { currentUser, requireUser } from '../../middleware/session';
import { cancelScheduled, cohortScheduled, editScheduled, scheduleMessage } from './scheduled';
import { cohortMessages, inbox, previewAudience, readMessage, sendMessage } from './service';

/** A coach's messages to a cohort (mounted at /api/coach): who would receive one, sending or scheduling it, the sent and the waiting ones. */
export function coachMessagesRouter(deps: Pick<ApiDeps, 'db' | 'clock' | 'limiter' | 'config' | 'pushQueue'>): Router {
  const router = idCheckingRouter();
  const body = jsonBody(MESSAGE_BODY_LIMIT);
  const coachOf = requireCoachOf(deps.db);

  router.post('/cohorts/:cohortId/messages/preview', body, coachOf, async (req, res) => {
    const audience = parseOr400(audienceRequestSchema, req.body);
    res.json(await previewAudience(deps, coachedCohort(res), audience));
  });

  router.post('/cohorts/:cohortId/messages', body, coachOf, async (req, res) => {
    const request = parseOr400(sendMessageRequestSchema, req.body);
    const { created, message } = await sendMessage(deps, currentUser(res), coachedCohort(res), request);
    res.status(created ? 201 : 200).json(message);
  });

  router.get('/cohorts/:cohortId/messages', coachOf, async (_req, res) => {
    res.json(await cohortMessages(deps, coachedCohort(res)));
  });

  router.post('/cohorts/:cohortId/scheduled-messages', body, coachOf, async (req, res) => {
    const request = parseOr400(scheduleMessageRequestSchema, req.body);
    const { created, message } = await scheduleMessage(deps, currentUser(res), coachedCohort(res), request);
    res.status(created ? 201 : 200).json(message);
  });

  router.get('/cohorts/:cohortId/scheduled-messages', coachOf, async (_req, res) => {
    res.json(await cohortScheduled(deps, coachedCohort(res)));
  });

  router.patch('/cohorts/:cohortId/scheduled-messages/:scheduledId', body, coachOf, async (req, res) => {
    const request = parseOr400(editScheduledMessageRequestSchema, req.body);
    res.json(await editScheduled(deps, coachedCohort(res), String(req.params.scheduledId), request));
  });

  router.delete('/cohorts/:cohortId/scheduled-messages/:scheduledId', coachOf, async (req, res) => {
    await cancelScheduled(deps, coachedCohort(res), String(req.params.scheduledId));
    res.status(204).end();
  });

  return router;
}

/** The participant's inbox (mounted at /api/me): check-in threads and the coach's messages. */
export function inboxRouter(deps: Pick<ApiDeps, 'db' | 'clock' | 'limiter' | 'config' | 'pushQueue'>): Router {
  const router = idCheckingRouter();

  router.get('/inbox', requireUser, async (_req, res) => {
    res.json(await inbox(deps, currentUser(res)));
  });

  router.post('/messages/:inboxId/read', jsonBody(JSON_BODY_LIMIT), requireUser, async (req, res) => {
    await readMessage(deps, currentUser(res), String(req.params.inboxId));
    res.status(204).end();
  });

  return router;
}
