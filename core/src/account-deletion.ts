import * as z from 'zod/mini';
import { DELETION_CONFIRMATION } from './privacy-texts';

export { DELETION_CONFIRMATION } from './privacy-texts';

/** A Google sign-in older than this does not confirm a deletion: the person signs in again. */
export const RECENT_SIGN_IN_MS = 5 * 60 * 1000;

export const deletionMessages = {
  confirmationMissing: `Per eliminare l'account scrivi ${DELETION_CONFIRMATION} nel campo di conferma.`,
  credentialMissing: 'Inserisci la tua password, oppure accedi di nuovo con Google, per confermare.',
  credentialTooLong: 'La password è troppo lunga.',
  wrongPassword: 'Password non corretta: l’account non è stato eliminato.',
  googleNotRecent: 'Per confermare, accedi di nuovo con Google e riprova entro cinque minuti.',
  googleNotYours: 'Questo accesso con Google non è del tuo account: l’account non è stato eliminato.',
  tooManyAttempts: 'Troppi tentativi di conferma. Riprova tra qualche minuto.',
  unavailable: 'Il servizio di accesso non è raggiungibile in questo momento: l’account non è stato eliminato. Riprova tra qualche minuto.',
  lastCoach: (cohortNames: string[]) =>
    `Sei l’unico coach di ${cohortNames.map((name) => `«${name}»`).join(', ')}: aggiungi un altro coach o archivia la coorte prima di eliminare il tuo account.`,
} as const;

/**
 * `POST /api/me/delete`: the typed confirmation and either the account's password or the ID token
 * of a Google sign-in made moments ago.
 */
export const deleteAccountRequestSchema = z
  .object({
    confirm: z.string({ error: deletionMessages.confirmationMissing }).check(
      z.refine((value) => value.trim() === DELETION_CONFIRMATION, deletionMessages.confirmationMissing),
    ),
    password: z.optional(z.string({ error: deletionMessages.credentialMissing }).check(z.maxLength(4096, deletionMessages.credentialTooLong))),
    idToken: z.optional(z.string({ error: deletionMessages.credentialMissing }).check(z.maxLength(8192, deletionMessages.credentialMissing))),
  })
  .check(
    z.refine((input) => (input.password ?? '') !== '' || (input.idToken ?? '') !== '', { message: deletionMessages.credentialMissing }),
  );
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/**
 * Whether a sign-in at `authTimeSeconds` (an ID token's `auth_time`, seconds since the epoch) is
 * recent enough at `now` to confirm a deletion. A time ahead of the clock by more than a minute is
 * not believed.
 */
export function isRecentSignIn(authTimeSeconds: number, now: Date): boolean {
  const age = now.getTime() - authTimeSeconds * 1000;
  return Number.isFinite(age) && age <= RECENT_SIGN_IN_MS && age >= -60_000;
}
