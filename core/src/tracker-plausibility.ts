import type { IsoDate } from './iso-date';
import type { TrackerData } from './tracker';
import {
  DAYS_PER_WEEK,
  addDays,
  challengeWeekNumber,
  compareIsoDates,
  daysBetween,
  localDateOf,
  todayIn,
} from './dates';
import { expectedAwards, maxPointsPerWeek } from './points';
import { WEEK_KEYS } from './tracker';

// The server accepts a synced tracker only if some real sequence of the reducers in
// tracker-actions.ts could have produced it. Input has already passed trackerDataSchema.

export type PlausibilityResult = { ok: true } | { ok: false; message: string };

/** Clock skew tolerated for timestamps from the browser. */
export const FUTURE_TOLERANCE_MS = 5 * 60 * 1000;

const refuse = (message: string): PlausibilityResult => ({ ok: false, message });

/** The multiset of (kind, ref, points) as sorted keys, for comparing history with awards. */
function awardKeys(items: Array<{ kind: string; ref: string; points: number }>): string[] {
  return items.map((item) => `${item.kind}\u0000${item.ref}\u0000${item.points}`).sort();
}

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
    const filled = (data.weeklyActions[String(week) as (typeof WEEK_KEYS)[number]] ?? []).filter((a) => a.text.trim() !== '');
    if (filled.length < 3) return refuse(`Planner della settimana ${week} salvato con meno di 3 azioni.`);
  }
  for (const week of WEEK_KEYS) {
    for (const action of data.weeklyActions[week] ?? []) {
      if (action.completed && action.text.trim() === '') return refuse('Azione completata senza testo.');
    }
  }

  const checkInWeeks = new Set<number>();
  for (const checkIn of data.checkIns) {
    if (checkInWeeks.has(checkIn.weekNumber)) return refuse('Due check-in nella stessa settimana.');
    checkInWeeks.add(checkIn.weekNumber);
    if (checkIn.weekNumber > currentWeek) return refuse('Check-in per una settimana futura.');
    if (challengeWeekNumber(start, checkIn.date) !== checkIn.weekNumber) {
      return refuse('La settimana del check-in non corrisponde alla sua data.');
    }
  }

  const expected = awardKeys(expectedAwards(data, { challengeStartDate: start }));
  const actual = awardKeys(data.pointsHistory);
  if (expected.length !== actual.length || expected.some((key, i) => key !== actual[i])) {
    return refuse('Lo storico dei punti non corrisponde alle attività registrate.');
  }

  const latestInstant = context.now.getTime() + FUTURE_TOLERANCE_MS;
  const pointsByElapsedWeek = new Map<number, number>();
  for (const entry of data.pointsHistory) {
    if (Date.parse(entry.timestamp) > latestInstant) return refuse('Punti con una data futura.');
    const day = localDateOf(entry.timestamp, data.timeZone);
    if (compareIsoDates(day, start) < 0) return refuse('Punti precedenti all’inizio della challenge.');
    if (entry.weekNumber !== challengeWeekNumber(start, day)) {
      return refuse('La settimana di una voce dei punti non corrisponde alla sua data.');
    }
    // Uncapped weeks: "week 8" goes on after day 56, but each real 7 days has its own limit.
    const elapsed = Math.floor(daysBetween(start, day) / DAYS_PER_WEEK);
    pointsByElapsedWeek.set(elapsed, (pointsByElapsedWeek.get(elapsed) ?? 0) + entry.points);
  }
  const limit = maxPointsPerWeek(data.habits.length);
  for (const points of pointsByElapsedWeek.values()) {
    if (points > limit) return refuse('Troppi punti in una sola settimana.');
  }
  return { ok: true };
}
