import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type * as UserModuleNs from '@sfida/core/user';
import type { LoginRequest, ProfileUpdate, RegisterRequest, User } from '@sfida/core/user';
import type { LoginDevice } from '@sfida/core/device-token';
import { ApiError, apiFetch, readApiResponse } from './api-client';
import { browserTimeZone } from './browser-time-zone';
import { storeDeviceToken, storedDeviceToken } from './device-token';
import { unsubscribeDevice } from './push-device';
import { withTimeout } from './with-timeout';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

/** What the register form sends; every account registers as a participant. */
export type RegisterInput = Omit<RegisterRequest, 'role'>;

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  /** The signed-in user must answer the onboarding before anything else (core's rule). */
  needsOnboarding: boolean;
  login(email: string, password: string): Promise<User>;
  register(input: RegisterInput): Promise<User>;
  /**
   * Ends the session. `andThen` runs in the same render as the sign-out: navigate there (e.g. to
   * '/'), or the route guards would first send the now signed-out user to /login. Resolves false
   * when a sign-out step kept the user signed in (they chose to stay: see addSignOutStep).
   */
  logout(andThen?: () => void): Promise<boolean>;
  updateProfile(update: ProfileUpdate): Promise<User>;
  /** Re-reads the session (after onboarding, start-challenge…); a failure signs the user out. */
  refresh(): Promise<User | null>;
}

export const meQueryKey = ['auth', 'me'] as const;

/** What the app takes from core's user module (named, so that the rest of it can be left out). */
type UserModule = Pick<typeof UserModuleNs, 'userSchema' | 'needsOnboarding'>;
let userModule: UserModule | null = null;

/**
 * Core's user module: its schema pulls in zod, which the landing page must not carry, so it is
 * loaded on its own chunk once the API has actually answered with a user, and checks every one.
 * Every user in the session cache went through it: its rules are there whenever a user is.
 */
export async function loadUserModule(): Promise<UserModule> {
  if (!userModule) {
    const { userSchema, needsOnboarding } = await import('@sfida/core/user');
    userModule = { userSchema, needsOnboarding };
  }
  return userModule;
}

function loadedUserModule(): UserModule {
  if (!userModule) throw new Error('A user reached the session before core/user was loaded (see loadUserModule)');
  return userModule;
}

async function parseUser(data: unknown): Promise<User> {
  return (await loadUserModule()).userSchema.parse(data);
}

async function userRequest(path: string, options: { method?: 'POST' | 'PUT'; body?: unknown; signal?: AbortSignal } = {}): Promise<User> {
  return parseUser(await apiFetch(path, options));
}

/** A login or registration: its user, and the device token it answers kept for `email`'s next login. */
async function signInRequest(path: string, email: string, body: unknown, headers?: Record<string, string>): Promise<User> {
  const answer = await apiFetch(path, { method: 'POST', body, headers });
  storeDeviceToken(email, answer);
  return parseUser(answer);
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
    if (error instanceof ApiError && error.status === 401) return remembered(null);
    // No network (the app opened offline, from the service worker's cache): the user this browser
    // last signed in keeps working on their local tracker; the session is checked again online.
    const offline = !(error instanceof ApiError) ? await rememberedUser() : null;
    if (offline) return offline;
    throw error;
  }
  if (typeof data !== 'object' || data === null || !('user' in data)) throw new Error('Risposta della sessione non valida');
  if (data.user === null) return remembered(null);
  return remembered(await parseUser(data.user));
}

/** Where the last signed-in user is kept for an offline start (removed at sign-out and when the server says signed out). */
export const REMEMBERED_USER_KEY = 'sfida8:session-user';

