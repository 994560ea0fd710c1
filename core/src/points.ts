import type { IsoDate } from './iso-date';
import type { PointsEntry, PointsKind, TrackerData } from './tracker';
import { CHALLENGE_WEEKS, DAYS_PER_WEEK, addDays, challengeLastDay, challengeWeekNumber, compareIsoDates, localDateOf } from './dates';
import { MAX_ACTIONS, WEEK_KEYS, completionsOf } from './tracker';
import { scheduledRuns } from './streaks';
import { cutText } from './text';
import { isMonthlyPeriod } from './maintenance';
import type { CohortRules } from './cohort';
import { STORED_COHORT_RULES } from './cohort';
import { JOLLIES_PER_WEEK, comebackDays, jollyDays, scheduleDaysOf, trackerRules } from './habit-rules';

// Points are a pure function of the tracker state: expectedAwards lists what is due now,
// reconcileHistory makes the history match it. Switching something on and off again
// therefore leaves the total where it was, streak bonuses included.

/** Completing a planner action with text. */
export const ACTION_POINTS = 10;
/** First save of a week's planner (once per week). */
export const PLANNER_SAVE_POINTS = 10;
/** The weekly check-in. */
export const CHECK_IN_POINTS = 10;
/** Completing a habit on the day itself. */
export const HABIT_POINTS = 2;
/** The "Bentornato" bonus (a cohort rule): the first on-time tick of a habit after one or more missed days. */
export const COMEBACK_BONUS_POINTS = 3;
/** Bonuses for a habit streak reaching these lengths. */
export const STREAK_BONUSES = [
  { days: 7, points: 5 },
  { days: 14, points: 10 },
  { days: 30, points: 20 },
] as const;
/** Characters of an action's text quoted in a points reason. */
export const REASON_TEXT_LENGTH = 30;

/** The points table, for the "sistema di punti" list on the Vittorie screen. */
export const POINTS_RULES = [
  { kind: 'action', label: "Completa un'azione del planner", points: ACTION_POINTS, note: 'annullandola perdi i punti' },
  { kind: 'plannerSave', label: 'Salva il planner della settimana', points: PLANNER_SAVE_POINTS, note: 'una volta a settimana' },
  { kind: 'checkIn', label: 'Check-in settimanale', points: CHECK_IN_POINTS, note: 'uno a settimana' },
  { kind: 'habit', label: "Completa un'abitudine oggi", points: HABIT_POINTS, note: 'i giorni passati non danno punti' },
  ...STREAK_BONUSES.map((bonus) => ({
    kind: 'streakBonus' as const,
    label: `Serie di ${bonus.days} giorni di un'abitudine`,
    points: bonus.points,
    note: 'bonus',
  })),
] as const satisfies ReadonlyArray<{ kind: PointsKind; label: string; points: number; note: string }>;

/** The "Bentornato" line of the points table, for cohorts that have the comeback bonus. */
export const COMEBACK_POINTS_RULE = {
  kind: 'comebackBonus',
  label: 'Bonus ritorno: riprendi un’abitudine dopo uno o più giorni mancati',
  points: COMEBACK_BONUS_POINTS,
  note: 'bonus, una volta a settimana per abitudine',
} as const satisfies { kind: PointsKind; label: string; points: number; note: string };

/** What "Come funzionano i punti" adds, under a rule's label and hint, about the rules that change a habit's days. */
export const HABIT_RULE_DETAILS = {
  comebackBonus: `+${COMEBACK_BONUS_POINTS} punti alla prima spunta puntuale dopo uno o più giorni mancati (con il jolly, almeno due di fila), una volta a settimana per abitudine. Non vale prima dell’inizio né dopo il giorno 56.`,
  forgivingStreak: `${JOLLIES_PER_WEEK} jolly a settimana per abitudine: copre il primo giorno mancato di una serie in corso e la serie continua. Il giorno coperto non dà punti e non allunga la serie; se lo segni nei giorni ancora modificabili, il jolly torna disponibile.`,
} as const;

/** The points table of a cohort: the spec's, and a line for each rule that awards points and is on. */
export function pointsRulesFor(rules: CohortRules): ReadonlyArray<{ kind: PointsKind; label: string; points: number; note: string }> {
  return rules.comebackBonus ? [...POINTS_RULES, COMEBACK_POINTS_RULE] : POINTS_RULES;
}

/** Something the tracker state currently earns; (kind, ref) identifies it. */
export interface Award {
  kind: PointsKind;
  ref: string;
  points: number;
  /** Challenge week the award belongs to (0 when it cannot be placed). */
  weekNumber: number;
  /** The day a habit award is for. */
  date?: IsoDate;
  reason: string;
}

/** The largest streak bonus: one habit reaches at most one bonus length in a week (they are 7 or more days apart). */
const LARGEST_STREAK_BONUS = Math.max(...STREAK_BONUSES.map((bonus) => bonus.points));

