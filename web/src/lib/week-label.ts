import { CHALLENGE_WEEKS } from '@sfida/core/dates';

/** "Non iniziata" before the start, else "Settimana N" (capped at 8). */
export function weekLabel(weekNumber: number): string {
  return weekNumber <= 0 ? 'Non iniziata' : `Settimana ${Math.min(weekNumber, CHALLENGE_WEEKS)}`;
}

/** The week as a short figure for a tile: "2/8", or "–" before the start. */
export function weekFigure(weekNumber: number): string {
  return weekNumber <= 0 ? '–' : `${Math.min(weekNumber, CHALLENGE_WEEKS)}/${CHALLENGE_WEEKS}`;
}
