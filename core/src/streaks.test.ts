import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { HabitCompletions } from './tracker';
import { addDays, daysBetween, localDateOf } from './dates';
import { emptyTracker } from './tracker';
import { MAX_STREAK_DAYS, bestCurrentStreak, currentStreak, streakRuns } from './streaks';

const days = (from: string, count: number, kind: 'onTime' | 'late' = 'onTime'): HabitCompletions =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [addDays(from, i), kind]));

describe('streaks', () => {
  it('splits completions into maximal runs', () => {
    const completions = { ...days('2026-03-01', 3), ...days('2026-03-05', 2, 'late') };
    expect(streakRuns(completions).map((r) => r.days)).toEqual([
      ['2026-03-01', '2026-03-02', '2026-03-03'],
      ['2026-03-05', '2026-03-06'],
    ]);
    expect(streakRuns({})).toEqual([]);
  });

  it('counts consecutive days up to today, or up to yesterday while today is still open', () => {
    const completions = days('2026-03-01', 5); // 1..5 March
    expect(currentStreak(completions, '2026-03-05')).toBe(5);
    expect(currentStreak(completions, '2026-03-06')).toBe(5); // today not ticked yet
    expect(currentStreak(completions, '2026-03-07')).toBe(0); // a whole day missed
    expect(currentStreak({}, '2026-03-07')).toBe(0);
  });

  it('stops counting at 365 days', () => {
    expect(currentStreak(days('2025-01-01', 400), addDays('2025-01-01', 399))).toBe(MAX_STREAK_DAYS);
  });

  it('takes Costanza from habits that are not archived', () => {
    const data = {
      ...emptyTracker('Europe/Rome', new Date('2026-03-10T10:00:00Z')),
      habits: [
        { id: 'a', name: 'A', createdAt: '2026-03-01T00:00:00Z' },
        { id: 'b', name: 'B', createdAt: '2026-03-01T00:00:00Z', archivedAt: '2026-03-09T00:00:00Z' },
      ],
      completions: { a: days('2026-03-08', 3), b: days('2026-03-01', 10) },
    };
    expect(bestCurrentStreak(data, '2026-03-10')).toBe(3);
  });

  it('counts the same streak for instants around the Rome DST changes', () => {
    for (const change of ['2026-03-29', '2026-10-25']) {
      const completions = days(addDays(change, -10), 21);
      fc.assert(
        fc.property(fc.integer({ min: -5 * 24 * 60, max: 5 * 24 * 60 }), (minutes) => {
          const instant = new Date(Date.parse(`${change}T12:00:00Z`) + minutes * 60_000);
          const today = localDateOf(instant, 'Europe/Rome');
          const expected = daysBetween(addDays(change, -10), today) + 1;
          expect(currentStreak(completions, today)).toBe(expected);
        }),
      );
    }
  });
});
