import { describe, expect, test } from 'vitest';
import { finishedChallenge, freshSeasonTracker, opensNewSeason, seasonStart } from './seasons';
import { mergeTrackers } from './tracker-merge';
import { emptyTracker, seasonOf, type TrackerData } from './tracker';

const NOW = new Date('2026-03-28T10:00:00Z');

function lastSeason(): TrackerData {
  return {
    ...emptyTracker('Europe/Rome', new Date('2026-01-04T10:00:00Z'), '2026-01-05'),
    habits: [
      { id: 'h1', name: 'Camminare', createdAt: '2026-01-04T10:00:00.000Z' },
      { id: 'h2', name: 'Leggere', createdAt: '2026-01-04T10:00:00.000Z', archivedAt: '2026-01-10T10:00:00.000Z' },
    ],
    completions: { h1: { '2026-01-05': 'onTime' } },
    changedAt: { habitDays: { h1: { '2026-01-05': 1767607200000 } }, actions: {} },
  };
}

describe('a new season', () => {
  test('a cohort takes a new season until the end of its first week, counted in calendar days across the March clock change', () => {
    // Monday 23 March 2026; Rome moves its clocks on Sunday 29 March.
    expect(opensNewSeason('2026-03-23', '2026-03-16')).toBe(true);
    expect(opensNewSeason('2026-03-23', '2026-03-29')).toBe(true);
    expect(opensNewSeason('2026-03-23', '2026-03-30')).toBe(false);
    // And the October change (Sunday 25 October 2026).
    expect(opensNewSeason('2026-10-19', '2026-10-25')).toBe(true);
    expect(opensNewSeason('2026-10-19', '2026-10-26')).toBe(false);
  });

  test('finished means day 57 or later; no start, not finished', () => {
    expect(finishedChallenge('2026-01-05', '2026-03-01')).toBe(false);
    expect(finishedChallenge('2026-01-05', '2026-03-02')).toBe(true);
    expect(finishedChallenge(null, '2026-03-02')).toBe(false);
  });

  test('the start: the cohort\'s Monday when it runs together, none to choose on their own day', () => {
    expect(seasonStart('together', '2026-03-30')).toBe('2026-03-30');
    expect(seasonStart('ownDay', '2026-03-30')).toBeNull();
  });

  test('the fresh tracker keeps the active habits by id and name, with nothing ticked, and is the next season', () => {
    const fresh = freshSeasonTracker(lastSeason(), { timeZone: 'Europe/Rome', now: NOW, challengeStartDate: '2026-03-30', rules: null });
    expect(fresh.habits.map((habit) => [habit.id, habit.name])).toEqual([['h1', 'Camminare']]);
    expect(fresh).toMatchObject({ season: 2, challengeStartDate: '2026-03-30', completions: {}, pointsHistory: [], checkIns: [], savedPlannerWeeks: [] });
    expect(seasonOf(freshSeasonTracker(fresh, { timeZone: 'Europe/Rome', now: NOW, challengeStartDate: null, rules: null }))).toBe(3);
  });

  test('merging a copy of the last season with the new one\'s gives the new one, in either order: no old tick comes back', () => {
    const old = lastSeason();
    const fresh = freshSeasonTracker(old, { timeZone: 'Europe/Rome', now: NOW, challengeStartDate: '2026-03-30', rules: null });
    expect(mergeTrackers(old, fresh, NOW)).toBe(fresh);
    expect(mergeTrackers(fresh, old, NOW)).toBe(fresh);
    expect(mergeTrackers(fresh, fresh, NOW).season).toBe(2);
    expect(mergeTrackers(old, old, NOW).season).toBeUndefined();
  });
});
