import type { TrackerData } from '@sfida/core/tracker';

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

/** The server's copy as the choice needs it: its date at once, its content only when it matters. */
export interface RemoteCopy {
  updatedAt: string;
  read(): { data: TrackerData };
}

/**
 * Which copy to keep when this browser and the server each hold one.
 * - The newer wins (another device was used since): remote only when strictly newer.
 * - A repaired local copy gives way to a server copy at least as new: that is the same state, intact.
 * - A copy started offline on a new device gives way to a server copy with at least as much work in it:
 *   a few minutes offline must not overwrite eight weeks.
 */
export function chooseTracker(local: TrackerData | null, remote: RemoteCopy | null, origin: LocalOrigin): 'local' | 'remote' {
  if (remote === null) return 'local';
  if (local === null) return 'remote';
  switch (origin) {
    case 'unconfirmed':
      return amountOfWork(remote.read().data) >= amountOfWork(local) ? 'remote' : 'local';
    case 'repaired':
      return Date.parse(remote.updatedAt) >= Date.parse(local.updatedAt) ? 'remote' : 'local';
    case 'confirmed':
      return Date.parse(remote.updatedAt) > Date.parse(local.updatedAt) ? 'remote' : 'local';
  }
}
