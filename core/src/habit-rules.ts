import type { IsoDate } from './iso-date';
import type { CohortRules } from './cohort';
import type { Habit, HabitCompletions, TrackerData } from './tracker';
import { DAYS_PER_WEEK, addDays, challengeLastDay, challengeWeekNumber, compareIsoDates, daysBetween, isChallengeOver, localDateOf } from './dates';
import { COHORT_RULES, cohortRulesOf } from './cohort';
import { completionsOf } from './tracker';
import type { HabitSchedule, ScheduleDays } from './habit-schedule';
import { scheduleAsksFor, scheduleOf } from './habit-schedule';

// The two cohort rules that change what a habit's days are worth (docs/decisions/036):
// "Bentornato", a bonus for the first on-time tick after missed days, and the "Jolly", which
// covers the first missed day of each challenge week so a streak goes on (docs/decisions/053). Both are pure
// functions of the tracker (its completions and the rules the server copied into it), so the
// browser and the server work them out alike and points stay a function of the state.

// What a "Bentornato" is worth is in points.ts, with every other point value; the texts that
// explain these rules on "Come funzionano i punti" are there too, since they quote it.

/** Missed days per habit and challenge week that a jolly covers. */
export const JOLLIES_PER_WEEK = 1;

/** The rules a tracker runs by: the cohort's, as the server last copied them in (none copied: every rule off). */
export function trackerRules(data: TrackerData): CohortRules {
  return cohortRulesOf(data.rules);
}

/**
 * The `rules` field a tracker holds for a cohort's rules: none when every rule is off, so a tracker
 * of a cohort without rules (the default one among them) stays exactly as it was stored before them.
 */
export function rulesField(rules: CohortRules | null | undefined): Pick<TrackerData, 'rules'> {
  return rules && COHORT_RULES.some((rule) => rules[rule]) ? { rules: { ...rules } } : {};
}

/**
 * Whether `date` is a day `habit` (a tracker's habit, or its roster digest) is meant to be done, by
 * its schedule (habit-schedule.ts): the one place that decides it. Streaks, jollies, comebacks,
 * shares, the attention list and the reminders count only the days it says yes to.
 */
export function isScheduledDay(habit: { schedule?: HabitSchedule | undefined }, date: IsoDate, days: ScheduleDays): boolean {
  return scheduleAsksFor(scheduleOf(habit), date, days);
}

/** What isScheduledDay reads of a tracker's habit: its ticks, and the challenge weeks they fall in. */
export function scheduleDaysOf(data: TrackerData, habit: Habit): ScheduleDays {
  const completions = completionsOf(data, habit.id);
  return { weekAnchor: data.challengeStartDate, ticked: (day) => completions[day] !== undefined };
}

/** The first day a habit can be missed: its creation day (in the tracker's zone), never before the start. */
export function habitFirstDay(habit: Habit, timeZone: string, challengeStartDate: IsoDate): IsoDate {
  const created = localDateOf(habit.createdAt, timeZone);
  return compareIsoDates(created, challengeStartDate) > 0 ? created : challengeStartDate;
}

/**
 * The days of `habit` a jolly covers, up to `through` (the last day that is over): in each
 * challenge week, the first scheduled day not ticked while a streak is alive (a tick since the
 * habit's first day, not broken since). A jolly keeps a streak going: it never starts one, so a day
 * before the first tick, or after a miss that broke the run, is not covered and spends no jolly.
 * Empty when the cohort has no forgiving streak. Ticking a covered day later, within the strip,
 * frees its week's jolly again.
 */
export function jollyDays(data: TrackerData, habit: Habit, through: IsoDate): IsoDate[] {
  const start = data.challengeStartDate;
  if (start === null || !trackerRules(data).forgivingStreak) return [];
  const completions = completionsOf(data, habit.id);
  const lastDay = challengeLastDay(start);
  const end = compareIsoDates(through, lastDay) < 0 ? through : lastDay;
  const covered: IsoDate[] = [];
  const first = habitFirstDay(habit, data.timeZone, start);
  const scheduled = scheduleDaysOf(data, habit);
  // Day by day, the day's index from the start kept alongside (its week is index / 7).
  let index = daysBetween(start, first);
  let week = -1;
  let used = 0;
  let alive = false;
  for (let day = first; compareIsoDates(day, end) <= 0; day = addDays(day, 1), index++) {
    if (completions[day] !== undefined) {
      alive = true;
      continue;
    }
    if (!isScheduledDay(habit, day, scheduled)) continue;
    const dayWeek = Math.floor(index / DAYS_PER_WEEK);
    if (dayWeek !== week) {
      week = dayWeek;
      used = 0;
    }
    if (!alive || used >= JOLLIES_PER_WEEK) {
      alive = false;
      continue;
    }
    used++;
    covered.push(day);
  }
  return covered;
}

/**
 * Whether a jolly covers `day` (a day that is over), as jollyDays says: whether a day is covered
 * depends on the days before it alone.
 */
