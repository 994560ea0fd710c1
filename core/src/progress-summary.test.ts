import { describe, expect, it } from 'vitest';
import type { TrackerData } from './tracker';
import { addDays, todayIn } from './dates';
import { emptyTracker } from './tracker';
import { addHabit, savePlanner, setActionText, submitCheckIn, toggleAction, toggleHabit } from './tracker-actions';
import { leaderboardEntrySchema, rankEntries, summarizeTracker, weeklyKpiSchema } from './progress-summary';

const ZONE = 'Europe/Rome';
const START = '2026-03-04'; // a Wednesday
const must = (result: { ok: true; data: TrackerData } | { ok: false; message: string }): TrackerData => {
  if (!result.ok) throw new Error(result.message);
  return result.data;
};

describe('summarizeTracker', () => {
  it('summarises the calendar week and the challenge so far', () => {
    let data = must(addHabit(emptyTracker(ZONE, new Date('2026-03-04T07:00:00Z'), START), 'Leggere', new Date('2026-03-04T07:00:00Z'), 'h'));
    for (let i = 0; i < 7; i++) {
      const at = new Date(`${addDays(START, i)}T18:00:00Z`);
      data = must(toggleHabit(data, 'h', todayIn(ZONE, at), at));
    }
    const now = new Date('2026-03-10T18:00:00Z'); // Tuesday, challenge week 1 (day 6)
    for (const [i, text] of ['Uno', 'Due', 'Tre'].entries()) data = must(setActionText(data, 1, `w1-a${i + 1}`, text, now));
    data = must(toggleAction(must(savePlanner(data, 1, now)), 1, 'w1-a1', now));
    data = must(submitCheckIn(data, { mood: 5, reflection: 'Ottima' }, now));

    const kpi = summarizeTracker(data, { challengeStartDate: START, today: '2026-03-10', weekStart: '2026-03-09' });
    expect(weeklyKpiSchema.parse(kpi)).toEqual({
      weekStart: '2026-03-09',
      weekPoints: 2 + 2 + 5 + 10 + 10 + 10, // Mon and Tue ticks, the 7-day bonus, save, action, check-in
      totalPoints: 14 + 5 + 30,
      streakDays: 7,
      habitCompletionsThisWeek: 2,
      habitCompletionsTotal: 7,
      actionsCompleted: 1,
      actionsPlanned: 3,
      checkInThisWeek: true,
      checkInsTotal: 1,
      currentWeek: 1,
      completedWeeks: 1,
      badgesEarned: ['guerriero-della-mente'],
    });
  });

  it('reports week 0 before the start', () => {
    const kpi = summarizeTracker(emptyTracker(ZONE, new Date('2026-03-01T10:00:00Z')), { challengeStartDate: START, today: '2026-03-01', weekStart: '2026-02-23' });
    expect(kpi).toMatchObject({ currentWeek: 0, completedWeeks: 0, weekPoints: 0, checkInThisWeek: false });
  });
});

describe('rankEntries', () => {
  const row = (userId: string, weekPoints: number, totalPoints: number, displayName = userId) => ({
    userId,
    displayName,
    weekPoints,
    totalPoints,
    streakDays: 0,
    isMe: userId === 'me',
  });

  it('sorts by week points, total points, then name, and shares ranks on ties', () => {
    const ranked = rankEntries([row('c', 10, 50, 'Carla'), row('me', 30, 40, 'Anna'), row('b', 10, 50, 'Bruno'), row('d', 10, 20, 'Dario')]);
    expect(ranked.map((r) => [r.displayName, r.rank])).toEqual([
      ['Anna', 1],
      ['Bruno', 2],
      ['Carla', 2],
      ['Dario', 4],
    ]);
    expect(ranked.every((r) => leaderboardEntrySchema.safeParse(r).success)).toBe(true);
    expect(rankEntries([row('a', 5, 5), row('b', 5, 5), row('c', 1, 1)]).map((r) => r.rank)).toEqual([1, 1, 3]);
  });
});
