import * as z from 'zod/mini';
import { MAX_PASSWORD_LENGTH } from './user';

// A person's own privacy rights, exercised from their profile: download their data
// (`GET /api/me/export`) and delete their account (`POST /api/me/delete`).

/** The word a person types to confirm the deletion of their account. */
export const DELETE_CONFIRMATION = 'ELIMINA';

export const privacyTexts = {
  confirmRequired: `Per confermare scrivi ${DELETE_CONFIRMATION} in maiuscolo`,
  passwordRequired: 'Inserisci la password',
  passwordTooLong: 'La password è troppo lunga',
  googleTokenInvalid: 'Conferma con Google non riuscita: riprova',
  proofRequired: 'Inserisci la password o conferma con Google',
  accountDeleted: 'Il tuo account è stato eliminato.',
  /** The answer (429) to a second export within a minute. */
  exportTooSoon: 'Hai appena scaricato i tuoi dati: riprova tra un minuto',
} as const;

/**
 * `POST /api/me/delete`: the typed confirmation and a fresh proof that the caller is the account's
 * owner, the password or the ID token of a Google sign-in just made. Which one the account needs
 * is the server's to decide; here at least one must be present.
 */
export const deleteAccountRequestSchema = z
  .object({
    confirm: z.literal(DELETE_CONFIRMATION, { error: privacyTexts.confirmRequired }),
    password: z.optional(
      z
        .string({ error: privacyTexts.passwordRequired })
        .check(z.minLength(1, privacyTexts.passwordRequired), z.maxLength(MAX_PASSWORD_LENGTH, privacyTexts.passwordTooLong)),
    ),
    googleIdToken: z.optional(
      z
        .string({ error: privacyTexts.googleTokenInvalid })
        .check(z.minLength(1, privacyTexts.googleTokenInvalid), z.maxLength(8192, privacyTexts.googleTokenInvalid)),
    ),
  })
  .check(
    z.refine((request) => request.password !== undefined || request.googleIdToken !== undefined, {
      error: privacyTexts.proofRequired,
    }),
  );
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** `POST /api/me/delete` (200): the account is gone and the session with it. */
export const deleteAccountAnswerSchema = z.object({ deleted: z.literal(true) });
export type DeleteAccountAnswer = z.infer<typeof deleteAccountAnswerSchema>;