export function isJollyDay(data: TrackerData, habit: Habit, day: IsoDate): boolean {
  return jollyDays(data, habit, day).at(-1) === day;
}

/** The jollies `habit` has left in the challenge week of `today` (days up to yesterday are over); none after the eight weeks. */
export function jolliesLeft(data: TrackerData, habit: Habit, today: IsoDate): number {
  const start = data.challengeStartDate;
  if (start === null || !trackerRules(data).forgivingStreak || isChallengeOver(start, today)) return 0;
  const week = challengeWeekNumber(start, today);
  if (week === 0) return 0;
  const used = jollyDays(data, habit, addDays(today, -1)).filter((day) => challengeWeekNumber(start, day) === week).length;
  return Math.max(0, JOLLIES_PER_WEEK - used);
}

/**
 * The habit's days that keep a streak going up to `through`: its ticks, and the days a jolly
 * covers (as 'late', since a covered day earns no tick points of its own).
 */
export function keptDays(data: TrackerData, habit: Habit, through: IsoDate): HabitCompletions {
  const kept: HabitCompletions = { ...completionsOf(data, habit.id) };
  for (const day of jollyDays(data, habit, through)) kept[day] = 'late';
  return kept;
}

/**
 * Missed scheduled days in a row that make a return: one, or two when the cohort has the jolly (a
 * single miss is then covered and the streak never broke). Counted on the missed days alone, never
 * on whether a jolly covered them, so a return earns the same wherever the week's boundary falls.
 */
export function comebackGap(rules: CohortRules): number {
  return rules.forgivingStreak ? 2 : 1;
}

/**
 * The days that earn a "Bentornato" bonus: an on-time tick, within the challenge, right after
 * comebackGap missed scheduled days in a row (not ticked, on or after the habit's first day); at
 * most one per challenge week, the first. Empty when the cohort has no comeback bonus.
 */
export function comebackDays(data: TrackerData, habit: Habit): IsoDate[] {
  const start = data.challengeStartDate;
  const rules = trackerRules(data);
  if (start === null || !rules.comebackBonus) return [];
  const completions = completionsOf(data, habit.id);
  const ticked = Object.keys(completions).sort(compareIsoDates);
  const firstDay = habitFirstDay(habit, data.timeZone, start);
  const lastDay = challengeLastDay(start);
  const gap = comebackGap(rules);
  const weeks = new Set<number>();
  const days: IsoDate[] = [];
  const scheduled = scheduleDaysOf(data, habit);
  for (const day of ticked) {
    if (completions[day] !== 'onTime' || compareIsoDates(day, start) < 0 || compareIsoDates(day, lastDay) > 0) continue;
    let missed = 0;
    for (let previous = previousScheduledDay(habit, day, scheduled); missed < gap; previous = previousScheduledDay(habit, previous, scheduled)) {
      if (completions[previous] !== undefined || compareIsoDates(previous, firstDay) < 0) break;
      missed++;
    }
    if (missed < gap) continue;
    const week = challengeWeekNumber(start, day);
    if (weeks.has(week)) continue;
    weeks.add(week);
    days.push(day);
  }
  return days;
}

/** The scheduled day before `date` (with every day scheduled, the day before). */
export function previousScheduledDay(habit: Habit, date: IsoDate, days: ScheduleDays): IsoDate {
  let day = addDays(date, -1);
  // Free days run at most to the end of one week and the start of the next (12 for once a week):
  // the bound keeps a schedule with none from looping.
  for (let n = 0; n < 2 * DAYS_PER_WEEK && !isScheduledDay(habit, day, days); n++) day = addDays(day, -1);
  return day;
}

/**
 * What a day of a habit was, for the strip and the heatmap: ticked ('done'), covered by a jolly
 * ('jolly'), a day its schedule asked for and was not ticked ('missed'), one it did not ask for
 * ('free'), today or a day to come not ticked yet ('open'), or before the habit's first day
 * ('before'). A day is 'missed' only once it is over.
 */
export type HabitDayStatus = 'done' | 'jolly' | 'missed' | 'free' | 'open' | 'before';

export function habitDayStatus(data: TrackerData, habit: Habit, day: IsoDate, today: IsoDate, covered?: ReadonlySet<IsoDate>): HabitDayStatus {
  if (completionsOf(data, habit.id)[day] !== undefined) return 'done';
  const start = data.challengeStartDate;
  const first = start === null ? localDateOf(habit.createdAt, data.timeZone) : habitFirstDay(habit, data.timeZone, start);
  if (compareIsoDates(day, first) < 0) return 'before';
  const schedule = habit.schedule;
  // A "N volte a settimana" habit can be done on any day still to come: none of them is free yet.
  if (compareIsoDates(day, today) >= 0) return schedule?.kind === 'weekdays' && !isScheduledDay(habit, day, scheduleDaysOf(data, habit)) ? 'free' : 'open';
  if (!isScheduledDay(habit, day, scheduleDaysOf(data, habit))) return 'free';
  return (covered ? covered.has(day) : isJollyDay(data, habit, day)) ? 'jolly' : 'missed';
}
