import type { IsoDate } from './iso-date';
import type { CheckIn, Completions, PointsEntry, TrackerData, WeekKey } from './tracker';
import { addDays, challengeWeekNumber, compareIsoDates, isChallengeOver, mondayOf, todayIn } from './dates';
import { ACTION_POINTS, CHECK_IN_POINTS, COMEBACK_BONUS_POINTS, PLANNER_SAVE_POINTS, compareHistoryEntries, entryDay, expectedAwards, maxPointsPerWeek, reconcileHistory } from './points';
import { MAX_ACTIONS, MIN_ACTIONS, WEEK_KEYS, emptyTracker, seasonField, seasonOf } from './tracker';
import { DEVICE_CLOCK_SKEW_MS, boundHabitStamps, vouchedChangeClocks } from './change-stamps';
import { effectiveDayAt, effectiveToday } from './participant-calendar';
import { formatterFor } from './zone-formatters';
import type { CohortRules } from './cohort';
import { STORED_COHORT_RULES } from './cohort';
import { rulesField } from './habit-rules';
import { checkInPeriod } from './maintenance';

// What the server can vouch for in a synced tracker (docs/decisions/018). The browser says what
// the participant did; the server decides when it happened, by its own clock, in the zone it
// keeps for the participant: a tick earns the "today" points only if the server received it that
// day (or, made offline, before 03:00 of the next), a past day can be back-filled only as far back
// as the habit strip reaches, a planner or a check-in counts only for the current week, and every
// point entry carries the moment the server first saw it.

/** A tick for yesterday first received before this hour (participant's zone) is still on time. */
export const ON_TIME_GRACE_HOURS = 3;
/** Past days the habit strip reaches: today and the 6 before it. */
export const BACKFILL_DAYS = 6;

const HOUR: Intl.DateTimeFormatOptions = { hour: '2-digit', hourCycle: 'h23' };

/** The hour (0–23) on the wall clock of `timeZone` at `instant`. */
export function localHour(instant: Date, timeZone: string): number {
  return Number(formatterFor(timeZone, HOUR, 'en-GB').format(instant));
}

export interface VouchContext {
  /** The server's start date and zone for the participant, never the browser's. */
  challengeStartDate: IsoDate | null;
  timeZone: string;
  /** The floor a change of zone left (participant-calendar.ts): a day before it is never today again. */
  dayFloor?: IsoDate | null;
  /** The participant's first day when they joined a cohort running together after its start (User.challengeJoinedOn): earlier days are not theirs. */
  firstDay?: IsoDate | null;
  /** The cohort's rules, read from the cohort on every sync: the browser's copy is never taken (none: every rule off). */
  rules?: CohortRules | null;
  now: Date;
}

/** The days a tick received now can be on time for, and the challenge weeks a planner or check-in can still count for. */
export function receptionWindow(context: VouchContext) {
  const { challengeStartDate: start, timeZone, now } = context;
  const calendar = { timeZone, dayFloor: context.dayFloor ?? null, timeZoneChangedOn: null };
  const today = effectiveToday(calendar, now);
  // The grace for yesterday belongs to a day that began here: not to one a floor holds.
  const graceDay = today === todayIn(timeZone, now) && localHour(now, timeZone) < ON_TIME_GRACE_HOURS ? addDays(today, -1) : today;
  const latestDay = effectiveDayAt(calendar, new Date(now.getTime() + DEVICE_CLOCK_SKEW_MS));
  const onTimeDays = new Set([graceDay, today, latestDay]);
  // Week numbers are capped at 8: a day after the eight weeks opens no planner week.
  const weekOf = (day: IsoDate) => (isChallengeOver(start, day) ? 0 : challengeWeekNumber(start, day));
  const openWeeks = new Set([weekOf(graceDay), weekOf(latestDay)].filter((week) => week > 0));
  // A check-in counts for the period of today: a challenge week, or from day 57 a maintenance month.
  const openCheckInPeriods = new Set([checkInPeriod(start, graceDay), checkInPeriod(start, latestDay)].filter((period) => period > 0));
  return { today, latestDay, earliestDay: addDays(today, -BACKFILL_DAYS), onTimeDays, openWeeks, openCheckInPeriods };
}

