import { describe, expect, test } from 'vitest';
import { safeEqual } from './crypto';
import { headerNamesTag } from './entity-tag';
import { weekOrThisWeek } from './week-start';

test('safeEqual compares whole strings, any lengths', () => {
  expect(safeEqual('SFIDA-2025', 'SFIDA-2025')).toBe(true);
  expect(safeEqual('SFIDA-2025', 'SFIDA-2026')).toBe(false);
  expect(safeEqual('SFIDA', 'SFIDA-2025')).toBe(false);
  expect(safeEqual('', '')).toBe(true);
});

describe('weekOrThisWeek', () => {
  test('defaults to the Monday of today in the given zone', () => {
    // Sunday 21 Sept 2025 23:30 UTC is already Monday 22 in Rome.
    expect(weekOrThisWeek(null, 'Europe/Rome', new Date('2025-09-21T23:30:00Z'))).toBe('2025-09-22');
    expect(weekOrThisWeek(null, 'America/New_York', new Date('2025-09-21T23:30:00Z'))).toBe('2025-09-15');
    expect(weekOrThisWeek('2025-09-08', 'Europe/Rome', new Date('2025-09-21T23:30:00Z'))).toBe('2025-09-08');
  });
});

describe('entity tags', () => {
  const tag = '"r12"';

  test('If-None-Match or If-Match names the tag: alone, in a list, with or without a weak mark, or as *', () => {
    const weak = `W/${tag}`;
    expect(headerNamesTag(tag, tag)).toBe(true);
    expect(headerNamesTag(`"other", ${tag}`, tag)).toBe(true);
    expect(headerNamesTag(weak, tag)).toBe(true);
    expect(headerNamesTag('*', tag)).toBe(true);
  });

  test('no header, another tag, or the tag without quotes: not named', () => {
    expect(headerNamesTag(undefined, tag)).toBe(false);
    expect(headerNamesTag('', tag)).toBe(false);
    expect(headerNamesTag('"other"', tag)).toBe(false);
    expect(headerNamesTag(tag.slice(1, -1), tag)).toBe(false);
  });
});
