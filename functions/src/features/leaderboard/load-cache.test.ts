import { describe, expect, test } from 'vitest';
import { SharedLoadCache } from './load-cache';

const row = (userId: string) => ({ userId, displayName: userId, weekPoints: 0, totalPoints: 0, streakDays: 0, isMe: false });

describe('SharedLoadCache', () => {
  test('concurrent requests share one load; a new load only after the TTL', async () => {
    let now = 0;
    let loads = 0;
    const cache = new SharedLoadCache<Array<ReturnType<typeof row>>>(30_000, () => now);
    const load = async () => {
      loads++;
      return [row(`u${loads}`)];
    };
    const [a, b] = await Promise.all([cache.rows('c\u00002025-09-15', load), cache.rows('c\u00002025-09-15', load)]);
    expect(a).toBe(b);
    expect(loads).toBe(1);
    now = 29_999;
    expect(await cache.rows('c\u00002025-09-15', load)).toBe(a);
    expect(await cache.rows('c\u00002025-09-22', load)).toEqual([row('u2')]);
    now = 30_000;
    expect(await cache.rows('c\u00002025-09-15', load)).toEqual([row('u3')]);
    expect(loads).toBe(3);
  });

  test('a failed load is not remembered', async () => {
    const cache = new SharedLoadCache<Array<ReturnType<typeof row>>>(30_000, () => 0);
    await expect(cache.rows('k', () => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect(await cache.rows('k', async () => [row('u1')])).toEqual([row('u1')]);
  });
});
