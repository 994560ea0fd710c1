import type { IsoDate } from './iso-date';
import type { CheckIn, TrackerData } from './tracker';
import type { RosterRow } from './coach';
import { attentionCodeSchema } from './coach';
import { addDays, challengeWeekDays, challengeWeekNumber, compareIsoDates, isChallengeStarted, localDateOf, mondayOf } from './dates';
import { pointsInCalendarWeek, totalPoints } from './points';
import { bestCurrentStreak } from './streaks';
import { WEEK_KEYS } from './tracker';

// The figures of one row of the coach's roster, from the participant's synced tracker. `today` is
// the participant's calendar day; the tracker's instants (history, change stamps, habit creation)
// are read as days in the tracker's own zone, the one the server vouched it in.

/** The figures of a roster row that come from the tracker and the challenge's start. */
export type RosterFigures = Pick<
  RosterRow,
  | 'started'
  | 'challengeWeek'
  | 'pointsThisWeek'
  | 'totalPoints'
  | 'habitsLast7DaysPercent'
  | 'currentStreak'
  | 'lastActivity'
  | 'lastMood'
  | 'moodTrend'
  | 'plannerSavedThisWeek'
>;

export interface RosterInput {
  /** The synced tracker; null before the first sync. */
  tracker: TrackerData | null;
  /** The server's start date (it wins over the tracker's own copy). */
  challengeStartDate: IsoDate | null;
  /** Today in the participant's zone. */
  today: IsoDate;
}

/** Days the habits share looks back over, today included. */
export const HABIT_WINDOW_DAYS = 7;

/** A roster row's figures with nothing in them: zeros and nulls. */
export function emptyRosterFigures(started: boolean, challengeWeek: number): RosterFigures {
  return {
    started,
    challengeWeek,
    pointsThisWeek: 0,
    totalPoints: 0,
    habitsLast7DaysPercent: null,
    currentStreak: 0,
    lastActivity: null,
    lastMood: null,
    moodTrend: null,
    plannerSavedThisWeek: false,
  };
}

/** A roster row's figures: zeros and nulls for a participant who has never synced. */
export function rosterFigures({ tracker, challengeStartDate: start, today }: RosterInput): RosterFigures {
  const started = isChallengeStarted(start, today);
  const challengeWeek = challengeWeekNumber(start, today);
  if (!tracker) return emptyRosterFigures(started, challengeWeek);
  const checkIns = checkInsInOrder(tracker);
  const last = checkIns.at(-1);
  const previous = checkIns.at(-2);
  return {
    started,
    challengeWeek,
    pointsThisWeek: pointsInCalendarWeek(tracker.pointsHistory, mondayOf(today), tracker.timeZone),
    totalPoints: totalPoints(tracker.pointsHistory),
    habitsLast7DaysPercent: habitsPercent(tracker, start, today),
    currentStreak: bestCurrentStreak(tracker, today),
    lastActivity: lastActivityDay(tracker, today),
    lastMood: last?.mood ?? null,
    moodTrend: last && previous ? last.mood - previous.mood : null,
    plannerSavedThisWeek: challengeWeek > 0 && tracker.savedPlannerWeeks.includes(challengeWeek),
  };
}

/** The check-ins by challenge week, oldest first (one per week; the submission time breaks a tie). */
export function checkInsInOrder(tracker: TrackerData): CheckIn[] {
  return [...tracker.checkIns].sort((a, b) => a.weekNumber - b.weekNumber || a.submittedAt.localeCompare(b.submittedAt));
}

/** The day a habit exists from (its creation day) and, when archived, the day it stops (excluded). */
function habitLifetime(createdAt: string, archivedAt: string | undefined, timeZone: string): { from: IsoDate; until: IsoDate | null } {
  return { from: localDateOf(createdAt, timeZone), until: archivedAt === undefined ? null : localDateOf(archivedAt, timeZone) };
}

