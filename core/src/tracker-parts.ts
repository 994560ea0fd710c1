import type { IsoDate } from './iso-date';
import type { ChangeClocks, Completions, PointsEntry, TrackerData } from './tracker';
import type { CohortRules } from './cohort';
import type { TrackerChanges } from './tracker-changes';
import { addDays, compareIsoDates, localDateOf } from './dates';
import { maintenanceMonth, maintenanceMonthEnd, maintenanceMonthStart } from './maintenance';
import { recordWalk, type ClosedStretch, type ClosedWalk } from './closed-days';
import { STREAK_LIMITS, streakStep } from './streaks';
import { MAX_COMPLETION_DAYS } from './tracker';
import { rulesField } from './habit-rules';
import { BACKFILL_DAYS } from './tracker-vouch';

// How the server stores a long tracker (docs/decisions/054): the maintenance months that no tick can
// reach any more leave the tracker for parts of their own, one per month, and the rest (the head)
// keeps what every sync reads: the eight weeks, the months still open, and for each habit what a
// streak walking back meets in the closed days (closed-days.ts). A sync reads and writes the head,
// and a part only when it moves a month out; a change to a closed day, to a habit, or to what gives
// the old days their meaning (the zone, the start, the rules) reads the parts and takes the whole.

/** Days after a maintenance month's end before it closes: the strip's reach, with a margin for the clock's grace and skew and a zone's day floor. */
export const CLOSE_AFTER_DAYS = BACKFILL_DAYS + 8;

/** A closed maintenance month's days: its completions and their change stamps. */
export interface TrackerPart {
  month: number;
  completions: Completions;
  habitDays: ChangeClocks['habitDays'];
}

/** What a head says of its closed days. */
export interface ClosedDays extends ClosedStretch {
  /** Months 1…`month` of maintenance are closed. */
  month: number;
  /** The closed months that have a part (a day ticked or stamped in them), in order. */
  parts: number[];
  /** By habit: its closed completed days and stamped days, for the limits the whole tracker keeps. */
  counts: Record<string, [number, number]>;
}

/** A tracker as the server stores it: the head, what it says of its closed days (null: none), and the parts. */
export interface SplitTracker {
  head: TrackerData;
  closed: ClosedDays | null;
  parts: TrackerPart[];
}

/** How many maintenance months of a challenge begun on `start` are closed on `today`. */
export function closedMonthsOn(start: IsoDate | null, today: IsoDate): number {
  if (start === null) return 0;
  const cutoff = addDays(today, -CLOSE_AFTER_DAYS);
  let month = 0;
  while (compareIsoDates(maintenanceMonthEnd(start, month + 1), cutoff) < 0) month++;
  return month;
}

/** The days from `first` to `last` taken out of `tracker`: the tracker without them, their parts by month, and what a head keeps of them. */
function moveOut(tracker: TrackerData, first: IsoDate, last: IsoDate) {
  const start = tracker.challengeStartDate!;
  const parts = new Map<number, TrackerPart>();
  const partOf = (day: IsoDate) => {
    const month = maintenanceMonth(start, day);
    let part = parts.get(month);
    if (!part) parts.set(month, (part = { month, completions: {}, habitDays: {} }));
    return part;
  };
  const closedDay = (day: IsoDate) => compareIsoDates(day, first) >= 0 && compareIsoDates(day, last) <= 0;
  const counts: Record<string, [number, number]> = {};
  let latest: IsoDate | null = null;
  const see = (day: IsoDate) => {
    if (latest === null || compareIsoDates(day, latest) > 0) latest = day;
  };
  const split = <V>(records: Record<string, Record<IsoDate, V>>, into: (part: TrackerPart) => Record<string, Record<IsoDate, V>>, index: 0 | 1, seen: (day: IsoDate, value: V) => void) => {
    const kept: Record<string, Record<IsoDate, V>> = {};
    for (const [habitId, days] of Object.entries(records)) {
      const stay: Record<IsoDate, V> = {};
      for (const [day, value] of Object.entries(days)) {
        if (!closedDay(day)) {
          stay[day] = value;
          continue;
        }
        const target = into(partOf(day));
        (target[habitId] ??= {})[day] = value;
        (counts[habitId] ??= [0, 0])[index]++;
        seen(day, value);
      }
      if (Object.keys(stay).length > 0) kept[habitId] = stay;
    }
    return kept;
  };
  const completions = split(tracker.completions, (part) => part.completions, 0, (day) => see(day));
  const habitDays = split(tracker.changedAt.habitDays, (part) => part.habitDays, 1, (_day, ms) => see(localDateOf(new Date(ms), tracker.timeZone)));
  return {
    head: { ...tracker, completions, changedAt: { ...tracker.changedAt, habitDays } },
    parts: [...parts.values()].sort((a, b) => a.month - b.month),
    counts,
    latest: latest as IsoDate | null,
  };
}

