import { describe, expect, it } from 'vitest';
import type { LeaderboardEntry } from '@sfida/core/progress-summary';
import { rankingSections } from './ranking-sections';

const rows = (count: number, me: number): LeaderboardEntry[] =>
  Array.from({ length: count }, (_, i) => ({ userId: `u${i}`, displayName: `P${i}`, weekPoints: 100 - i, totalPoints: 100 - i, streakDays: 0, rank: i + 1, isMe: i === me }));
const isMine = (entry: LeaderboardEntry) => entry.isMe;
const ranks = (list: LeaderboardEntry[]) => list.map((entry) => entry.rank);

describe('rankingSections', () => {
  it('the top ten, then two above and two below the participant', () => {
    const { top, around } = rankingSections(rows(49, 29), isMine);
    expect(ranks(top)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(ranks(around)).toEqual([28, 29, 30, 31, 32]);
  });

  it('in or just below the top: one list down to two rows after theirs', () => {
    expect(rankingSections(rows(49, 3), isMine)).toMatchObject({ around: [] });
    expect(ranks(rankingSections(rows(49, 3), isMine).top)).toHaveLength(10);
    const { top, around } = rankingSections(rows(49, 11), isMine);
    expect(ranks(top)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(around).toEqual([]);
  });

  it('last: the rows above only', () => {
    expect(ranks(rankingSections(rows(49, 48), isMine).around)).toEqual([47, 48, 49]);
  });

  it('a row the server added below its page stands alone: its neighbours are not known', () => {
    const page = rows(50, -1);
    const mine = { ...rows(1, 0)[0]!, userId: 'me', rank: 120 };
    expect(rankingSections([...page, mine], isMine, { listed: 50 }).around).toEqual([mine]);
  });

  it('not in the ranking: the top only', () => {
    expect(rankingSections(rows(30, -1), isMine)).toMatchObject({ around: [] });
  });
});
