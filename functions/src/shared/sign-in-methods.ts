import type { UserRecord } from 'firebase-admin/auth';
import type { SignInMethods } from '@sfida/core/user';

// How an account signs in is Firebase Auth's to say (its linked providers); `users/{uid}.signIn`
// keeps a copy, written by the sign-ins and refreshed by the session's periodic look at Auth, so
// the session's answer costs no Auth call.

/** The sign-in methods of an Auth account, from its linked providers. */
export function signInMethodsOf(record: Pick<UserRecord, 'providerData'>): SignInMethods {
  const providers = new Set((record.providerData ?? []).map((provider) => provider.providerId));
  return { password: providers.has('password'), google: providers.has('google.com') };
}

/** The stored copy, when it is one (absent on accounts older than it, or written by hand). */
export function storedSignInMethods(value: unknown): SignInMethods | null {
  const methods = value as Partial<SignInMethods> | null | undefined;
  return typeof methods?.password === 'boolean' && typeof methods.google === 'boolean' ? { password: methods.password, google: methods.google } : null;
}

export function sameSignInMethods(a: SignInMethods | null, b: SignInMethods): boolean {
  return a !== null && a.password === b.password && a.google === b.google;
}
