import { describe, expect, test } from 'vitest';
import { safeEqual } from './crypto';
import { headerNamesTag } from './entity-tag';
import { weekStartParam } from './week-start';

test('safeEqual compares whole strings, any lengths', () => {
  expect(safeEqual('SFIDA-2025', 'SFIDA-2025')).toBe(true);
  expect(safeEqual('SFIDA-2025', 'SFIDA-2026')).toBe(false);
  expect(safeEqual('SFIDA', 'SFIDA-2025')).toBe(false);
  expect(safeEqual('', '')).toBe(true);
});

describe('weekStartParam', () => {
  test('defaults to the Monday of today in the given zone', () => {
    // Sunday 21 Sept 2025 23:30 UTC is already Monday 22 in Rome.
    expect(weekStartParam(undefined, 'Europe/Rome', new Date('2025-09-21T23:30:00Z'))).toBe('2025-09-22');
    expect(weekStartParam('', 'America/New_York', new Date('2025-09-21T23:30:00Z'))).toBe('2025-09-15');
  });
  test.each(['2025-09-16', '2025-9-15', '2025-02-30', ['2025-09-15']])('refuses %j', (value) => {
    expect(() => weekStartParam(value, 'Europe/Rome', new Date())).toThrow('weekStart deve essere un lunedì');
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
