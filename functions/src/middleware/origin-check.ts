import type { RequestHandler } from 'express';
import { forbidden } from '../shared/http-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True for methods that may change state (they need the origin and JSON checks). */
export function isStateChanging(method: string): boolean {
  return !SAFE_METHODS.has(method);
}

/** Cross-site protection: a state-changing call must come from one of the app's own origins. */
export function originCheck(allowedOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req, _res, next) => {
    if (!isStateChanging(req.method)) return next();
    const origin = req.get('origin');
    if (!origin || !allowed.has(origin)) return next(forbidden('Richiesta non consentita: origine non riconosciuta'));
    next();
  };
}
