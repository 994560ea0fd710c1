import { describe, expect, it } from 'vitest';
import { aggregationReads } from './read-count';

describe('aggregationReads', () => {
  it('bills one read per thousand entries counted, at least one', () => {
    expect(aggregationReads({ count: 0 })).toBe(1);
    expect(aggregationReads({ count: 1000 })).toBe(1);
    expect(aggregationReads({ count: 1001 })).toBe(2);
    expect(aggregationReads({ count: 4999 })).toBe(5);
  });
});
