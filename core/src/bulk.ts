import * as z from 'zod/mini';
import { isDocumentId } from './document-id';

// A coach's action on several people at once (the triage's "Contattato" and "Rimanda a…", the
// roster's tags): at most MAX_BULK per request, and an answer per person, since one who is not the
// coach's (or no longer in the cohort) must not stop the others.

/** People one bulk action may name: one request's work stays bounded. */
export const MAX_BULK = 100;

export const bulkMessages = {
  empty: 'Scegli almeno una persona',
  tooMany: `Puoi scegliere al massimo ${MAX_BULK} persone alla volta`,
  participantInvalid: 'Partecipante non valido',
} as const;

/** The people of a bulk request: 1 to MAX_BULK participant ids. */
export const bulkUserIdsSchema = z
  .array(z.string().check(z.refine(isDocumentId, bulkMessages.participantInvalid)), { error: bulkMessages.empty })
  .check(z.minLength(1, bulkMessages.empty), z.maxLength(MAX_BULK, bulkMessages.tooMany));

/** What became of each person of a bulk action: done (with what is still open of them, for the triage) or not, and why. */
export const bulkResultSchema = z.object({ userId: z.string(), ok: z.boolean(), open: z.optional(z.int()), message: z.optional(z.string()) });
export type BulkResult = z.infer<typeof bulkResultSchema>;
export const bulkAnswerSchema = z.object({ results: z.array(bulkResultSchema), done: z.int(), failed: z.int() });
export type BulkAnswer = z.infer<typeof bulkAnswerSchema>;

/** The answer from each person's result. */
export function bulkAnswerOf(results: BulkResult[]): BulkAnswer {
  const done = results.filter((r) => r.ok).length;
  return { results, done, failed: results.length - done };
}
