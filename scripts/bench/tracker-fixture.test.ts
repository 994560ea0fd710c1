import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, todayIn } from '@sfida/core/dates';
import { maintenanceMonth } from '@sfida/core/maintenance';
import { freshSeasonTracker } from '@sfida/core/seasons';
import { seasonOf } from '@sfida/core/tracker';
import {
  BENCH_TIME_ZONE,
  eightWeekDays,
  fullChallengeStart,
  LONG_HISTORY_DAYS,
  LONG_SEASON_ONE_DAYS,
  longHistorySeasonOne,
  longHistoryStart,
  longSeasonTwoStart,
  playDays,
} from './tracker-fixture';

const ticks = (days: Record<string, Record<string, unknown>>) => Object.values(days).reduce((sum, habit) => sum + Object.keys(habit).length, 0);

describe('the 24-month history', () => {
  it('is two seasons ending today: eight weeks and thirteen maintenance months, then the rest of 730 days', () => {
    const now = new Date('2026-12-03T12:00:00Z');
    const start = longHistoryStart(now);
    expect(daysBetween(start, todayIn(BENCH_TIME_ZONE, now))).toBe(LONG_HISTORY_DAYS - 1);
    expect(LONG_SEASON_ONE_DAYS).toBe(56 + 13 * 28);
    expect(longSeasonTwoStart(now)).toBe(addDays(start, 420));
    // Season 1's last day is the last day of its thirteenth maintenance month.
    expect(maintenanceMonth(start, addDays(longSeasonTwoStart(now), -1))).toBe(13);
  });

  it('plays season 1 day by day through the reducers, with a check-in every week and every maintenance month', async () => {
    const start = addDays(fullChallengeStart(), -LONG_SEASON_ONE_DAYS);
    const days = await longHistorySeasonOne(start, 0);
    expect(days).toHaveLength(LONG_SEASON_ONE_DAYS);
    const last = days.at(-1)!.data;
    expect(last.checkIns.map((checkIn) => checkIn.weekNumber)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(last.habits).toHaveLength(10);
    // Ticks in the maintenance months too: more than the eight weeks alone.
    const eightWeeks = (await eightWeekDays(start, 0)).at(-1)!.data;
    expect(ticks(last.completions)).toBeGreaterThan(5 * ticks(eightWeeks.completions));
    // The first eight weeks are the eight-week fixture's, day for day.
    expect(days[55]!.data.completions).toEqual(eightWeeks.completions);

    // Season 2 from the tracker a new season starts with.
    const seasonTwoStart = addDays(start, LONG_SEASON_ONE_DAYS);
    const fresh = freshSeasonTracker(last, { timeZone: BENCH_TIME_ZONE, now: new Date(`${seasonTwoStart}T09:00:00Z`), challengeStartDate: seasonTwoStart, rules: null });
    const second = await playDays(fresh, 56, 0);
    expect(seasonOf(second.at(-1)!.data)).toBe(2);
    expect(second.at(-1)!.data.checkIns).toHaveLength(8);
  });
});
