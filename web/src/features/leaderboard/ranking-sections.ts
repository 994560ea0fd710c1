import type { LeaderboardEntry } from '@sfida/core/progress-summary';

/** Rows of the top the ranking opens with. */
export const RANKING_TOP = 10;
/** Rows above and below the participant's own in "Intorno a te". */
export const RANKING_AROUND = 2;

/**
 * The ranking as a phone shows it before "Mostra tutta la classifica": the first `top` rows, then
 * the participant's own row with `around` rows either side. `listed`: how many of `entries` are
 * the server's pages, in order from the first; a row of the participant after them is the one the
 * server adds below its pages, whose neighbours are not known: it stands alone. `around` is empty
 * when the participant is in the top or just below it (the top then reaches down to their row and
 * the next ones) or not in the ranking.
 */
export function rankingSections(
  entries: LeaderboardEntry[],
  isMine: (entry: LeaderboardEntry) => boolean,
  { top = RANKING_TOP, around = RANKING_AROUND, listed = entries.length } = {},
): { top: LeaderboardEntry[]; around: LeaderboardEntry[] } {
  const index = entries.findIndex(isMine);
  if (index === -1) return { top: entries.slice(0, top), around: [] };
  // Within reach of the top: one list down to the rows after theirs, no gap to explain.
  if (index < top + around) return { top: entries.slice(0, Math.max(top, index + around + 1)), around: [] };
  if (index >= listed) return { top: entries.slice(0, top), around: [entries[index]!] };
  return { top: entries.slice(0, top), around: entries.slice(index - around, Math.min(index + around + 1, listed)) };
}
