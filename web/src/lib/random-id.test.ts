import { describe, expect, it } from 'vitest';
import { randomIdSuffix } from './random-id';

describe('randomIdSuffix', () => {
  it('is short, id-safe and different every time', () => {
    const ids = new Set(Array.from({ length: 1000 }, randomIdSuffix));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-z]{2,14}$/);
  });
});
