import { describe, expect, it } from 'vitest';
import { copiedEvents, shiftEventStart } from './event-copy';

const ROME = 'Europe/Rome';

describe('copying events to another cohort', () => {
  it('keeps 19:00 in Rome across the October change (summer to winter time)', () => {
    // Thursday 22 October 2026, 19:00 CEST; Rome goes back to CET on Sunday 25 October.
    expect(shiftEventStart('2026-10-22T17:00:00.000Z', 14, ROME)).toBe('2026-11-05T18:00:00.000Z');
  });

  it('keeps 19:00 in Rome across the March change (winter to summer time), backwards too', () => {
    // Thursday 26 March 2026, 19:00 CET; Rome moves to CEST on Sunday 29 March.
    expect(shiftEventStart('2026-03-26T18:00:00.000Z', 7, ROME)).toBe('2026-04-02T17:00:00.000Z');
    expect(shiftEventStart('2026-04-02T17:00:00.000Z', -7, ROME)).toBe('2026-03-26T18:00:00.000Z');
  });

  it('keeps the wall clock of the zone it is given (New York changes a week after Rome)', () => {
    // 25 October 2026 (Rome's change) is not New York's: 1 November is.
    expect(shiftEventStart('2026-10-29T23:00:00.000Z', 7, 'America/New_York')).toBe('2026-11-06T00:00:00.000Z');
    // 19:00 in New York, a date where both zones are on summer time, shifted into Rome's winter only.
    expect(shiftEventStart('2026-10-22T23:00:00.000Z', 7, 'America/New_York')).toBe('2026-10-29T23:00:00.000Z');
  });

  it('moves each event by the calendar days between the two starts, and keeps the rest of it', () => {
    const events = [
      { startsAt: '2026-09-10T17:00:00.000Z', title: 'Kick-off', speaker: 'Martina', description: 'Il percorso', link: 'https://meet.example.it/k' },
      { startsAt: '2026-10-29T18:00:00.000Z', title: 'Traguardo', speaker: '', description: '' },
    ];
    // From a cohort starting Monday 7 September to one starting Monday 19 October: 42 days later.
    expect(copiedEvents(events, '2026-09-07', '2026-10-19', ROME)).toEqual([
      // Thursday 10 September 19:00 CEST → Thursday 22 October 19:00 CEST.
      { ...events[0], startsAt: '2026-10-22T17:00:00.000Z' },
      // Thursday 29 October 19:00 CET → Thursday 10 December 19:00 CET.
      { ...events[1], startsAt: '2026-12-10T18:00:00.000Z' },
    ]);
    expect(copiedEvents(events, '2026-09-07', '2026-09-07', ROME)).toEqual(events);
  });
});
