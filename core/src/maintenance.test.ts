import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, CHALLENGE_WEEKS, challengeLastDay, daysBetween, todayIn } from './dates';
import {
  MAINTENANCE_MONTH_DAYS,
  MAX_CHECK_IN_PERIOD,
  MAX_MAINTENANCE_MONTHS,
  checkInPeriod,
  chartedPeriods,
  checkInPeriodLabel,
  checkInPeriodShortLabel,
  dayIsInPeriod,
  isInMaintenance,
  isMonthlyPeriod,
  maintenanceDay,
  maintenanceMonth,
  maintenanceMonthEnd,
  maintenanceMonthStart,
  monthOfPeriod,
} from './maintenance';

const ROME = 'Europe/Rome';
const NEW_YORK = 'America/New_York';

describe('the maintenance phase', () => {
  const start = '2026-01-05';

  it('begins on day 57, the day after the eight weeks', () => {
    expect(challengeLastDay(start)).toBe('2026-03-01');
    expect(isInMaintenance(start, '2026-03-01')).toBe(false);
    expect(isInMaintenance(start, '2026-03-02')).toBe(true);
    expect(isInMaintenance(null, '2026-03-02')).toBe(false);
    expect(maintenanceDay(start, '2026-03-01')).toBe(0);
    expect(maintenanceDay(start, '2026-03-02')).toBe(1);
    expect(maintenanceDay(start, '2026-03-10')).toBe(9);
  });

  it('counts months as four challenge weeks from day 57', () => {
    expect(maintenanceMonth(start, '2026-01-05')).toBe(0);
    expect(maintenanceMonth(start, '2026-03-01')).toBe(0);
    expect(maintenanceMonth(start, '2026-03-02')).toBe(1);
    expect(maintenanceMonth(start, '2026-03-29')).toBe(1);
    expect(maintenanceMonth(start, '2026-03-30')).toBe(2);
    expect(maintenanceMonthStart(start, 1)).toBe('2026-03-02');
    expect(maintenanceMonthEnd(start, 1)).toBe('2026-03-29');
    expect(maintenanceMonthStart(start, 2)).toBe('2026-03-30');
    expect(maintenanceMonth(null, '2026-03-30')).toBe(0);
  });

  it('has every month start on the weekday the challenge started, 28 days after the one before', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 1, max: 20 }), (offset, month) => {
        const begun = addDays('2024-01-01', offset);
        const first = maintenanceMonthStart(begun, month);
        expect(daysBetween(begun, first) % 7).toBe(0);
        expect(maintenanceMonth(begun, first)).toBe(month);
        expect(maintenanceMonth(begun, addDays(first, -1))).toBe(month - 1);
        expect(maintenanceMonth(begun, maintenanceMonthEnd(begun, month))).toBe(month);
        expect(daysBetween(first, maintenanceMonthStart(begun, month + 1))).toBe(MAINTENANCE_MONTH_DAYS);
      }),
    );
  });

  it('turns the month at midnight in Rome across the spring daylight-saving change', () => {
    // Month 2 begins on 30 March 2026; Rome moved its clocks forward early on 29 March.
    expect(maintenanceMonth(start, todayIn(ROME, new Date('2026-03-29T21:59:00Z')))).toBe(1); // 23:59 CEST, 29 March
    expect(maintenanceMonth(start, todayIn(ROME, new Date('2026-03-29T22:00:00Z')))).toBe(2); // 00:00 CEST, 30 March
    expect(maintenanceMonth(start, todayIn(ROME, new Date('2026-03-29T01:30:00Z')))).toBe(1); // just after the change
  });

  it('turns the month at midnight in Rome across the autumn daylight-saving change', () => {
    // Started 2 August 2026: day 57 is 27 September, month 2 begins on 25 October, the night the clocks go back.
    const august = '2026-08-02';
    expect(maintenanceMonthStart(august, 2)).toBe('2026-10-25');
    expect(maintenanceMonth(august, todayIn(ROME, new Date('2026-10-24T21:59:00Z')))).toBe(1); // 23:59 CEST, 24 October
    expect(maintenanceMonth(august, todayIn(ROME, new Date('2026-10-24T22:00:00Z')))).toBe(2); // 00:00 CEST, 25 October
    expect(maintenanceMonth(august, todayIn(ROME, new Date('2026-10-25T22:59:00Z')))).toBe(2); // 23:59 CET, 25 October
  });

  it('follows a New York participant’s own midnight across the US changes', () => {
    // Started 9 August 2026: month 2 begins on 1 November, the night New York's clocks go back.
    const august = '2026-08-09';
    expect(maintenanceMonthStart(august, 2)).toBe('2026-11-01');
    expect(maintenanceMonth(august, todayIn(NEW_YORK, new Date('2026-11-01T03:59:00Z')))).toBe(1); // 23:59 EDT, 31 October
    expect(maintenanceMonth(august, todayIn(NEW_YORK, new Date('2026-11-01T04:00:00Z')))).toBe(2); // 00:00 EDT, 1 November
    // Rome is already in 1 November hours earlier: the day is the participant's, not Rome's.
    expect(maintenanceMonth(august, todayIn(ROME, new Date('2026-10-31T23:30:00Z')))).toBe(2);
    expect(maintenanceMonth(august, todayIn(NEW_YORK, new Date('2026-10-31T23:30:00Z')))).toBe(1);
    // Spring: started 14 December 2025, month 2 begins on 8 March 2026, when New York moves forward.
    const december = '2025-12-14';
    expect(maintenanceMonthStart(december, 2)).toBe('2026-03-08');
    expect(maintenanceMonth(december, todayIn(NEW_YORK, new Date('2026-03-08T04:59:00Z')))).toBe(1); // 23:59 EST, 7 March
    expect(maintenanceMonth(december, todayIn(NEW_YORK, new Date('2026-03-08T05:00:00Z')))).toBe(2); // 00:00 EST, 8 March
  });
});

