import type { Router } from 'express';
import compression from 'compression';
import { conversationListQuerySchema, sendConversationMessageRequestSchema, timelineQuerySchema } from '@sfida/core/conversations';
import type { ApiDeps } from '../../deps';
import { idCheckingRouter } from '../../shared/document-id';
import { parseOr400 } from '../../shared/validate';
import { JSON_BODY_LIMIT, MESSAGE_BODY_LIMIT, jsonBody } from '../../middleware/json-body';
import { coachedCohort, requireCoach, requireCoachOf } from '../../middleware/require-coach-of';
import { currentUser, requireUser } from '../../middleware/session';
import { coachConversation, conversationList, markCoachRead, markOwnRead, ownConversation, sendCoachMessage, sendOwnMessage } from './service';

type ConversationRouterDeps = Pick<ApiDeps, 'db' | 'clock' | 'limiter' | 'config' | 'pushAgent'>;

/** The coach's side of one-to-one conversations (mounted at /api/coach): the list, a thread, writing, reading. */
export function coachConversationsRouter(deps: ConversationRouterDeps): Router {
  const router = idCheckingRouter();
  const coachOf = requireCoachOf(deps.db);
  const thread = '/cohorts/:cohortId/participants/:userId/conversation';

  router.get('/conversations', requireCoach, async (req, res) => {
    res.json(await conversationList(deps, currentUser(res), parseOr400(conversationListQuerySchema, req.query)));
  });

  router.get(thread, coachOf, compression({ threshold: 1024 }), async (req, res) => {
    const { before } = parseOr400(timelineQuerySchema, req.query);
    res.json(await coachConversation(deps, coachedCohort(res), String(req.params.userId), before));
  });

  router.post(`${thread}/messages`, jsonBody(MESSAGE_BODY_LIMIT), coachOf, async (req, res) => {
    const request = parseOr400(sendConversationMessageRequestSchema, req.body);
    const { created, item } = await sendCoachMessage(deps, currentUser(res), coachedCohort(res), String(req.params.userId), request);
    res.status(created ? 201 : 200).json(item);
  });

  router.post(`${thread}/read`, jsonBody(JSON_BODY_LIMIT), coachOf, async (req, res) => {
    await markCoachRead(deps, currentUser(res), coachedCohort(res), String(req.params.userId));
    res.status(204).end();
  });

  return router;
}

/** The participant's side (mounted at /api/me): their one thread with their coaches. */
export function ownConversationRouter(deps: ConversationRouterDeps): Router {
  const router = idCheckingRouter();

  router.get('/conversation', requireUser, async (req, res) => {
    const { before } = parseOr400(timelineQuerySchema, req.query);
    res.json(await ownConversation(deps, currentUser(res), before));
  });

  router.post('/conversation/messages', jsonBody(MESSAGE_BODY_LIMIT), requireUser, async (req, res) => {
    const request = parseOr400(sendConversationMessageRequestSchema, req.body);
    const { created, item } = await sendOwnMessage(deps, currentUser(res), request);
    res.status(created ? 201 : 200).json(item);
  });

  router.post('/conversation/read', jsonBody(JSON_BODY_LIMIT), requireUser, async (_req, res) => {
    await markOwnRead(deps, currentUser(res));
    res.status(204).end();
  });

  return router;
}