function remembered(user: User | null): User | null {
  try {
    if (user) localStorage.setItem(REMEMBERED_USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(REMEMBERED_USER_KEY);
  } catch {
    // Storage full or blocked: only the offline start is lost.
  }
  return user;
}

/** The user this browser last signed in, checked with the same schema as the server's answer; null if none. */
async function rememberedUser(): Promise<User | null> {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(REMEMBERED_USER_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    return await parseUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: ({ signal }) => fetchMe(signal),
  // The session only changes through the actions below, which write the answer straight in.
  staleTime: Infinity,
  // Asked even offline (react-query would wait for a network that may not come): fetchMe then
  // answers the remembered user, and the app starts from the service worker's cache.
  networkMode: 'always',
});

/** Drops every cached answer that belonged to the previous session (the week's summary, the leaderboard…). */
function forgetOtherQueries(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
}

/**
 * What another part of the app does at sign-out. lib/ is the bottom of the web app and knows none
 * of them: each registers its own (the tracker: its copy in this browser's storage).
 */
export interface SignOutStep {
  /** Before anything ends, with the session still valid: resolves false to keep the user signed in. */
  confirm?(user: User): Promise<boolean>;
  /** Once the session has ended: forgets what this browser kept for `user`. */
  forget?(user: User): void;
}

const signOutSteps = new Set<SignOutStep>();

/** Adds `step` to every sign-out from now on; returns its removal. */
export function addSignOutStep(step: SignOutStep): () => void {
  signOutSteps.add(step);
  return () => signOutSteps.delete(step);
}

/** How long a sign-out waits for this device's push subscription to end before going on without it. */
export const PUSH_UNSUBSCRIBE_TIMEOUT_MS = 3000;

/**
 * Stops push on this device at sign-out (the next user of this browser must not get the last
 * one's reminders). Before the logout request: removing the subscription needs the session.
 * A failure or a browser that never answers only delays the sign-out, never stops it.
 */
async function stopPushOnThisDevice(): Promise<void> {
  try {
    const done = await withTimeout(unsubscribeDevice().then(() => true), PUSH_UNSUBSCRIBE_TIMEOUT_MS, false);
    if (!done) console.warn('Notifiche non disattivate su questo dispositivo: nessuna risposta');
  } catch (error) {
    console.warn('Notifiche non disattivate su questo dispositivo', error);
  }
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
      remembered(user);
      queryClient.setQueryData(meQueryKey, user);
      rerender();
      return user;
    },
    [queryClient],
  );

  // Started offline, the session was the remembered user: the server has the last word once the
  // network is back (a session that ended meanwhile signs the browser out).
  useEffect(() => {
    const recheck = () => void queryClient.refetchQueries({ queryKey: meQueryKey });
    window.addEventListener('online', recheck);
    return () => window.removeEventListener('online', recheck);
  }, [queryClient]);

  /** A new sign-in: nothing cached for whoever used this browser before is kept. */
  const signedIn = useCallback(
    (user: User) => {
      forgetOtherQueries(queryClient);
      setUser(user);
      return user;
    },
    [queryClient, setUser],
  );

  const login = useCallback(
    async (email: string, password: string) => {
      const body: LoginRequest & LoginDevice = { email, password, deviceToken: storedDeviceToken(email) };
      return signedIn(await signInRequest('/api/auth/login', email, body));
    },
    [signedIn],
  );

  const register = useCallback(
    async ({ name, email, password, secretCode }: RegisterInput) => {
      const body: RegisterRequest = { name, email, password, role: 'PARTICIPANT', secretCode };
      // The new account's time zone: the server keeps it from then on (the profile page changes it).
      return signedIn(await signInRequest('/api/auth/register', email, body, { 'X-Time-Zone': browserTimeZone() }));
    },
    [signedIn],
  );

  const logout = useCallback(
    async (andThen?: () => void) => {
      const user = queryClient.getQueryData<User | null>(meQueryKey) ?? null;
      // One at a time: a step may ask the user a question.
      for (const step of signOutSteps) {
        if (user && step.confirm && !(await step.confirm(user))) return false;
      }
      await stopPushOnThisDevice();
      try {
        await apiFetch('/api/auth/logout', { method: 'POST' });
      } catch (error) {
        // Only logged: the browser forgets the user either way.
        console.warn('Logout non riuscito', error);
      }
      if (user) signOutSteps.forEach((step) => step.forget?.(user));
      forgetOtherQueries(queryClient);
      setUser(null);
      andThen?.();
      return true;
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
  const needsOnboarding = user !== null && loadedUserModule().needsOnboarding(user);

  const value = useMemo<AuthContextValue>(
    () => ({ status, user, needsOnboarding, login, register, logout, updateProfile, refresh }),
    [status, user, needsOnboarding, login, register, logout, updateProfile, refresh],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
