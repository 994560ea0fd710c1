import { Router } from 'express';
import compression from 'compression';
import {
  answerRequestSchema,
  checkInQueueQuerySchema,
  markReadRequestSchema,
  ownCheckInParamsSchema,
  replyRequestSchema,
  replyTemplatesSchema,
} from '@sfida/core/check-in-threads';
import type { ApiDeps } from '../../deps';
import { idCheckingRouter } from '../../shared/document-id';
import { parseOr400 } from '../../shared/validate';
import { MESSAGE_BODY_LIMIT, jsonBody } from '../../middleware/json-body';
import { coachedCohort, requireCoach, requireCoachOf } from '../../middleware/require-coach-of';
import { currentUser, requireUser } from '../../middleware/session';
import {
  answerReply,
  checkInQueue,
  handleCheckIn,
  markCheckInsRead,
  markOwnReplySeen,
  participantCheckIns,
  replyTemplates,
  updateReplyTemplates,
} from './service';

/** The coach's side of check-in threads (mounted at /api/coach): the queue, replies, templates. */
export function coachCheckInsRouter(deps: Pick<ApiDeps, 'db' | 'clock' | 'config' | 'pushAgent' | 'emailQueue'>): Router {
  const router = idCheckingRouter();
  const body = jsonBody(MESSAGE_BODY_LIMIT);

  router.get('/check-ins', requireCoach, compression({ threshold: 1024 }), async (req, res) => {
    const { view, cohortId, mood } = parseOr400(checkInQueueQuerySchema, req.query);
    res.json(await checkInQueue(deps, currentUser(res), view, cohortId, mood));
  });

  router.post('/check-ins/read', body, requireCoach, async (req, res) => {
    const { threadIds } = parseOr400(markReadRequestSchema, req.body);
    res.json(await markCheckInsRead(deps, currentUser(res), threadIds));
  });

  router.post('/check-ins/:threadId/reply', body, requireCoach, async (req, res) => {
    const { text, voiceNoteId } = parseOr400(replyRequestSchema, req.body);
    res.json(await handleCheckIn(deps, currentUser(res), String(req.params.threadId), { action: 'reply', text, voiceNoteId }));
  });

  router.post('/check-ins/:threadId/read', body, requireCoach, async (req, res) => {
    res.json(await handleCheckIn(deps, currentUser(res), String(req.params.threadId), { action: 'read' }));
  });

  router.get('/cohorts/:cohortId/participants/:userId/check-ins', requireCoachOf(deps.db), async (req, res) => {
    res.json(await participantCheckIns(deps, coachedCohort(res), String(req.params.userId)));
  });

  router.get('/reply-templates', requireCoach, async (_req, res) => {
    res.json(await replyTemplates(deps, currentUser(res)));
  });

  router.put('/reply-templates', body, requireCoach, async (req, res) => {
    const { templates } = parseOr400(replyTemplatesSchema, req.body);
    res.json(await updateReplyTemplates(deps, currentUser(res), templates));
  });

  return router;
}

/** The participant's side (mounted at /api/me): opening a reply, answering it once. */
export function ownCheckInsRouter(deps: Pick<ApiDeps, 'db' | 'clock' | 'config' | 'pushAgent' | 'emailQueue'>): Router {
  const router = Router();
  const body = jsonBody(MESSAGE_BODY_LIMIT);

  router.post('/check-ins/:week/seen', body, requireUser, async (req, res) => {
    res.json(await markOwnReplySeen(deps, currentUser(res), parseOr400(ownCheckInParamsSchema, req.params).week));
  });

  router.post('/check-ins/:week/answer', body, requireUser, async (req, res) => {
    const { week } = parseOr400(ownCheckInParamsSchema, req.params);
    const { text } = parseOr400(answerRequestSchema, req.body);
    res.json(await answerReply(deps, currentUser(res), week, text));
  });

  return router;
}
