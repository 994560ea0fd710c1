import type { CookieOptions, Response } from 'express';
import { SESSION_MAX_AGE_MS } from './session-store';

/** Firebase Hosting forwards no other cookie to the function. */
const SESSION_COOKIE = '__session';

const cookieOptions: CookieOptions = { httpOnly: true, secure: true, sameSite: 'lax', path: '/' };

/** The cookie's token, if any. */
export function sessionToken(cookies: unknown): string | undefined {
  const value = (cookies as Record<string, unknown> | undefined)?.[SESSION_COOKIE];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

export function setSessionCookie(res: Response, token: string): void {
  res.cookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: SESSION_MAX_AGE_MS });
}

export function clearSessionCookie(res: Response): void {
  res.clearCookie(SESSION_COOKIE, cookieOptions);
}
