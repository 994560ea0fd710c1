import * as z from 'zod/mini';
import type { IsoDate } from './iso-date';
import type { TrackerData } from './tracker';
import type { MaintenanceFigures, RosterRow } from './coach';
import { attentionCodeSchema } from './coach';
import type { RosterDigest } from './roster-digest';
import { addDays, CHALLENGE_WEEKS, challengeWeekNumber, isChallengeStarted, mondayOf } from './dates';
import { isInMaintenance, isMonthlyPeriod, maintenanceDay, maintenanceMonth } from './maintenance';
import { checkInsInOrder, digestBestStreak, digestLastActivity, digestScheduleDays, rosterDigest, tickedOn } from './roster-digest';
import { isScheduledDay } from './habit-rules';
import { tickedShare } from './habit-share';
import { livelloAllenamentoSchema, luogoAllenamentoSchema, schedaSchema, tempoAllenamentoSchema } from './user';

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
  | 'maintenance'
>;

export interface RosterInput {
  /** The synced tracker; null before the first sync. */
  tracker: TrackerData | null;
  /** The server's start date (it wins over the tracker's own copy). */
  challengeStartDate: IsoDate | null;
  /** Today in the participant's zone. */
  today: IsoDate;
}

/** The same input with the tracker's roster digest (one that answers for `today`) instead of the tracker. */
export interface DigestInput {
  digest: RosterDigest | null;
  challengeStartDate: IsoDate | null;
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
export function rosterFigures({ tracker, challengeStartDate, today }: RosterInput): RosterFigures {
  return rosterFiguresOf({ digest: tracker && rosterDigest(tracker, today), challengeStartDate, today });
}

/** rosterFigures from a digest that answers for `today` (roster-digest.ts). */
export function rosterFiguresOf({ digest, challengeStartDate: start, today }: DigestInput): RosterFigures {
  const started = isChallengeStarted(start, today);
  const challengeWeek = challengeWeekNumber(start, today);
  if (!digest) {
    // Past day 56 with nothing synced: in the maintenance view all the same, with nothing ticked.
    const maintenance = isInMaintenance(start, today) ? { day: maintenanceDay(start, today), month: maintenanceMonth(start, today), habitDaysLast7: 0, lastMonthlyMood: null } : null;
    return { ...emptyRosterFigures(started, challengeWeek), ...(maintenance ? { maintenance } : {}) };
  }
  const last = digest.checkIns.at(-1);
  const previous = digest.checkIns.at(-2);
  return {
    started,
    challengeWeek,
    pointsThisWeek: digest.pointsByWeek[mondayOf(today)] ?? 0,
    totalPoints: digest.totalPoints,
    habitsLast7DaysPercent: digestHabitsPercent(digest, start, today),
    currentStreak: digestBestStreak(digest, today),
    lastActivity: digestLastActivity(digest, today),
    lastMood: last?.mood ?? null,
    moodTrend: last && previous ? last.mood - previous.mood : null,
    plannerSavedThisWeek: challengeWeek > 0 && digest.savedPlannerWeeks.includes(challengeWeek),
    ...(isInMaintenance(start, today) ? { maintenance: digestMaintenance(digest, start!, today) } : {}),
  };
}

/** The "Mantenimento" figures from a digest that answers for `today`, a day after the eight weeks. */
function digestMaintenance(digest: RosterDigest, start: IsoDate, today: IsoDate): MaintenanceFigures {
  const days = new Set(Array.from({ length: HABIT_WINDOW_DAYS }, (_, i) => addDays(today, -i)));
  const habitDaysLast7 = digest.habits.reduce((sum, habit) => sum + habit.ticked.filter((day) => days.has(day)).length, 0);
  const monthly = digest.checkIns.filter((checkIn) => isMonthlyPeriod(checkIn.weekNumber)).at(-1);
  return { day: maintenanceDay(start, today), month: maintenanceMonth(start, today), habitDaysLast7, lastMonthlyMood: monthly?.mood ?? null };
}

/**
 * Share (0..100) of the habit-days ticked over the last 7 days, today included: a day counts for
 * each habit that existed on it (created that day or before, not yet archived), only from the
 * challenge's start. Today counts only once ticked, so the share does not drop every morning
 * before the participant has had a chance to tick (as currentStreak does). Null when there is
 * no habit-day to measure: no habits, or not started.
 */
export function habitsPercent(tracker: TrackerData, start: IsoDate | null, today: IsoDate): number | null {
  return digestHabitsPercent(rosterDigest(tracker, today), start, today);
}

function digestHabitsPercent(digest: RosterDigest, start: IsoDate | null, today: IsoDate): number | null {
  if (!isChallengeStarted(start, today)) return null;
  const days = Array.from({ length: HABIT_WINDOW_DAYS }, (_, i) => addDays(today, i - (HABIT_WINDOW_DAYS - 1))).filter((day) => day >= start);
  return tickedShare(
    digest.habits.map((habit) => {
      const scheduleDays = digestScheduleDays(digest, habit);
      return { ...habit, ticked: (day: IsoDate) => tickedOn(habit, day), scheduled: (day: IsoDate) => isScheduledDay(habit, day, scheduleDays) };
    }),
    days,
    today,
  );
}

/**
 * The last day the participant did anything (roster-digest.ts, latestActivityOf). Change stamps
 * and points come from clocks, so a day after `today` (a device running ahead) counts as today.
 * Null if never.
 */
export function lastActivityDay(tracker: TrackerData, today: IsoDate): IsoDate | null {
  return digestLastActivity(rosterDigest(tracker, today), today);
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

/** What a roster row shows of the participant's onboarding: the answers and the sheet they assigned. */
export type RosterTraining = Pick<RosterRow, 'tempoAllenamento' | 'luogoAllenamento' | 'livelloAllenamento' | 'schedaAssegnata'>;

/** Any stored value of an answer: one the schema does not name reads as none. */
const storedAnswer = <T extends z.ZodMiniType>(schema: T) => z.catch(z.nullable(schema), null);

const storedTrainingSchema = z.object({
  tempoAllenamento: storedAnswer(tempoAllenamentoSchema),
  luogoAllenamento: storedAnswer(luogoAllenamentoSchema),
  livelloAllenamento: storedAnswer(livelloAllenamentoSchema),
  schedaAssegnata: storedAnswer(schedaSchema),
});

/**
 * The onboarding answers and sheet of a participant's stored user document. The document is not
 * checked when read, so an unknown value reads as none: one odd document must not fail the schema
 * of the coach's whole page.
 */
export function rosterTrainingOf(user: Record<keyof RosterTraining, unknown>): RosterTraining {
  return z.parse(storedTrainingSchema, user);
}

/**
 * How many of the challenge weeks so far (1..`challengeWeek`, the current one included) have a
 * saved planner. A week saved ahead counts once it arrives, so the count never exceeds the weeks.
 */
export function plannerWeeksSaved(savedPlannerWeeks: readonly number[], challengeWeek: number): number {
  return new Set(savedPlannerWeeks.filter((week) => Number.isInteger(week) && week >= 1 && week <= challengeWeek)).size;
}

/**
 * The check-in reflection of each challenge week, weeks 1..8 in order, null for a week without a
 * check-in. A week with two check-ins shows the one submitted last, as the moods do.
 */
export function reflectionsByWeek(tracker: TrackerData | null): Array<string | null> {
  const byWeek = new Map(tracker ? checkInsInOrder(tracker).map((c) => [c.weekNumber, c.reflection]) : []);
  return Array.from({ length: CHALLENGE_WEEKS }, (_, i) => byWeek.get(i + 1) ?? null);
}
