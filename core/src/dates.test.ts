import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import type { TemporalSubset } from './temporal';
import {
  addDays,
  challengeWeekDays,
  challengeWeekIndex,
  challengeWeekNumber,
  challengeWeekNumberAt,
  compareIsoDates,
  completedWeeks,
  daysBetween,
  formatItalianDate,
  formatItalianShortDate,
  intlCalendarDay,
  isChallengeStarted,
  isValidTimeZone,
  italianWeekday,
  localDateOf,
  mondayOf,
  temporalCalendarDay,
  todayIn,
  weekDays,
  weekdayIndex,
} from './dates';

const ROME = 'Europe/Rome';

describe('calendar days in a time zone', () => {
  it('reads today in the participant zone, not in UTC', () => {
    // 23:30 UTC on 21 Nov is already 22 Nov in Rome and still 21 Nov in New York.
    const now = new Date('2026-11-21T23:30:00Z');
    expect(todayIn(ROME, now)).toBe('2026-11-22');
    expect(todayIn('America/New_York', now)).toBe('2026-11-21');
    expect(todayIn('UTC', now)).toBe('2026-11-21');
    expect(localDateOf('2026-11-21T23:30:00Z', 'Pacific/Kiritimati')).toBe('2026-11-22');
  });

  it('knows real time zones', () => {
    expect(isValidTimeZone(ROME)).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('does calendar arithmetic across months, years and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
    expect(daysBetween('2028-01-01', '2029-01-01')).toBe(366);
    expect(daysBetween('2026-03-10', '2026-03-01')).toBe(-9);
    expect(compareIsoDates('2026-03-09', '2026-03-10')).toBe(-1);
    expect(compareIsoDates('2026-03-10', '2026-03-10')).toBe(0);
  });

  it('counts whole days across both DST changes in Rome', () => {
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2);
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
  });

  it('starts calendar weeks on Monday', () => {
    expect(weekdayIndex('2026-11-23')).toBe(0); // Monday
    expect(weekdayIndex('2026-11-22')).toBe(6); // Sunday
    expect(mondayOf('2026-11-22')).toBe('2026-11-16');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(weekDays('2026-11-16')).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
  });

  it('addDays and daysBetween agree for any day and offset', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.integer({ min: -2000, max: 2000 }),
        (instant, n) => {
          const day = instant.toISOString().slice(0, 10);
          const later = addDays(day, n);
          expect(daysBetween(day, later)).toBe(n);
          expect(weekdayIndex(mondayOf(later))).toBe(0);
          expect(daysBetween(mondayOf(later), later)).toBe(weekdayIndex(later));
        },
      ),
    );
  });
});

