import { pipeline } from 'node:stream/promises';
import type { Router } from 'express';
import { MAX_RESOURCE_FILE_BYTES, resourceFileInputSchema, resourceLinkInputSchema, resourceMessages, resourceOrderSchema, resourceUpdateSchema } from '@sfida/core/resources';
import type { ApiDeps } from '../../deps';
import { JSON_BODY_LIMIT, jsonBody } from '../../middleware/json-body';
import { bodyBytes, rawBody } from '../../middleware/raw-body';
import { coachedCohort, readCohort, requireCoachOf, requireMemberOrCoachOf } from '../../middleware/require-coach-of';
import { currentUser } from '../../middleware/session';
import { idCheckingRouter } from '../../shared/document-id';
import { parseOr400 } from '../../shared/validate';
import { addResourceFile, addResourceLink, openResourceFile, removeResource, reorderResources, resourceTooLarge, resourcesFor, updateResource } from './service';

type ResourcesRouterDeps = Pick<ApiDeps, 'db' | 'blobStore' | 'clock'>;

/** GET /api/cohorts/:cohortId/resources[/:resourceId/file]: the resources page, for the cohort's participants and coaches. */
export function resourcesRouter(deps: ResourcesRouterDeps): Router {
  const router = idCheckingRouter();
  const reader = requireMemberOrCoachOf(deps.db, resourceMessages.notYourCohort);
  router.get('/:cohortId/resources', reader, async (_req, res) => {
    res.json(await resourcesFor(deps, readCohort(res)));
  });
  router.get('/:cohortId/resources/:resourceId/file', reader, async (req, res) => {
    const { stream, bytes, fileName } = await openResourceFile(deps, readCohort(res), String(req.params.resourceId));
    // The API's `private, no-store` (noStore) keeps it out of every cache; the name is ours, never the uploader's.
    res.attachment(fileName);
    res.set({ 'Content-Type': 'application/pdf', 'Content-Length': String(bytes), 'X-Content-Type-Options': 'nosniff' });
    await pipeline(stream, res);
  });
  return router;
}

/** POST, PUT, PATCH, DELETE /api/coach/cohorts/:cohortId/resources/…: the cohort's coaches fill the two sections. */
export function coachResourcesRouter(deps: ResourcesRouterDeps): Router {
  const router = idCheckingRouter();
  const coachOf = requireCoachOf(deps.db);
  // The PDF is the request's body as the browser read it (no JSON, no base64), its title and
  // description in the query; read only once the caller may upload.
  const pdfBody = rawBody(MAX_RESOURCE_FILE_BYTES, resourceTooLarge);
  router.post('/cohorts/:cohortId/resources/files', coachOf, pdfBody, async (req, res) => {
    const input = parseOr400(resourceFileInputSchema, req.query);
    res.status(201).json(await addResourceFile(deps, currentUser(res), coachedCohort(res), input, bodyBytes(req)));
  });
  router.post('/cohorts/:cohortId/resources/links', jsonBody(JSON_BODY_LIMIT), coachOf, async (req, res) => {
    const input = parseOr400(resourceLinkInputSchema, req.body);
    res.status(201).json(await addResourceLink(deps, currentUser(res), coachedCohort(res), input));
  });
  router.put('/cohorts/:cohortId/resources/order', jsonBody(JSON_BODY_LIMIT), coachOf, async (req, res) => {
    res.json(await reorderResources(deps, coachedCohort(res), parseOr400(resourceOrderSchema, req.body)));
  });
  router.patch('/cohorts/:cohortId/resources/:resourceId', jsonBody(JSON_BODY_LIMIT), coachOf, async (req, res) => {
    res.json(await updateResource(deps, coachedCohort(res), String(req.params.resourceId), parseOr400(resourceUpdateSchema, req.body)));
  });
  router.delete('/cohorts/:cohortId/resources/:resourceId', coachOf, async (req, res) => {
    await removeResource(deps, coachedCohort(res), String(req.params.resourceId));
    res.status(204).end();
  });
  return router;
}
