import { describe, expect, it } from 'vitest';
import { challengeSummary } from './challenge-summary';
import { addDays } from './dates';
import { emptyTracker, type TrackerData } from './tracker';
import { withReconciledHistory } from './points';

const START = '2026-03-02';
const LAST = '2026-04-26';
const after = new Date('2026-04-28T10:00:00Z');

const days = (from: string, count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [addDays(from, i), 'onTime' as const]));

function finishedTracker(): TrackerData {
  const data: TrackerData = {
    ...emptyTracker('Europe/Rome', after, START),
    habits: [
      { id: 'walk', name: 'Camminare', createdAt: '2026-03-02T07:00:00.000Z' },
      // Added on 20 April (summer time: 01:30 in Rome is still 19 April in UTC), 7 of its days in the challenge.
      { id: 'read', name: 'Leggere', createdAt: '2026-04-19T23:30:00.000Z' },
      // Removed before anything was ticked: not part of the summary.
      { id: 'gone', name: 'Nuotare', createdAt: '2026-03-02T07:00:00.000Z', archivedAt: '2026-03-03T07:00:00.000Z' },
    ],
    completions: {
      // 20 days in a row, a gap, then the last 10 days and 3 more after the end.
      walk: { ...days('2026-03-02', 20), ...days('2026-04-17', 13) },
      read: days('2026-04-20', 7),
    },
    weeklyActions: {
      '1': [
        { id: 'a', text: 'Correre', completed: true },
        { id: 'b', text: 'Leggere', completed: false },
        { id: 'c', text: ' ', completed: false },
      ],
      '2': [{ id: 'd', text: 'Cucinare', completed: true }],
    },
    savedPlannerWeeks: [1, 2],
    checkIns: [
      { id: 'k1', mood: 2, reflection: 'Dura', date: '2026-03-08', weekNumber: 1, submittedAt: '2026-03-08T18:00:00.000Z' },
      { id: 'k8', mood: 5, reflection: 'Fatto!', date: '2026-04-26', weekNumber: 8, submittedAt: '2026-04-26T18:00:00.000Z' },
    ],
  };
  return withReconciledHistory(data, after);
}

describe('challengeSummary', () => {
  it('sums up the 56 days: habits over the days each existed, best run, planner, moods by week, frozen points, badges', () => {
    const summary = challengeSummary(finishedTracker(), START);
    expect(summary).toMatchObject({ startDate: START, lastDay: LAST });
    expect(summary.habits).toEqual([
      { name: 'Camminare', daysDone: 30, daysPossible: 56, bestStreak: 20 },
      { name: 'Leggere', daysDone: 7, daysPossible: 7, bestStreak: 7 },
    ]);
    expect(summary).toMatchObject({
      habitDaysDone: 37,
      habitDaysPossible: 63,
      habitPercent: 59,
      bestStreak: { habit: 'Camminare', days: 20 },
      actionsPlanned: 3,
      actionsCompleted: 2,
      plannerWeeksSaved: 2,
      checkIns: 2,
    });
    expect(summary.moods).toEqual([
      { weekNumber: 1, mood: 2 },
      ...[2, 3, 4, 5, 6, 7].map((weekNumber) => ({ weekNumber, mood: null })),
      { weekNumber: 8, mood: 5 },
    ]);
    // Habits: 37 on-time days × 2; bonuses at 7 and 14 days of the first run and at 7 days of each last run; planner 2 × 10 + 2 × 10; check-ins 2 × 10.
    expect(summary.points).toBe(37 * 2 + 5 + 10 + 5 + 5 + 2 * 10 + 2 * 10 + 2 * 10);
    expect(summary.badges.map((badge) => badge.id)).toEqual(['collection-point', 'guerriero-della-mente', 'winner']);
  });

  it('has nothing to show for a participant who never ticked', () => {
    const summary = challengeSummary(emptyTracker('Europe/Rome', after, START), START);
    expect(summary).toMatchObject({ habits: [], habitPercent: 0, bestStreak: null, actionsPlanned: 0, points: 0 });
  });
});

describe('the summary of a habit with a schedule', () => {
  it('counts as possible only the days the schedule asks for, and its best streak over the free days', () => {
    // Monday, Wednesday and Friday, ticked so for the first four weeks (12 days), across the DST change of 29 March.
    const mwf = Object.fromEntries(
      Array.from({ length: 4 }, (_, week) => [0, 2, 4].map((day) => [addDays(START, week * 7 + day), 'onTime' as const])).flat(),
    );
    const data: TrackerData = {
      ...emptyTracker('Europe/Rome', after, START),
      habits: [{ id: 'run', name: 'Correre', createdAt: '2026-03-02T07:00:00.000Z', schedule: { kind: 'weekdays', days: [0, 2, 4] } }],
      completions: { run: mwf },
    };
    const [run] = challengeSummary(data, START).habits;
    expect(run).toEqual({ name: 'Correre', daysDone: 12, daysPossible: 24, bestStreak: 12 });
  });
});