describe('challenge weeks', () => {
  const start = '2026-03-02';

  it('is not started with no start date or a start in the future', () => {
    expect(isChallengeStarted(null, start)).toBe(false);
    expect(isChallengeStarted(start, '2026-03-01')).toBe(false);
    expect(isChallengeStarted(start, start)).toBe(true);
    expect(challengeWeekNumber(null, start)).toBe(0);
    expect(challengeWeekNumber(start, '2026-03-01')).toBe(0);
    expect(challengeWeekIndex(start, '2026-03-01')).toBeNull();
    expect(challengeWeekIndex(null, '2026-03-01')).toBeNull();
  });

  it('numbers weeks 1..8 from whole days / 7 and caps at 8', () => {
    const cases: Array<[number, number]> = [
      [0, 1],
      [6, 1],
      [7, 2],
      [13, 2],
      [14, 3],
      [48, 7],
      [49, 8],
      [55, 8],
      [56, 8],
      [400, 8],
    ];
    for (const [days, week] of cases) {
      expect(challengeWeekNumber(start, addDays(start, days))).toBe(week);
      expect(challengeWeekIndex(start, addDays(start, days))).toBe(week - 1);
    }
  });

  it("counts completed weeks as the program's table does", () => {
    const table: Array<[number, number, number]> = [
      [0, 7, 1],
      [8, 14, 2],
      [15, 21, 3],
      [22, 28, 4],
      [29, 35, 5],
      [36, 42, 6],
      [43, 49, 7],
    ];
    expect(completedWeeks(null, start)).toBe(0);
    expect(completedWeeks(start, addDays(start, -1))).toBe(0);
    for (const [from, to, expected] of table) {
      for (let day = from; day <= to; day++) expect(completedWeeks(start, addDays(start, day))).toBe(expected);
    }
    for (const day of [50, 56, 70, 365]) expect(completedWeeks(start, addDays(start, day))).toBe(8);
  });

  it('lists the 7 days of a challenge week', () => {
    expect(challengeWeekDays(start, 1)[0]).toBe(start);
    expect(challengeWeekDays(start, 2)).toEqual(weekDays('2026-03-09'));
    expect(challengeWeekDays(start, 8)[6]).toBe(addDays(start, 55));
  });

  it('keeps week numbers right for instants around the Rome DST changes', () => {
    // The start falls the week before the spring change; week 2 starts on 2026-03-30.
    const springStart = '2026-03-23';
    const autumnStart = '2026-10-19';
    fc.assert(
      fc.property(fc.integer({ min: -3 * 24 * 60, max: 10 * 24 * 60 }), (minutes) => {
        for (const [startDay, changeDay] of [
          [springStart, '2026-03-29'],
          [autumnStart, '2026-10-25'],
        ] as const) {
          const instant = new Date(Date.parse(`${changeDay}T00:00:00Z`) + minutes * 60_000);
          const local = localDateOf(instant, ROME);
          // Rome is UTC+1 or UTC+2, so the local day is the UTC day or the next one.
          const utcDay = instant.toISOString().slice(0, 10);
          expect([utcDay, addDays(utcDay, 1)]).toContain(local);
          const expected = Math.min(8, Math.floor(daysBetween(startDay, local) / 7) + 1);
          expect(challengeWeekNumberAt(startDay, instant, ROME)).toBe(expected);
        }
      }),
    );
    // Midnight just after each change belongs to the new local day.
    expect(localDateOf('2026-03-29T22:00:00Z', ROME)).toBe('2026-03-30'); // 00:00 CEST
    expect(localDateOf('2026-03-29T21:59:59Z', ROME)).toBe('2026-03-29');
    expect(localDateOf('2026-10-25T23:00:00Z', ROME)).toBe('2026-10-26'); // 00:00 CET
    expect(localDateOf('2026-10-25T22:59:59Z', ROME)).toBe('2026-10-25');
    expect(challengeWeekNumberAt(springStart, '2026-03-29T21:59:59Z', ROME)).toBe(1);
    expect(challengeWeekNumberAt(springStart, '2026-03-29T22:00:00Z', ROME)).toBe(2);
    expect(challengeWeekNumberAt(autumnStart, '2026-10-25T22:59:59Z', ROME)).toBe(1);
    expect(challengeWeekNumberAt(autumnStart, '2026-10-25T23:00:00Z', ROME)).toBe(2);
  });
});

