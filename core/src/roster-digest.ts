import * as z from 'zod/mini';
import type { IsoDate } from './iso-date';
import type { Habit, TrackerData } from './tracker';
import { isoDateSchema } from './iso-date';
import { addDays, compareIsoDates, localDateOf } from './dates';
import { pointsByWeek } from './leaderboard-summary';
import { totalPoints } from './points';
import { MAX_STREAK_DAYS, STREAK_LIMITS } from './streaks';
import { walkBack, type ClosedStretch, type WalkStep } from './closed-days';
import { isScheduledDay, keptDays, scheduleDaysOf, trackerRules } from './habit-rules';
import type { ScheduleDays } from './habit-schedule';
import { habitScheduleSchema, scheduleWeekStart } from './habit-schedule';
import { WEEK_KEYS, moodSchema } from './tracker';

// What a coach's roster row needs of a participant's tracker, small enough to keep next to the
// participant (a few hundred bytes instead of the whole tracker) and written with every sync. It
// answers for any day from the one it was made on (`asOf`): the days a row looks at (the last week,
// the streak counted back from today) are kept one by one, everything older only as totals. The
// roster reads a page of these instead of a page of trackers; the rules that read them are the
// roster's and the attention list's own (roster.ts, attention.ts), which read a digest made on the day
// when they are given a whole tracker, so there is one way to count.

/** Days before `asOf` kept one by one: the week a row looks back over, and the day before it. */
export const DIGEST_WINDOW_DAYS = 7;

const habitDigestSchema = z.object({
  /** The day the habit exists from (its creation day) in the tracker's zone. */
  from: isoDateSchema,
  /** The day it stops existing (archived), excluded; null while active. */
  until: z.nullable(isoDateSchema),
  /**
   * Its ticked days from the window's first day on, oldest first; for a "N times a week" habit from
   * the first day of that day's week, since whether a day is asked for depends on the days before it.
   */
  ticked: z.array(isoDateSchema),
  /** Consecutive ticked days ending the day before the window (capped as streaks are); a day a jolly covers neither counts nor breaks them. */
  runBefore: z.int().check(z.minimum(0)),
  /** Missed days from the window's first day on that a jolly covers (the cohort's forgiving streak), up to the day before `asOf`. */
  covered: z.optional(z.array(isoDateSchema)),
  /** Its schedule (habit-schedule.ts), so the coach's figures count only the days it asks for; none: every day. */
  schedule: z.optional(habitScheduleSchema),
});

export const rosterDigestSchema = z.object({
  version: z.literal(1),
  /** The tracker's zone, the one its instants are read in. */
  timeZone: z.string(),
  /** The participant's day the digest was made on; it answers for this day and every later one. */
  asOf: isoDateSchema,
  /** Where the participant's challenge weeks begin, for a "N times a week" schedule (none: calendar weeks). */
  weekAnchor: z.optional(z.nullable(isoDateSchema)),
  totalPoints: z.int(),
  /** Points per calendar week, keyed by Monday. */
  pointsByWeek: z.record(isoDateSchema, z.int()),
  /** The latest day anything was done, not capped at today (a clock running ahead). */
  latestActivity: z.nullable(isoDateSchema),
  /** The check-ins, in challenge-week order. */
  checkIns: z.array(z.object({ weekNumber: z.int(), mood: moodSchema })),
  savedPlannerWeeks: z.array(z.int()),
  habits: z.array(habitDigestSchema),
  /** Days from the window's first on with a tick of any habit, listed or not. */
  tickedDays: z.array(isoDateSchema),
});
export type RosterDigest = z.infer<typeof rosterDigestSchema>;
export type HabitDigest = z.infer<typeof habitDigestSchema>;

/** The first day a digest made on `asOf` keeps one by one. */
function windowStart(asOf: IsoDate): IsoDate {
  return addDays(asOf, -DIGEST_WINDOW_DAYS);
}

