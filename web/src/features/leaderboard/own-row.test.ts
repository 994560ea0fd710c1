import { describe, expect, it } from 'vitest';
import type { LeaderboardEntry } from '@sfida/core/progress-summary';
import { withOwnChange } from './own-row';

const row = (userId: string, weekPoints: number, rank: number, isMe = false): LeaderboardEntry => ({
  userId,
  displayName: userId,
  weekPoints,
  totalPoints: weekPoints,
  streakDays: 0,
  rank,
  isMe,
});
const mine = (entry: LeaderboardEntry) => entry.isMe;

describe('withOwnChange', () => {
  it('changes nothing when the tracker did not change since the rows were fetched', () => {
    const rows = [row('a', 10, 1), row('me', 5, 2, true)];
    expect(withOwnChange(rows, mine, { weekPoints: 0, totalPoints: 0 })).toBe(rows);
  });

  it('moves the caller up among the top rows, ties sharing a rank', () => {
    const rows = [row('a', 10, 1), row('b', 8, 2), row('me', 5, 3, true)];
    expect(withOwnChange(rows, mine, { weekPoints: 3, totalPoints: 3 }).map((r) => [r.userId, r.weekPoints, r.rank])).toEqual([
      ['a', 10, 1],
      ['b', 8, 2],
      ['me', 8, 2],
    ]);
    expect(withOwnChange(rows, mine, { weekPoints: 7, totalPoints: 7 })[0]).toMatchObject({ userId: 'me', weekPoints: 12, rank: 1 });
  });

  it('keeps the server rank of a row added below the top, and never goes below zero', () => {
    const rows = [row('a', 10, 1), row('b', 8, 2), row('me', 1, 57, true)];
    expect(withOwnChange(rows, mine, { weekPoints: 2, totalPoints: 2 })[2]).toMatchObject({ userId: 'me', weekPoints: 3, rank: 57 });
    expect(withOwnChange(rows, mine, { weekPoints: -5, totalPoints: -5 })[2]).toMatchObject({ weekPoints: 0, totalPoints: 0 });
  });
});
