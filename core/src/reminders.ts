import * as z from 'zod/mini';
import { addDays, challengeWeekNumber, compareIsoDates, daysBetween, DAYS_PER_WEEK, isChallengeOver, isChallengeStarted, todayIn, weekdayIndex } from './dates';
import type { IsoDate } from './iso-date';
import { formatterFor } from './zone-formatters';
import { activeHabits, type TrackerData } from './tracker';
import { checkInPeriod, isInMaintenance, maintenanceMonth, maintenanceMonthStart } from './maintenance';
import { isScheduledDay, scheduleDaysOf } from './habit-rules';
import { minutesOfTime as minutesOf, timeOfDaySchema } from './time-of-day';

// Which reminders are due for a participant, decided from the server's copy of their tracker on
// their own wall clock: a habit ticked on another device suppresses the habits reminder. A
// reminder is due from its time until MAX_LATENESS_MINUTES later, outside quiet hours; the sender
// keeps one key per participant, kind and day (`reminderKey`), so a rerun in the same window sends
// nothing twice and a window missed while the job was down is caught up once, if still in time.


export const reminderKindSchema = z.enum(['habits', 'checkIn', 'planner']);
export type ReminderKind = z.infer<typeof reminderKindSchema>;

const reminderSchema = z.object({ enabled: z.boolean(), time: timeOfDaySchema });

/** A participant's reminders (the profile's settings). */
export const reminderPrefsSchema = z.object({
  /** Every day, if today's habits are not all done. */
  habits: reminderSchema,
  /** On the last day of the participant's challenge week, if the week's check-in is not sent; in the maintenance phase, on a month's first day. */
  checkIn: reminderSchema,
  /** On the first day of the participant's challenge week, if the week's planner is not saved. */
  planner: reminderSchema,
  /** No reminder from `from` to `to` (across midnight when `from` is later than `to`). */
  quietHours: z.nullable(z.object({ from: timeOfDaySchema, to: timeOfDaySchema })),
});
export type ReminderPrefs = z.infer<typeof reminderPrefsSchema>;

export const DEFAULT_REMINDER_PREFS: ReminderPrefs = {
  habits: { enabled: true, time: '20:30' },
  checkIn: { enabled: true, time: '18:00' },
  planner: { enabled: true, time: '08:30' },
  quietHours: { from: '22:00', to: '07:00' },
};

/** How long after its time a reminder may still go (a job that was down catches up within it). */
export const MAX_LATENESS_MINUTES = 180;

export interface DueReminder {
  kind: ReminderKind;
  /** The participant's day it is for: with the participant and kind, the sender's once-only key. */
  day: IsoDate;
  title: string;
  body: string;
  /** The screen a tap opens. */
  url: string;
}

/** Which day of the participant's challenge week a reminder is for: null every day. */
const reminderWeekDay: Record<ReminderKind, number | null> = { habits: null, checkIn: DAYS_PER_WEEK - 1, planner: 0 };

/**
 * The day of the participant's own challenge week `day` is (0 its first day … 6 its last): weeks
 * start on the weekday of their start date (any weekday in an 'ownDay' cohort). Null before the start.
 */
export function dayOfChallengeWeek(challengeStartDate: IsoDate | null, day: IsoDate): number | null {
  if (!isChallengeStarted(challengeStartDate, day)) return null;
  return daysBetween(challengeStartDate, day) % DAYS_PER_WEEK;
}

/** The weekday (weekdayIndex: Monday 0 … Sunday 6) the participant's challenge weeks end on: their check-in day. */
export function checkInWeekday(challengeStartDate: IsoDate): number {
  return weekdayIndex(addDays(challengeStartDate, DAYS_PER_WEEK - 1));
}

/** Monday first, as weekdayIndex counts, each with its article. */
const WEEKDAYS_WITH_ARTICLE = ['il lunedì', 'il martedì', 'il mercoledì', 'il giovedì', 'il venerdì', 'il sabato', 'la domenica'];

/**
 * The day of the participant's week the check-in or the planner is for, in Italian with its
 * article ("il mercoledì"); with no start date yet, said in words.
 */