/** The most points any challenge week can hold with `habitCount` habits (a "Bentornato" per habit when the rules pay it). */
export function maxPointsPerWeek(habitCount: number, rules: CohortRules = STORED_COHORT_RULES): number {
  const comeback = rules.comebackBonus ? COMEBACK_BONUS_POINTS : 0;
  return MAX_ACTIONS * ACTION_POINTS + PLANNER_SAVE_POINTS + CHECK_IN_POINTS + habitCount * (DAYS_PER_WEEK * HABIT_POINTS + LARGEST_STREAK_BONUS + comeback);
}

/** Every award the tracker state earns right now, by the rules it carries (trackerRules). */
export function expectedAwards(data: TrackerData, options: { challengeStartDate: IsoDate | null }): Award[] {
  const start = options.challengeStartDate;
  // The rules' days are placed from the same start as the rest.
  const placed = data.challengeStartDate === start ? data : { ...data, challengeStartDate: start };
  const forgiving = trackerRules(placed).forgivingStreak;
  const awards: Award[] = [];

  for (const week of WEEK_KEYS) {
    for (const action of data.weeklyActions[week] ?? []) {
      if (!action.completed || action.text.trim() === '') continue;
      awards.push({
        kind: 'action',
        ref: `action:${week}:${action.id}`,
        points: ACTION_POINTS,
        weekNumber: Number(week),
        reason: `Azione completata: ${cutText(action.text.trim(), REASON_TEXT_LENGTH)}`,
      });
    }
  }

  for (const week of [...new Set(data.savedPlannerWeeks)].sort((a, b) => a - b)) {
    awards.push({
      kind: 'plannerSave',
      ref: `plannerSave:${week}`,
      points: PLANNER_SAVE_POINTS,
      weekNumber: week,
      reason: `Planner salvato (settimana ${week})`,
    });
  }

  for (const checkIn of data.checkIns) {
    // A monthly check-in of the maintenance phase earns nothing: points end with the eight weeks.
    if (isMonthlyPeriod(checkIn.weekNumber)) continue;
    awards.push({
      kind: 'checkIn',
      ref: `checkIn:${checkIn.weekNumber}`,
      points: CHECK_IN_POINTS,
      weekNumber: checkIn.weekNumber,
      date: checkIn.date,
      reason: 'Check-in settimanale',
    });
  }

  // Points end with the eight weeks: a habit ticked afterwards is kept (the habit is the point) but
  // earns nothing, so the totals and the leaderboard stay as the challenge left them.
  const lastDay = start === null ? null : challengeLastDay(start);
  const inChallenge = (date: IsoDate) => lastDay === null || compareIsoDates(date, lastDay) <= 0;
  for (const habit of data.habits) {
    const completions = completionsOf(data, habit.id);
    const days = Object.keys(completions).sort(compareIsoDates);
    const reason = `Abitudine completata: ${habit.name}`;
    for (const date of days) {
      if (completions[date] !== 'onTime' || !inChallenge(date)) continue;
      awards.push({
        kind: 'habit',
        ref: `habit:${habit.id}:${date}`,
        points: HABIT_POINTS,
        weekNumber: challengeWeekNumber(start, date),
        date,
        reason,
      });
    }
    // A day a jolly covers keeps the run going but is not a tick: it pays nothing and adds no day
    // to the run, so a bonus falls on the run's 7th (14th, 30th) tick.
    const lastTick = days[days.length - 1];
    const covered = forgiving && lastTick !== undefined ? jollyDays(placed, habit, addDays(lastTick, -1)) : [];
    const kept = covered.length > 0 ? [...days, ...covered].sort(compareIsoDates) : days;
    for (const day of comebackDays(placed, habit)) {
      awards.push({
        kind: 'comebackBonus',
        ref: `comebackBonus:${habit.id}:${day}`,
        points: COMEBACK_BONUS_POINTS,
        weekNumber: challengeWeekNumber(start, day),
        date: day,
        reason: `Bonus ritorno: ${habit.name}`,
      });
    }
    // A run of kept days by the habit's schedule: its free days neither count nor break it.
    for (const run of scheduledRuns(habit, kept, scheduleDaysOf(placed, habit))) {
      const ticks = covered.length > 0 ? run.days.filter((day) => completions[day] !== undefined) : run.days;
      for (const bonus of STREAK_BONUSES) {
        const day = ticks[bonus.days - 1];
        // Due only when the threshold day was ticked on the day itself: reached by ticking, not by back-filling.
        if (day === undefined || completions[day] !== 'onTime' || !inChallenge(day)) continue;
        awards.push({
          kind: 'streakBonus',
          ref: `streakBonus:${habit.id}:${day}:${bonus.days}`,
          points: bonus.points,
          weekNumber: challengeWeekNumber(start, day),
          date: day,
          reason: `Serie di ${bonus.days} giorni: ${habit.name}`,
        });
      }
    }
  }
  return awards;
}

/** An award still due, in the order it was first listed; `paid` once a history entry pays it. */
interface DueSlot {
  award: Award;
  paid: boolean;
}

