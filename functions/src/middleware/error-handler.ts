import type { ErrorRequestHandler, RequestHandler } from 'express';
import { DomainError, type DomainErrorKind } from '../shared/domain-error';
import { HttpError, notFound } from '../shared/http-error';

const GENERIC = 'Si è verificato un errore imprevisto. Riprova più tardi.';

/** The status each kind of domain error answers with. */
const DOMAIN_ERROR_STATUS = { notFound: 404, notAllowed: 403, invalid: 400 } as const satisfies Record<DomainErrorKind, number>;

/** Unknown /api route. */
export const apiNotFound: RequestHandler = (_req, _res, next) => next(notFound());

/**
 * The one error handler: every failure becomes `{ message }` with its status (an HttpError's own, a
 * domain error's by its kind).
 * Expected (4xx) errors are not logged; anything else is logged server-side and
 * answered with a generic message, never a stack trace.
 */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  let status = 500;
  let message = GENERIC;
  if (error instanceof HttpError) {
    status = error.status;
    message = error.message;
  } else if (error instanceof DomainError) {
    status = DOMAIN_ERROR_STATUS[error.kind];
    message = error.message;
  } else if (error instanceof URIError) {
    // The router could not decode a path parameter (a malformed % escape): the caller's mistake.
    status = 400;
    message = 'Indirizzo non valido';
  } else if (isBodyParserError(error)) {
    // Errors raised by a body parser upstream (e.g. Cloud Functions' own).
    status = error.status;
    message = error.status === 413 ? 'Richiesta troppo grande' : 'Richiesta non valida: JSON malformato';
  }
  if (status >= 500) console.error(`${req.method} ${req.originalUrl} failed:`, error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(status).set('Cache-Control', 'private, no-store').json({ message });
};

function isBodyParserError(error: unknown): error is { status: number; type: string } {
  const e = error as { status?: unknown; type?: unknown } | null;
  return typeof e?.status === 'number' && e.status >= 400 && e.status < 500 && typeof e.type === 'string';
}
