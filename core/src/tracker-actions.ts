import type { IsoDate } from './iso-date';
import type { ActionWhen, CheckIn, Habit, Mood, PlannerAction, TrackerData, WeekKey } from './tracker';
import {
  DAYS_PER_WEEK,
  addDays,
  challengeWeekNumber,
  compareIsoDates,
  elapsedWeekIndex,
  isChallengeOver,
  isChallengeStarted,
  todayIn,
  weekDays,
} from './dates';
import { STREAK_BONUSES, totalPoints, withReconciledHistory } from './points';
import { BACKFILL_DAYS } from './tracker-vouch';
import { checkInPeriod, isMonthlyPeriod } from './maintenance';
import type { CohortRules } from './cohort';
import { COHORT_RULES } from './cohort';
import { rulesField, trackerRules } from './habit-rules';
import {
  MAX_ACTIONS,
  MAX_ACTION_TEXT,
  MAX_AUDIO_NOTE,
  MAX_HABITS,
  MAX_HABIT_NAME,
  MAX_REFLECTION,
  MIN_ACTIONS,
  actionWhenSchema,
  actionWhereSchema,
  activeHabits,
  completionsOf,
  habitNameSchema,
  parseStoredTracker,
  trackerMessages,
} from './tracker';
import type { HabitPart, HabitSchedule } from './habit-schedule';
import { habitScheduleSchema, normalSchedule } from './habit-schedule';

// Pure reducers the web app calls. Each returns the next tracker with its points history
// reconciled, or an Italian message to show in the page. `awarded` is the change in total
// points (negative when something is undone), for the toast.

export type TrackerResult = { ok: true; data: TrackerData; awarded: number } | { ok: false; message: string };

export const actionMessages = {
  notStarted: 'Challenge non ancora iniziata',
  checkInNotStarted: 'Errore: Challenge non ancora iniziata',
  tooManyHabits: `Hai raggiunto il numero massimo di abitudini (${MAX_HABITS}).`,
  habitNotFound: 'Abitudine non trovata.',
  habitArchived: 'Ripristina l’abitudine per modificarla.',
  cannotMove: 'L’abitudine è già in quella posizione.',
  futureDay: 'Non puoi segnare un giorno futuro.',
  beforeStart: "Questo giorno è precedente all'inizio della challenge.",
  beforeJoined: 'Questo giorno è precedente al tuo ingresso nella coorte.',
  dayLocked: 'Questo giorno non si può più modificare.',
  otherWeek: 'Puoi modificare solo il planner della settimana in corso.',
  plannerClosed: 'Le otto settimane sono concluse: il planner non si modifica più.',
  actionNotFound: 'Azione non trovata.',
  tooManyActions: `Puoi avere al massimo ${MAX_ACTIONS} azioni.`,
  tooFewActions: `Servono almeno ${MIN_ACTIONS} azioni.`,
  emptyAction: "Scrivi il testo dell'azione prima di completarla.",
  savedPlannerNeedsActions: `Il planner salvato deve avere almeno ${MIN_ACTIONS} azioni.`,
  plannerNeedsActions: 'Devi inserire almeno 3 azioni per salvare il planner.',
  invalidMood: 'Scegli il tuo umore da 1 a 5.',
  checkInDone: 'Check-in già completato questa settimana',
  monthlyCheckInDone: 'Check-in già completato questo mese',
  checkInsOver: 'I check-in della fase di mantenimento sono terminati.',
  audioNoteTooLong: `La nota vocale può avere al massimo ${MAX_AUDIO_NOTE} caratteri`,
} as const;

const fail = (message: string): TrackerResult => ({ ok: false, message });

/** Stamps, reconciles the points history and reports the change in total points. */
function commit(before: TrackerData, after: TrackerData, now: Date): TrackerResult {
  const data = withReconciledHistory({ ...after, updatedAt: now.toISOString() }, now);
  return { ok: true, data, awarded: totalPoints(data.pointsHistory) - totalPoints(before.pointsHistory) };
}

