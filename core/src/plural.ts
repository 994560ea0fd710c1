/**
 * "1 partecipante", "3 partecipanti", "0 partecipanti": a count with its Italian noun in the
 * number it takes (one is singular; zero, like every other count, plural).
 */
export function countOf(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** The noun alone, for a count written elsewhere ("di 1 partecipante"). */
export function nounFor(count: number, singular: string, plural: string): string {
  return count === 1 ? singular : plural;
}
