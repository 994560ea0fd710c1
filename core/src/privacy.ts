import * as z from 'zod/mini';
import { DELETE_CONFIRMATION, privacyTexts } from './privacy-texts';
import { MAX_PASSWORD_LENGTH } from './user';

// A person's own privacy rights, exercised from their profile: download their data
// (`GET /api/me/export`) and delete their account (`POST /api/me/delete`).

// The texts live apart, without zod, for the pages that only show them (the privacy page).
export { DELETE_CONFIRMATION, privacyTexts } from './privacy-texts';

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