/** An id not yet in `taken`, derived from `base` (deterministic, so reducers stay pure). */
function freshId(base: string, taken: Set<string>): string {
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

/** Reads a stored tracker (never throws); a repaired one also gets its points history reconciled. */
export function restoreTracker(raw: unknown, now: Date, fallbackTimeZone?: string): { data: TrackerData; repaired: boolean } {
  const { data, repaired } = parseStoredTracker(raw, fallbackTimeZone ? { timeZone: fallbackTimeZone } : {});
  return { data: repaired ? withReconciledHistory(data, now) : data, repaired };
}

/**
 * Copies the server's challenge start date into the tracker (the Winner badge and the week numbers read it).
 * `updatedAt` stays: it dates the participant's own changes, and a copy of server state must not make an
 * empty or repaired local tracker look newer than the server's (it would then win and overwrite it).
 */
export function setChallengeStartDate(data: TrackerData, challengeStartDate: IsoDate | null, now: Date): TrackerData {
  if (data.challengeStartDate === challengeStartDate) return data;
  return withReconciledHistory({ ...data, challengeStartDate }, now);
}

/**
 * Copies the cohort's rules, as the server gave them, into the tracker (its points are worked out
 * by them); `updatedAt` stays, as for the start date. The server overwrites them on every sync.
 */
export function setTrackerRules(data: TrackerData, rules: CohortRules, now: Date): TrackerData {
  const held = trackerRules(data);
  if (COHORT_RULES.every((rule) => held[rule] === rules[rule])) return data;
  const { rules: _previous, ...rest } = data;
  return withReconciledHistory({ ...rest, ...rulesField(rules) }, now);
}

// ---- Habits ----

/** The name as adding and renaming accept it (trimmed), or the Italian message that refuses it. */
function checkHabitName(name: string): { ok: true; name: string } | { ok: false; message: string } {
  const trimmed = name.trim();
  if (trimmed === '') return { ok: false, message: trackerMessages.habitNameRequired };
  if (trimmed.length > MAX_HABIT_NAME) return { ok: false, message: trackerMessages.habitNameTooLong };
  const parsed = habitNameSchema.safeParse(trimmed);
  return parsed.success ? { ok: true, name: parsed.data } : { ok: false, message: parsed.error.issues[0]?.message ?? trackerMessages.habitNameRequired };
}

/** Adds a habit; the name is trimmed and must not be empty. */
export function addHabit(data: TrackerData, name: string, now: Date, id?: string): TrackerResult {
  const checked = checkHabitName(name);
  if (!checked.ok) return fail(checked.message);
  if (data.habits.length >= MAX_HABITS) return fail(actionMessages.tooManyHabits);
  const taken = new Set(data.habits.map((h) => h.id));
  const habit: Habit = {
    id: freshId(id ?? `h-${now.getTime().toString(36)}`, taken),
    name: checked.name,
    createdAt: now.toISOString(),
  };
  return commit(data, { ...data, habits: [...data.habits, habit] }, now);
}

/** The habit with `changes` made and the parts they touch stamped `now` (the merge's registers). */
function edited(habit: Habit, changes: Partial<Habit>, parts: HabitPart[], now: Date): Habit {
  const stamps = { ...habit.stamps };
  for (const part of parts) stamps[part] = now.getTime();
  const next = { ...habit, ...changes };
  // Keys in the schema's order, a part set to nothing (restored, every day again) left out: the
  // copy is then the same JSON as the one the server parses back (tracker-changes.ts compares JSON).
  return {
    id: next.id,
    name: next.name,
    createdAt: next.createdAt,
    ...(next.archivedAt !== undefined ? { archivedAt: next.archivedAt } : {}),
    ...(next.order !== undefined ? { order: next.order } : {}),
    ...(next.schedule !== undefined ? { schedule: next.schedule } : {}),
    stamps: {
      ...(stamps.name !== undefined ? { name: stamps.name } : {}),
      ...(stamps.order !== undefined ? { order: stamps.order } : {}),
      ...(stamps.archived !== undefined ? { archived: stamps.archived } : {}),
      ...(stamps.schedule !== undefined ? { schedule: stamps.schedule } : {}),
    },
  };
}

function replaceHabits(data: TrackerData, replaced: Habit[]): Habit[] {
  const byId = new Map(replaced.map((habit) => [habit.id, habit]));
  return data.habits.map((habit) => byId.get(habit.id) ?? habit);
}

/** Renames a habit, by the rules of adding one; its ticks and points stay (they go by its id). */
export function renameHabit(data: TrackerData, habitId: string, name: string, now: Date): TrackerResult {
  const habit = data.habits.find((h) => h.id === habitId);
  if (!habit) return fail(actionMessages.habitNotFound);
  const checked = checkHabitName(name);
  if (!checked.ok) return fail(checked.message);
  if (checked.name === habit.name) return { ok: true, data, awarded: 0 };
  return commit(data, { ...data, habits: replaceHabits(data, [edited(habit, { name: checked.name }, ['name'], now)]) }, now);
}

/** Moves an active habit one place up (-1) or down (+1) among the active ones; every moved habit gets its place stamped. */
export function moveHabit(data: TrackerData, habitId: string, step: -1 | 1, now: Date): TrackerResult {
  const list = activeHabits(data);
  const from = list.findIndex((h) => h.id === habitId);
  if (from < 0) return fail(data.habits.some((h) => h.id === habitId) ? actionMessages.habitArchived : actionMessages.habitNotFound);
  const to = from + step;
  if (to < 0 || to >= list.length) return fail(actionMessages.cannotMove);
  const reordered = [...list];
  [reordered[from], reordered[to]] = [reordered[to]!, reordered[from]!];
  const changed = reordered.flatMap((habit, order) => (habit.order === order ? [] : [edited(habit, { order }, ['order'], now)]));
  return commit(data, { ...data, habits: replaceHabits(data, changed) }, now);
}

/** "Deletes" a habit by archiving it: its completions and earned points stay, and it can be restored. */
export function archiveHabit(data: TrackerData, habitId: string, now: Date): TrackerResult {
  const habit = data.habits.find((h) => h.id === habitId);
  if (!habit) return fail(actionMessages.habitNotFound);
  if (habit.archivedAt !== undefined) return { ok: true, data, awarded: 0 };
  return commit(data, { ...data, habits: replaceHabits(data, [edited(habit, { archivedAt: now.toISOString() }, ['archived'], now)]) }, now);
}

/**
 * Brings an archived habit back, last among the active ones. Its days while archived were not
 * ticked (nothing can tick an archived habit, and the server takes no tick for one): they are
 * missed days like any other, and earn nothing.
 */
export function restoreHabit(data: TrackerData, habitId: string, now: Date): TrackerResult {
  const habit = data.habits.find((h) => h.id === habitId);
  if (!habit) return fail(actionMessages.habitNotFound);
  if (habit.archivedAt === undefined) return { ok: true, data, awarded: 0 };
  // Every active habit gets its place, so the restored one, placed last, is shown last.
  const list = [...activeHabits(data), habit];
  const changed = list.flatMap((h, order) => {
    if (h.id === habitId) return [edited(h, { archivedAt: undefined, order }, ['archived', 'order'], now)];
    return h.order === order ? [] : [edited(h, { order }, ['order'], now)];
  });
  return commit(data, { ...data, habits: replaceHabits(data, changed) }, now);
}

/**
 * Gives a habit a schedule; it applies to every day of the habit, past ones too (points and
 * streaks are worked out again from the ticks: docs/decisions/041).
 */
export function setHabitSchedule(data: TrackerData, habitId: string, schedule: HabitSchedule, now: Date): TrackerResult {
  const habit = data.habits.find((h) => h.id === habitId);
  if (!habit) return fail(actionMessages.habitNotFound);
  if (habit.archivedAt !== undefined) return fail(actionMessages.habitArchived);
  const parsed = habitScheduleSchema.safeParse(schedule);
  if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? 'Programma non valido');
  const next = normalSchedule(parsed.data);
  if (JSON.stringify(next) === JSON.stringify(habit.schedule)) return { ok: true, data, awarded: 0 };
  return commit(data, { ...data, habits: replaceHabits(data, [edited(habit, { schedule: next }, ['schedule'], now)]) }, now);
}

