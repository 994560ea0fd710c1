import type { RequestHandler, Response } from 'express';
import type { User } from '@sfida/core/user';
import { unauthorized } from '../shared/http-error';
import { SESSION_COOKIE, type Authenticated, type SessionStore } from '../features/auth/sessions';

/** The cookie's token, if any. */
export function sessionToken(cookies: unknown): string | undefined {
  const value = (cookies as Record<string, unknown> | undefined)?.[SESSION_COOKIE];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** Only signed-in callers pass; the user is then available through `currentUser(res)`. */
export function requireSession(sessions: SessionStore): RequestHandler {
  return async (req, res, next) => {
    const authenticated = await sessions.authenticate(sessionToken(req.cookies));
    if (!authenticated) return next(unauthorized());
    res.locals.auth = authenticated;
    next();
  };
}

export function currentAuth(res: Response): Authenticated {
  return res.locals.auth as Authenticated;
}

export function currentUser(res: Response): User {
  return currentAuth(res).user;
}
