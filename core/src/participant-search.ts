import * as z from 'zod/mini';

// The coach's search for a participant across every cohort they coach: by email (the whole
// address, in lower case) or by the start of the name, whatever its case and accents. A name is
// matched through `searchName`, a normalised copy kept on the user's document by every writer of
// the name, so the search is one bounded range query per 30 cohorts.

export const SEARCH_LIMIT = 10;
export const MIN_SEARCH = 2;
export const MAX_SEARCH = 100;

export const searchMessages = {
  queryTooShort: `Scrivi almeno ${MIN_SEARCH} caratteri del nome o l’email`,
  queryTooLong: `La ricerca può avere al massimo ${MAX_SEARCH} caratteri`,
} as const;

/** A name as the search matches it: no accents, lower case, spaces collapsed ("  Élodie  D'Angelo" → "elodie d'angelo"). */
export function searchNameOf(name: string | null): string {
  return (name ?? '')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** What a search looks for: an email when it holds an "@", else the start of a name. */
export type SearchTerm = { kind: 'email'; email: string } | { kind: 'name'; prefix: string };

export function searchTermOf(query: string): SearchTerm {
  const trimmed = query.trim();
  return trimmed.includes('@') ? { kind: 'email', email: trimmed.toLowerCase() } : { kind: 'name', prefix: searchNameOf(trimmed) };
}

/** `GET /api/coach/search?q=` */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: searchMessages.queryTooShort })
    .check(z.trim(), z.minLength(MIN_SEARCH, searchMessages.queryTooShort), z.maxLength(MAX_SEARCH, searchMessages.queryTooLong)),
});

export const searchResultSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  cohortId: z.string(),
  cohortName: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** The answer: at most SEARCH_LIMIT people, by name; `more` when others matched too. */
export const searchAnswerSchema = z.object({ results: z.array(searchResultSchema), more: z.boolean() });
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;

/** "Coorte Autunno", what a result says of where the person is. */
export function cohortLabel(cohortName: string): string {
  return `Coorte ${cohortName}`;
}
