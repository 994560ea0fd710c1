import * as z from 'zod/mini';
import type { IsoDate } from './iso-date';
import type { CompletionKind, PlannerAction, PointsEntry, TrackerData, WeekKey } from './tracker';
import { isoDateSchema } from './iso-date';
import {
  MAX_COMPLETION_DAYS,
  MAX_HABITS,
  MAX_POINTS_HISTORY,
  WEEK_KEYS,
  checkInSchema,
  completionKindSchema,
  habitSchema,
  plannerActionSchema,
  pointsEntrySchema,
} from './tracker';

// A sync sends what changed, not the whole tracker (docs/decisions/015): the browser sends the
// changes from the server's copy it holds (a revision) to its own, and the server answers with the
// changes its vouching made to the result. Each side applies the other's to the same copy, so both
// end with the same tracker while the messages stay as small as what changed. Small collections
// (habits, check-ins, saved weeks, a week's planner) travel whole when they changed; habit days one
// by one; the points history, which only the server writes, as the run of entries that differ.

const stampSchema = z.int().check(z.minimum(0));
const idSchema = z.string().check(z.minLength(1), z.maxLength(64));

/** One habit day: its kind (null: not ticked) and its change stamp (null: none). */
const cellSchema = z.tuple([idSchema, isoDateSchema, z.nullable(completionKindSchema), z.nullable(stampSchema)]);
export type CellChange = z.infer<typeof cellSchema>;

/** One challenge week's planner: its actions and their stamps, each null when the week has none. */
const weekChangeSchema = z.object({
  actions: z.nullable(z.array(plannerActionSchema)),
  stamps: z.nullable(z.record(idSchema, stampSchema)),
});

/** The entries at `start`…`start + deleteCount` replaced by `insert`. */
const pointsSpliceSchema = z.object({
  start: z.int().check(z.minimum(0)),
  deleteCount: z.int().check(z.minimum(0)),
  insert: z.array(pointsEntrySchema).check(z.maxLength(MAX_POINTS_HISTORY)),
});

export const trackerChangesSchema = z.object({
  timeZone: z.optional(z.string()),
  challengeStartDate: z.optional(z.nullable(isoDateSchema)),
  updatedAt: z.optional(z.string()),
  habits: z.optional(z.array(habitSchema).check(z.maxLength(MAX_HABITS))),
  cells: z.optional(z.array(cellSchema).check(z.maxLength(MAX_HABITS * MAX_COMPLETION_DAYS))),
  weeks: z.optional(z.partialRecord(z.enum(WEEK_KEYS), weekChangeSchema)),
  savedPlannerWeeks: z.optional(z.array(z.int())),
  checkIns: z.optional(z.array(checkInSchema)),
  points: z.optional(pointsSpliceSchema),
});
export type TrackerChanges = z.infer<typeof trackerChangesSchema>;

/** The answer to a sync of changes (PATCH /api/users/me/progress): the changes the server's vouching made. */
export const syncChangesAnswerSchema = z.object({ changes: trackerChangesSchema });

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Whether `changes` changes nothing. */
export function isNoChange(changes: TrackerChanges): boolean {
  return Object.keys(changes).length === 0;
}

/** The habit days whose kind or stamp differs between `from` and `to`. */
function cellChanges(from: TrackerData, to: TrackerData): CellChange[] {
  const cells: CellChange[] = [];
  const habitIds = new Set([...Object.keys(from.completions), ...Object.keys(to.completions), ...Object.keys(from.changedAt.habitDays), ...Object.keys(to.changedAt.habitDays)]);
  for (const habitId of habitIds) {
    const [fromDays, toDays] = [from.completions[habitId] ?? {}, to.completions[habitId] ?? {}];
    const [fromStamps, toStamps] = [from.changedAt.habitDays[habitId] ?? {}, to.changedAt.habitDays[habitId] ?? {}];
    const days = new Set([...Object.keys(fromDays), ...Object.keys(toDays), ...Object.keys(fromStamps), ...Object.keys(toStamps)]);
    for (const day of days) {
      if (fromDays[day] === toDays[day] && fromStamps[day] === toStamps[day]) continue;
      cells.push([habitId, day, toDays[day] ?? null, toStamps[day] ?? null]);
    }
  }
  return cells;
}

/** The run of entries that differs between two histories: what is left after their common start and end. */
function pointsSplice(from: PointsEntry[], to: PointsEntry[]): TrackerChanges['points'] {
  let start = 0;
  while (start < from.length && start < to.length && sameJson(from[start], to[start])) start++;
  let end = 0;
  while (end < from.length - start && end < to.length - start && sameJson(from[from.length - 1 - end], to[to.length - 1 - end])) end++;
  const deleteCount = from.length - start - end;
  const insert = to.slice(start, to.length - end);
  return deleteCount === 0 && insert.length === 0 ? undefined : { start, deleteCount, insert };
}

