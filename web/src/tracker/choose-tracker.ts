import type { TrackerData } from '@sfida/core/tracker';
import type { ServerCopy } from './server-copy';

/** How trustworthy this browser's copy is when the server holds one too. */
export type LocalOrigin =
  /** Written here after the server copy was checked (the normal case). */
  | 'confirmed'
  /** Repaired on reading: parts were dropped. */
  | 'repaired'
  /** Started from nothing while the server could not be asked (offline on a new device). */
  | 'unconfirmed';

/** A rough amount of the participant's work a tracker holds. */
function amountOfWork(data: TrackerData): number {
  const completions = Object.values(data.completions).reduce((sum, days) => sum + Object.keys(days).length, 0);
  const actions = Object.values(data.weeklyActions).reduce(
    (sum, week) => sum + (week ?? []).filter((action) => action.text.trim() !== '').length,
    0,
  );
  return data.habits.length + completions + actions + data.checkIns.length + data.savedPlannerWeeks.length;
}

/**
 * Which copy to keep when this browser and the server each hold one; the server's is read (fully
 * checked) only when its date does not decide.
 * - The newer wins (another device was used since): remote only when strictly newer.
 * - A repaired local copy gives way to a server copy at least as new: that is the same state, intact.
 * - A copy started offline on a new device gives way to a server copy with at least as much work in it:
 *   a few minutes offline must not overwrite eight weeks.
 */
export function chooseTracker(local: TrackerData | null, remote: ServerCopy | null, origin: LocalOrigin): 'local' | 'remote' {
  if (remote === null) return 'local';
  if (local === null) return 'remote';
  switch (origin) {
    case 'unconfirmed':
      return amountOfWork(remote.read().tracker) >= amountOfWork(local) ? 'remote' : 'local';
    case 'repaired':
      return Date.parse(remote.updatedAt) >= Date.parse(local.updatedAt) ? 'remote' : 'local';
    case 'confirmed':
      return Date.parse(remote.updatedAt) > Date.parse(local.updatedAt) ? 'remote' : 'local';
  }
}
