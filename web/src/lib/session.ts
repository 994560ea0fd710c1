import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { SessionAnswer, User } from '@sfida/core/user';
import { ApiError, apiFetch, readApiResponse, UnexpectedAnswerError } from './api-client';
import { storeDeviceToken } from './device-token';
import { remembered, rememberedUser } from './remembered-user';
import { sessionAnswer, signInAnswer, userAnswer } from './user-module';

// The session as the server keeps it, read into react-query's cache under meQueryKey.

export const meQueryKey = ['auth', 'me'] as const;

/** A request the server answers with the user. */
export async function userRequest(path: string, options: { method?: 'POST' | 'PUT'; body?: unknown; signal?: AbortSignal } = {}): Promise<User> {
  return apiFetch(path, { ...options, schema: userAnswer });
}

/**
 * A login or registration: its user, and the device token it answers kept for `email`'s next
 * login (null: the account's own, for a Google sign-in whose email only the answer tells).
 */
export async function signInRequest(path: string, email: string | null, body: unknown, headers?: Record<string, string>): Promise<User> {
  const { deviceToken, ...user } = await apiFetch(path, { method: 'POST', body, headers, schema: signInAnswer });
  storeDeviceToken(email ?? user.email, deviceToken);
  return user;
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
export async function fetchMe(signal?: AbortSignal): Promise<User | null> {
  let answer: SessionAnswer;
  try {
    const early = takeEarlySessionRequest();
    answer = early ? await readApiResponse(await early, sessionAnswer) : await apiFetch('/api/auth/session', { schema: sessionAnswer, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return remembered(null);
    // No network (the app opened offline, from the service worker's cache): the user this browser
    // last signed in keeps working on their local tracker; the session is checked again online.
    const offline = !(error instanceof ApiError) && !(error instanceof UnexpectedAnswerError) ? await rememberedUser() : null;
    if (offline) return offline;
    throw error;
  }
  return remembered(answer.user);
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
export function forgetOtherQueries(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
}
