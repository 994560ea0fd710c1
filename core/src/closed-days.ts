import type { IsoDate } from './iso-date';
import { addDays, compareIsoDates } from './dates';

// The server keeps a long tracker in two places (tracker-parts.ts): a head with the days a sync can
// still reach and the eight weeks, and parts with the maintenance months that have closed. A streak
// walks back over every day until it breaks, so the head keeps, for each habit, what that walk meets
// in the closed days: the runs of ticked and free days from the last closed day back to the break.
// Any walk that reaches the closed days reads them from there and comes out as on the whole tracker.

/** What a walk back from the last closed day meets: ticked and free days in turn (ticked first), then a break, or the closed days' start. */
export interface ClosedWalk {
  /** Lengths of the runs met walking back: ticked, free, ticked, … (a run may be 0). */
  runs: number[];
  /** True when the walk went past the first closed day without breaking: it goes on before them. */
  open: boolean;
}

/** The closed days of a split tracker, as a walk sees them. */
export interface ClosedStretch {
  /** The first and the last closed day. */
  first: IsoDate;
  last: IsoDate;
  /** By habit id. A habit without one has no ticks there and breaks on the last closed day. */
  walks: Record<string, ClosedWalk>;
  /** The latest day of anything kept in the closed days: a ticked day, or the day of a change stamp (roster-digest.ts). */
  latestActivity: IsoDate | null;
}

/** What a day is to a streak walking back over it. */
export type WalkStep = 'tick' | 'free' | 'break';

/** How far a walk may go: the ticks it counts and the days it walks (streaks.ts). */
export interface WalkLimits {
  ticks: number;
  days: number;
}

/**
 * The ticks a walk back from `from` counts, day by day as `step` says, until a break or a limit;
 * on the closed days of `closed` it reads the habit's walk instead of the days.
 */
export function walkBack(from: IsoDate, step: (day: IsoDate) => WalkStep, limits: WalkLimits, closed?: { stretch: ClosedStretch; habitId: string }): number {
  let ticks = 0;
  let walked = 0;
  for (let day = from; ticks < limits.ticks && walked < limits.days; ) {
    if (closed && inStretch(closed.stretch, day)) {
      const walk = closed.stretch.walks[closed.habitId] ?? { runs: [], open: false };
      for (const [index, run] of walk.runs.entries()) {
        const counts = index % 2 === 0;
        const room = Math.min(run, limits.days - walked, counts ? limits.ticks - ticks : Number.MAX_SAFE_INTEGER);
        walked += room;
        if (counts) ticks += room;
        if (room < run) return ticks;
      }
      if (!walk.open) return ticks;
      day = addDays(closed.stretch.first, -1);
      continue;
    }
    const kind = step(day);
    if (kind === 'break') break;
    if (kind === 'tick') ticks++;
    walked++;
    day = addDays(day, -1);
  }
  return ticks;
}

/**
 * The walk back from `last` to `first` (the days about to close) as a ClosedWalk, reading the days
 * with `step` and, where the walk meets older closed days, their walk: the same limits as walkBack.
 */
export function recordWalk(first: IsoDate, last: IsoDate, step: (day: IsoDate) => WalkStep, limits: WalkLimits, older?: { walk: ClosedWalk; last: IsoDate }): ClosedWalk {
  const runs: number[] = [];
  let ticks = 0;
  let walked = 0;
  const push = (counts: boolean, length: number) => {
    if (length === 0) return;
    const parity = counts ? 0 : 1;
    while (runs.length === 0 || (runs.length - 1) % 2 !== parity) runs.push(0);
    runs[runs.length - 1]! += length;
  };
  for (let day = last; compareIsoDates(day, first) >= 0; day = addDays(day, -1)) {
    if (ticks >= limits.ticks || walked >= limits.days) return { runs, open: false };
    if (older && compareIsoDates(day, older.last) <= 0) {
      // The older closed days: their walk, cut where the limits left here would stop it.
      for (const [index, run] of older.walk.runs.entries()) {
        const counts = index % 2 === 0;
        const room = Math.min(run, limits.days - walked, counts ? limits.ticks - ticks : Number.MAX_SAFE_INTEGER);
        push(counts, room);
        walked += room;
        if (counts) ticks += room;
        if (room < run) return { runs, open: false };
      }
      return { runs, open: older.walk.open && ticks < limits.ticks && walked < limits.days };
    }
    const kind = step(day);
    if (kind === 'break') return { runs, open: false };
    push(kind === 'tick', 1);
    if (kind === 'tick') ticks++;
    walked++;
  }
  return { runs, open: ticks < limits.ticks && walked < limits.days };
}

function inStretch(stretch: ClosedStretch, day: IsoDate): boolean {
  return compareIsoDates(day, stretch.first) >= 0 && compareIsoDates(day, stretch.last) <= 0;
}
