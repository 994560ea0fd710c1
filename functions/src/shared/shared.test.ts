import { describe, expect, test } from 'vitest';
import { safeEqual } from './crypto';
import { entityTagOf, ifNoneMatchNames } from './entity-tag';
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
  const tag = entityTagOf('{"habits":[]}');

  test('the same body gives the same weak tag (it is sent gzipped or not), another body another', () => {
    expect(tag).toMatch(/^W\/"[0-9a-f]{64}"$/);
    expect(entityTagOf('{"habits":[]}')).toBe(tag);
    expect(entityTagOf('{"habits":[1]}')).not.toBe(tag);
  });

  test('If-None-Match names the tag: alone, in a list, without its weak mark, or as *', () => {
    const opaque = tag.replace(/^W\//, '');
    expect(ifNoneMatchNames(tag, tag)).toBe(true);
    expect(ifNoneMatchNames(`"other", ${tag}`, tag)).toBe(true);
    expect(ifNoneMatchNames(opaque, tag)).toBe(true);
    expect(ifNoneMatchNames('*', tag)).toBe(true);
  });

  test('no header, another tag, or the tag without quotes: not named', () => {
    expect(ifNoneMatchNames(undefined, tag)).toBe(false);
    expect(ifNoneMatchNames('', tag)).toBe(false);
    expect(ifNoneMatchNames('"other"', tag)).toBe(false);
    expect(ifNoneMatchNames(tag.replace(/^W\//, '').slice(1, -1), tag)).toBe(false);
  });
});
