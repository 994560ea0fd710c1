import type { IsoDate } from './iso-date';
import { addDays, challengeWeekStart, compareIsoDates, isChallengeOver, isChallengeStarted, italianWeekday, todayIn, weekdayIndex, DAYS_PER_WEEK } from './dates';
import { instantAt, isQuiet, MAX_LATENESS_MINUTES, minutesOfDay, type ReminderPrefs } from './reminders';
import { WEEK_KEYS, type ActionWhen, type PlannerAction, type TrackerData } from './tracker';

// If-then plans (issue 39 §5): a planner action can say when ("quando": a day of the participant's
// own challenge week and a time on their clock) and where ("dove"). Said together they read as one
// plan, and an action not done by its time is worth a reminder at that time (the reminders job).

/** A Monday: the weekday names below are read from the days that follow it. */
const A_MONDAY: IsoDate = '2024-01-01';

/** The Italian name of a weekday (weekdayIndex: Monday 0 … Sunday 6), e.g. "giovedì". */
export function weekdayName(weekday: number): string {
  return italianWeekday(addDays(A_MONDAY, weekday), 'long');
}

const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase('it-IT') + text.slice(1);

/** "alle 18:30", "alle 8:00", "all'1:15": the hour as said, without a leading zero. */
function atTime(time: string): string {
  const [hours, minutes] = time.split(':') as [string, string];
  const hour = Number(hours);
  return `${hour === 1 ? 'all’' : 'alle '}${hour}:${minutes}`;
}

/** "giovedì alle 18:30" */
export function whenText(when: ActionWhen): string {
  return `${weekdayName(when.weekday)} ${atTime(when.time)}`;
}

/**
 * An action as its if-then plan reads: "Giovedì alle 18:30 in palestra: 30 minuti di corsa";
 * "In palestra: …" with only a place, "Giovedì alle 18:30: …" with only a time, the text alone
 * with neither. The place is written by the participant with its preposition ("in palestra", "al parco").
 */
export function plannedActionText(action: Pick<PlannerAction, 'text' | 'when' | 'where'>): string {
  const text = action.text.trim();
  const where = action.where?.trim() ?? '';
  const plan = [action.when ? whenText(action.when) : '', where].filter((part) => part !== '').join(' ');
  return plan === '' ? text : `${capitalised(plan)}: ${text}`;
}

/**
 * The day of challenge week `week` that falls on `weekday`: each of the seven days of the
 * participant's week is a different weekday, whichever weekday their weeks start on.
 */
export function plannedDay(challengeStartDate: IsoDate, week: number, weekday: number): IsoDate {
  const first = challengeWeekStart(challengeStartDate, week);
  return addDays(first, (weekday - weekdayIndex(first) + DAYS_PER_WEEK) % DAYS_PER_WEEK);
}

/** A written, not yet completed action with a "quando", and the moment it is planned for. */
export interface PlannedAction {
  week: number;
  action: PlannerAction & { when: ActionWhen };
  day: IsoDate;
  at: Date;
}

/** A written, not yet completed action with a "quando", and its day (its moment is costly to find: plannedActions). */
export type PlannedSlot = Omit<PlannedAction, 'at'>;

/**
 * The actions still waiting for their planned day, in the tracker's order; from `fromDay` on when
 * given (the past ones are of no use to a reminder). The server's start date decides, never the tracker's own.
 */
export function plannedSlots(tracker: TrackerData, challengeStartDate: IsoDate | null, fromDay?: IsoDate): PlannedSlot[] {
  if (challengeStartDate === null) return [];
  const slots: PlannedSlot[] = [];
  for (const key of WEEK_KEYS) {
    const week = Number(key);
    for (const action of tracker.weeklyActions[key] ?? []) {
      if (action.completed || action.text.trim() === '' || action.when === undefined) continue;
      const day = plannedDay(challengeStartDate, week, action.when.weekday);
      if (fromDay !== undefined && compareIsoDates(day, fromDay) < 0) continue;
      slots.push({ week, action: { ...action, when: action.when }, day });
    }
  }
  return slots;
}

