import type { GoogleSignInRequest, User } from '@sfida/core/user';
import { backFromGoogle, goToGoogle, googleRedirectPending } from '../../lib/google-sign-in';

export { GOOGLE_FAILED, sdkFailureMessage } from '../../lib/google-sign-in';

/*
 * "Accedi con Google" and "Registrati con Google" (lib/google-sign-in.ts runs the SDK): the ID
 * token of the sign-in is sent once to POST /api/auth/google for our own session. The signed-in
 * user then opens their home page afresh, so that no Firebase code holds a database open
 * (lib/firebase-leftovers.ts).
 */

/** What the page asked for before going to Google, kept for the way back in this tab's session storage. */
const PENDING_KEY = 'sfida8:google-sign-in';

/** What the exchange sends besides the token: the invite code and name of a registration. */
export type GoogleSignInExtras = Omit<GoogleSignInRequest, 'idToken'>;

/** True when this tab went to Google from this page and has come back: the page then finishes the sign-in. */
export function googleSignInPending(): boolean {
  return googleRedirectPending(PENDING_KEY);
}

/** Goes to Google's sign-in (the page leaves: the promise settles only on a failure before that). */
export function startGoogleSignIn(extras: GoogleSignInExtras): Promise<void> {
  return goToGoogle(PENDING_KEY, extras);
}

/**
 * Back from Google: the ID token exchanged once by `exchange` (our session), with what the page
 * kept for the way back. Null when there was no result (the person closed Google's page).
 */
export function finishGoogleSignIn(exchange: (request: GoogleSignInRequest) => Promise<User>): Promise<User | null> {
  return backFromGoogle(PENDING_KEY, (idToken, kept) => {
    const extras = kept !== null && typeof kept === 'object' ? (kept as GoogleSignInExtras) : {};
    return exchange({ ...extras, idToken });
  });
}

/** Opens `path` as a new page load: the page that ran the SDK goes, and its open databases with it. */
export function openPageAfresh(path: string): void {
  window.location.replace(path);
}
