import express, { type Express } from 'express';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import { assertApiConfig } from './config';
import type { ApiDeps, Deps } from './deps';
import { RateLimiter } from './shared/rate-limiter';
import { SessionStore } from './sessions/session-store';
import { noStore } from './middleware/no-store';
import { originCheck } from './middleware/origin-check';
import { loadSession } from './middleware/session';
import { JSON_BODY_LIMIT, jsonBody } from './middleware/json-body';
import { apiNotFound, errorHandler } from './middleware/error-handler';
import { authRouter } from './features/auth/router';
import { accountRouter } from './features/account/router';
import { onboardingRouter } from './features/onboarding/router';
import { schedaRouter } from './features/scheda/router';
import { trackerRouter } from './features/tracker/router';
import { leaderboardRouter } from './features/leaderboard/router';
import { coachEventsRouter, eventsRouter } from './features/events/router';
import { coachRouter } from './features/coach/router';
import { cohortsRouter } from './features/cohorts/router';
import { coachCheckInsRouter, ownCheckInsRouter } from './features/check-ins/router';
import { coachMessagesRouter, inboxRouter } from './features/messages/router';
import { notificationsRouter } from './features/notifications/router';
import { followTimeZone } from './features/notifications/service';
import { certificateRouter } from './features/certificate/router';

/** The whole API as an Express app, built from its dependencies (tests pass their own). */
export function createApp(deps: Deps): Express {
  assertApiConfig(deps.config);
  const sessions = new SessionStore(deps.db, deps.auth, deps.clock);
  const apiDeps: ApiDeps = { ...deps, sessions, limiter: new RateLimiter(deps.db, deps.clock) };

  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');

  const api = express.Router();
  api.use(noStore);
  // A liveness probe; in the emulators it also names the Node.js that runs the function,
  // so the tests can prove the local runtime matches production's.
  api.get('/health', (_req, res) => {
    res.json(deps.config.emulated ? { status: 'ok', node: process.version } : { status: 'ok' });
  });
  // Only the tracker, leaderboard and inbox routes answer enough JSON to be worth compressing (a new
  // device's tracker restore above all); the rest (the session at every start, errors) are small
  // and skip the middleware, which wraps every response it sees, even one it then sends as is.
  api.use(['/users', '/cohorts', '/me'], compression({ threshold: 1024 }));
  api.use(originCheck(deps.config.appOrigins));
  api.use(cookieParser());
  api.use(loadSession(sessions));
  // Two routers share /auth, and a request body can be read only once: checked here for both.
  api.use('/auth', jsonBody(JSON_BODY_LIMIT));
  api.use('/auth', authRouter(apiDeps));
  api.use('/auth', accountRouter(apiDeps, { timeZoneChanged: (user) => followTimeZone(apiDeps, user) }));
  api.use('/onboarding', onboardingRouter(apiDeps));
  api.use('/scheda', schedaRouter(apiDeps));
  api.use('/users', trackerRouter(apiDeps));
  api.use('/cohorts', leaderboardRouter(apiDeps));
  api.use('/cohorts', eventsRouter(apiDeps));
  api.use('/coach', coachEventsRouter(apiDeps));
  api.use('/coach', cohortsRouter(apiDeps));
  api.use('/coach', coachRouter(apiDeps));
  api.use('/coach', coachCheckInsRouter(apiDeps));
  api.use('/coach', coachMessagesRouter(apiDeps));
  api.use('/me', ownCheckInsRouter(apiDeps));
  api.use('/me', inboxRouter(apiDeps));
  api.use('/me', notificationsRouter(apiDeps));
  api.use('/me', certificateRouter(apiDeps));
  api.use(apiNotFound);

  app.use('/api', api);
  app.use(apiNotFound);
  app.use(errorHandler);
  return app;
}