/**
 * Ticks as the server vouches for them: one seen before keeps the kind it was given then; a new
 * one (or one ticked again since) is on time only if received on its day, late if back-filled
 * within the strip, and not taken at all if older, in the future or before the start.
 */
function vouchCompletions(submitted: TrackerData, stored: TrackerData, context: VouchContext) {
  const window = receptionWindow(context);
  const completions: Completions = {};
  const habitDays: TrackerData['changedAt']['habitDays'] = {};
  const habitIds = new Set([...Object.keys(submitted.completions), ...Object.keys(submitted.changedAt.habitDays)]);
  // An archived habit cannot be ticked: a restored one earns nothing for the days it was away.
  const archived = new Set(submitted.habits.filter((habit) => habit.archivedAt !== undefined).map((habit) => habit.id));
  for (const habitId of habitIds) {
    const sent = submitted.completions[habitId] ?? {};
    const sentStamps = submitted.changedAt.habitDays[habitId] ?? {};
    const kept = stored.completions[habitId] ?? {};
    const keptStamps = stored.changedAt.habitDays[habitId] ?? {};
    const days: Record<IsoDate, 'onTime' | 'late'> = {};
    const stamps: Record<IsoDate, number> = {};
    for (const day of new Set([...Object.keys(sent), ...Object.keys(sentStamps), ...Object.keys(kept), ...Object.keys(keptStamps)])) {
      const sentStamp = sentStamps[day] ?? 0;
      const keptStamp = keptStamps[day] ?? 0;
      let kind = sent[day];
      let stamp = Math.max(sentStamp, keptStamp);
      if (kind !== undefined && kept[day] !== undefined && sentStamp <= keptStamp) {
        kind = kept[day];
      } else if (kind !== undefined) {
        const refused =
          archived.has(habitId) ||
          compareIsoDates(day, window.latestDay) > 0 ||
          compareIsoDates(day, window.earliestDay) < 0 ||
          (context.challengeStartDate !== null && compareIsoDates(day, context.challengeStartDate) < 0) ||
          (context.firstDay != null && compareIsoDates(day, context.firstDay) < 0);
        if (refused) {
          // Not taken: what the server held before stays, stamp included.
          kind = kept[day];
          stamp = keptStamp;
        } else if (kind === 'onTime' && !window.onTimeDays.has(day)) {
          kind = 'late';
        }
      }
      if (kind !== undefined) days[day] = kind;
      if (stamp > 0) stamps[day] = stamp;
    }
    if (Object.keys(days).length > 0) completions[habitId] = days;
    if (Object.keys(stamps).length > 0) habitDays[habitId] = stamps;
  }
  return { completions, habitDays };
}

/** Planners of closed weeks stay as the server held them; a new save or check-in counts for an open week only. */
function vouchWeeks(submitted: TrackerData, stored: TrackerData, context: VouchContext) {
  const { openWeeks, openCheckInPeriods } = receptionWindow(context);
  const weeklyActions = { ...submitted.weeklyActions };
  const actionStamps = { ...submitted.changedAt.actions };
  for (const week of WEEK_KEYS) {
    if (openWeeks.has(Number(week))) continue;
    restore(weeklyActions, stored.weeklyActions, week);
    restore(actionStamps, stored.changedAt.actions, week);
  }
  const filled = (week: number) => (weeklyActions[String(week) as WeekKey] ?? []).filter((action) => action.text.trim() !== '').length;
  const savedPlannerWeeks = submitted.savedPlannerWeeks.filter(
    (week) => stored.savedPlannerWeeks.includes(week) || (openWeeks.has(week) && filled(week) >= MIN_ACTIONS),
  );
  const storedWeeks = new Map(stored.checkIns.map((checkIn) => [checkIn.weekNumber, checkIn]));
  const checkIns: CheckIn[] = [];
  for (const week of new Set([...storedWeeks.keys(), ...submitted.checkIns.map((checkIn) => checkIn.weekNumber)])) {
    const kept = storedWeeks.get(week);
    const sent = submitted.checkIns.find((checkIn) => checkIn.weekNumber === week);
    // A check-in once received stays as it was; a new one counts only for an open week (or maintenance month).
    if (kept) checkIns.push(kept);
    else if (sent && openCheckInPeriods.has(week)) checkIns.push(sent);
  }
  checkIns.sort((x, y) => x.weekNumber - y.weekNumber);
  return { weeklyActions, actionStamps, savedPlannerWeeks, checkIns };
}

