import type { Router } from 'express';
import { voiceNoteParamsSchema } from '@sfida/core/voice-notes';
import type { ApiDeps } from '../../deps';
import { idCheckingRouter } from '../../shared/document-id';
import { parseOr400 } from '../../shared/validate';
import { bodyBytes, rawBody } from '../../middleware/raw-body';
import { coachedCohort, requireCoachOf } from '../../middleware/require-coach-of';
import { currentUser, requireUser } from '../../middleware/session';
import { VOICE_NOTE_BODY_LIMIT, byteRange, openVoiceNote, uploadCoachVoiceNote, uploadOwnVoiceNote, voiceNoteTooLarge } from './service';

type VoiceRouterDeps = Pick<ApiDeps, 'db' | 'blobStore' | 'clock' | 'limiter'>;

// The recording is the request's body as the browser recorded it (no JSON, no base64): read only
// once the caller is known to be allowed to send one.
const audioBody = rawBody(VOICE_NOTE_BODY_LIMIT, voiceNoteTooLarge);

/** The participant's side (mounted at /api/me): a note for their own thread with their coaches. */
export function ownVoiceNotesRouter(deps: VoiceRouterDeps): Router {
  const router = idCheckingRouter();
  router.post('/voice-notes', requireUser, audioBody, async (req, res) => {
    res.status(201).json({ voiceNote: await uploadOwnVoiceNote(deps, currentUser(res), bodyBytes(req)) });
  });
  return router;
}

/** The coach's side (mounted at /api/coach): a note answering a participant of their cohort. */
export function coachVoiceNotesRouter(deps: VoiceRouterDeps): Router {
  const router = idCheckingRouter();
  router.post('/cohorts/:cohortId/participants/:userId/voice-notes', requireCoachOf(deps.db), audioBody, async (req, res) => {
    const voiceNote = await uploadCoachVoiceNote(deps, currentUser(res), coachedCohort(res), String(req.params.userId), bodyBytes(req));
    res.status(201).json({ voiceNote });
  });
  return router;
}

/**
 * Listening (mounted at /api/voice-notes): the participant of the note's thread and their cohort's
 * coaches. Never cached (the API's no-store); one byte range answered when asked, as Safari's
 * player asks.
 */
export function voiceNotesRouter(deps: VoiceRouterDeps): Router {
  const router = idCheckingRouter();
  router.get('/:voiceNoteId', requireUser, async (req, res) => {
    const { voiceNoteId } = parseOr400(voiceNoteParamsSchema, req.params);
    const { mime, bytes } = await openVoiceNote(deps, currentUser(res), voiceNoteId);
    res.set({ 'Content-Type': mime, 'Accept-Ranges': 'bytes', 'X-Content-Type-Options': 'nosniff' });
    const range = byteRange(req.get('range'), bytes.length);
    if (range === 'unsatisfiable') {
      res.status(416).set('Content-Range', `bytes */${bytes.length}`).end();
      return;
    }
    if (range) {
      res.status(206).set('Content-Range', `bytes ${range.start}-${range.end}/${bytes.length}`).send(bytes.subarray(range.start, range.end + 1));
      return;
    }
    res.send(bytes);
  });
  return router;
}