/**
 * The first day whose habit ticks can still change: the oldest day of the habit strip (today and
 * the BACKFILL_DAYS before it, as the server takes them), never before the start. A forgotten day
 * stays in reach across a challenge-week boundary; a back-filled day is late and earns no points
 * of its own (points.ts), and the server vouches for each tick by its own clock.
 */
export function firstEditableHabitDay(challengeStartDate: IsoDate | null, today: IsoDate): IsoDate | null {
  if (!isChallengeStarted(challengeStartDate, today)) return null;
  const first = addDays(today, -BACKFILL_DAYS);
  return compareIsoDates(first, challengeStartDate) < 0 ? challengeStartDate : first;
}

/**
 * Why a habit day cannot be toggled, or null when it can. `firstDay` is a late joiner's first day
 * (User.challengeJoinedOn): the days before it are not theirs, as the server's vouch says too.
 */
export function habitDayLock(challengeStartDate: IsoDate | null, date: IsoDate, today: IsoDate, firstDay: IsoDate | null = null): string | null {
  if (compareIsoDates(date, today) > 0) return actionMessages.futureDay;
  if (!isChallengeStarted(challengeStartDate, today)) return actionMessages.notStarted;
  if (compareIsoDates(date, challengeStartDate) < 0) return actionMessages.beforeStart;
  if (firstDay !== null && compareIsoDates(date, firstDay) < 0) return actionMessages.beforeJoined;
  const first = firstEditableHabitDay(challengeStartDate, today);
  if (first === null || compareIsoDates(date, first) < 0) return actionMessages.dayLocked;
  return null;
}

