import type { Router } from 'express';
import { addNoteRequestSchema, bulkTagRequestSchema, editNoteRequestSchema, updateTagsRequestSchema } from '@sfida/core/participant-notes';
import type { ApiDeps } from '../../deps';
import { idCheckingRouter } from '../../shared/document-id';
import { parseOr400 } from '../../shared/validate';
import { JSON_BODY_LIMIT, MESSAGE_BODY_LIMIT, jsonBody } from '../../middleware/json-body';
import { coachedCohort, requireCoachOf } from '../../middleware/require-coach-of';
import { currentUser } from '../../middleware/session';
import { addNote, cohortTags, deleteNote, editNote, participantNotes, tagMany, updateTags } from './service';

/** The coaches' private notes and tags on a participant (mounted at /api/coach); never a participant's route. */
export function notesRouter(deps: Pick<ApiDeps, 'db' | 'clock'>): Router {
  const router = idCheckingRouter();
  const coachOf = requireCoachOf(deps.db);
  // A note of 2,000 characters can take more than the default 4 KB as JSON.
  const noteBody = jsonBody(MESSAGE_BODY_LIMIT);
  const body = jsonBody(JSON_BODY_LIMIT);
  const notesPath = '/cohorts/:cohortId/participants/:userId/notes';

  router.get('/cohorts/:cohortId/tags', coachOf, (_req, res) => {
    res.json(cohortTags(coachedCohort(res)));
  });

  // A hundred ids come near the default 4 KB as JSON.
  router.post('/cohorts/:cohortId/tags/bulk', noteBody, coachOf, async (req, res) => {
    res.json(await tagMany(deps, coachedCohort(res), parseOr400(bulkTagRequestSchema, req.body)));
  });

  router.patch('/cohorts/:cohortId/participants/:userId/tags', body, coachOf, async (req, res) => {
    const request = parseOr400(updateTagsRequestSchema, req.body);
    res.json(await updateTags(deps, coachedCohort(res), String(req.params.userId), request));
  });

  router.get(notesPath, coachOf, async (req, res) => {
    res.json(await participantNotes(deps, coachedCohort(res), currentUser(res), String(req.params.userId)));
  });

  router.post(notesPath, noteBody, coachOf, async (req, res) => {
    const request = parseOr400(addNoteRequestSchema, req.body);
    const { created, note } = await addNote(deps, coachedCohort(res), currentUser(res), String(req.params.userId), request);
    res.status(created ? 201 : 200).json(note);
  });

  router.patch(`${notesPath}/:noteId`, noteBody, coachOf, async (req, res) => {
    const request = parseOr400(editNoteRequestSchema, req.body);
    res.json(await editNote(deps, coachedCohort(res), currentUser(res), String(req.params.userId), String(req.params.noteId), request));
  });

  router.delete(`${notesPath}/:noteId`, coachOf, async (req, res) => {
    await deleteNote(deps, coachedCohort(res), currentUser(res), String(req.params.userId), String(req.params.noteId));
    res.status(204).end();
  });

  return router;
}
