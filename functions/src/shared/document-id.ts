import { Router } from 'express';
import { notFound } from './http-error';

// An id from a request (a path, a query, a body) reaches Firestore's doc(), which throws on a
// string it cannot take as a document id rather than missing: checked first, it names nothing.

/** True for a string Firestore takes as a document id (a bad one would throw, not miss). */
export function isDocumentId(id: string): boolean {
  return id.length > 0 && Buffer.byteLength(id) <= 1500 && !id.includes('/') && id !== '.' && id !== '..' && !/^__.*__$/.test(id);
}

/** The path parameters that name a document: a new one belongs here. */
const ID_PARAMS = ['cohortId', 'userId', 'eventId', 'threadId', 'inboxId'] as const;

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
