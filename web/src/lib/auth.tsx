import { createContext, useCallback, useContext, useMemo, useReducer, type ReactNode } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ProfileUpdate, User } from '@sfida/core/user';
import { ApiError, apiFetch, readApiResponse } from '../lib/api-client';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  secretCode: string;
}

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  login(email: string, password: string): Promise<User>;
  register(input: RegisterInput): Promise<User>;
  /**
   * Ends the session. `andThen` runs in the same render as the sign-out: navigate there (e.g. to
   * '/'), or the route guards would first send the now signed-out user to /login.
   */
  logout(andThen?: () => void): Promise<void>;
  updateProfile(update: ProfileUpdate): Promise<User>;
  /** Re-reads the session (after onboarding, start-challenge…); a failure signs the user out. */
  refresh(): Promise<User | null>;
}

export const meQueryKey = ['auth', 'me'] as const;

/**
 * The user schema pulls in zod (~20 KB gzip), which the landing page must not carry: it is loaded
 * on its own chunk, only once the API has actually answered with a user, and checks every one.
 */
async function userRequest(path: string, options: { method?: 'POST' | 'PUT'; body?: unknown; signal?: AbortSignal } = {}): Promise<User> {
  const data = await apiFetch(path, options);
  const { userSchema } = await import('@sfida/core/user');
  return userSchema.parse(data);
}

declare global {
  interface Window {
    /** GET /api/auth/session started by the page's first script, before the app's code arrives. */
    __sfidaSession?: Promise<Response>;
  }
}

/** The request the page (app.html or another shell) started at load, used once: later reads ask the server again. */
function takeEarlySessionRequest(): Promise<Response> | undefined {
  const early = window.__sfidaSession;
  window.__sfidaSession = undefined;
  return early;
}

/**
 * The current session's user, or null when signed out. Reads GET /api/auth/session, which answers
 * 200 `{ user: User | null }` either way: /api/auth/me's 401 would be logged as a console error by
 * the browser on every signed-out visit. Other failures are errors.
 */
async function fetchMe(signal?: AbortSignal): Promise<User | null> {
  let data: unknown;
  try {
    const early = takeEarlySessionRequest();
    data = early ? await readApiResponse(await early) : await apiFetch('/api/auth/session', { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
  if (typeof data !== 'object' || data === null || !('user' in data)) throw new Error('Risposta della sessione non valida');
  if (data.user === null) return null;
  const { userSchema } = await import('@sfida/core/user');
  return userSchema.parse(data.user);
}

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: ({ signal }) => fetchMe(signal),
  // The session only changes through the actions below, which write the answer straight in.
  staleTime: Infinity,
});

/** Drops every cached answer that belonged to the previous session (progress, leaderboard…). */
function forgetOtherQueries(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const me = useQuery(meQueryOptions);

  // react-query tells its observers about new data a tick later; re-rendering right away puts the
  // new session in the same render as a navigation made in the same tick (see `logout`), so no
  // guard ever sees the new page with the old session.
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const setUser = useCallback(
    (user: User | null) => {
      queryClient.setQueryData(meQueryKey, user);
      rerender();
      return user;
    },
    [queryClient],
  );

  const login = useCallback(
    async (email: string, password: string) => {
      const user = await userRequest('/api/auth/login', { method: 'POST', body: { email, password } });
      forgetOtherQueries(queryClient);
      setUser(user);
      return user;
    },
    [queryClient, setUser],
  );

  const register = useCallback(
    async ({ name, email, password, secretCode }: RegisterInput) => {
      const user = await userRequest('/api/auth/register', {
        method: 'POST',
        body: { name, email, password, role: 'PARTICIPANT', secretCode },
      });
      forgetOtherQueries(queryClient);
      setUser(user);
      return user;
    },
    [queryClient, setUser],
  );

  const logout = useCallback(
    async (andThen?: () => void) => {
      try {
        await apiFetch('/api/auth/logout', { method: 'POST' });
      } catch (error) {
        // The spec only logs a failed logout; the browser forgets the user either way.
        console.warn('Logout non riuscito', error);
      }
      forgetOtherQueries(queryClient);
      setUser(null);
      andThen?.();
    },
    [queryClient, setUser],
  );

  const updateProfile = useCallback(
    async (update: ProfileUpdate) => {
      const user = await userRequest('/api/auth/profile', { method: 'PUT', body: update });
      setUser(user);
      return user;
    },
    [setUser],
  );

  const refresh = useCallback(async () => {
    try {
      return setUser(await fetchMe());
    } catch (error) {
      console.warn('Lettura della sessione non riuscita', error);
      return setUser(null);
    }
  }, [setUser]);

  const user = me.data ?? null;
  const status: AuthStatus = me.isPending ? 'loading' : user ? 'authenticated' : 'anonymous';

  const value = useMemo<AuthContextValue>(
    () => ({ status, user, login, register, logout, updateProfile, refresh }),
    [status, user, login, register, logout, updateProfile, refresh],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
