import type { IsoDate } from './iso-date';
import { CHALLENGE_WEEKS, DAYS_PER_WEEK, addDays, challengeLastDay, challengeWeekNumber, compareIsoDates, daysBetween, isChallengeOver } from './dates';

// The "Fase di mantenimento": the days after the eight weeks (from day 57). Ticking goes on
// without points (points.ts stops at the last day); a monthly check-in replaces the weekly one.
// A maintenance month is a block of four challenge weeks (28 days) from day 57, on the
// participant's own calendar: pure day arithmetic, so a daylight-saving change never moves it,
// every month is as long as the others, and it starts on the weekday their weeks start on.

/** Weeks in a maintenance month. */
export const MAINTENANCE_MONTH_WEEKS = 4;
/** Days in a maintenance month. */
export const MAINTENANCE_MONTH_DAYS = MAINTENANCE_MONTH_WEEKS * DAYS_PER_WEEK;
/** Maintenance months that take a check-in: a year after the eight weeks, a new season is the way on. */
export const MAX_MAINTENANCE_MONTHS = 13;
/**
 * Check-ins are keyed by a period: the challenge weeks 1..8, then one per maintenance month
 * (9 is the first month, 10 the second, …), so old trackers stay valid and the merge keeps one
 * check-in per key.
 */
export const MAX_CHECK_IN_PERIOD = CHALLENGE_WEEKS + MAX_MAINTENANCE_MONTHS;

/** True from day 57 on: the participant is in the maintenance phase. */
export function isInMaintenance(startDate: IsoDate | null, today: IsoDate): boolean {
  return isChallengeOver(startDate, today);
}

/** The maintenance month of `today`: 1 on days 57..84, 2 on days 85..112, …; 0 before day 57 or with no start. */
export function maintenanceMonth(startDate: IsoDate | null, today: IsoDate): number {
  if (startDate === null || !isInMaintenance(startDate, today)) return 0;
  return Math.floor(daysBetween(addDays(challengeLastDay(startDate), 1), today) / MAINTENANCE_MONTH_DAYS) + 1;
}

/** The first day of maintenance month `month` (1, 2, …). */
export function maintenanceMonthStart(startDate: IsoDate, month: number): IsoDate {
  return addDays(challengeLastDay(startDate), 1 + (month - 1) * MAINTENANCE_MONTH_DAYS);
}

/** The last day of maintenance month `month`. */
export function maintenanceMonthEnd(startDate: IsoDate, month: number): IsoDate {
  return addDays(maintenanceMonthStart(startDate, month), MAINTENANCE_MONTH_DAYS - 1);
}

/** Days into the maintenance phase: 1 on day 57; 0 before it. */
export function maintenanceDay(startDate: IsoDate | null, today: IsoDate): number {
  if (startDate === null || !isInMaintenance(startDate, today)) return 0;
  return daysBetween(challengeLastDay(startDate), today);
}

/**
 * The check-in period of `today`: the challenge week 1..8, then CHALLENGE_WEEKS + the maintenance
 * month; 0 before the start, and past the last month that takes a check-in.
 */
export function checkInPeriod(startDate: IsoDate | null, today: IsoDate): number {
  const month = maintenanceMonth(startDate, today);
  if (month === 0) return challengeWeekNumber(startDate, today);
  return month > MAX_MAINTENANCE_MONTHS ? 0 : CHALLENGE_WEEKS + month;
}

/** True for a check-in period of the maintenance phase (a monthly check-in). */
export function isMonthlyPeriod(period: number): boolean {
  return period > CHALLENGE_WEEKS;
}

/** The maintenance month of a monthly period (9 → 1); 0 for a challenge week. */
export function monthOfPeriod(period: number): number {
  return isMonthlyPeriod(period) ? period - CHALLENGE_WEEKS : 0;
}

/** True when `day` falls in check-in period `period` of a challenge begun on `startDate`. */
export function dayIsInPeriod(startDate: IsoDate, day: IsoDate, period: number): boolean {
  return compareIsoDates(day, startDate) >= 0 && checkInPeriod(startDate, day) === period;
}

/** "Settimana 3" or "Mese 2 di mantenimento", for a check-in period. */
export function checkInPeriodLabel(period: number): string {
  return isMonthlyPeriod(period) ? `Mese ${monthOfPeriod(period)} di mantenimento` : `Settimana ${period}`;
}

/** "S3" or "M2": a check-in period as a chart's axis names it. */
export function checkInPeriodShortLabel(period: number): string {
  return isMonthlyPeriod(period) ? `M${monthOfPeriod(period)}` : `S${period}`;
}

/**
 * The check-in periods a chart of eight bars shows: weeks 1..8 during the challenge; in
 * maintenance the eight latest periods, up to the current one or the latest check-in sent.
 */
export function chartedPeriods(currentPeriod: number, sentPeriods: number[]): number[] {
  const last = Math.min(MAX_CHECK_IN_PERIOD, Math.max(CHALLENGE_WEEKS, currentPeriod, ...sentPeriods));
  return Array.from({ length: CHALLENGE_WEEKS }, (_, i) => last - CHALLENGE_WEEKS + 1 + i);
}

/** "della settimana 3" or "del mese 2 di mantenimento", as a check-in's period reads after a noun. */
export function ofCheckInPeriod(period: number): string {
  return isMonthlyPeriod(period) ? `del mese ${monthOfPeriod(period)} di mantenimento` : `della settimana ${period}`;
}

/** "nella settimana 3" or "nel mese 2 di mantenimento". */
export function inCheckInPeriod(period: number): string {
  return isMonthlyPeriod(period) ? `nel mese ${monthOfPeriod(period)} di mantenimento` : `nella settimana ${period}`;
}