export function challengeWeekDayText(kind: 'checkIn' | 'planner', challengeStartDate: IsoDate | null): string {
  if (challengeStartDate === null) return kind === 'checkIn' ? 'l’ultimo giorno della tua settimana' : 'il primo giorno della tua settimana';
  const weekday = kind === 'checkIn' ? checkInWeekday(challengeStartDate) : weekdayIndex(challengeStartDate);
  return WEEKDAYS_WITH_ARTICLE[weekday]!;
}

/** Whether `day` is the last day of one of the participant's challenge weeks: their check-in day. */
export function isCheckInDay(challengeStartDate: IsoDate | null, day: IsoDate): boolean {
  return isReminderDay('checkIn', challengeStartDate, day);
}

/**
 * Whether `day` is the day of the participant's week a reminder of `kind` is for. In the
 * maintenance phase the check-in is monthly: its reminder comes on the first day of each
 * maintenance month that takes one.
 */
function isReminderDay(kind: ReminderKind, challengeStartDate: IsoDate | null, day: IsoDate): boolean {
  if (kind === 'checkIn' && challengeStartDate !== null && isInMaintenance(challengeStartDate, day)) {
    return checkInPeriod(challengeStartDate, day) !== 0 && maintenanceMonthStart(challengeStartDate, maintenanceMonth(challengeStartDate, day)) === day;
  }
  const wanted = reminderWeekDay[kind];
  return wanted === null || dayOfChallengeWeek(challengeStartDate, day) === wanted;
}

/** How far ahead nextReminderAt looks: longer than any gap between two reminders. */
const MAX_LOOKAHEAD_DAYS = 366;

/**
 * Whether reminders of `kind` are over for good on `today`: after the eight weeks, all but the
 * check-in's, which goes on monthly until the last maintenance month that takes one.
 */
export function remindersOver(kind: ReminderKind, challengeStartDate: IsoDate | null, today: IsoDate): boolean {
  if (!isChallengeOver(challengeStartDate, today)) return false;
  return kind !== 'checkIn' || checkInPeriod(challengeStartDate, today) === 0;
}

/** Minutes since midnight on the wall clock of `timeZone` at `now`. */
export function minutesOfDay(timeZone: string, now: Date): number {
  const wall = new Date(wallClockAsUtc(timeZone, now.getTime()));
  return wall.getUTCHours() * 60 + wall.getUTCMinutes();
}

/** Whether `minute` (of the day) is within quiet hours. */
export function isQuiet(quietHours: ReminderPrefs['quietHours'], minute: number): boolean {
  if (!quietHours) return false;
  const from = minutesOf(quietHours.from);
  const to = minutesOf(quietHours.to);
  if (from === to) return false;
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}

/** "Ti mancano 2 abitudini oggi 💪" */
function habitsLeftText(left: number): string {
  return left === 1 ? 'Ti manca 1 abitudine oggi 💪' : `Ti mancano ${left} abitudini oggi 💪`;
}

/**
 * The reminders due at `now` for a participant whose eight weeks are running, in their zone.
 * `sent` holds the keys already sent (see reminderKey); those are never due again.
 */
