import { configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { User } from '@sfida/core/user';
import { vi } from 'vitest';
import { AppProvider } from '../app/provider';
import { AppRoutes } from '../app/router';
import { createQueryClient } from '../lib/query-client';

// Routes are lazy chunks, imported on first use: on a busy machine that takes longer than 1 s.
configure({ asyncUtilTimeout: 10_000 });

/** Renders the whole app at `path`, with a fresh query cache (no retries, so failures show at once). */
export function renderRoute(path: string) {
  // jsdom has no scrolling; the router scrolls to the top on every navigation.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  let location = path;
  function LocationProbe() {
    location = useLocation().pathname;
    return null;
  }
  const user = userEvent.setup();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...view, user, queryClient, currentPath: () => location };
}

type Handler = (request: { method: string; body: unknown }) => Response | Promise<Response>;

/** A JSON answer, as our API sends it. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces `fetch` (the browser's way out) with per-path handlers; an unknown path answers 404.
 * Returns the mock so tests can inspect what was sent.
 */
export function mockApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const handler = routes[`${method} ${url}`];
    if (!handler) return json({ message: `Nessun mock per ${method} ${url}` }, 404);
    return handler({ method, body });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The body a call to `method path` sent, parsed from JSON. */
export function sentBody(fetchMock: ReturnType<typeof mockApi>, method: string, path: string): unknown {
  const call = fetchMock.mock.calls.find(([url, init]) => url === path && (init?.method ?? 'GET') === method);
  return call && typeof call[1]?.body === 'string' ? JSON.parse(call[1].body) : undefined;
}

/** GET /api/auth/session when signed out. */
export const anonymous: Handler = () => json({ user: null });

export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    name: 'Giulia Rossi',
    email: 'giulia@example.it',
    role: 'PARTICIPANT',
    createdAt: '2025-09-01T08:30:00.000Z',
    cohortId: 'c1',
    challengeStartDate: null,
    onboardingCompletato: true,
    tempoAllenamento: 'PIU_UN_ANNO',
    luogoAllenamento: 'CASA',
    livelloAllenamento: 'PRINCIPIANTE',
    schedaAssegnata: 'PRINCIPIANTE_CASA',
    ...overrides,
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
