import { describe, expect, test } from 'vitest';
import type { LeaderboardSummaryDoc } from '../../shared/tracker-repository';
import { weeklyScoreChanges } from './service';

const summary = (pointsByWeek: Record<string, number>, fields: Partial<LeaderboardSummaryDoc> = {}): LeaderboardSummaryDoc => ({
  cohortId: 'c',
  displayName: 'Anna',
  totalPoints: Object.values(pointsByWeek).reduce((a, b) => a + b, 0),
  streakDays: 2,
  streakThrough: '2025-09-22',
  pointsByWeek,
  timeZone: 'Europe/Rome',
  updatedAt: '2025-09-22T08:00:00.000Z',
  ranked: true,
  ...fields,
});
const weeks = (changes: ReturnType<typeof weeklyScoreChanges>) => ({ set: changes.set.map((s) => [s.weekStart, s.points, s.totalPoints]), deleteWeeks: changes.deleteWeeks });

describe('weeklyScoreChanges', () => {
  test('a sync that changes no score writes none; a new summary writes every week with points', () => {
    const stored = summary({ '2025-09-15': 12, '2025-09-22': 0 });
    expect(weeks(weeklyScoreChanges('u', stored, { ...stored, updatedAt: 'later', displayName: 'Anna B.' }))).toEqual({ set: [], deleteWeeks: [] });
    expect(weeks(weeklyScoreChanges('u', null, stored))).toEqual({ set: [['2025-09-15', 12, 12]], deleteWeeks: [] });
  });

  test('new points: every week with points takes the new total; a week back to 0 loses its score', () => {
    const stored = summary({ '2025-09-15': 12, '2025-09-22': 2 });
    expect(weeks(weeklyScoreChanges('u', stored, summary({ '2025-09-15': 12, '2025-09-22': 4 })))).toEqual({
      set: [
        ['2025-09-15', 12, 16],
        ['2025-09-22', 4, 16],
      ],
      deleteWeeks: [],
    });
    expect(weeks(weeklyScoreChanges('u', stored, summary({ '2025-09-15': 12 })))).toEqual({ set: [['2025-09-15', 12, 12]], deleteWeeks: ['2025-09-22'] });
  });

  test('a streak change rewrites the weeks; an unranked summary (withdrawn, OWNER) has no scores', () => {
    const stored = summary({ '2025-09-15': 12 });
    expect(weeklyScoreChanges('u', stored, { ...stored, streakDays: 3 }).set).toHaveLength(1);
    expect(weeks(weeklyScoreChanges('u', stored, { ...stored, ranked: false }))).toEqual({ set: [], deleteWeeks: ['2025-09-15'] });
    // Stored before `ranked` existed: written again in full.
    expect(weeklyScoreChanges('u', { ...stored, ranked: undefined as unknown as boolean }, stored).set).toHaveLength(1);
  });
});