/** The check-ins by challenge week, oldest first (one per week; the submission time breaks a tie). */
export function checkInsInOrder(tracker: TrackerData): TrackerData['checkIns'] {
  return [...tracker.checkIns].sort((a, b) => a.weekNumber - b.weekNumber || a.submittedAt.localeCompare(b.submittedAt));
}

/**
 * The latest day the participant did anything: a habit created, a day ticked (or unticked), a
 * planner action written or ticked, a check-in, points awarded. Null if never.
 */
export function latestActivityOf(tracker: TrackerData): IsoDate | null {
  const zone = tracker.timeZone;
  let last: IsoDate | null = null;
  const see = (day: IsoDate) => {
    if (last === null || compareIsoDates(day, last) > 0) last = day;
  };
  for (const habit of tracker.habits) see(localDateOf(habit.createdAt, zone));
  for (const days of Object.values(tracker.completions)) for (const day of Object.keys(days)) see(day);
  for (const checkIn of tracker.checkIns) see(checkIn.date);
  for (const entry of tracker.pointsHistory) see(localDateOf(entry.timestamp, zone));
  for (const stamps of Object.values(tracker.changedAt.habitDays)) for (const ms of Object.values(stamps)) see(localDateOf(new Date(ms), zone));
  for (const week of WEEK_KEYS) for (const ms of Object.values(tracker.changedAt.actions[week] ?? {})) see(localDateOf(new Date(ms), zone));
  return last;
}

/** The later of two days, either possibly none. */
function latestOf(a: IsoDate | null, b: IsoDate | null): IsoDate | null {
  if (a === null) return b;
  return b !== null && compareIsoDates(b, a) > 0 ? b : a;
}

/**
 * Ticked days in `days` ending on `last`, counting back over the days the schedule does not ask for
 * and those a jolly covers (`kept` but not ticked: they neither count nor break it), at most MAX_STREAK_DAYS.
 */
function runEndingOn(habit: Habit, tracker: TrackerData, kept: Record<IsoDate, unknown>, last: IsoDate, closed: ClosedStretch | undefined): number {
  const days = tracker.completions[habit.id] ?? {};
  const scheduled = scheduleDaysOf(tracker, habit);
  const step = (day: IsoDate): WalkStep => (days[day] !== undefined ? 'tick' : kept[day] === undefined && isScheduledDay(habit, day, scheduled) ? 'break' : 'free');
  return walkBack(last, step, STREAK_LIMITS, closed && { stretch: closed, habitId: habit.id });
}

/** What isScheduledDay reads of a digest's habit: its ticks in the window (none before it). */
export function digestScheduleDays(digest: Pick<RosterDigest, 'weekAnchor'>, habit: HabitDigest): ScheduleDays {
  return { weekAnchor: digest.weekAnchor ?? null, ticked: (day) => tickedOn(habit, day) };
}