/** State of a day cell in a habit strip, and whether it can be clicked. */
export function habitDayState(
  data: TrackerData,
  habitId: string,
  date: IsoDate,
  today: IsoDate,
  firstDay: IsoDate | null = null,
): { state: 'future' | 'today' | 'done' | 'past'; done: boolean; editable: boolean } {
  const done = completionsOf(data, habitId)[date] !== undefined;
  const order = compareIsoDates(date, today);
  const state = order > 0 ? 'future' : done ? 'done' : order === 0 ? 'today' : 'past';
  return { state, done, editable: habitDayLock(data.challengeStartDate, date, today, firstDay) === null };
}

/** The 7 days of the current challenge week (the habit and planner strips); empty before the start. */
export function currentWeekStrip(data: TrackerData, now: Date): IsoDate[] {
  const today = todayIn(data.timeZone, now);
  const index = elapsedWeekIndex(data.challengeStartDate, today);
  if (index === null || data.challengeStartDate === null) return [];
  const first = addDays(data.challengeStartDate, index * DAYS_PER_WEEK);
  return Array.from({ length: DAYS_PER_WEEK }, (_, i) => addDays(first, i));
}

/**
 * The days of the habit strip: the 7 days ending today, so yesterday stays in reach across a
 * challenge-week boundary; in the first week, the 7 days from the start instead (no day before
 * it is shown). Before the start, the 7 days ending today (all locked).
 */
export function habitStripDays(challengeStartDate: IsoDate | null, today: IsoDate): IsoDate[] {
  const sixDaysAgo = addDays(today, -(DAYS_PER_WEEK - 1));
  const inFirstWeek = isChallengeStarted(challengeStartDate, today) && compareIsoDates(challengeStartDate, sixDaysAgo) > 0;
  return weekDays(inFirstWeek ? challengeStartDate : sixDaysAgo);
}

/** One of the streak bonuses of core/src/points.ts (threshold in days, and its points). */
export type StreakBonus = (typeof STREAK_BONUSES)[number];

/**
 * The streak bonuses `after` pays beyond those `before` pays, smallest first, for the notice of a
 * change: counted per threshold, so a bonus that only moved to another day is not news.
 */
