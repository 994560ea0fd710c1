import type { IsoDate } from './iso-date';
import type { TrackerData } from './tracker';
import { CHALLENGE_WEEKS, addDays, challengeWeekNumber, compareIsoDates, todayIn } from './dates';
import { dayIsInPeriod, isMonthlyPeriod, maintenanceMonth } from './maintenance';
import { WEEK_KEYS } from './tracker';

// The server refuses a synced tracker whose shape no real sequence of the reducers in
// tracker-actions.ts could produce. Input has already passed trackerDataSchema and
// tracker-vouch.ts (which decides kinds, weeks and points: the browser's history is not read).

export type PlausibilityResult = { ok: true } | { ok: false; message: string };

const refuse = (message: string): PlausibilityResult => ({ ok: false, message });

/** Refuses what no real sequence of actions could produce; messages are in Italian. */
export function checkTrackerPlausible(
  data: TrackerData,
  context: { challengeStartDate: IsoDate | null; now: Date },
): PlausibilityResult {
  const start = context.challengeStartDate;
  const today = todayIn(data.timeZone, context.now);
  // One day of slack: the browser's idea of "today" may run ahead of the server's clock.
  const latestDay = addDays(today, 1);
  const started = start !== null && compareIsoDates(start, latestDay) <= 0;
  const currentWeek = started ? challengeWeekNumber(start, latestDay) : 0;

  const habitIds = new Set(data.habits.map((h) => h.id));
  let hasCompletions = false;
  for (const [habitId, days] of Object.entries(data.completions)) {
    const dates = Object.keys(days);
    if (dates.length === 0) continue;
    if (!habitIds.has(habitId)) return refuse('Completamenti per un’abitudine sconosciuta.');
    hasCompletions = true;
    for (const date of dates) {
      if (compareIsoDates(date, latestDay) > 0) return refuse('Completamenti in una data futura.');
      if (start !== null && compareIsoDates(date, start) < 0) {
        return refuse('Completamenti precedenti all’inizio della challenge.');
      }
    }
  }

  const plannedWeeks = WEEK_KEYS.filter((week) => data.weeklyActions[week] !== undefined).map(Number);
  const activity =
    hasCompletions || plannedWeeks.length > 0 || data.savedPlannerWeeks.length > 0 || data.checkIns.length > 0 || data.pointsHistory.length > 0;
  if (!started) return activity ? refuse('La challenge non è ancora iniziata.') : { ok: true };

  for (const week of plannedWeeks) {
    if (week > currentWeek) return refuse(`Planner per una settimana futura (settimana ${week}).`);
  }
  for (const week of data.savedPlannerWeeks) {
    if (week > currentWeek) return refuse(`Planner salvato per una settimana futura (settimana ${week}).`);
  }
  for (const week of WEEK_KEYS) {
    for (const action of data.weeklyActions[week] ?? []) {
      if (action.completed && action.text.trim() === '') return refuse('Azione completata senza testo.');
    }
  }

  // The latest check-in period reached: a maintenance month counts on after the challenge weeks.
  const month = maintenanceMonth(start, latestDay);
  const currentPeriod = month > 0 ? CHALLENGE_WEEKS + month : currentWeek;
  const checkInWeeks = new Set<number>();
  for (const checkIn of data.checkIns) {
    if (checkInWeeks.has(checkIn.weekNumber)) return refuse('Due check-in nella stessa settimana.');
    checkInWeeks.add(checkIn.weekNumber);
    if (checkIn.weekNumber > currentPeriod) return refuse('Check-in per una settimana futura.');
    if (isMonthlyPeriod(checkIn.weekNumber)) {
      if (!dayIsInPeriod(start, checkIn.date, checkIn.weekNumber)) return refuse('Il mese del check-in non corrisponde alla sua data.');
    } else if (challengeWeekNumber(start, checkIn.date) !== checkIn.weekNumber) {
      // Week numbers are capped at 8: a week-8 check-in sent after the eight weeks (as earlier versions allowed) stays valid.
      return refuse('La settimana del check-in non corrisponde alla sua data.');
    }
  }

  return { ok: true };
}
