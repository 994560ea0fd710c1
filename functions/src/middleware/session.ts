import type { RequestHandler, Response } from 'express';
import type { User } from '@sfida/core/user';
import { unauthorized } from '../shared/http-error';
import { sessionToken } from '../sessions/session-cookie';
import type { SessionStore } from '../sessions/session-store';

/**
 * The session check, mounted once in front of every router: a caller with a live session
 * has their user on `res.locals`. Every caller passes; routes that need a user add requireUser.
 */
export function loadSession(sessions: SessionStore): RequestHandler {
  return async (req, res, next) => {
    const user = await sessions.authenticate(sessionToken(req.cookies));
    if (user) res.locals.user = user;
    next();
  };
}

/** Only signed-in callers pass; the user is then available through `currentUser(res)`. */
export const requireUser: RequestHandler = (_req, res, next) => {
  if (!res.locals.user) return next(unauthorized());
  next();
};

/** The signed-in user, or null for a signed-out caller. */
export function optionalUser(res: Response): User | null {
  return (res.locals.user as User | undefined) ?? null;
}

/** The signed-in user, behind requireUser. */
export function currentUser(res: Response): User {
  return res.locals.user as User;
}