const NO_WALK: ClosedWalk = { runs: [], open: false };

/** A whole tracker as the server stores it on `today`: every closed maintenance month in its part. */
export function splitTracker(tracker: TrackerData, today: IsoDate): SplitTracker {
  const start = tracker.challengeStartDate;
  const month = closedMonthsOn(start, today);
  if (start === null || month === 0) return { head: tracker, closed: null, parts: [] };
  const first = maintenanceMonthStart(start, 1);
  const last = maintenanceMonthEnd(start, month);
  const walks: Record<string, ClosedWalk> = {};
  // Closed days come after the eight weeks, where no jolly covers a day.
  for (const habit of tracker.habits) walks[habit.id] = recordWalk(first, last, streakStep(tracker, habit, []), STREAK_LIMITS);
  const moved = moveOut(tracker, first, last);
  return {
    head: moved.head,
    closed: { first, last, month, walks, latestActivity: moved.latest, parts: moved.parts.map((part) => part.month), counts: moved.counts },
    parts: moved.parts,
  };
}

/**
 * A head brought up to `today` after a sync that read it alone: the months that closed since move
 * out to new parts (the only parts written), and the walks are extended over them. Equal, once
 * assembled, to splitTracker of the whole tracker.
 */
export function advanceSplit(head: TrackerData, closed: ClosedDays | null, today: IsoDate): SplitTracker {
  if (closed === null) return splitTracker(head, today);
  const start = head.challengeStartDate!;
  const month = closedMonthsOn(start, today);
  if (month <= closed.month) return { head, closed, parts: [] };
  const from = maintenanceMonthStart(start, closed.month + 1);
  const last = maintenanceMonthEnd(start, month);
  const walks: Record<string, ClosedWalk> = {};
  for (const habit of head.habits) {
    walks[habit.id] = recordWalk(closed.first, last, streakStep(head, habit, []), STREAK_LIMITS, { walk: closed.walks[habit.id] ?? NO_WALK, last: closed.last });
  }
  const moved = moveOut(head, from, last);
  const counts: Record<string, [number, number]> = { ...closed.counts };
  for (const [habitId, [days, stamps]] of Object.entries(moved.counts)) {
    const [oldDays, oldStamps] = counts[habitId] ?? [0, 0];
    counts[habitId] = [oldDays + days, oldStamps + stamps];
  }
  const latests = [closed.latestActivity, moved.latest].filter((day): day is IsoDate => day !== null).sort(compareIsoDates);
  return {
    head: moved.head,
    closed: {
      first: closed.first,
      last,
      month,
      walks,
      latestActivity: latests.at(-1) ?? null,
      parts: [...closed.parts, ...moved.parts.map((part) => part.month)],
      counts,
    },
    parts: moved.parts,
  };
}

