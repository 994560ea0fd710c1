import { describe, expect, test } from 'vitest';
import type { TrackerData } from './tracker';
import type { TrackerResult } from './tracker-actions';
import { emptyTracker } from './tracker';
import { addHabit, toggleHabit } from './tracker-actions';
import { distinctLeaderboardNames, leaderboardName, liveStreak, pointsByWeek, streakAt } from './leaderboard-summary';

const must = (r: TrackerResult): TrackerData => {
  if (!r.ok) throw new Error(r.message);
  return r.data;
};

function ticked(days: string[]): TrackerData {
  let data = emptyTracker('Europe/Rome', new Date('2025-09-15T08:00:00Z'), '2025-09-15');
  data = must(addHabit(data, 'Leggere', new Date('2025-09-15T08:00:00Z'), 'h1'));
  for (const day of days) data = must(toggleHabit(data, 'h1', day, new Date(`${day}T10:00:00Z`)));
  return data;
}

describe('streakAt / liveStreak', () => {
  test('a streak ticked today runs through today and survives tomorrow only', () => {
    const data = ticked(['2025-09-15', '2025-09-16', '2025-09-17']);
    const streak = streakAt(data, '2025-09-17');
    expect(streak).toEqual({ streakDays: 3, streakThrough: '2025-09-17' });
    expect(liveStreak(streak, '2025-09-18')).toBe(3);
    expect(liveStreak(streak, '2025-09-19')).toBe(0);
  });

  test('not ticked yet today: the streak runs through yesterday', () => {
    const streak = streakAt(ticked(['2025-09-15', '2025-09-16']), '2025-09-17');
    expect(streak).toEqual({ streakDays: 2, streakThrough: '2025-09-16' });
    expect(liveStreak(streak, '2025-09-17')).toBe(2);
    expect(liveStreak(streak, '2025-09-18')).toBe(0);
  });
});

test('pointsByWeek groups the history by the Monday of each entry, in the tracker zone', () => {
  const data = ticked(['2025-09-15', '2025-09-16', '2025-09-22']);
  expect(pointsByWeek(data)).toEqual({ '2025-09-15': 4, '2025-09-22': 2 });
});

describe('leaderboardName', () => {
  test.each([
    ['Marco Rossi', 'Marco R.'],
    ['  marco   rossi ', 'marco R.'],
    ['Anna', 'Anna'],
    ['Maria Luisa De Santis', 'Maria D.'],
    ['Gian Marco Ferri', 'Gian F.'],
    ["Lucia D'Amico", 'Lucia D.'],
    ['Élodie Étienne', 'Élodie É.'],
    ['Membro 54', 'Membro 54'],
    ['', 'Partecipante'],
    [null, 'Partecipante'],
  ])('%j is shown as %j', (name, shown) => {
    expect(leaderboardName(name)).toBe(shown);
  });
});

test('distinctLeaderboardNames numbers a shared name by id, whatever the order of the rows', () => {
  const rows = [
    { userId: 'u3', displayName: 'Marco R.' },
    { userId: 'u1', displayName: 'Marco R.' },
    { userId: 'u2', displayName: 'Anna' },
    { userId: 'u4', displayName: 'marco r.' },
  ];
  expect(Object.fromEntries(distinctLeaderboardNames(rows))).toEqual({ u1: 'Marco R.', u2: 'Anna', u3: 'Marco R. (2)', u4: 'marco r. (3)' });
  expect(distinctLeaderboardNames([rows[0]!]).get('u3')).toBe('Marco R.');
});
