import { describe, expect, it } from 'vitest';
import type { TrackerData } from './tracker';
import { addDays } from './dates';
import { emptyTracker } from './tracker';
import { BADGES, evaluateBadges } from './badges';

const base = (): TrackerData => emptyTracker('Europe/Rome', new Date('2026-03-01T10:00:00Z'), '2026-03-01');
const earned = (data: TrackerData, today = '2026-03-10') =>
  evaluateBadges(data, today)
    .filter((b) => b.earned)
    .map((b) => b.name);
const points = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    points: 1,
    reason: 'x',
    timestamp: '2026-03-02T10:00:00.000Z',
    weekNumber: 1,
    kind: 'habit' as const,
    ref: `r${i}`,
  }));

describe('badges', () => {
  it('lists the six badges with Italian descriptions and an icon', () => {
    expect(BADGES.map((b) => b.name)).toEqual([
      'Collection Point',
      'Habit Pro',
      'Determinazione Forte',
      'Guerriero della Mente',
      'Winner',
      'Extra Collection Point',
    ]);
    expect(evaluateBadges(base(), '2026-03-01').every((b) => !b.earned && b.icon && b.description)).toBe(true);
  });

  it('gives Collection Point at 80 points and Extra Collection Point at 300', () => {
    expect(earned({ ...base(), pointsHistory: points(79) })).toEqual([]);
    expect(earned({ ...base(), pointsHistory: points(80) })).toEqual(['Collection Point']);
    expect(earned({ ...base(), pointsHistory: points(299) })).toEqual(['Collection Point']);
    expect(earned({ ...base(), pointsHistory: points(300) })).toEqual(['Collection Point', 'Extra Collection Point']);
  });

  it('gives Habit Pro at 50 habit completions', () => {
    const habit = { id: 'h', name: 'H', createdAt: '2026-03-01T00:00:00Z' };
    const completions = (n: number) => ({ h: Object.fromEntries(Array.from({ length: n }, (_, i) => [addDays('2026-01-01', i), 'late' as const])) });
    expect(earned({ ...base(), habits: [habit], completions: completions(49) })).toEqual([]);
    expect(earned({ ...base(), habits: [habit], completions: completions(50) })).toEqual(['Habit Pro']);
  });

  it('gives Determinazione Forte at 20 completed planner actions', () => {
    const week = (done: number) =>
      Array.from({ length: 5 }, (_, i) => ({ id: `a${i}`, text: 'fare', completed: i < done }));
    const four = { '1': week(5), '2': week(5), '3': week(5), '4': week(5) };
    expect(earned({ ...base(), weeklyActions: { ...four, '4': week(4) } })).toEqual([]);
    expect(earned({ ...base(), weeklyActions: four })).toEqual(['Determinazione Forte']);
  });

  it('gives Guerriero della Mente for the first check-in', () => {
    const checkIn = { id: 'c', mood: 4, reflection: 'ok', date: '2026-03-01', weekNumber: 1, submittedAt: '2026-03-01T10:00:00Z' };
    expect(earned({ ...base(), checkIns: [checkIn] })).toEqual(['Guerriero della Mente']);
  });

  it('gives Winner when 56 days have passed since the stored start date', () => {
    expect(earned(base(), addDays('2026-03-01', 55))).toEqual([]);
    expect(earned(base(), addDays('2026-03-01', 56))).toEqual(['Winner']);
    expect(earned({ ...base(), challengeStartDate: null }, '2027-01-01')).toEqual([]);
  });
});
