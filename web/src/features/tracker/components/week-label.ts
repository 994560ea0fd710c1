import { CHALLENGE_WEEKS } from '@sfida/core/dates';

/** "Non iniziata" before the start, else "Settimana N" (capped at 8). */
export function weekLabel(weekNumber: number): string {
  return weekNumber <= 0 ? 'Non iniziata' : `Settimana ${Math.min(weekNumber, CHALLENGE_WEEKS)}`;
}