/** The digest of `tracker` on the participant's day `asOf` (`closed`: of a split tracker's head, tracker-parts.ts). */
export function rosterDigest(tracker: TrackerData, asOf: IsoDate, closed?: ClosedStretch): RosterDigest {
  const zone = tracker.timeZone;
  const first = windowStart(asOf);
  const inWindow = (days: Record<IsoDate, unknown>, from: IsoDate = first) => Object.keys(days).filter((day) => day >= from).sort(compareIsoDates);
  const tickedDays = new Set<IsoDate>();
  for (const days of Object.values(tracker.completions)) for (const day of inWindow(days)) tickedDays.add(day);
  return {
    version: 1,
    timeZone: zone,
    asOf,
    ...(tracker.habits.some((habit) => habit.schedule !== undefined) ? { weekAnchor: tracker.challengeStartDate } : {}),
    totalPoints: totalPoints(tracker.pointsHistory),
    pointsByWeek: pointsByWeek(tracker),
    latestActivity: latestOf(latestActivityOf(tracker), closed?.latestActivity ?? null),
    checkIns: checkInsInOrder(tracker).map(({ weekNumber, mood }) => ({ weekNumber, mood })),
    savedPlannerWeeks: [...tracker.savedPlannerWeeks],
    habits: tracker.habits.map((habit) => {
      const days = tracker.completions[habit.id] ?? {};
      // A streak keeps the days a jolly covers: written only when the cohort has them, so a digest
      // of a cohort without the rule stays as it was.
      const kept = trackerRules(tracker).forgivingStreak ? keptDays(tracker, habit, addDays(asOf, -1)) : days;
      const covered = Object.keys(kept).filter((day) => day >= first && days[day] === undefined).sort(compareIsoDates);
      return {
        from: localDateOf(habit.createdAt, zone),
        until: habit.archivedAt === undefined ? null : localDateOf(habit.archivedAt, zone),
        ticked: inWindow(days, habit.schedule?.kind === 'timesPerWeek' ? scheduleWeekStart(tracker.challengeStartDate, first) : first),
        runBefore: runEndingOn(habit, tracker, kept, addDays(first, -1), closed),
        ...(covered.length > 0 ? { covered } : {}),
        ...(habit.schedule !== undefined ? { schedule: habit.schedule } : {}),
      };
    }),
    tickedDays: [...tickedDays].sort(compareIsoDates),
  };
}

/**
 * True when a stored digest answers for `today` in `timeZone`: made in that zone, on that day or
 * before. (A participant who changed zone since, or whose day is earlier than the digest's, is read
 * from the tracker.)
 */
export function digestAnswersFor(digest: RosterDigest, timeZone: string, today: IsoDate): boolean {
  return digest.timeZone === timeZone && compareIsoDates(digest.asOf, today) <= 0;
}

/** The active habits of a digest (not archived). */
export function activeHabitDigests(digest: RosterDigest): HabitDigest[] {
  return digest.habits.filter((habit) => habit.until === null);
}

/** Whether the habit was ticked on `day` (a day from the window's first on). */
export function tickedOn(habit: HabitDigest, day: IsoDate): boolean {
  return habit.ticked.includes(day);
}

/**
 * The habit's streak up to `today` (from yesterday while today is not ticked), capped at
 * MAX_STREAK_DAYS, as streaks.ts counts it: the ticked days (a day a jolly covers skipped, neither
 * counted nor breaking it), then the run before them.
 */
export function digestStreak(habit: HabitDigest, today: IsoDate, asOf: IsoDate, weekAnchor: IsoDate | null = null): number {
  const first = windowStart(asOf);
  const scheduled = digestScheduleDays({ weekAnchor }, habit);
  let day = tickedOn(habit, today) ? today : addDays(today, -1);
  let streak = 0;
  for (; streak < MAX_STREAK_DAYS && day >= first; day = addDays(day, -1)) {
    if (tickedOn(habit, day)) streak++;
    // A day the schedule does not ask for, or one a jolly covers, is skipped: it neither counts nor breaks the streak.
    else if (habit.covered?.includes(day) !== true && isScheduledDay(habit, day, scheduled)) return streak;
  }
  if (day < first) streak += habit.runBefore;
  return Math.min(streak, MAX_STREAK_DAYS);
}

/** "Costanza" from a digest: the best current streak among the active habits. */
export function digestBestStreak(digest: RosterDigest, today: IsoDate): number {
  return activeHabitDigests(digest).reduce((best, habit) => Math.max(best, digestStreak(habit, today, digest.asOf, digest.weekAnchor ?? null)), 0);
}

/** The last day anything was done, a day after `today` counting as today; null if never. */
export function digestLastActivity(digest: RosterDigest, today: IsoDate): IsoDate | null {
  const last = digest.latestActivity;
  return last !== null && compareIsoDates(last, today) > 0 ? today : last;
}