describe('Italian formatting', () => {
  it('formats the calendar day without shifting it', () => {
    expect(formatItalianDate('2026-11-21')).toBe('21 novembre 2026');
    expect(formatItalianDate('2026-01-01')).toBe('1 gennaio 2026');
    expect(formatItalianShortDate('2026-11-21')).toBe('21 nov');
    expect(italianWeekday('2026-11-21')).toBe('sab');
    expect(italianWeekday('2026-11-23', 'long')).toBe('lunedì');
  });

  it('prints what Intl prints in Italian, on every day of five years', () => {
    const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('it-IT', { ...options, timeZone: 'UTC' });
    const long = intl({ day: 'numeric', month: 'long', year: 'numeric' });
    const short = intl({ day: 'numeric', month: 'short' });
    const weekdayShort = intl({ weekday: 'short' });
    const weekdayLong = intl({ weekday: 'long' });
    for (let day = '2024-01-01'; day < '2029-01-01'; day = addDays(day, 1)) {
      const midnight = new Date(`${day}T00:00:00Z`);
      expect(formatItalianDate(day)).toBe(long.format(midnight));
      expect(formatItalianShortDate(day)).toBe(short.format(midnight));
      expect(italianWeekday(day)).toBe(weekdayShort.format(midnight));
      expect(italianWeekday(day, 'long')).toBe(weekdayLong.format(midnight));
    }
  });

  // Every signed-in page prints dates; the first Intl formatter of a page costs the browser its
  // locale data.
  it('builds no Intl formatter', async () => {
    const RealDateTimeFormat = Intl.DateTimeFormat;
    let created = 0;
    Intl.DateTimeFormat = class extends RealDateTimeFormat {
      constructor(...args: ConstructorParameters<typeof RealDateTimeFormat>) {
        super(...args);
        created++;
      }
    } as typeof Intl.DateTimeFormat;
    try {
      vi.resetModules();
      const fresh = await import('./dates');
      expect(fresh.italianWeekday('2026-11-22', 'long')).toBe('domenica');
      expect(fresh.formatItalianDate('2026-11-22')).toBe('22 novembre 2026');
    } finally {
      Intl.DateTimeFormat = RealDateTimeFormat;
    }
    expect(created).toBe(0);
  });
});

describe('calendar days through Temporal, where the runtime has it', () => {
  // Zones with the awkward cases: DST both ways, half-hour DST, a skipped day, ±14 h, no DST.
  const zones = ['Europe/Rome', 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Apia', 'Pacific/Kiritimati', 'Etc/GMT+12', 'Asia/Kolkata', 'UTC'];
  const viaTemporal = temporalCalendarDay(Temporal);

  it('reads the same calendar day as Intl, for any instant and zone', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.oneof(fc.constantFrom(...zones), fc.constantFrom(...Intl.supportedValuesOf('timeZone'))),
        (instant, zone) => {
          expect(viaTemporal(instant, zone)).toBe(intlCalendarDay(instant, zone));
        },
      ),
      { numRuns: 2000 },
    );
    // Around Rome's changes of time and Samoa's skipped 30 December 2011, minute by minute.
    for (const [from, zone] of [['2026-03-29T00:30:00Z', 'Europe/Rome'], ['2026-10-25T00:30:00Z', 'Europe/Rome'], ['2011-12-29T09:00:00Z', 'Pacific/Apia']] as const) {
      for (let minute = 0; minute < 180; minute++) {
        const instant = new Date(Date.parse(from) + minute * 60_000);
        expect(viaTemporal(instant, zone)).toBe(intlCalendarDay(instant, zone));
      }
    }
  });

  it('rejects what Intl rejects', () => {
    for (const reader of [viaTemporal, intlCalendarDay]) {
      expect(() => reader(new Date(0), 'Mars/Olympus')).toThrow(RangeError);
      expect(() => reader(new Date(Number.NaN), 'Europe/Rome')).toThrow(RangeError);
    }
  });

  it('is what the module uses when the runtime has Temporal, with no Intl formatter', async () => {
    let reads = 0;
    const counted: TemporalSubset = {
      Now: Temporal.Now,
      Instant: {
        fromEpochMilliseconds: (ms) => {
          reads++;
          return Temporal.Instant.fromEpochMilliseconds(ms);
        },
      },
    };
    vi.stubGlobal('Temporal', counted);
    try {
      vi.resetModules();
      const fresh = await import('./dates');
      expect(fresh.todayIn(ROME, new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
      expect(fresh.localDateOf('2026-11-21T23:30:00Z', 'America/New_York')).toBe('2026-11-21');
      expect(fresh.isValidTimeZone(ROME)).toBe(true);
      expect(fresh.isValidTimeZone('Mars/Olympus')).toBe(false);
      // Temporal takes a bare offset as a zone; Intl, and so the server, does not.
      expect(fresh.isValidTimeZone('+01:00')).toBe(false);
      expect(reads).toBeGreaterThanOrEqual(4);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