describe('check-in periods', () => {
  const start = '2026-01-05';

  it('are the challenge weeks, then one per maintenance month', () => {
    expect(checkInPeriod(start, '2026-01-04')).toBe(0);
    expect(checkInPeriod(null, '2026-01-04')).toBe(0);
    expect(checkInPeriod(start, '2026-01-05')).toBe(1);
    expect(checkInPeriod(start, '2026-03-01')).toBe(CHALLENGE_WEEKS);
    expect(checkInPeriod(start, '2026-03-02')).toBe(CHALLENGE_WEEKS + 1);
    expect(checkInPeriod(start, '2026-03-30')).toBe(CHALLENGE_WEEKS + 2);
  });

  it('stop after the last month that takes a check-in', () => {
    const last = maintenanceMonthEnd(start, MAX_MAINTENANCE_MONTHS);
    expect(checkInPeriod(start, last)).toBe(MAX_CHECK_IN_PERIOD);
    expect(checkInPeriod(start, addDays(last, 1))).toBe(0);
  });

  it('say which kind they are and where a day falls', () => {
    expect(isMonthlyPeriod(8)).toBe(false);
    expect(isMonthlyPeriod(9)).toBe(true);
    expect(monthOfPeriod(8)).toBe(0);
    expect(monthOfPeriod(10)).toBe(2);
    expect(checkInPeriodLabel(3)).toBe('Settimana 3');
    expect(checkInPeriodLabel(10)).toBe('Mese 2 di mantenimento');
    expect(dayIsInPeriod(start, '2026-03-02', 9)).toBe(true);
    expect(dayIsInPeriod(start, '2026-03-01', 9)).toBe(false);
    expect(dayIsInPeriod(start, '2026-01-04', 0)).toBe(false);
    expect(checkInPeriodShortLabel(8)).toBe('S8');
    expect(checkInPeriodShortLabel(10)).toBe('M2');
  });

  it('a chart shows the eight weeks, then slides to the eight latest periods', () => {
    expect(chartedPeriods(0, [])).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(chartedPeriods(3, [1, 2])).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(chartedPeriods(8, [1, 8])).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // In the second maintenance month (period 10): weeks 3..8 and months 1..2.
    expect(chartedPeriods(10, [8, 9])).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    // After the last month (no current period): up to the latest check-in sent.
    expect(chartedPeriods(0, [8, 9, 11])).toEqual([4, 5, 6, 7, 8, 9, 10, 11]);
    expect(chartedPeriods(MAX_CHECK_IN_PERIOD + 3, [])).toEqual([14, 15, 16, 17, 18, 19, 20, 21]);
  });
});
