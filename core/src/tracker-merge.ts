import type { IsoDate } from './iso-date';
import type { ChangeClocks, CheckIn, CompletionKind, Completions, Habit, PlannerAction, TrackerData, WeekKey, WeeklyActions } from './tracker';
import { MAX_ACTIONS, MAX_HABITS, MIN_ACTIONS, TRACKER_SCHEMA_VERSION, WEEK_KEYS, seasonField, seasonOf } from './tracker';
import { compareHistoryEntries, expectedAwards, reconcileHistory } from './points';
import { rulesField } from './habit-rules';

// Two copies of one participant's tracker (two devices, or a device and the server) become one
// in which neither loses work. The rules, per kind of data (docs/decisions/015):
// - habits by id; a habit's name, place, archived state and schedule are registers, each with its
//   stamp in `stamps`: the later change wins, so a restore or a rename holds and a stale copy
//   cannot undo a newer change; between unstamped copies (stored before stamps) archiving is kept,
//   with the earliest date (docs/decisions/041);
// - each habit day and each planner action is a register: the later change wins, by the stamps
//   in `changedAt`, and an untick or a removed slot is a stamped change like any other;
// - saved planner weeks are a union; one check-in per week, the first one sent;
// - the points history is derived from the merged state, never added up;
// - a copy of a newer season (decision 042) replaces one of an older season whole.
// The merge is commutative, associative and idempotent (tracker-merge.test.ts), so copies can
// meet in any order, any number of times, and end the same.

type CellValue = CompletionKind | undefined;

/** On equal stamps the more cautious value wins: a late tick over an on-time one, a tick over none. */
const CELL_RANK: Record<string, number> = { absent: 0, onTime: 1, late: 2 };

function mergeCell(a: CellValue, aStamp: number, b: CellValue, bStamp: number): CellValue {
  if (aStamp !== bStamp) return aStamp > bStamp ? a : b;
  return CELL_RANK[a ?? 'absent']! >= CELL_RANK[b ?? 'absent']! ? a : b;
}

function minDefined(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a < b ? a : b;
}

/** A register: the later stamp wins; on equal stamps the higher `rank`, so both copies choose the same. */
function register<T>(a: T, aStamp: number, b: T, bStamp: number, rank: (value: T) => string): T {
  if (aStamp !== bStamp) return aStamp > bStamp ? a : b;
  return rank(a) >= rank(b) ? a : b;
}

const orderRank = (order: number | undefined) => (order === undefined ? '' : String(order).padStart(8, '0'));
const scheduleRank = (schedule: Habit['schedule']) => (schedule === undefined ? '' : JSON.stringify(schedule));

function mergeHabit(a: Habit, b: Habit): Habit {
  const sa = a.stamps ?? {};
  const sb = b.stamps ?? {};
  const [aArchived, bArchived] = [sa.archived ?? 0, sb.archived ?? 0];
  // On equal stamps (copies from before stamps among them) archiving wins, with the earliest date.
  const archivedAt = aArchived !== bArchived ? (aArchived > bArchived ? a.archivedAt : b.archivedAt) : minDefined(a.archivedAt, b.archivedAt);
  const order = register(a.order, sa.order ?? 0, b.order, sb.order ?? 0, orderRank);
  const schedule = register(a.schedule, sa.schedule ?? 0, b.schedule, sb.schedule ?? 0, scheduleRank);
  const stamps: NonNullable<Habit['stamps']> = {};
  // In the schema's order, so equal habits are equal JSON (tracker-changes.ts compares JSON).
  for (const part of ['name', 'order', 'archived', 'schedule'] as const) {
    const stamp = Math.max(sa[part] ?? 0, sb[part] ?? 0);
    if (stamp > 0) stamps[part] = stamp;
  }
  return {
    id: a.id,
    name: register(a.name, sa.name ?? 0, b.name, sb.name ?? 0, (name) => name),
    createdAt: a.createdAt <= b.createdAt ? a.createdAt : b.createdAt,
    ...(archivedAt !== undefined ? { archivedAt } : {}),
    ...(order !== undefined ? { order } : {}),
    ...(schedule !== undefined ? { schedule } : {}),
    ...(Object.keys(stamps).length > 0 ? { stamps } : {}),
  };
}

const byCreation = (x: Habit, y: Habit) => (x.createdAt === y.createdAt ? (x.id < y.id ? -1 : 1) : x.createdAt < y.createdAt ? -1 : 1);

