import { Router } from 'express';
import { isDocumentId } from '@sfida/core/document-id';
import { notFound } from './http-error';

/** The path parameters that name a document: a new one belongs here. */
const ID_PARAMS = ['cohortId', 'sourceCohortId', 'userId', 'eventId', 'threadId', 'inboxId', 'scheduledId', 'noteId', 'teamId', 'resourceId'] as const;

/**
 * A Router whose id parameters are checked before any handler of its routes: one that is not a
 * document id (`a%2Fb`, `..`, `__x__`) names nothing, and gets the 404 of an unknown route,
 * signed in or not.
 */
export function idCheckingRouter(): Router {
  const router = Router();
  for (const name of ID_PARAMS) router.param(name, (_req, _res, next, id: string) => next(isDocumentId(id) ? undefined : notFound()));
  return router;
}