/** The planned slots with their moments on the wall clock of `timeZone`, earliest first. */
export function plannedActions(tracker: TrackerData, challengeStartDate: IsoDate | null, timeZone: string, fromDay?: IsoDate): PlannedAction[] {
  return plannedSlots(tracker, challengeStartDate, fromDay)
    .map((slot) => ({ ...slot, at: instantAt(slot.day, slot.action.when.time, timeZone) }))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}

const LATENESS_MS = MAX_LATENESS_MINUTES * 60_000;

/**
 * The first day whose plans can still remind at `now`: a moment on an earlier day is more than
 * MAX_LATENESS_MINUTES (3 hours) past, whatever the zone's changes of time.
 */
export function firstPlannedDayInReach(timeZone: string, now: Date): IsoDate {
  return addDays(todayIn(timeZone, now), -1);
}

/** The plans whose reminder has not passed its time at `now` (and some just before: callers look at `at`). */
export function plansInReach(tracker: TrackerData, challengeStartDate: IsoDate | null, timeZone: string, now: Date): PlannedAction[] {
  return plannedActions(tracker, challengeStartDate, timeZone, firstPlannedDayInReach(timeZone, now));
}

/**
 * When the reminders job should look at the participant's plans, as of `now`: the earliest
 * planned moment whose reminder may still go (at most MAX_LATENESS_MINUTES ago: one planned a
 * moment ago is looked at at once), or null when none is left.
 */
export function plannedActionsWatch(tracker: TrackerData, challengeStartDate: IsoDate | null, timeZone: string, now: Date): Date | null {
  return plansInReach(tracker, challengeStartDate, timeZone, now).find((plan) => plan.at.getTime() + LATENESS_MS > now.getTime())?.at ?? null;
}

/** The next planned moment strictly after `after` (the job, having looked, waits for it), or null. */
export function nextPlannedActionAt(tracker: TrackerData, challengeStartDate: IsoDate | null, timeZone: string, after: Date): Date | null {
  return plansInReach(tracker, challengeStartDate, timeZone, after).find((plan) => plan.at.getTime() > after.getTime())?.at ?? null;
}

export interface DuePlannedAction {
  /** With the participant, the sender's once-only key: a new day or time is a new plan. */
  key: string;
  title: string;
  body: string;
  url: string;
}

/**
 * The reminders of planned actions due at `now`: the action is written and not completed, its
 * moment has come (at most MAX_LATENESS_MINUTES ago), the participant's eight weeks are running
 * and it is not their quiet hours. `sent` holds the keys already sent.
 */
export function duePlannedActions(input: {
  tracker: TrackerData | null;
  challengeStartDate: IsoDate | null;
  timeZone: string;
  quietHours: ReminderPrefs['quietHours'];
  now: Date;
  sent?: ReadonlySet<string>;
}): DuePlannedAction[] {
  const { tracker, challengeStartDate: start, timeZone, now } = input;
  const today = todayIn(timeZone, now);
  if (!tracker || !isChallengeStarted(start, today) || isChallengeOver(start, today)) return [];
  if (isQuiet(input.quietHours, minutesOfDay(timeZone, now))) return [];
  const due: DuePlannedAction[] = [];
  for (const plan of plansInReach(tracker, start, timeZone, now)) {
    const since = now.getTime() - plan.at.getTime();
    if (since < 0 || since >= LATENESS_MS) continue;
    const key = plannedActionKey(plan);
    if (input.sent?.has(key)) continue;
    due.push({ key, title: 'È il momento della tua azione', body: plannedActionText(plan.action), url: '/planner' });
  }
  return due;
}

/** The once-only key of a planned action's reminder: its slot, day and time (an id may hold any character, so it is encoded). */
export function plannedActionKey(plan: Pick<PlannedAction, 'action' | 'day'>): string {
  return `plannedAction_${encodeURIComponent(plan.action.id)}_${plan.day}_${plan.action.when.time.replace(':', '')}`;
}