function mergeHabits(a: Habit[], b: Habit[]): Habit[] {
  const merged = new Map(a.map((habit) => [habit.id, habit]));
  for (const habit of b) {
    const other = merged.get(habit.id);
    merged.set(habit.id, other ? mergeHabit(other, habit) : habit);
  }
  // Two devices that each added habits up to the limit while apart: the newest beyond it go.
  return [...merged.values()].sort(byCreation).slice(0, MAX_HABITS);
}

function mergeCompletions(a: TrackerData, b: TrackerData, habitIds: Set<string>) {
  const completions: Completions = {};
  const habitDays: ChangeClocks['habitDays'] = {};
  for (const habitId of habitIds) {
    const aDays = a.completions[habitId] ?? {};
    const bDays = b.completions[habitId] ?? {};
    const aStamps = a.changedAt.habitDays[habitId] ?? {};
    const bStamps = b.changedAt.habitDays[habitId] ?? {};
    const days = new Set([...Object.keys(aDays), ...Object.keys(bDays), ...Object.keys(aStamps), ...Object.keys(bStamps)]);
    const kept: Record<IsoDate, CompletionKind> = {};
    const stamps: Record<IsoDate, number> = {};
    for (const day of [...days].sort()) {
      const aStamp = aStamps[day] ?? 0;
      const bStamp = bStamps[day] ?? 0;
      const value = mergeCell(aDays[day], aStamp, bDays[day], bStamp);
      if (value !== undefined) kept[day] = value;
      const stamp = Math.max(aStamp, bStamp);
      if (stamp > 0) stamps[day] = stamp;
    }
    if (Object.keys(kept).length > 0) completions[habitId] = kept;
    if (Object.keys(stamps).length > 0) habitDays[habitId] = stamps;
  }
  return { completions, habitDays };
}

/** A slot's standing on equal stamps: removed < empty < written < completed, then by text. */
function actionRank(action: PlannerAction | undefined): [number, string] {
  if (action === undefined) return [0, ''];
  if (action.text.trim() === '') return [1, action.text];
  return [action.completed ? 3 : 2, action.text];
}

function mergeAction(a: PlannerAction | undefined, aStamp: number, b: PlannerAction | undefined, bStamp: number): PlannerAction | undefined {
  if (aStamp !== bStamp) return aStamp > bStamp ? a : b;
  const [aRank, aText] = actionRank(a);
  const [bRank, bText] = actionRank(b);
  if (aRank !== bRank) return aRank > bRank ? a : b;
  if (aText !== bText) return aText > bText ? a : b;
  // The same text planned differently (tracker.ts `when`, `where`): both copies choose the same.
  return planKey(a) >= planKey(b) ? a : b;
}

/** An action's if-then plan as one comparable string. */
function planKey(action: PlannerAction | undefined): string {
  return `${action?.when?.weekday ?? ''}|${action?.when?.time ?? ''}|${action?.where ?? ''}`;
}

