import { DEFAULT_EMAIL_PREFERENCES } from '@sfida/core/email-preferences';
import { STORED_COHORT_RULES, type CohortInfo } from '@sfida/core/cohort';
import type { ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { inboxSchema } from '@sfida/core/cohort-messages';
import { conversationSchema } from '@sfida/core/conversations';
import { leaderboardAnswerSchema } from '@sfida/core/progress-summary';
import { staleTrackerAnswerSchema, trackerSavedAnswerSchema } from '@sfida/core/tracker';
import { syncChangesAnswerSchema } from '@sfida/core/tracker-changes';
import { sessionAnswerSchema, type User } from '@sfida/core/user';
import { AppProvider } from '../app/provider';
import { AppRoutes } from '../app/router';
import { rememberCohortId } from '../coach-shared/chosen-cohort';
import { Toaster } from '../components/toaster';
import { useAuth } from '../lib/auth';
import { clearNotices } from '../lib/notices';
import { createQueryClient } from '../lib/query-client';
import { resetTrackerStores } from '../tracker/tracker-store';
import { resetTrackerSyncs } from '../tracker/tracker-sync';

/*
 * The web app's tests render the real providers (design system, queries, session) and replace
 * only the outside world: `fetch`. Each test describes the server it talks to.
 */

// Screens are lazy chunks imported on first use, and typing is one render per key: on a busy
// machine both take longer than Testing Library's default wait.
configure({ asyncUtilTimeout: 10_000 });

/** Shows `children` once the session is read, as the signed-in routes do. */
function WhenSignedIn({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return user ? children : null;
}

/**
 * Renders the app at `path` inside its providers, with a fresh query cache (no retries, so
 * failures show at once): its routes and guards, as the browser does, or with `screen` only that
 * screen, once the fake server's user is signed in, with the notices the app shell would show.
 */
export function renderApp(path: string, screen?: ReactNode) {
  // jsdom has no scrolling; the router scrolls to the top on every navigation.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  let location = path;
  let search = '';
  function LocationProbe() {
    const current = useLocation();
    location = current.pathname;
    search = current.search;
    return null;
  }
  const user = userEvent.setup();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        {screen === undefined ? (
          <AppRoutes />
        ) : (
          <WhenSignedIn>
            {screen}
            <Toaster />
          </WhenSignedIn>
        )}
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...view, user, queryClient, currentPath: () => location, currentUrl: () => `${location}${search}` };
}

/** A JSON answer, as our API sends it. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** `GET /api/auth/session`'s answer for `user` (null: signed out). */
export function sessionAnswer(user: User | null): Response {
  return json(sessionAnswerSchema.parse({ user }));
}

/** `PUT /api/users/me/progress`'s answer when the server stored `tracker` as revision `tag`. */
export function trackerSaved(tracker: unknown, tag: string): Response {
  return json(trackerSavedAnswerSchema.parse({ tracker }), 200, { ETag: tag });
}

/** `PUT /api/users/me/progress`'s 412: another device stored `tracker` first, as revision `tag`. */
export function trackerStale(tracker: unknown, tag: string): Response {
  return json(staleTrackerAnswerSchema.parse({ message: 'cambiato', tracker }), 412, { ETag: tag });
}

/** One request the app made, as the fake server saw it (header names in lower case). */
export interface ApiCall {
  method: string;
  /** The path with its query string. */
  path: string;
  body: unknown;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
}

export type ApiHandler = (call: ApiCall) => Response | Promise<Response> | undefined;

/** Answers keyed "METHOD path" (the path with its query string), e.g. `'POST /api/auth/login'`. */
export type ApiRoutes = Record<string, (call: ApiCall) => Response | Promise<Response>>;

/** A handler that fails every call as a browser does with no network. */
export const noNetwork: ApiHandler = () => {
  throw new TypeError('Failed to fetch');
};

/**
 * Replaces `fetch` with a server where `user` is signed in (null: nobody is): unless `answers`
 * answers first (a handler, or routes), `/api/auth/session` answers `{ user }`, the tracker's copy
 * none yet (204) and an upload is stored as sent, the leaderboard, the inbox and the conversation are empty; any
 * other call answers 404. These answers go through core's schemas, so that a change of contract
 * breaks the fake rather than leaving it behind. Returns the list of calls made.
 */
export function fakeServer(user: User | null, answers: ApiHandler | ApiRoutes = () => undefined): ApiCall[] {
  const handler: ApiHandler = typeof answers === 'function' ? answers : (call) => answers[`${call.method} ${call.path}`]?.(call);
  const session = sessionAnswerSchema.parse({ user });
  let revision = 0;
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const call: ApiCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname + url.search,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      credentials: init.credentials,
    };
    calls.push(call);
    const answer = await handler(call);
    if (answer) return answer;
    const path = call.path.split('?')[0];
    if (path === '/api/auth/session') return json(session);
    if (path === '/api/users/me/progress') {
      if (call.method === 'PATCH') return json(syncChangesAnswerSchema.parse({ changes: {} }), 200, { ETag: `"r${++revision}"` });
      return call.method === 'PUT' ? trackerSaved(call.body, `"r${++revision}"`) : new Response(null, { status: 204 });
    }
    if (path?.endsWith('/leaderboard')) return json(leaderboardAnswerSchema.parse({ entries: [] }));
    // The participant's cohort, as the product spec's flow has it: everyone starts on their own day.
    const cohortInfo = /^\/api\/cohorts\/([^/]+)$/.exec(path ?? '');
    if (cohortInfo) return json(fakeCohortInfo({ id: decodeURIComponent(cohortInfo[1]!) }));
    if (path === '/api/me/season-invitation') return json({ invitation: null });
    if (path === '/api/me/email-preferences' && call.method === 'GET') return json({ preferences: DEFAULT_EMAIL_PREFERENCES });
    if (path === '/api/me/inbox') return json(inboxSchema.parse({ threads: [], messages: [], unreadMessages: 0 }));
    if (path === '/api/me/conversation' && user) return json(conversationSchema.parse(emptyConversation(user)));
    return json({ message: 'Non trovato' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** A cohort as its participants see it (`GET /api/cohorts/{id}`): the spec's own pace and points, no community link, open events. */
export function fakeCohortInfo(overrides: Partial<CohortInfo> = {}): CohortInfo {
  return { id: 'default-cohort', name: 'Coorte principale', startDate: '2026-11-02', pace: 'ownDay', communityLink: null, reservedEventsText: null, rules: STORED_COHORT_RULES, ...overrides };
}

/** A participant's conversation before anything was written in it. */
export function emptyConversation(user: User) {
  return {
    userId: user.id,
    cohortId: user.cohortId,
    participantName: user.name ?? user.email,
    items: [],
    nextBefore: null,
    participantReadAt: null,
    coachReadAt: null,
    coachReadBy: null,
    readOnly: false,
  };
}

/** A promise the test settles when it wants to, to observe loading states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Forgets what outlives a render in a tab: notices, the tracker's stores and sync engines, the fake server. */
export function resetTestState(): void {
  clearNotices();
  // The console's chosen cohort would carry over to the next test's screen.
  rememberCohortId(null);
  resetTrackerSyncs();
  resetTrackerStores();
  vi.unstubAllGlobals();
}