export function dueReminders(input: {
  prefs: ReminderPrefs;
  tracker: TrackerData | null;
  challengeStartDate: IsoDate | null;
  timeZone: string;
  now: Date;
  sent?: ReadonlySet<string>;
}): DueReminder[] {
  const { prefs, tracker, challengeStartDate: start, timeZone, now } = input;
  const today = todayIn(timeZone, now);
  if (!isChallengeStarted(start, today)) return [];
  const minute = minutesOfDay(timeZone, now);
  if (isQuiet(prefs.quietHours, minute)) return [];
  const inTime = (time: string) => minute >= minutesOf(time) && minute < minutesOf(time) + MAX_LATENESS_MINUTES;
  const fresh = (kind: ReminderKind) => !input.sent?.has(reminderKey(kind, today));
  const week = challengeWeekNumber(start, today);
  const due: DueReminder[] = [];
  if (isChallengeOver(start, today)) {
    // The maintenance phase: only the monthly check-in's reminder, on its month's first day.
    const period = checkInPeriod(start, today);
    if (prefs.checkIn.enabled && isReminderDay('checkIn', start, today) && inTime(prefs.checkIn.time) && fresh('checkIn') && !(tracker?.checkIns ?? []).some((checkIn) => checkIn.weekNumber === period)) {
      due.push({ kind: 'checkIn', day: today, title: 'Check-in del mese', body: 'Un nuovo mese di mantenimento: com’è andata con le tue abitudini? ✍️', url: '/checkin' });
    }
    return due;
  }

  if (prefs.habits.enabled && inTime(prefs.habits.time) && fresh('habits') && tracker) {
    // Only the habits today asks for: a habit resting today (by its schedule) is no reason to remind.
    const left = activeHabits(tracker).filter(
      (habit) => tracker.completions[habit.id]?.[today] === undefined && isScheduledDay(habit, today, scheduleDaysOf({ ...tracker, challengeStartDate: start }, habit)),
    ).length;
    if (left > 0) due.push({ kind: 'habits', day: today, title: 'Sfida 8 settimane', body: habitsLeftText(left), url: '/abitudini' });
  }
  if (prefs.checkIn.enabled && isReminderDay('checkIn', start, today) && inTime(prefs.checkIn.time) && fresh('checkIn')) {
    if (!(tracker?.checkIns ?? []).some((checkIn) => checkIn.weekNumber === week)) {
      due.push({ kind: 'checkIn', day: today, title: 'Check-in della settimana', body: 'Com’è andata questa settimana? Ti bastano due minuti ✍️', url: '/checkin' });
    }
  }
  if (prefs.planner.enabled && isReminderDay('planner', start, today) && inTime(prefs.planner.time) && fresh('planner')) {
    if (!(tracker?.savedPlannerWeeks ?? []).includes(week)) {
      due.push({ kind: 'planner', day: today, title: 'Planner della settimana', body: 'Nuova settimana: scrivi le tue 3 azioni concrete 🗓️', url: '/planner' });
    }
  }
  return due;
}

/** The sender's once-only key of a reminder, per participant (it prefixes the uid). */
export function reminderKey(kind: ReminderKind, day: IsoDate): string {
  return `${kind}_${day}`;
}

/** En-CA's parts of a wall clock, hours 0–23. */
const WALL_CLOCK_PARTS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

/** The wall clock of `timeZone` at `instant`, read as if it were UTC (its offset is the difference). */
function wallClockAsUtc(timeZone: string, instant: number): number {
  const parts = formatterFor(timeZone, WALL_CLOCK_PARTS).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
}

/**
 * The instant the wall clock of `timeZone` reads `time` on `date`. A time skipped by a
 * daylight-saving change (02:30 on the last Sunday of March in Rome) is the same time after the
 * change (03:30); a time that happens twice is its first occurrence.
 */
export function instantAt(date: IsoDate, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wanted = Date.UTC(year, month - 1, day) + minutesOf(time) * 60_000;
  // The zone's offset at a first guess, then at the instant that guess gives: two steps settle it.
  let instant = wanted - (wallClockAsUtc(timeZone, wanted) - wanted);
  instant = wanted - (wallClockAsUtc(timeZone, instant) - instant);
  const earlier = instant - 60 * 60_000;
  if (wallClockAsUtc(timeZone, earlier) === wanted) instant = earlier;
  return new Date(instant);
}

/**
 * When a reminder of `kind` at `time` is next due after `after`, on the wall clock of `timeZone`:
 * the sender looks at a participant only then (`dueReminders` decides whether it goes). The
 * check-in and planner reminders fall on the last and first day of the participant's own
 * challenge week; with no start date yet, or before it, every day is looked at, so a start chosen
 * (or moved) later is followed from the next day on.
 */
export function nextReminderAt(kind: ReminderKind, time: string, timeZone: string, after: Date, challengeStartDate: IsoDate | null): Date {
  const today = todayIn(timeZone, after);
  for (let offset = 0; ; offset++) {
    const day = addDays(today, offset);
    // None left (past the last maintenance month): a day far ahead, by which the sender has dropped it (remindersOver).
    if (offset > MAX_LOOKAHEAD_DAYS) return instantAt(day, time, timeZone);
    const beforeStart = challengeStartDate === null || compareIsoDates(day, challengeStartDate) < 0;
    if (!beforeStart && !isReminderDay(kind, challengeStartDate, day)) continue;
    const at = instantAt(day, time, timeZone);
    if (at.getTime() > after.getTime()) return at;
  }
}
