import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountRequest } from '@sfida/core/account-deletion';
import { apiFetch, noContent, toApiError } from '../../../lib/api-client';
import { backFromGoogle, goToGoogle, googleRedirectPending, isCancelledSignIn, sdkFailureMessage } from '../../../lib/google-sign-in';

export const EXPORT_PATH = '/api/me/export';
export const DELETE_PATH = '/api/me/delete';

/** The name the download gets when the server's Content-Disposition names none. */
export const EXPORT_FALLBACK_NAME = 'sfida-8-settimane-dati.zip';

/** Said when the browser could not reach the server at all (no network). */
export const OFFLINE_MESSAGE = 'Sei offline: collegati a internet e riprova.';

/** The file name of a `Content-Disposition: attachment; filename="…"` header, if it has one. */
export function attachmentName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // A badly encoded name: the plain one, or the fallback.
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? null;
}

/** True for the failure of a request that never reached the server (fetch rejects with a TypeError). */
export function isOffline(error: unknown): boolean {
  return error instanceof TypeError;
}

/**
 * Downloads the caller's data (`GET /api/me/export`, a ZIP) and hands it to the browser as a file.
 * Through fetch rather than a plain link, so a refusal (429: one export a minute) or no network
 * is told on the page instead of replacing it. Throws ApiError or, offline, a TypeError.
 */
export async function downloadMyData(): Promise<void> {
  const response = await fetch(EXPORT_PATH, { credentials: 'include', headers: { Accept: 'application/zip' } });
  // The ZIP itself is no JSON answer: only a refusal is read, as every answer's error is.
  if (!response.ok) throw await toApiError(response);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = attachmentName(response.headers.get('Content-Disposition')) ?? EXPORT_FALLBACK_NAME;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click the browser holds the file itself; the address is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** `POST /api/me/delete`: deletes the caller's account; every session of it ends with it. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (request: DeleteAccountRequest) => apiFetch(DELETE_PATH, { method: 'POST', body: request, schema: noContent }),
  });
}

/** This tab went to Google to confirm a deletion (its session storage): the way back finishes it. */
const GOOGLE_CONFIRMATION_KEY = 'sfida8:google-delete';

/** What the page says when a Google confirmation did not come back. */
export const googleConfirmationMessages = {
  cancelled: 'Accesso con Google annullato: l’account non è stato eliminato.',
  failed: 'Accesso con Google non riuscito: l’account non è stato eliminato. Riprova.',
} as const;

/** True when this tab went to Google to confirm the deletion and has come back. */
export function googleConfirmationPending(): boolean {
  return googleRedirectPending(GOOGLE_CONFIRMATION_KEY);
}

/** Goes to Google for a fresh sign-in of the account (`email` suggests it); the page leaves. */
export function confirmWithGoogle(email: string): Promise<void> {
  return goToGoogle(GOOGLE_CONFIRMATION_KEY, {}, email);
}

/**
 * Back from Google: `remove` is given the fresh sign-in's ID token (the deletion's request).
 * False when the person came back without signing in.
 */
export async function finishGoogleConfirmation(remove: (idToken: string) => Promise<void>): Promise<boolean> {
  return (await backFromGoogle(GOOGLE_CONFIRMATION_KEY, async (idToken) => remove(idToken).then(() => true))) === true;
}

/** The Italian for a failure of the SDK or of Google during the confirmation (the server's own messages are read apart). */
export function googleConfirmationFailure(error: unknown): string {
  if (isCancelledSignIn(error)) return googleConfirmationMessages.cancelled;
  if (isOffline(error)) return OFFLINE_MESSAGE;
  return sdkFailureMessage(error) ?? googleConfirmationMessages.failed;
}