/** The changes that make `from` into `to` (applyTrackerChanges(from, trackerChanges(from, to)) is `to`). */
export function trackerChanges(from: TrackerData, to: TrackerData): TrackerChanges {
  const changes: TrackerChanges = {};
  if (from.timeZone !== to.timeZone) changes.timeZone = to.timeZone;
  if (from.challengeStartDate !== to.challengeStartDate) changes.challengeStartDate = to.challengeStartDate;
  if (from.updatedAt !== to.updatedAt) changes.updatedAt = to.updatedAt;
  if (!sameJson(from.habits, to.habits)) changes.habits = to.habits;
  const cells = cellChanges(from, to);
  if (cells.length > 0) changes.cells = cells;
  const weeks: NonNullable<TrackerChanges['weeks']> = {};
  for (const week of WEEK_KEYS) {
    const [actions, stamps] = [to.weeklyActions[week], to.changedAt.actions[week]];
    if (sameJson(from.weeklyActions[week], actions) && sameJson(from.changedAt.actions[week], stamps)) continue;
    weeks[week] = { actions: actions ?? null, stamps: stamps ?? null };
  }
  if (Object.keys(weeks).length > 0) changes.weeks = weeks;
  if (!sameJson(from.savedPlannerWeeks, to.savedPlannerWeeks)) changes.savedPlannerWeeks = to.savedPlannerWeeks;
  if (!sameJson(from.checkIns, to.checkIns)) changes.checkIns = to.checkIns;
  const points = pointsSplice(from.pointsHistory, to.pointsHistory);
  if (points) changes.points = points;
  return changes;
}

/** What a browser sends to bring the server's copy `from` to its own `to`: the server writes the points itself, so the history stays out. */
export function changesToSend(from: TrackerData, to: TrackerData): TrackerChanges {
  const { points: _serverWritten, ...changes } = trackerChanges(from, to);
  return changes;
}

/** Sets or removes `key` of the record under `id` in `records` (copied on write), dropping a record left empty. */
function setIn<V>(records: Record<string, Record<string, V>>, id: string, key: string, value: V | null): void {
  const record = { ...records[id] };
  if (value === null) delete record[key];
  else record[key] = value;
  if (Object.keys(record).length === 0) delete records[id];
  else records[id] = record;
}

/** `base` with `changes` applied; `base` is not modified (what is unchanged is shared). */
export function applyTrackerChanges(base: TrackerData, changes: TrackerChanges): TrackerData {
  const completions: Record<string, Record<IsoDate, CompletionKind>> = changes.cells ? { ...base.completions } : base.completions;
  const habitDays: Record<string, Record<IsoDate, number>> = changes.cells ? { ...base.changedAt.habitDays } : base.changedAt.habitDays;
  for (const [habitId, day, kind, stamp] of changes.cells ?? []) {
    setIn(completions, habitId, day, kind);
    setIn(habitDays, habitId, day, stamp);
  }
  const weeklyActions: Partial<Record<WeekKey, PlannerAction[]>> = { ...base.weeklyActions };
  const actionStamps: Partial<Record<WeekKey, Record<string, number>>> = { ...base.changedAt.actions };
  for (const [week, change] of Object.entries(changes.weeks ?? {}) as Array<[WeekKey, z.infer<typeof weekChangeSchema>]>) {
    if (change.actions === null) delete weeklyActions[week];
    else weeklyActions[week] = change.actions;
    if (change.stamps === null) delete actionStamps[week];
    else actionStamps[week] = change.stamps;
  }
  let pointsHistory = base.pointsHistory;
  if (changes.points) {
    const { start, deleteCount, insert } = changes.points;
    pointsHistory = [...base.pointsHistory.slice(0, start), ...insert, ...base.pointsHistory.slice(start + deleteCount)];
  }
  return {
    ...base,
    ...(changes.timeZone !== undefined ? { timeZone: changes.timeZone } : {}),
    ...(changes.challengeStartDate !== undefined ? { challengeStartDate: changes.challengeStartDate } : {}),
    ...(changes.updatedAt !== undefined ? { updatedAt: changes.updatedAt } : {}),
    habits: changes.habits ?? base.habits,
    completions,
    weeklyActions,
    savedPlannerWeeks: changes.savedPlannerWeeks ?? base.savedPlannerWeeks,
    checkIns: changes.checkIns ?? base.checkIns,
    pointsHistory,
    changedAt: { habitDays, actions: actionStamps },
  };
}

/**
 * The parts of `tracker` that `changes` touched, with everything it did not touch left out: a
 * tracker the full schema can check in a fraction of the time of the whole (the rest was checked
 * when it was stored). Each touched habit's days and each touched week come whole, so the schema's
 * limits on them hold for the result.
 */
export function touchedParts(tracker: TrackerData, changes: TrackerChanges): TrackerData {
  const habitIds = new Set((changes.cells ?? []).map(([habitId]) => habitId));
  const pick = <V>(records: Record<string, V>, keys: Iterable<string>) =>
    Object.fromEntries([...keys].filter((key) => records[key] !== undefined).map((key) => [key, records[key]!]));
  const weeks = Object.keys(changes.weeks ?? {});
  return {
    ...tracker,
    completions: pick(tracker.completions, habitIds),
    weeklyActions: pick(tracker.weeklyActions, weeks),
    pointsHistory: [],
    changedAt: { habitDays: pick(tracker.changedAt.habitDays, habitIds), actions: pick(tracker.changedAt.actions, weeks) },
  };
}
