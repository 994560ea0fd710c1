import type { RequestHandler, Response } from 'express';
import type { User } from '@sfida/core/user';
import { unauthorized } from '../shared/http-error';
import { sessionToken } from '../sessions/session-cookie';
import type { Authenticated, SessionStore } from '../sessions/session-store';

/** Only signed-in callers pass; the user is then available through `currentUser(res)`. */
export function requireSession(sessions: SessionStore): RequestHandler {
  return async (req, res, next) => {
    const authenticated = await sessions.authenticate(sessionToken(req.cookies));
    if (!authenticated) return next(unauthorized());
    res.locals.auth = authenticated;
    next();
  };
}

/** Every caller passes; a signed-in one's user is then available through `optionalUser(res)` (same checks as requireSession). */
export function optionalSession(sessions: SessionStore): RequestHandler {
  return async (req, res, next) => {
    const authenticated = await sessions.authenticate(sessionToken(req.cookies));
    if (authenticated) res.locals.auth = authenticated;
    next();
  };
}

/** The signed-in user after optionalSession, or null. */
export function optionalUser(res: Response): User | null {
  return (res.locals.auth as Authenticated | undefined)?.user ?? null;
}

export function currentAuth(res: Response): Authenticated {
  return res.locals.auth as Authenticated;
}

export function currentUser(res: Response): User {
  return currentAuth(res).user;
}