export function newStreakBonuses(before: TrackerData, after: TrackerData): StreakBonus[] {
  const count = (data: TrackerData, days: number) =>
    // A bonus's ref ends with its threshold: streakBonus:<habit>:<day>:<days> (core/src/points.ts).
    data.pointsHistory.filter((entry) => entry.kind === 'streakBonus' && entry.ref.endsWith(`:${days}`)).length;
  return STREAK_BONUSES.flatMap((bonus) =>
    Array.from({ length: Math.max(0, count(after, bonus.days) - count(before, bonus.days)) }, () => bonus),
  );
}

/** How many "Bentornato" bonuses `after` pays beyond those `before` pays, for the notice of a tick. */
export function newComebackBonuses(before: TrackerData, after: TrackerData): number {
  const count = (data: TrackerData) => data.pointsHistory.filter((entry) => entry.kind === 'comebackBonus').length;
  return Math.max(0, count(after) - count(before));
}

/** Ticks or unticks a habit on `date`: today counts 'onTime' (+2), a past day 'late' (no points). */
export function toggleHabit(data: TrackerData, habitId: string, date: IsoDate, now: Date, firstDay: IsoDate | null = null): TrackerResult {
  const habit = data.habits.find((h) => h.id === habitId && h.archivedAt === undefined);
  if (!habit) return fail(actionMessages.habitNotFound);
  const today = todayIn(data.timeZone, now);
  const lock = habitDayLock(data.challengeStartDate, date, today, firstDay);
  if (lock !== null) return fail(lock);
  const days = { ...completionsOf(data, habitId) };
  if (days[date] !== undefined) delete days[date];
  else days[date] = date === today ? 'onTime' : 'late';
  const stamps = { ...data.changedAt.habitDays[habitId], [date]: now.getTime() };
  const changedAt = { ...data.changedAt, habitDays: { ...data.changedAt.habitDays, [habitId]: stamps } };
  return commit(data, { ...data, completions: { ...data.completions, [habitId]: days }, changedAt }, now);
}

// ---- Planner ----

/** The action slots of `week`: the stored ones, filled up to 3 with empty slots (3 empty ones for a new week). */
export function weekActions(data: TrackerData, week: number): PlannerAction[] {
  const key = String(week) as WeekKey;
  const stored = data.weeklyActions[key] ?? [];
  if (stored.length >= MIN_ACTIONS) return stored;
  // Named as the defaults are, never as a removed slot (its removal is remembered for the merge).
  const taken = new Set([...stored.map((action) => action.id), ...Object.keys(data.changedAt.actions[key] ?? {})]);
  const filled = [...stored];
  for (let n = 1; filled.length < MIN_ACTIONS; n++) {
    const id = `w${week}-a${n}`;
    if (!taken.has(id)) filled.push({ id, text: '', completed: false });
  }
  return filled;
}

/** Planner progress; empty actions are not counted. */
export function plannerProgress(actions: PlannerAction[]): { planned: number; completed: number; percent: number } {
  const planned = actions.filter((a) => a.text.trim() !== '');
  const completed = planned.filter((a) => a.completed).length;
  return {
    planned: planned.length,
    completed,
    percent: planned.length === 0 ? 0 : Math.round((completed / planned.length) * 100),
  };
}

/** Non-empty actions in a list. */
const filledCount = (actions: PlannerAction[]): number => actions.filter((a) => a.text.trim() !== '').length;

/** The week's actions if the planner of `week` may be changed now, else the reason. */
function editableWeek(data: TrackerData, week: number, now: Date): PlannerAction[] | string {
  const today = todayIn(data.timeZone, now);
  const current = challengeWeekNumber(data.challengeStartDate, today);
  if (current === 0) return actionMessages.notStarted;
  if (isChallengeOver(data.challengeStartDate, today)) return actionMessages.plannerClosed;
  if (week !== current) return actionMessages.otherWeek;
  return weekActions(data, week);
}

