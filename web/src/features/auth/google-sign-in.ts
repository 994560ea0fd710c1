import type * as FirebaseAuth from 'firebase/auth';
import type { Auth } from 'firebase/auth';
import type { GoogleSignInConfig, GoogleSignInRequest, User } from '@sfida/core/user';
import { apiFetch } from '../../lib/api-client';
import { forgetFirebaseDatabases } from '../../lib/firebase-leftovers';

/*
 * "Accedi con Google" through Firebase's client SDK (docs/decisions/004-no-firebase-client-sdk.md):
 * `firebase/auth` is loaded when someone taps the button, and again when Google brings the browser
 * back, never otherwise. It signs in with the redirect flow on every device: the page goes to the
 * sign-in on the app's own domain (Hosting's /__/auth/*, the Auth emulator's page locally) and comes
 * back to the page it left. The SDK keeps its user in memory only; its ID token is sent once to
 * POST /api/auth/google for our own session, then the SDK signs out and anything it left in the
 * browser's storage is deleted: the browser keeps no Firebase token. The signed-in user then opens
 * their home page afresh, so that no Firebase code holds a database open (lib/firebase-leftovers.ts).
 */

/** What the page asked for before going to Google, kept for the way back in this tab's session storage. */
const PENDING_KEY = 'sfida8:google-sign-in';

/** What the exchange sends besides the token: the invite code and name of a registration. */
export type GoogleSignInExtras = Omit<GoogleSignInRequest, 'idToken'>;

/** Shown for a failure of the SDK or of Google, whose own messages are in English. */
export const GOOGLE_FAILED = 'Accesso con Google non riuscito: riprova';

/**
 * The Italian for a failure of the SDK: Firebase refuses to join a Google account to a password
 * account of the same email when Google does not vouch for that email (an address not at Gmail).
 */
export function sdkFailureMessage(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'auth/account-exists-with-different-credential') return 'Esiste già un account con questa email: accedi con email e password.';
  if (code === 'auth/network-request-failed') return 'Connessione assente o instabile: riprova quando sei online.';
  return null;
}

/** True when this tab went to Google from this page and has come back: the page then finishes the sign-in. */
export function googleSignInPending(): boolean {
  try {
    return sessionStorage.getItem(PENDING_KEY) !== null;
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

/** Goes to Google's sign-in (the page leaves: the promise settles only on a failure before that). */
export async function startGoogleSignIn(extras: GoogleSignInExtras): Promise<void> {
  const { auth, sdk } = await startSdk();
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(extras));
  try {
    const provider = new sdk.GoogleAuthProvider();
    provider.setCustomParameters({ prompt: 'select_account' });
    await sdk.signInWithRedirect(auth, provider);
  } catch (error) {
    sessionStorage.removeItem(PENDING_KEY);
    await forgetSdkState(auth, sdk);
    throw error;
  }
}

/**
 * Back from Google: the SDK's result, its ID token exchanged once by `exchange` (our session),
 * then the SDK signed out and its storage deleted whatever happened. Null when there was no result
 * (the person closed Google's page).
 */
export async function finishGoogleSignIn(exchange: (request: GoogleSignInRequest) => Promise<User>): Promise<User | null> {
  let extras: GoogleSignInExtras = {};
  try {
    extras = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? '{}') as GoogleSignInExtras;
  } catch {
    // A spoilt entry: the sign-in goes on without a code or name.
  }
  sessionStorage.removeItem(PENDING_KEY);
  const { auth, sdk } = await startSdk();
  try {
    const result = await sdk.getRedirectResult(auth);
    if (!result) return null;
    const idToken = await result.user.getIdToken();
    return await exchange({ ...extras, idToken });
  } finally {
    await forgetSdkState(auth, sdk);
  }
}

/** Signs the SDK out and deletes what it may have stored, so no Firebase token outlives the exchange. */
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

/** Opens `path` as a new page load: the page that ran the SDK goes, and its open databases with it. */
export function openPageAfresh(path: string): void {
  window.location.replace(path);
}
