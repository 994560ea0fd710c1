import { describe, expect, test } from 'vitest';
import { weekdayIndex } from '@sfida/core/dates';
import { seedEventDocs } from './seed-events';

describe('the local cohort’s seeded events', () => {
  test('are dated from the cohort’s Monday: Thursdays at 19:00 in Rome within the eight weeks, across the October change', () => {
    const now = new Date('2026-10-19T08:00:00.000Z');
    const events = seedEventDocs('2026-10-19', now);
    expect(events.map((event) => [event.id, event.startsAt])).toEqual([
      ['kick-off', '2026-10-22T17:00:00.000Z'],
      // Rome is on winter time from 25 October: 19:00 is 18:00 UTC.
      ['abitudini', '2026-10-29T18:00:00.000Z'],
      ['alimentazione', '2026-11-05T18:00:00.000Z'],
      ['allenamento', '2026-11-12T18:00:00.000Z'],
      ['recupero', '2026-11-26T18:00:00.000Z'],
      ['traguardo', '2026-12-10T18:00:00.000Z'],
    ]);
    for (const event of events) {
      expect(weekdayIndex(event.startsAt.slice(0, 10))).toBe(3);
      expect(event).toMatchObject({ sequence: 0, updatedAt: now.toISOString() });
      expect(event.title).not.toBe('');
    }
  });
});