/**
 * Replaces the actions of `week` after checking that a saved planner keeps 3 non-empty actions;
 * `changedIds` (edited, added or removed slots) get this change's stamp for the merge.
 */
function withWeekActions(data: TrackerData, week: number, actions: PlannerAction[], now: Date, changedIds: string[]): TrackerResult {
  if (data.savedPlannerWeeks.includes(week) && filledCount(actions) < MIN_ACTIONS) {
    return fail(actionMessages.savedPlannerNeedsActions);
  }
  const key = String(week) as WeekKey;
  const stamps = { ...data.changedAt.actions[key] };
  for (const id of changedIds) stamps[id] = now.getTime();
  const changedAt = { ...data.changedAt, actions: { ...data.changedAt.actions, [key]: stamps } };
  return commit(data, { ...data, weeklyActions: { ...data.weeklyActions, [key]: actions }, changedAt }, now);
}

/** Sets an action's text; emptying it also un-completes it (and takes back its points). */
export function setActionText(data: TrackerData, week: number, actionId: string, text: string, now: Date): TrackerResult {
  const actions = editableWeek(data, week, now);
  if (typeof actions === 'string') return fail(actions);
  if (text.length > MAX_ACTION_TEXT) return fail(trackerMessages.actionTextTooLong);
  if (!actions.some((a) => a.id === actionId)) return fail(actionMessages.actionNotFound);
  const next = actions.map((a) =>
    a.id === actionId ? { ...a, text, completed: text.trim() === '' ? false : a.completed } : a,
  );
  return withWeekActions(data, week, next, now, [actionId]);
}

/**
 * Sets an action's if-then plan: "quando" (null for none) and "dove" (blank for none). Only the
 * week's planner can change, as for its text; no points change.
 */
export function setActionPlan(data: TrackerData, week: number, actionId: string, plan: { when: ActionWhen | null; where: string }, now: Date): TrackerResult {
  const actions = editableWeek(data, week, now);
  if (typeof actions === 'string') return fail(actions);
  if (!actions.some((a) => a.id === actionId)) return fail(actionMessages.actionNotFound);
  const when = plan.when === null ? null : actionWhenSchema.safeParse(plan.when);
  if (when && !when.success) return fail(when.error.issues[0]?.message ?? actionMessages.actionNotFound);
  const where = plan.where.trim() === '' ? null : actionWhereSchema.safeParse(plan.where);
  if (where && !where.success) return fail(where.error.issues[0]?.message ?? actionMessages.actionNotFound);
  const next = actions.map((a) => {
    if (a.id !== actionId) return a;
    const { when: _when, where: _where, ...rest } = a;
    return { ...rest, ...(when ? { when: when.data } : {}), ...(where ? { where: where.data } : {}) };
  });
  return withWeekActions(data, week, next, now, [actionId]);
}

/** Adds an empty action slot (at most 5). */
export function addActionSlot(data: TrackerData, week: number, now: Date, unique?: string): TrackerResult {
  const actions = editableWeek(data, week, now);
  if (typeof actions === 'string') return fail(actions);
  if (actions.length >= MAX_ACTIONS) return fail(actionMessages.tooManyActions);
  // Named after the moment, not the count: two devices adding a slot to the same week while
  // apart get two slots, not one id with two texts for the merge to choose between.
  // A removed slot's id stays taken: its removal is remembered for the merge.
  const taken = new Set([...actions.map((a) => a.id), ...Object.keys(data.changedAt.actions[String(week) as WeekKey] ?? {})]);
  // `unique` (random, from the caller) tells apart two devices adding a slot in the same millisecond.
  const id = freshId(`w${week}-${now.getTime().toString(36)}${unique ? `-${unique}` : ''}`, taken);
  return withWeekActions(data, week, [...actions, { id, text: '', completed: false }], now, [id]);
}

/** Removes an action slot (at least 3 stay); a completed one takes its points with it. */
export function removeActionSlot(data: TrackerData, week: number, actionId: string, now: Date): TrackerResult {
  const actions = editableWeek(data, week, now);
  if (typeof actions === 'string') return fail(actions);
  if (!actions.some((a) => a.id === actionId)) return fail(actionMessages.actionNotFound);
  if (actions.length <= MIN_ACTIONS) return fail(actionMessages.tooFewActions);
  return withWeekActions(data, week, actions.filter((a) => a.id !== actionId), now, [actionId]);
}

