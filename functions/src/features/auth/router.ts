import { Router, type ErrorRequestHandler, type Request } from 'express';
import {
  googleSignInRequestSchema,
  loginRequestSchema,
  passwordResetRequestSchema,
  registerRequestSchema,
  userAnswer,
  type GoogleSignInConfig,
  type SignInAnswer,
  type User,
} from '@sfida/core/user';
import { loginDeviceSchema } from '@sfida/core/device-token';
import type { ApiDeps } from '../../deps';
import { HttpError } from '../../shared/http-error';
import { clientAddresses } from '../../shared/client-address';
import { parseOr400 } from '../../shared/validate';
import { requestTimeZone } from '../../shared/time-zone';
import { currentUser, optionalUser, requireUser } from '../../middleware/session';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../../sessions/session-cookie';
import { login, logout, register, requestPasswordReset, signInWithGoogle } from './service';

/** Adds Retry-After to a 429/503 that knows it; the app's error handler then writes the `{ message }`. */
const retryAfterHeader: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  if (error instanceof HttpError && error.retryAfterSeconds !== undefined && !res.headersSent) {
    res.set('Retry-After', String(Math.ceil(error.retryAfterSeconds)));
  }
  next(error);
};

/** A sign-in's answer: the user as the screens read it (nothing the server keeps for itself) and the browser's device token. */
function signInAnswer(user: User, deviceToken: string): SignInAnswer {
  return { ...userAnswer(user), deviceToken };
}

/** /api/auth/*: sign-in, registration, the session, sign-out and password resets. Bodies are checked in app.ts. */
export function authRouter(deps: ApiDeps): Router {
  const router = Router();
  const callerOf = (req: Request) => clientAddresses(req, deps.config.proxyHops);

  router.get('/me', requireUser, (_req, res) => {
    res.json(userAnswer(currentUser(res)));
  });

  // The same session, answered 200 either way: the web app reads this at start, so a signed-out
  // visitor's browser logs no failed request (Chrome reports every 4xx in the console).
  router.get('/session', (_req, res) => {
    const user = optionalUser(res);
    res.json({ user: user && userAnswer(user) });
  });

  router.post('/login', async (req, res) => {
    const input = parseOr400(loginRequestSchema, req.body);
    // Read apart: core's login schema drops keys it does not know.
    const { deviceToken: presented } = parseOr400(loginDeviceSchema, req.body);
    const { user, token, deviceToken } = await login(deps, input, callerOf(req), presented);
    setSessionCookie(res, token);
    res.json(signInAnswer(user, deviceToken));
  });

  router.post('/register', async (req, res) => {
    const input = parseOr400(registerRequestSchema, req.body);
    // The new account's zone is the browser's; from then on the server keeps it (PUT /profile changes it).
    const { user, token, deviceToken } = await register(deps, input, callerOf(req), requestTimeZone(req));
    setSessionCookie(res, token);
    res.status(201).json(signInAnswer(user, deviceToken));
  });

  // What the browser's Firebase Auth SDK starts from, read from the settings (config.ts): the page
  // asks for it only when someone taps "Accedi con Google".
  router.get('/google/config', (_req, res) => {
    const config: GoogleSignInConfig = deps.config.googleSignIn;
    res.json(config);
  });

  // The Firebase ID token of a Google sign-in, exchanged once for our own session
  // (docs/decisions/001-own-sessions.md); a new account's zone is the browser's, as at /register.
  router.post('/google', async (req, res) => {
    const input = parseOr400(googleSignInRequestSchema, req.body);
    const { user, token, deviceToken } = await signInWithGoogle(deps, input, callerOf(req), requestTimeZone(req));
    setSessionCookie(res, token);
    res.json(signInAnswer(user, deviceToken));
  });

  router.post('/logout', async (req, res) => {
    const token = sessionToken(req.cookies);
    if (token) await logout(deps, token);
    clearSessionCookie(res);
    res.status(204).end();
  });

  router.post('/password-reset', async (req, res) => {
    const { email } = parseOr400(passwordResetRequestSchema, req.body);
    await requestPasswordReset(deps, email, callerOf(req));
    res.status(204).end();
  });

  router.use(retryAfterHeader);
  return router;
}
