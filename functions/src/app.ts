import express, { type Express, type Router } from 'express';
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
import { emailPreferencesRouter, unsubscribeRouter } from './features/email/router';
import { calendarFeedRouter, coachEventsRouter, eventsRouter, ownCalendarFeedRouter } from './features/events/router';
import { coachRouter } from './features/coach/router';
import { cohortProgressRouter } from './features/cohort-progress/router';
import { cohortInfoRouter, cohortsRouter } from './features/cohorts/router';
import { coachCheckInsRouter, ownCheckInsRouter } from './features/check-ins/router';
import { coachMessagesRouter, inboxRouter } from './features/messages/router';
import { notificationsRouter } from './features/notifications/router';
import { coachConversationsRouter, ownConversationRouter } from './features/conversations/router';
import { followTimeZone } from './features/notifications/service';
import { certificateRouter } from './features/certificate/router';
import { notesRouter } from './features/notes/router';
import { packagesRouter } from './features/packages/router';
import { triageRouter } from './features/triage/router';
import { coachResourcesRouter, resourcesRouter } from './features/resources/router';
import { coachVoiceNotesRouter, ownVoiceNotesRouter, voiceNotesRouter } from './features/voice-notes/router';
import { coachTeamsRouter, ownTeamRouter, teamLeaderboardRouter } from './features/teams/router';
import { coachSeasonsRouter, ownSeasonRouter } from './features/seasons/router';
import { privacyExportRouter } from './features/privacy/router';
import { deleteAccountRouter } from './features/privacy/delete-router';

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
  // An email's unsubscribe link is posted by mail clients from no page of ours (RFC 8058): before the origin check.
  const unsubscribe = unsubscribeRouter(apiDeps);
  Object.defineProperty(unsubscribe, 'name', { value: 'email' });
  api.use('/email/unsubscribe', unsubscribe);
  api.use(originCheck(deps.config.appOrigins));
  api.use(cookieParser());
  api.use(loadSession(sessions));
  // Two routers share /auth, and a request body can be read only once: checked here for both.
  api.use('/auth', jsonBody(JSON_BODY_LIMIT));

  // The route map: every /api route, and the feature (functions/src/features/<name>) that serves it.
  // Several features share a prefix; the mount table below says where each router sits, in order.
  // app.api.test.ts walks the app's router stack and fails when this list and the app differ.
  //
  //   GET    /health                                                   app.ts
  //   GET    /auth/me                                                  auth
  //   GET    /auth/session                                             auth
  //   POST   /auth/login                                               auth
  //   POST   /auth/register                                            auth
  //   GET    /auth/google/config                                       auth
  //   POST   /auth/google                                              auth
  //   POST   /auth/logout                                              auth
  //   POST   /auth/password-reset                                      auth
  //   PUT    /auth/profile                                             account
  //   POST   /auth/start-challenge                                     account
  //   POST   /onboarding                                               onboarding
  //   GET    /scheda/:scheda                                           scheda
  //   PUT    /users/me/progress                                        tracker
  //   PATCH  /users/me/progress                                        tracker
  //   GET    /users/me/progress                                        tracker
  //   GET    /users/:userId/progress                                   tracker
  //   GET    /cohorts/:cohortId/leaderboard                            leaderboard
  //   GET    /cohorts/:cohortId/events                                 events
  //   GET    /cohorts/:cohortId/events/:eventId                        events
  //   GET    /cohorts/:cohortId/events/:eventId/calendar.ics           events
  //   GET    /cohorts/:cohortId/resources                              resources
  //   GET    /cohorts/:cohortId/resources/:resourceId/file             resources
  //   GET    /cohorts/:cohortId                                        cohorts
  //   POST   /coach/cohorts/:cohortId/events                           events
  //   GET    /coach/cohorts/:cohortId/events/from/:sourceCohortId      events
  //   POST   /coach/cohorts/:cohortId/events/batch                     events
  //   PUT    /coach/cohorts/:cohortId/events/:eventId                  events
  //   DELETE /coach/cohorts/:cohortId/events/:eventId                  events
  //   POST   /coach/cohorts/:cohortId/resources/files                  resources
  //   POST   /coach/cohorts/:cohortId/resources/links                  resources
  //   PUT    /coach/cohorts/:cohortId/resources/order                  resources
  //   PATCH  /coach/cohorts/:cohortId/resources/:resourceId            resources
  //   DELETE /coach/cohorts/:cohortId/resources/:resourceId            resources
  //   GET    /coach/cohorts                                            cohorts
  //   POST   /coach/cohorts                                            cohorts
  //   PATCH  /coach/cohorts/:cohortId                                  cohorts
  //   POST   /coach/cohorts/:cohortId/invite-code                      cohorts
  //   POST   /coach/cohorts/:cohortId/coaches                          cohorts
  //   POST   /coach/cohorts/:cohortId/participants/:userId/withdraw    cohorts
  //   GET    /coach/cohorts/:cohortId/participants                     coach
  //   GET    /coach/cohorts/:cohortId/participants/:userId             coach
  //   GET    /coach/cohorts/:cohortId/export.csv                       coach
  //   GET    /coach/search                                             coach
  //   GET    /coach/cohorts/:cohortId/progress-by-week                 cohort-progress
  //   GET    /coach/cohorts/:cohortId/progress-by-week.csv             cohort-progress
  //   POST   /coach/cohorts/:cohortId/packages                         packages
  //   GET    /coach/cohorts/:cohortId/participants/:userId/package     packages
  //   POST   /coach/cohorts/:cohortId/package-import                   packages
  //   GET    /coach/cohorts/:cohortId/tags                             notes
  //   POST   /coach/cohorts/:cohortId/tags/bulk                        notes
  //   PATCH  /coach/cohorts/:cohortId/participants/:userId/tags        notes
  //   GET    /coach/cohorts/:cohortId/participants/:userId/notes       notes
  //   POST   /coach/cohorts/:cohortId/participants/:userId/notes       notes
  //   PATCH  /coach/cohorts/:cohortId/participants/:userId/notes/:noteId  notes
  //   DELETE /coach/cohorts/:cohortId/participants/:userId/notes/:noteId  notes
  //   GET    /coach/triage                                             triage
  //   POST   /coach/triage/bulk                                        triage
  //   POST   /coach/cohorts/:cohortId/participants/:userId/contacted   triage
  //   POST   /coach/cohorts/:cohortId/participants/:userId/snooze      triage
  //   GET    /coach/check-ins                                          check-ins
  //   POST   /coach/check-ins/read                                     check-ins
  //   POST   /coach/check-ins/:threadId/reply                          check-ins
  //   POST   /coach/check-ins/:threadId/read                           check-ins
  //   GET    /coach/cohorts/:cohortId/participants/:userId/check-ins   check-ins
  //   POST   /coach/cohorts/:cohortId/participants/:userId/voice-notes voice-notes
  //   GET    /coach/reply-templates                                    check-ins
  //   PUT    /coach/reply-templates                                    check-ins
  //   POST   /coach/cohorts/:cohortId/messages/preview                 messages
  //   POST   /coach/cohorts/:cohortId/messages                         messages
  //   GET    /coach/cohorts/:cohortId/messages                         messages
  //   GET    /coach/conversations                                      conversations
  //   GET    /coach/cohorts/:cohortId/participants/:userId/conversation                conversations
  //   POST   /coach/cohorts/:cohortId/participants/:userId/conversation/messages       conversations
  //   POST   /coach/cohorts/:cohortId/participants/:userId/conversation/read           conversations
  //   POST   /coach/cohorts/:cohortId/scheduled-messages               messages
  //   GET    /coach/cohorts/:cohortId/scheduled-messages               messages
  //   PATCH  /coach/cohorts/:cohortId/scheduled-messages/:scheduledId  messages
  //   DELETE /coach/cohorts/:cohortId/scheduled-messages/:scheduledId  messages
  //   POST   /me/check-ins/:week/seen                                  check-ins
  //   POST   /me/check-ins/:week/answer                                check-ins
  //   GET    /me/inbox                                                 messages
  //   POST   /me/messages/:inboxId/read                                messages
  //   GET    /me/conversation                                          conversations
  //   POST   /me/conversation/messages                                 conversations
  //   POST   /me/conversation/read                                     conversations
  //   GET    /me/notifications                                         notifications
  //   PUT    /me/notifications                                         notifications
  //   POST   /me/push-subscriptions                                    notifications
  //   POST   /me/push-subscriptions/remove                             notifications
  //   GET    /me/certificate.pdf                                       certificate
  //   GET    /me/calendar-feed                                         events
  //   POST   /me/calendar-feed                                         events
  //   DELETE /me/calendar-feed                                         events
  //   POST   /me/voice-notes                                           voice-notes
  //   GET    /voice-notes/:voiceNoteId                                 voice-notes
  //   GET    /calendar-feeds/:token.ics                                events
  //   GET    /cohorts/:cohortId/team-leaderboard                       teams
  //   GET    /coach/cohorts/:cohortId/teams                            teams
  //   POST   /coach/cohorts/:cohortId/teams                            teams
  //   PATCH  /coach/cohorts/:cohortId/teams/:teamId                    teams
  //   POST   /coach/cohorts/:cohortId/teams/:teamId/members            teams
  //   GET    /me/team                                                  teams
  //   POST   /me/team/high-fives                                       teams
  //   GET    /me/high-fives                                            teams
  //   POST   /coach/cohorts/:cohortId/new-season                       seasons
  //   GET    /me/season-invitation                                     seasons
  //   POST   /me/season-invitation/:cohortId/accept                    seasons
  //   POST   /me/season-invitation/:cohortId/decline                   seasons
  //   GET    /me/email-preferences                                     email
  //   PUT    /me/email-preferences                                     email
  //   GET    /email/unsubscribe/:token                                 email
  //   POST   /email/unsubscribe/:token                                 email
  //   GET    /me/export                                                privacy
  //   POST   /me/delete                                                privacy
  const mounts: Array<[prefix: string, feature: string, router: Router]> = [
    ['/auth', 'auth', authRouter(apiDeps)],
    ['/auth', 'account', accountRouter(apiDeps, { timeZoneChanged: (user) => followTimeZone(apiDeps, user) })],
    ['/onboarding', 'onboarding', onboardingRouter(apiDeps)],
    ['/scheda', 'scheda', schedaRouter(apiDeps)],
    ['/users', 'tracker', trackerRouter(apiDeps)],
    ['/cohorts', 'leaderboard', leaderboardRouter(apiDeps)],
    ['/cohorts', 'events', eventsRouter(apiDeps)],
    ['/cohorts', 'resources', resourcesRouter(apiDeps)],
    ['/cohorts', 'cohorts', cohortInfoRouter(apiDeps)],
    ['/coach', 'events', coachEventsRouter(apiDeps)],
    ['/coach', 'resources', coachResourcesRouter(apiDeps)],
    ['/coach', 'cohorts', cohortsRouter(apiDeps)],
    ['/coach', 'coach', coachRouter(apiDeps)],
    ['/coach', 'cohort-progress', cohortProgressRouter(apiDeps)],
    ['/coach', 'packages', packagesRouter(apiDeps)],
    ['/coach', 'notes', notesRouter(apiDeps)],
    ['/coach', 'triage', triageRouter(apiDeps)],
    ['/coach', 'check-ins', coachCheckInsRouter(apiDeps)],
    ['/coach', 'messages', coachMessagesRouter(apiDeps)],
    ['/coach', 'conversations', coachConversationsRouter(apiDeps)],
    ['/coach', 'voice-notes', coachVoiceNotesRouter(apiDeps)],
    ['/me', 'check-ins', ownCheckInsRouter(apiDeps)],
    ['/me', 'messages', inboxRouter(apiDeps)],
    ['/me', 'conversations', ownConversationRouter(apiDeps)],
    ['/me', 'notifications', notificationsRouter(apiDeps)],
    ['/me', 'certificate', certificateRouter(apiDeps)],
    ['/me', 'events', ownCalendarFeedRouter(apiDeps)],
    ['/me', 'voice-notes', ownVoiceNotesRouter(apiDeps)],
    ['/voice-notes', 'voice-notes', voiceNotesRouter(apiDeps)],
    ['/calendar-feeds', 'events', calendarFeedRouter(apiDeps)],
    ['/cohorts', 'teams', teamLeaderboardRouter(apiDeps)],
    ['/coach', 'teams', coachTeamsRouter(apiDeps)],
    ['/me', 'teams', ownTeamRouter(apiDeps)],
    ['/coach', 'seasons', coachSeasonsRouter(apiDeps)],
    ['/me', 'seasons', ownSeasonRouter(apiDeps)],
    ['/me', 'email', emailPreferencesRouter(apiDeps)],
    ['/me', 'privacy', privacyExportRouter(apiDeps)],
    ['/me', 'privacy', deleteAccountRouter(apiDeps)],
  ];
  for (const [prefix, feature, router] of mounts) {
    // Named after its feature: the router stack then says who serves what (the route map's test reads it).
    Object.defineProperty(router, 'name', { value: feature });
    api.use(prefix, router);
  }
  api.use(apiNotFound);

  app.use('/api', api);
  app.use(apiNotFound);
  app.use(errorHandler);
  return app;
}
