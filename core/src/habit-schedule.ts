import * as z from 'zod/mini';
import type { IsoDate } from './iso-date';
import { DAYS_PER_WEEK, addDays, daysBetween, italianWeekday, mondayOf, weekdayIndex } from './dates';

// A habit's schedule (docs/decisions/041): every day (the default, and what every habit stored
// before schedules has), chosen weekdays, or N times a week. The schedule in force applies to
// every day of the habit, past ones included: points, streaks and shares are a function of the
// tracker as it is, so no history of schedules is kept (and none can be forged).

/** Most (and fewest) times a week a "N volte a settimana" habit can ask for: 7 is every day. */
export const MIN_TIMES_PER_WEEK = 1;
export const MAX_TIMES_PER_WEEK = 6;

/** The Italian name of a weekday index (Monday 0): 1 January 2024 was a Monday. */
export function weekdayName(index: number, style: 'short' | 'long' = 'short'): string {
  return italianWeekday(addDays('2024-01-01', index), style);
}

export const scheduleMessages = {
  weekdaysRequired: 'Scegli almeno un giorno della settimana',
  timesOutOfRange: `Scegli da ${MIN_TIMES_PER_WEEK} a ${MAX_TIMES_PER_WEEK} volte a settimana`,
} as const;

const weekdaySchema = z.int().check(z.minimum(0), z.maximum(DAYS_PER_WEEK - 1));

/** Every day; chosen weekdays (Monday 0 … Sunday 6); or `times` ticks within each challenge week. */
export const habitScheduleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('daily') }),
  z.object({
    kind: z.literal('weekdays'),
    days: z
      .array(weekdaySchema)
      .check(
        z.minLength(1, scheduleMessages.weekdaysRequired),
        z.maxLength(DAYS_PER_WEEK),
        z.refine((days) => new Set(days).size === days.length, { error: 'Giorni ripetuti' }),
      ),
  }),
  z.object({
    kind: z.literal('timesPerWeek'),
    times: z.int({ error: scheduleMessages.timesOutOfRange }).check(
      z.minimum(MIN_TIMES_PER_WEEK, scheduleMessages.timesOutOfRange),
      z.maximum(MAX_TIMES_PER_WEEK, scheduleMessages.timesOutOfRange),
    ),
  }),
]);
export type HabitSchedule = z.infer<typeof habitScheduleSchema>;

export const DAILY: HabitSchedule = { kind: 'daily' };

/** Milliseconds since the epoch, from the clock of the device that made the change. */
const stampSchema = z.int().check(z.minimum(0));

/**
 * When each editable part of a habit last changed (the merge's registers, tracker-merge.ts): a
 * part without a stamp is as the habit was created, and any stamped change wins over it.
 */
export const habitStampsSchema = z.object({
  name: z.optional(stampSchema),
  order: z.optional(stampSchema),
  archived: z.optional(stampSchema),
  schedule: z.optional(stampSchema),
});
export type HabitStamps = z.infer<typeof habitStampsSchema>;
export type HabitPart = keyof HabitStamps;

/** A habit's schedule, every day when it has none. */
export function scheduleOf(habit: { schedule?: HabitSchedule | undefined }): HabitSchedule {
  return habit.schedule ?? DAILY;
}

/** The schedule as the habit stores it: none for every day, weekdays in order. */
export function normalSchedule(schedule: HabitSchedule): HabitSchedule | undefined {
  if (schedule.kind === 'daily') return undefined;
  if (schedule.kind === 'weekdays') {
    const days = [...new Set(schedule.days)].sort((a, b) => a - b);
    return days.length === DAYS_PER_WEEK ? undefined : { kind: 'weekdays', days };
  }
  return schedule;
}

/** What a schedule reads of a habit's days: where its weeks begin, and which days were ticked. */
export interface ScheduleDays {
  /** The first day of the participant's challenge weeks; null: calendar weeks from Monday. */
  weekAnchor: IsoDate | null;
  ticked(day: IsoDate): boolean;
}

/** The first day of the week (challenge week, counted on past day 56; or calendar week) holding `day`. */
export function scheduleWeekStart(anchor: IsoDate | null, day: IsoDate): IsoDate {
  if (anchor === null) return mondayOf(day);
  const offset = ((daysBetween(anchor, day) % DAYS_PER_WEEK) + DAYS_PER_WEEK) % DAYS_PER_WEEK;
  return addDays(day, -offset);
}

/**
 * Whether `date` is a day the schedule asks for. For "N times a week" a week keeps 7 − N free
 * days: a day not ticked is free while fewer than 7 − N untouched days came before it in its week,
 * and asked for once the week could no longer reach N without it. A ticked day is always asked
 * for (it counts), so a day missed is one that makes the week fall short.
 */
export function scheduleAsksFor(schedule: HabitSchedule, date: IsoDate, days: ScheduleDays): boolean {
  switch (schedule.kind) {
    case 'daily':
      return true;
    case 'weekdays':
      return schedule.days.includes(weekdayIndex(date));
    case 'timesPerWeek': {
      if (days.ticked(date)) return true;
      const free = DAYS_PER_WEEK - schedule.times;
      let untouched = 0;
      for (let day = scheduleWeekStart(days.weekAnchor, date); day < date; day = addDays(day, 1)) {
        if (!days.ticked(day)) untouched++;
      }
      return untouched >= free;
    }
  }
}

/** Ticks in the week holding `date`, and the target of a "N times a week" habit (null for the others). */
export function weekTicks(schedule: HabitSchedule, date: IsoDate, days: ScheduleDays): { ticked: number; target: number | null } {
  const first = scheduleWeekStart(days.weekAnchor, date);
  let ticked = 0;
  for (let i = 0; i < DAYS_PER_WEEK; i++) if (days.ticked(addDays(first, i))) ticked++;
  return { ticked, target: schedule.kind === 'timesPerWeek' ? schedule.times : null };
}

/** The schedule in Italian: "Ogni giorno", "lun, mer, ven", "3 volte a settimana". */
export function scheduleLabel(schedule: HabitSchedule): string {
  switch (schedule.kind) {
    case 'daily':
      return 'Ogni giorno';
    case 'weekdays':
      return schedule.days.map((day) => weekdayName(day)).join(', ');
    case 'timesPerWeek':
      return schedule.times === 1 ? '1 volta a settimana' : `${schedule.times} volte a settimana`;
  }
}