/**
 * Share (0..100) of the habit-days ticked over the last 7 days, today included: a day counts for
 * each habit that existed on it (created that day or before, not yet archived), only from the
 * challenge's start. Today counts only once ticked, so the share does not drop every morning
 * before the participant has had a chance to tick (as currentStreak does). Null when there is
 * no habit-day to measure: no habits, or not started.
 */
export function habitsPercent(tracker: TrackerData, start: IsoDate | null, today: IsoDate): number | null {
  if (!isChallengeStarted(start, today)) return null;
  const days = Array.from({ length: HABIT_WINDOW_DAYS }, (_, i) => addDays(today, i - (HABIT_WINDOW_DAYS - 1))).filter((day) => day >= start);
  return tickedShare(tracker, days, today);
}

/**
 * The same share over one challenge week (1..8): its days up to today, today only once ticked.
 * Null before the week or without a habit-day in it.
 */
export function weekHabitsPercent(tracker: TrackerData, start: IsoDate | null, weekNumber: number, today: IsoDate): number | null {
  if (!isChallengeStarted(start, today)) return null;
  return tickedShare(tracker, challengeWeekDays(start, weekNumber).filter((day) => day <= today), today);
}

/** Share (0..100) of the habit-days among `days` that were ticked, for each habit that existed on the day; null when none. */
function tickedShare(tracker: TrackerData, days: IsoDate[], today: IsoDate): number | null {
  let possible = 0;
  let ticked = 0;
  for (const habit of tracker.habits) {
    const life = habitLifetime(habit.createdAt, habit.archivedAt, tracker.timeZone);
    const completions = tracker.completions[habit.id] ?? {};
    for (const day of days) {
      if (day < life.from || (life.until !== null && day >= life.until)) continue;
      const done = completions[day] !== undefined;
      if (day === today && !done) continue;
      possible++;
      if (done) ticked++;
    }
  }
  return possible === 0 ? null : Math.round((100 * ticked) / possible);
}

/**
 * The last day the participant did anything: a habit created, a day ticked (or unticked),
 * a planner action written or ticked, a check-in, points awarded. Change stamps and points come
 * from clocks, so a day after `today` (a device running ahead) counts as today. Null if never.
 */
export function lastActivityDay(tracker: TrackerData, today: IsoDate): IsoDate | null {
  const zone = tracker.timeZone;
  let last: IsoDate | null = null;
  const see = (day: IsoDate) => {
    const capped = compareIsoDates(day, today) > 0 ? today : day;
    if (last === null || compareIsoDates(capped, last) > 0) last = capped;
  };
  for (const habit of tracker.habits) see(localDateOf(habit.createdAt, zone));
  for (const days of Object.values(tracker.completions)) for (const day of Object.keys(days)) see(day);
  for (const checkIn of tracker.checkIns) see(checkIn.date);
  for (const entry of tracker.pointsHistory) see(localDateOf(entry.timestamp, zone));
  for (const stamps of Object.values(tracker.changedAt.habitDays)) for (const ms of Object.values(stamps)) see(localDateOf(new Date(ms), zone));
  for (const week of WEEK_KEYS) for (const ms of Object.values(tracker.changedAt.actions[week] ?? {})) see(localDateOf(new Date(ms), zone));
  return last;
}

const URGENCY = attentionCodeSchema.options;

/** The roster's order: the most urgent first reason first, then more reasons, then no reason; then by name, then id. */
export function compareRosterRows(a: Pick<RosterRow, 'attention' | 'name' | 'userId'>, b: Pick<RosterRow, 'attention' | 'name' | 'userId'>): number {
  const urgency = (row: Pick<RosterRow, 'attention'>) => {
    const first = row.attention[0];
    return first === undefined ? URGENCY.length : URGENCY.indexOf(first.code);
  };
  return (
    urgency(a) - urgency(b) ||
    b.attention.length - a.attention.length ||
    a.name.localeCompare(b.name, 'it') ||
    a.userId.localeCompare(b.userId)
  );
}