/** Default slots (`w3-a2`) first by number, then added ones (named after their moment) by id. */
function compareActionIds(x: string, y: string): number {
  const nx = /^w\d-a(\d+)$/.exec(x);
  const ny = /^w\d-a(\d+)$/.exec(y);
  if (nx && ny) return Number(nx[1]) - Number(ny[1]);
  if (nx || ny) return nx ? -1 : 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The 3 empty slots a week shows before anything is written in it. */
function defaultSlots(week: WeekKey): PlannerAction[] {
  return Array.from({ length: MIN_ACTIONS }, (_, i) => ({ id: `w${week}-a${i + 1}`, text: '', completed: false }));
}

function mergeWeek(week: WeekKey, a: TrackerData, b: TrackerData) {
  const aList = a.weeklyActions[week] ?? defaultSlots(week);
  const bList = b.weeklyActions[week] ?? defaultSlots(week);
  const aStamps = a.changedAt.actions[week] ?? {};
  const bStamps = b.changedAt.actions[week] ?? {};
  const aById = new Map(aList.map((action) => [action.id, action]));
  const bById = new Map(bList.map((action) => [action.id, action]));
  const ids = new Set([...aById.keys(), ...bById.keys(), ...Object.keys(aStamps), ...Object.keys(bStamps)]);
  const stamps: Record<string, number> = {};
  let actions: PlannerAction[] = [];
  for (const id of [...ids].sort(compareActionIds)) {
    const aStamp = aStamps[id] ?? 0;
    const bStamp = bStamps[id] ?? 0;
    const action = mergeAction(aById.get(id), aStamp, bById.get(id), bStamp);
    if (action !== undefined) actions.push(action);
    const stamp = Math.max(aStamp, bStamp);
    if (stamp > 0) stamps[id] = stamp;
  }
  if (actions.length > MAX_ACTIONS) {
    // Slots added on two devices while apart: empty ones go first, then the last written.
    const empty = actions.filter((action) => action.text.trim() === '');
    const drop = new Set(empty.slice(Math.max(0, empty.length - (actions.length - MAX_ACTIONS))).map((action) => action.id));
    actions = actions.filter((action) => !drop.has(action.id)).slice(0, MAX_ACTIONS);
  }
  // Fewer than 3 left (slots removed on two devices) stay so: weekActions shows empty ones in
  // their place. Filling them in here would make the result depend on the order copies meet.
  return { actions, stamps };
}

function mergeWeeklyActions(a: TrackerData, b: TrackerData) {
  const weeklyActions: WeeklyActions = {};
  const actionStamps: ChangeClocks['actions'] = {};
  for (const week of WEEK_KEYS) {
    if (a.weeklyActions[week] === undefined && b.weeklyActions[week] === undefined && !a.changedAt.actions[week] && !b.changedAt.actions[week]) continue;
    const { actions, stamps } = mergeWeek(week, a, b);
    weeklyActions[week] = actions;
    if (Object.keys(stamps).length > 0) actionStamps[week] = stamps;
  }
  return { weeklyActions, actionStamps };
}

const firstSent = (x: CheckIn, y: CheckIn) => (x.submittedAt === y.submittedAt ? (x.id <= y.id ? x : y) : x.submittedAt < y.submittedAt ? x : y);

function mergeCheckIns(a: CheckIn[], b: CheckIn[]): CheckIn[] {
  const byWeek = new Map<number, CheckIn>();
  for (const checkIn of [...a, ...b]) {
    const other = byWeek.get(checkIn.weekNumber);
    byWeek.set(checkIn.weekNumber, other ? firstSent(other, checkIn) : checkIn);
  }
  const ids = new Set<string>();
  return [...byWeek.values()].sort((x, y) => x.weekNumber - y.weekNumber).filter((checkIn) => !ids.has(checkIn.id) && ids.add(checkIn.id));
}

/** The copy whose settings (zone, start date, rules) the merge keeps: the last changed. */
function newer(a: TrackerData, b: TrackerData): TrackerData {
  if (a.updatedAt !== b.updatedAt) return a.updatedAt > b.updatedAt ? a : b;
  const settings = (x: TrackerData) => `${x.timeZone}|${x.challengeStartDate}|${x.rules ? JSON.stringify(x.rules) : ''}`;
  return settings(a) >= settings(b) ? a : b;
}


/**
 * One tracker holding the work of both copies. New awards the merged state earns are stamped
 * `now`; an award paid in both copies keeps its earliest date.
 */
export function mergeTrackers(a: TrackerData, b: TrackerData, now: Date): TrackerData {
  // A new season starts afresh: merging its copy with the last season's would bring the old ticks back.
  if (seasonOf(a) !== seasonOf(b)) return seasonOf(a) > seasonOf(b) ? a : b;
  const settings = newer(a, b);
  const habits = mergeHabits(a.habits, b.habits);
  const { completions, habitDays } = mergeCompletions(a, b, new Set(habits.map((habit) => habit.id)));
  const { weeklyActions, actionStamps } = mergeWeeklyActions(a, b);
  const merged: TrackerData = {
    version: TRACKER_SCHEMA_VERSION,
    timeZone: settings.timeZone,
    challengeStartDate: settings.challengeStartDate,
    ...rulesField(settings.rules),
    ...seasonField(seasonOf(a)),
    habits,
    completions,
    weeklyActions,
    savedPlannerWeeks: [...new Set([...a.savedPlannerWeeks, ...b.savedPlannerWeeks])].sort((x, y) => x - y),
    checkIns: mergeCheckIns(a.checkIns, b.checkIns),
    pointsHistory: [],
    changedAt: { habitDays, actions: actionStamps },
    updatedAt: a.updatedAt > b.updatedAt ? a.updatedAt : b.updatedAt,
  };
  const paid = [...a.pointsHistory, ...b.pointsHistory].sort(compareHistoryEntries);
  const awards = expectedAwards(merged, { challengeStartDate: merged.challengeStartDate });
  const pointsHistory = reconcileHistory(paid, awards, now, merged.timeZone, merged.challengeStartDate).sort(compareHistoryEntries);
  return { ...merged, pointsHistory };
}
