import { rankEntries, type LeaderboardEntry } from '@sfida/core/progress-summary';

/**
 * The server's rows with the caller's own points moved by what changed in this browser's tracker
 * since they were fetched: a tick (here or in another tab) moves the caller's row in the same
 * render, before the sync has reached the server and the list is asked for again. Re-ranked only
 * when the caller is among the top rows (their rank no further than their place); a row the server
 * added below the top keeps the server's rank.
 */
export function withOwnChange(
  entries: LeaderboardEntry[],
  isMine: (entry: LeaderboardEntry) => boolean,
  change: { weekPoints: number; totalPoints: number },
): LeaderboardEntry[] {
  if (change.weekPoints === 0 && change.totalPoints === 0) return entries;
  const index = entries.findIndex(isMine);
  if (index === -1) return entries;
  const mine = entries[index]!;
  const updated = { ...mine, weekPoints: Math.max(0, mine.weekPoints + change.weekPoints), totalPoints: Math.max(0, mine.totalPoints + change.totalPoints) };
  const rows = entries.map((entry, i) => (i === index ? updated : entry));
  if (mine.rank > index + 1) return rows;
  return rankEntries(rows.map(({ rank: _rank, ...row }) => row));
}
