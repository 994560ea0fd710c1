import type { RosterRow } from '@sfida/core/coach';

export const ROSTER_SORTS = {
  name: 'Nome',
  points: 'Punti totali',
  streak: 'Serie attuale',
  lastActivity: 'Ultima attività',
} as const;
export type RosterSort = keyof typeof ROSTER_SORTS;

const byName = (a: RosterRow, b: RosterRow) => a.name.localeCompare(b.name, 'it', { sensitivity: 'base' });

/** Names and emails compared without case or accents ("nicolo" finds "Nicolò"). */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/**
 * The rows whose name or email contains `search`, ordered by `sort`: name A→Z; points and streak
 * highest first; last activity most recent first, never-active last. Ties go by name.
 */
export function orderRoster(rows: RosterRow[], sort: RosterSort, search: string): RosterRow[] {
  const needle = folded(search.trim());
  const found = needle === '' ? rows : rows.filter((row) => folded(row.name).includes(needle) || folded(row.email).includes(needle));
  const compare: Record<RosterSort, (a: RosterRow, b: RosterRow) => number> = {
    name: () => 0,
    points: (a, b) => b.totalPoints - a.totalPoints,
    streak: (a, b) => b.currentStreak - a.currentStreak,
    lastActivity: (a, b) => (b.lastActivity ?? '').localeCompare(a.lastActivity ?? ''),
  };
  return [...found].sort((a, b) => compare[sort](a, b) || byName(a, b));
}