/** Completes or un-completes an action (+10 / −10); refused while its text is empty. */
export function toggleAction(data: TrackerData, week: number, actionId: string, now: Date): TrackerResult {
  const actions = editableWeek(data, week, now);
  if (typeof actions === 'string') return fail(actions);
  const action = actions.find((a) => a.id === actionId);
  if (!action) return fail(actionMessages.actionNotFound);
  if (action.text.trim() === '') return fail(actionMessages.emptyAction);
  const next = actions.map((a) => (a.id === actionId ? { ...a, completed: !a.completed } : a));
  return withWeekActions(data, week, next, now, [actionId]);
}

/** Saves the week's planner: needs 3 non-empty actions; pays +10 the first time only. */
export function savePlanner(data: TrackerData, week: number, now: Date): TrackerResult {
  const actions = editableWeek(data, week, now);
  if (typeof actions === 'string') return fail(actions);
  if (filledCount(actions) < MIN_ACTIONS) return fail(actionMessages.plannerNeedsActions);
  const savedPlannerWeeks = data.savedPlannerWeeks.includes(week)
    ? data.savedPlannerWeeks
    : [...data.savedPlannerWeeks, week].sort((a, b) => a - b);
  return commit(
    data,
    { ...data, savedPlannerWeeks, weeklyActions: { ...data.weeklyActions, [String(week)]: actions } },
    now,
  );
}

// ---- Check-in ----

/** The check-in of the current period (challenge week, or maintenance month from day 57), if already submitted. */
export function currentWeekCheckIn(data: TrackerData, now: Date): CheckIn | undefined {
  const period = checkInPeriod(data.challengeStartDate, todayIn(data.timeZone, now));
  return period === 0 ? undefined : data.checkIns.find((c) => c.weekNumber === period);
}

/**
 * Submits the check-in of the current period: one per challenge week (+10), then from day 57 one per
 * maintenance month (no points); reflection 1..300 characters after trimming, with a voice note's
 * id when one was recorded.
 */
export function submitCheckIn(
  data: TrackerData,
  input: { mood: number; reflection: string; audioNote?: string; voiceNoteId?: string },
  now: Date,
  id?: string,
): TrackerResult {
  const today = todayIn(data.timeZone, now);
  const week = checkInPeriod(data.challengeStartDate, today);
  if (week === 0) return fail(isChallengeStarted(data.challengeStartDate, today) ? actionMessages.checkInsOver : actionMessages.checkInNotStarted);
  const reflection = input.reflection.trim();
  if (reflection === '') return fail(trackerMessages.reflectionRequired);
  if (reflection.length > MAX_REFLECTION) return fail(trackerMessages.reflectionTooLong);
  if (!Number.isInteger(input.mood) || input.mood < 1 || input.mood > 5) return fail(actionMessages.invalidMood);
  const audioNote = input.audioNote?.trim();
  if (audioNote !== undefined && audioNote.length > MAX_AUDIO_NOTE) return fail(actionMessages.audioNoteTooLong);
  if (data.checkIns.some((c) => c.weekNumber === week)) return fail(isMonthlyPeriod(week) ? actionMessages.monthlyCheckInDone : actionMessages.checkInDone);
  const checkIn: CheckIn = {
    id: freshId(id ?? `c-${week}-${now.getTime().toString(36)}`, new Set(data.checkIns.map((c) => c.id))),
    mood: input.mood as Mood,
    reflection,
    ...(audioNote ? { audioNote } : {}),
    ...(input.voiceNoteId ? { voiceNoteId: input.voiceNoteId } : {}),
    date: today,
    weekNumber: week,
    submittedAt: now.toISOString(),
  };
  return commit(data, { ...data, checkIns: [...data.checkIns, checkIn] }, now);
}
