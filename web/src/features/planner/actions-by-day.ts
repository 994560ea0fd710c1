import { localDateOf } from '@sfida/core/dates';
import type { IsoDate } from '@sfida/core/iso-date';
import type { TrackerData } from '@sfida/core/tracker';

/**
 * How many of `week`'s actions were completed on each day, in the tracker's zone. An action
 * stores only whether it is completed; the points entry that pays it (ref action:<week>:<id>,
 * core/src/points.ts) keeps the moment it was completed, and goes when it is un-completed.
 */
export function actionsCompletedByDay(tracker: TrackerData, week: number): Map<IsoDate, number> {
  const prefix = `action:${week}:`;
  const counts = new Map<IsoDate, number>();
  for (const entry of tracker.pointsHistory) {
    if (entry.kind !== 'action' || !entry.ref.startsWith(prefix)) continue;
    const day = localDateOf(entry.timestamp, tracker.timeZone);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return counts;
}

/** What a day of the planner's strip says: the actions completed that day, never "not done" (the planner is weekly). */
export function actionsDaySummary(count: number, state: 'past' | 'today' | 'future'): string {
  if (state === 'future') return 'giorno futuro';
  const done = count === 0 ? 'nessuna azione completata' : count === 1 ? '1 azione completata' : `${count} azioni completate`;
  return state === 'today' ? `oggi, ${done}` : done;
}
