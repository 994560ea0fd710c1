import { notify } from './notices';

/** "+10 punti" / "-2 punti" for a change in the total. */
export function pointsText(points: number): string {
  const sign = points > 0 ? '+' : points < 0 ? '−' : '';
  return `${sign}${Math.abs(points)} ${Math.abs(points) === 1 ? 'punto' : 'punti'}`;
}

/** A success notice for something done, with the points it earned when there were any. */
export function noticeDone(title: string, awarded: number, description?: string): void {
  const parts = [awarded !== 0 ? pointsText(awarded) : null, description ?? null].filter(Boolean);
  notify({ type: awarded < 0 ? 'info' : 'success', title, description: parts.join(' · ') || undefined });
}
