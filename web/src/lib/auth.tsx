import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { GoogleSignInRequest, LoginRequest, ProfileUpdate, RegisterRequest, User } from '@sfida/core/user';
import type { LoginDevice } from '@sfida/core/device-token';
import { apiFetch, noContent } from './api-client';
import { browserTimeZone } from './browser-time-zone';
import { forgetDeviceToken, storedDeviceToken } from './device-token';
import { remembered } from './remembered-user';
import { fetchMe, forgetOtherQueries, meQueryKey, meQueryOptions, signInRequest, userRequest } from './session';
import { confirmSignOut, forgetSignedOutUser, stopPushOnThisDevice } from './sign-out-steps';
import { loadedUserModule } from './user-module';

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
  /** Exchanges a Google sign-in's Firebase ID token for our own session (a new account needs its invite code). */
  googleSignIn(request: GoogleSignInRequest): Promise<User>;
  /**
   * Ends the session. `andThen` runs in the same render as the sign-out: navigate there (e.g. to
   * '/'), or the route guards would first send the now signed-out user to /login. Resolves false
   * when a sign-out step kept the user signed in (they chose to stay: see addSignOutStep).
   */
  logout(andThen?: () => void): Promise<boolean>;
  /**
   * After the server deleted the account (its session with it): this browser forgets it as at a
   * sign-out, without the sign-out's questions or requests, which a deleted account cannot answer.
   * `andThen` runs in the same render, as for `logout`.
   */
  forgetDeletedAccount(andThen?: () => void): void;
  updateProfile(update: ProfileUpdate): Promise<User>;
  /** Re-reads the session (after onboarding, start-challenge…); a failure signs the user out. */
  refresh(): Promise<User | null>;
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

  const googleSignIn = useCallback(
    async (request: GoogleSignInRequest) =>
      // A new account's time zone is the browser's, as at registration.
      signedIn(await signInRequest('/api/auth/google', null, request, { 'X-Time-Zone': browserTimeZone() })),
    [signedIn],
  );

  const logout = useCallback(
    async (andThen?: () => void) => {
      const user = queryClient.getQueryData<User | null>(meQueryKey) ?? null;
      if (user && !(await confirmSignOut(user))) return false;
      await stopPushOnThisDevice();
      try {
        await apiFetch('/api/auth/logout', { method: 'POST', schema: noContent });
      } catch (error) {
        // Only logged: the browser forgets the user either way.
        console.warn('Logout non riuscito', error);
      }
      if (user) forgetSignedOutUser(user);
      forgetOtherQueries(queryClient);
      setUser(null);
      andThen?.();
      return true;
    },
    [queryClient, setUser],
  );

  const forgetDeletedAccount = useCallback(
    (andThen?: () => void) => {
      const user = queryClient.getQueryData<User | null>(meQueryKey) ?? null;
      if (user) {
        forgetSignedOutUser(user);
        forgetDeviceToken(user.email);
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
  const needsOnboarding = user !== null && loadedUserModule().needsOnboarding(user);

  const value = useMemo<AuthContextValue>(
    () => ({ status, user, needsOnboarding, login, register, googleSignIn, logout, forgetDeletedAccount, updateProfile, refresh }),
    [status, user, needsOnboarding, login, register, googleSignIn, logout, forgetDeletedAccount, updateProfile, refresh],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