function restore<T>(target: Partial<Record<WeekKey, T>>, source: Partial<Record<WeekKey, T>>, week: WeekKey) {
  if (source[week] === undefined) delete target[week];
  else target[week] = source[week];
}

/**
 * The most a calendar week can hold: every habit every day with its bonuses, and a planner, a
 * check-in and (when the rules pay it) a "Bentornato" per habit for each of the two challenge
 * weeks a calendar week can touch when the start is not a Monday.
 */
export function calendarWeekCap(habitCount: number, rules: CohortRules = STORED_COHORT_RULES): number {
  const comeback = rules.comebackBonus ? habitCount * COMEBACK_BONUS_POINTS : 0;
  return maxPointsPerWeek(habitCount, rules) + MAX_ACTIONS * ACTION_POINTS + PLANNER_SAVE_POINTS + CHECK_IN_POINTS + comeback;
}


/**
 * The tracker as the server stores it: the participant's work, with the kinds, weeks and points
 * the server can vouch for. `stored` is the server's previous copy (null before the first sync).
 * The browser's points history is ignored: the server's own entries keep their dates, new awards
 * are dated now, and none goes past the calendar week's cap.
 */
export function vouchTracker(submitted: TrackerData, stored: TrackerData | null, context: VouchContext): TrackerData {
  const base = stored ?? emptyTracker(context.timeZone, context.now, context.challengeStartDate);
  const { completions, habitDays } = vouchCompletions(submitted, base, context);
  const { weeklyActions, actionStamps, savedPlannerWeeks, checkIns } = vouchWeeks(submitted, base, context);
  const { rules: _sent, season: _claimed, ...work } = submitted;
  const vouched: TrackerData = {
    ...work,
    ...rulesField(context.rules),
    habits: submitted.habits.map((habit) => boundHabitStamps(habit, context.now)),
    // The season is the server's: only accepting a new season's invitation starts one.
    ...seasonField(seasonOf(base)),
    timeZone: context.timeZone,
    challengeStartDate: context.challengeStartDate,
    completions,
    weeklyActions,
    savedPlannerWeeks,
    checkIns,
    changedAt: { habitDays, actions: actionStamps },
  };
  vouched.changedAt = vouchedChangeClocks(vouched, base, context.now);
  const awards = expectedAwards(vouched, { challengeStartDate: context.challengeStartDate });
  const { today, onTimeDays } = receptionWindow(context);
  // Once no day a tick could still be on time for is in the eight weeks, the points are final: a
  // later change (a schedule now read over past days, a zone) may take an award back, never add one.
  const start = context.challengeStartDate;
  const final = start !== null && [...onTimeDays].every((day) => isChallengeOver(start, day));
  const history = reconcileHistory(base.pointsHistory, awards, context.now, context.timeZone, context.challengeStartDate, today);
  // New entries beyond what their calendar week can hold are not paid.
  const cap = calendarWeekCap(vouched.habits.length, context.rules ?? STORED_COHORT_RULES);
  const previous = new Set(base.pointsHistory);
  const weekOf = (entry: PointsEntry) => mondayOf(entryDay(entry, context.timeZone));
  const excess = new Map<IsoDate, number>();
  for (const entry of history) excess.set(weekOf(entry), (excess.get(weekOf(entry)) ?? 0) + entry.points);
  for (const [week, points] of excess) excess.set(week, points - cap);
  const pointsHistory = history.filter((entry) => {
    const week = weekOf(entry);
    const over = excess.get(week)!;
    if (previous.has(entry) || entry.points <= 0) return true;
    if (final) return false;
    if (over <= 0) return true;
    excess.set(week, over - entry.points);
    return false;
  });
  return { ...vouched, pointsHistory: pointsHistory.sort(compareHistoryEntries) };
}
