import type * as FirebaseAuth from 'firebase/auth';
import type { Auth } from 'firebase/auth';
import type { GoogleSignInConfig } from '@sfida/core/user';
import { apiFetch } from './api-client';
import { forgetFirebaseDatabases } from './firebase-leftovers';

/*
 * A Google sign-in through Firebase's client SDK (docs/decisions/004-no-firebase-client-sdk.md), for
 * what needs one: "Accedi con Google" (features/auth) and the confirmation of an account's deletion
 * (features/profile). `firebase/auth` is loaded when someone taps the button, and again when Google
 * brings the browser back, never otherwise. It uses the redirect flow on every device: the page
 * goes to the sign-in on the app's own domain (Hosting's /__/auth/*, the Auth emulator's page
 * locally) and comes back to the page it left, which a mark in this tab's session storage tells
 * what it went for. The SDK keeps its user in memory only; its ID token is used once, then the SDK
 * signs out and anything it left in the browser's storage is deleted: the browser keeps no
 * Firebase token (lib/firebase-leftovers.ts deletes its databases at the next page start).
 */

/** Shown for a failure of the SDK or of Google, whose own messages are in English. */
export const GOOGLE_FAILED = 'Accesso con Google non riuscito: riprova';

/** The SDK's codes for a sign-in the person left before the end (a popup's, or Google's own "cancel"). */
const CANCELLED = new Set(['auth/popup-closed-by-user', 'auth/cancelled-popup-request', 'auth/user-cancelled', 'auth/redirect-cancelled-by-user']);

/** The SDK's error code, if `error` has one. */
function codeOf(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

/** True when the person left Google's sign-in before the end. */
export function isCancelledSignIn(error: unknown): boolean {
  return CANCELLED.has(String(codeOf(error)));
}

/**
 * The Italian for a failure of the SDK: Firebase refuses to join a Google account to a password
 * account of the same email when Google does not vouch for that email (an address not at Gmail).
 */
export function sdkFailureMessage(error: unknown): string | null {
  const code = codeOf(error);
  if (code === 'auth/account-exists-with-different-credential') return 'Esiste già un account con questa email: accedi con email e password.';
  if (code === 'auth/network-request-failed') return 'Connessione assente o instabile: riprova quando sei online.';
  return null;
}

/** True when this tab went to Google for `purpose` (a session storage key) and has come back: the page then finishes it. */
export function googleRedirectPending(purpose: string): boolean {
  try {
    return sessionStorage.getItem(purpose) !== null;
  } catch {
    return false;
  }
}

type Sdk = typeof FirebaseAuth;
let started: Promise<{ auth: Auth; sdk: Sdk }> | null = null;

/** The SDK started from the server's settings (GET /api/auth/google/config), in memory only; once per page. */
function startSdk(): Promise<{ auth: Auth; sdk: Sdk }> {
  started ??= loadSdk().catch((error: unknown) => {
    started = null;
    throw error;
  });
  return started;
}

async function loadSdk(): Promise<{ auth: Auth; sdk: Sdk }> {
  const [{ googleSignInConfigSchema }, { initializeApp, getApps }, sdk] = await Promise.all([
    import('@sfida/core/user'),
    import('firebase/app'),
    import('firebase/auth'),
  ]);
  const config: GoogleSignInConfig = await apiFetch('/api/auth/google/config', { schema: googleSignInConfigSchema });
  const app = getApps()[0] ?? initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId });
  const auth = sdk.initializeAuth(app, { persistence: sdk.inMemoryPersistence, popupRedirectResolver: sdk.browserPopupRedirectResolver });
  if (config.emulatorUrl) sdk.connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });
  return { auth, sdk };
}

/**
 * Goes to Google's sign-in, keeping `state` (JSON) under `purpose` for the way back; `loginHint`
 * suggests the account. The page leaves: the promise settles only on a failure before that.
 */
export async function goToGoogle(purpose: string, state: unknown, loginHint?: string): Promise<void> {
  const { auth, sdk } = await startSdk();
  sessionStorage.setItem(purpose, JSON.stringify(state));
  try {
    const provider = new sdk.GoogleAuthProvider();
    provider.setCustomParameters({ prompt: 'select_account', ...(loginHint ? { login_hint: loginHint } : {}) });
    await sdk.signInWithRedirect(auth, provider);
  } catch (error) {
    sessionStorage.removeItem(purpose);
    await forgetSdkState(auth, sdk);
    throw error;
  }
}

/**
 * Back from Google: the ID token of the SDK's result and the state kept under `purpose`, used once
 * by `finish`, then the SDK signed out and its storage deleted whatever happened. Null when there was
 * no result (the person came back without signing in). The mark is taken first, so a second call
 * finds nothing to finish.
 */
export async function backFromGoogle<T>(purpose: string, finish: (idToken: string, state: unknown) => Promise<T>): Promise<T | null> {
  let state: unknown = null;
  try {
    state = JSON.parse(sessionStorage.getItem(purpose) ?? 'null');
  } catch {
    // A spoilt entry: the caller goes on without its state.
  }
  sessionStorage.removeItem(purpose);
  const { auth, sdk } = await startSdk();
  try {
    const result = await sdk.getRedirectResult(auth);
    if (!result) return null;
    return await finish(await result.user.getIdToken(), state);
  } finally {
    await forgetSdkState(auth, sdk);
  }
}

/** Signs the SDK out and deletes what it may have stored, so no Firebase token outlives its one use. */
async function forgetSdkState(auth: Auth, sdk: Sdk): Promise<void> {
  await sdk.signOut(auth).catch(() => undefined);
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith('firebase:')) sessionStorage.removeItem(key);
    for (const key of Object.keys(localStorage)) if (key.startsWith('firebase:')) localStorage.removeItem(key);
  } catch {
    // Storage refused (a privacy mode): then the SDK could not have stored anything either.
  }
  forgetFirebaseDatabases();
}