/** The whole tracker from its head and its parts (every part the head names). */
export function assembleTracker(head: TrackerData, parts: readonly TrackerPart[]): TrackerData {
  if (parts.length === 0) return head;
  const merge = <V>(base: Record<string, Record<IsoDate, V>>, pick: (part: TrackerPart) => Record<string, Record<IsoDate, V>>) => {
    const all: Record<string, Record<IsoDate, V>> = {};
    for (const part of parts) for (const [habitId, days] of Object.entries(pick(part))) Object.assign((all[habitId] ??= {}), days);
    for (const [habitId, days] of Object.entries(base)) Object.assign((all[habitId] ??= {}), days);
    // Days in calendar order, as a tracker built day by day holds them.
    return Object.fromEntries(Object.entries(all).map(([habitId, days]) => [habitId, Object.fromEntries(Object.keys(days).sort(compareIsoDates).map((day) => [day, days[day]!]))]));
  };
  return {
    ...head,
    completions: merge(head.completions, (part) => part.completions),
    changedAt: { ...head.changedAt, habitDays: merge(head.changedAt.habitDays, (part) => part.habitDays) },
  };
}

/** What decides what a stored day means, as the server reads it now for a sync. */
export interface SyncMeaning {
  timeZone: string;
  challengeStartDate: IsoDate | null;
  rules: CohortRules | null;
}

/**
 * Whether a sync of `changes` can be vouched for on the head alone: no closed day changed, the
 * habits (their schedules, archiving) are as stored, and so are the zone, the start and the rules
 * (each gives the old days their meaning), and no habit nears the whole tracker's limit of days.
 * Otherwise the sync reads the parts and vouches for the whole tracker.
 */
export function headTakes(head: TrackerData, closed: ClosedDays | null, changes: TrackerChanges, now: SyncMeaning): boolean {
  if (closed === null) return true;
  if (changes.habits !== undefined && JSON.stringify(changes.habits) !== JSON.stringify(head.habits)) return false;
  if (now.timeZone !== head.timeZone || now.challengeStartDate !== head.challengeStartDate) return false;
  if (JSON.stringify(rulesField(now.rules).rules) !== JSON.stringify(head.rules)) return false;
  for (const [habitId, day] of changes.cells ?? []) {
    if (compareIsoDates(day, closed.last) <= 0) return false;
    const [days, stamps] = closed.counts[habitId] ?? [0, 0];
    if (days + Object.keys(head.completions[habitId] ?? {}).length + 1 > MAX_COMPLETION_DAYS) return false;
    if (stamps + Object.keys(head.changedAt.habitDays[habitId] ?? {}).length + 1 > MAX_COMPLETION_DAYS) return false;
  }
  return true;
}

/**
 * A points history as a head stores it: each entry a row of its fields, each reason once. The eight
 * weeks of twenty habits pay over a thousand entries whose reasons repeat a habit's name, and the
 * head has to hold them all (every sync reconciles them).
 */
export interface PackedPoints {
  reasons: string[];
  rows: Array<[points: number, reason: number, timestamp: string, weekNumber: number, kind: PointsEntry['kind'], ref: string, date: IsoDate | null]>;
}

export function packPoints(history: readonly PointsEntry[]): PackedPoints {
  const reasons = new Map<string, number>();
  const rows = history.map((entry): PackedPoints['rows'][number] => {
    let reason = reasons.get(entry.reason);
    if (reason === undefined) reasons.set(entry.reason, (reason = reasons.size));
    return [entry.points, reason, entry.timestamp, entry.weekNumber, entry.kind, entry.ref, entry.date ?? null];
  });
  return { reasons: [...reasons.keys()], rows };
}

/** The history packPoints packed, entry for entry; null when `packed` is not one (the caller reads the copy another way). */
export function unpackPoints(packed: unknown): PointsEntry[] | null {
  if (typeof packed !== 'object' || packed === null) return null;
  const { reasons, rows } = packed as Partial<PackedPoints>;
  if (!Array.isArray(reasons) || !Array.isArray(rows)) return null;
  const history: PointsEntry[] = [];
  for (const row of rows) {
    if (!Array.isArray(row) || row.length !== 7) return null;
    const [points, reason, timestamp, weekNumber, kind, ref, date] = row;
    const text = reasons[reason];
    if (typeof points !== 'number' || typeof text !== 'string' || typeof timestamp !== 'string' || typeof weekNumber !== 'number' || typeof kind !== 'string' || typeof ref !== 'string') return null;
    history.push({ points, reason: text, timestamp, weekNumber, kind, ref, ...(typeof date === 'string' ? { date } : {}) });
  }
  return history;
}
