import type { ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import type { User } from '@sfida/core/user';
import { useAuth } from '../../../lib/auth';
import { AppProvider } from '../../../app/provider';
import { createQueryClient } from '../../../lib/query-client';
import { clearNotices } from '../components/tracker-toaster';
import { resetTrackerStores } from '../storage/tracker-store';
import { resetTrackerSyncs } from '../sync/tracker-sync';

/*
 * Tracker tests render the real providers (design system, queries, session) and replace only
 * the outside world: `fetch`. Each test describes the server it talks to.
 */

export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-anna',
    name: 'Anna',
    email: 'anna@example.it',
    role: 'PARTICIPANT',
    createdAt: '2025-09-01T08:00:00.000Z',
    cohortId: 'cohort-1',
    challengeStartDate: null,
    onboardingCompletato: true,
    tempoAllenamento: 'PIU_UN_ANNO',
    luogoAllenamento: 'CASA',
    livelloAllenamento: 'PRINCIPIANTE',
    schedaAssegnata: 'PRINCIPIANTE_CASA',
    ...overrides,
  };
}

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

export type ApiHandler = (call: ApiCall) => Response | Promise<Response> | undefined;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces `fetch` with a fake server: `/api/auth/session` answers `{ user }`, the tracker endpoints answer
 * 404 (GET) and 200 (PUT) unless `handler` answers first. Returns the list of calls made.
 */
export function fakeServer(user: User, handler: ApiHandler = () => undefined): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const call: ApiCall = {
        method: (init.method ?? 'GET').toUpperCase(),
        path: url.pathname + url.search,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: Object.fromEntries(new Headers(init.headers).entries()),
      };
      calls.push(call);
      const answer = await handler(call);
      if (answer) return answer;
      if (url.pathname === '/api/auth/session') return json({ user });
      if (url.pathname === '/api/users/me/progress') {
        return call.method === 'PUT' ? json({ weeklyKPI: null }) : new Response(null, { status: 204 });
      }
      if (url.pathname.endsWith('/leaderboard')) return json({ entries: [] });
      return json({ message: 'Non trovato' }, 404);
    }),
  );
  return calls;
}

/** Shows `children` once the session is read, as the signed-in routes do. */
function WhenSignedIn({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return user ? children : null;
}

/** Renders `ui` inside the app's providers at `path`, once the fake server's user is signed in. */
export function renderWithApp(ui: ReactNode, { path = '/dashboard' }: { path?: string } = {}) {
  const queryClient = createQueryClient();
  const result = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <WhenSignedIn>{ui}</WhenSignedIn>
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...result, queryClient };
}

/** Forgets the tab-wide tracker stores and sync engines and the fake server (call after each test). */
export function resetTrackerTestState(): void {
  clearNotices();
  resetTrackerSyncs();
  resetTrackerStores();
  vi.unstubAllGlobals();
}

// Whole screens in jsdom are slow on a busy machine; typing is one render per key.
configure({ asyncUtilTimeout: 5000 });
