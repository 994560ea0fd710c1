import { describe, expect, test } from 'vitest';
import type { Firestore } from 'firebase-admin/firestore';
import { RecentlyUsed, keptPerDatabase } from './recently-used';

describe('RecentlyUsed', () => {
  test('keeps at most its capacity, dropping the entry read or written least recently', () => {
    const kept = new RecentlyUsed<string, number>(2);
    kept.set('a', 1);
    kept.set('b', 2);
    expect(kept.get('a')).toBe(1);
    kept.set('c', 3);
    expect([kept.get('a'), kept.get('b'), kept.get('c'), kept.size]).toEqual([1, undefined, 3, 2]);
    kept.set('a', 10);
    kept.set('d', 4);
    expect([kept.get('a'), kept.get('c'), kept.get('d')]).toEqual([10, undefined, 4]);
    kept.delete('a');
    expect([kept.get('a'), kept.size]).toEqual([undefined, 1]);
  });

  test('one per database', () => {
    const keptOf = keptPerDatabase<string, number>(5);
    const one = {} as Firestore;
    const other = {} as Firestore;
    keptOf(one).set('x', 1);
    expect(keptOf(one).get('x')).toBe(1);
    expect(keptOf(other).get('x')).toBeUndefined();
  });
});