/**
 * The day a new award counts on, given `today`: a habit's day (or its streak's), or for a week's
 * planner, action or check-in the day of that challenge week nearest to today. Never the day it
 * happens to be received, so a week opened minutes early by a clock's skew, or a zone that moves
 * "today", cannot move points into another calendar week.
 */
export function awardDay(award: Award, today: IsoDate, challengeStartDate: IsoDate | null): IsoDate {
  if (award.date !== undefined && (award.kind === 'habit' || award.kind === 'streakBonus' || award.kind === 'comebackBonus')) return award.date;
  if (challengeStartDate === null || award.weekNumber < 1) return today;
  const first = addDays(challengeStartDate, (award.weekNumber - 1) * 7);
  const last = addDays(first, 6);
  return compareIsoDates(today, first) < 0 ? first : compareIsoDates(today, last) > 0 ? last : today;
}

/**
 * The history that pays exactly `awards`: entries still due keep their original timestamp,
 * new awards are appended stamped `now`, each with the day and challenge week it counts for
 * (`today` is the participant's day at `now`, the server's when it vouches), the rest are dropped.
 */
export function reconcileHistory(
  previous: PointsEntry[],
  awards: Award[],
  now: Date,
  timeZone: string,
  challengeStartDate: IsoDate | null,
  today: IsoDate = localDateOf(now, timeZone),
): PointsEntry[] {
  // Awards by kind, then by ref: (kind, ref) identifies an award, and two lookups need no key string built.
  // A repeated (kind, ref) keeps its first place and its last value, as a Map keyed by both would.
  const due = new Map<PointsKind, Map<string, DueSlot>>();
  const slots: DueSlot[] = [];
  for (const award of awards) {
    let byRef = due.get(award.kind);
    if (byRef === undefined) {
      byRef = new Map();
      due.set(award.kind, byRef);
    }
    const slot = byRef.get(award.ref);
    if (slot === undefined) {
      const created = { award, paid: false };
      byRef.set(award.ref, created);
      slots.push(created);
    } else {
      slot.award = award;
    }
  }
  const kept: PointsEntry[] = [];
  for (const entry of previous) {
    const slot = due.get(entry.kind)?.get(entry.ref);
    if (slot === undefined || slot.award.points !== entry.points || slot.paid) continue;
    kept.push(entry);
    slot.paid = true;
  }
  if (kept.length === slots.length) return kept;
  const timestamp = now.toISOString();
  const weekNow = challengeWeekNumber(challengeStartDate, today);
  for (const { award, paid } of slots) {
    if (paid) continue;
    const date = awardDay(award, today, challengeStartDate);
    const weekNumber = award.weekNumber > 0 ? award.weekNumber : weekNow;
    kept.push({ points: award.points, reason: award.reason, timestamp, weekNumber, kind: award.kind, ref: award.ref, date });
  }
  return kept;
}

/** The tracker with its history reconciled to what its state earns (data.challengeStartDate places the weeks). */
export function withReconciledHistory(data: TrackerData, now: Date): TrackerData {
  const awards = expectedAwards(data, { challengeStartDate: data.challengeStartDate });
  const pointsHistory = reconcileHistory(data.pointsHistory, awards, now, data.timeZone, data.challengeStartDate);
  return { ...data, pointsHistory };
}

/**
 * The order the server and the merge keep a history in: oldest first, entries of one moment in a
 * fixed order, so that two copies holding the same entries are the same copy.
 */
export function compareHistoryEntries(x: PointsEntry, y: PointsEntry): number {
  if (x.timestamp !== y.timestamp) return x.timestamp < y.timestamp ? -1 : 1;
  const [kx, ky] = [JSON.stringify(x), JSON.stringify(y)];
  return kx < ky ? -1 : kx > ky ? 1 : 0;
}

/** Sum of a points history. */
export function totalPoints(history: PointsEntry[]): number {
  return history.reduce((sum, entry) => sum + entry.points, 0);
}

/** Points earned in each challenge week 1..8 (by the week stored on each entry). */
export function pointsByChallengeWeek(history: PointsEntry[]): Array<{ weekNumber: number; points: number }> {
  const weeks = Array.from({ length: CHALLENGE_WEEKS }, (_, i) => ({ weekNumber: i + 1, points: 0 }));
  for (const entry of history) {
    const week = weeks[entry.weekNumber - 1];
    if (week) week.points += entry.points;
  }
  return weeks;
}

/**
 * The calendar day a points entry counts on: the day its award is for, or, for an entry from
 * before awards kept one, the day it was received, read in `timeZone`.
 */
export function entryDay(entry: PointsEntry, timeZone: string): IsoDate {
  return entry.date ?? localDateOf(entry.timestamp, timeZone);
}

/** Points that count on a day of the calendar week starting `monday`. */
export function pointsInCalendarWeek(history: PointsEntry[], monday: IsoDate, timeZone: string): number {
  const sunday = addDays(monday, 6);
  return history.reduce((sum, entry) => {
    const day = entryDay(entry, timeZone);
    return day >= monday && day <= sunday ? sum + entry.points : sum;
  }, 0);
}
