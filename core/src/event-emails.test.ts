import { describe, expect, it } from 'vitest';
import { eventEmailDueAt, eventEmailKey, eventWhenText, isEventEmailDue } from './event-emails';

const ROME = 'Europe/Rome';
const NEW_YORK = 'America/New_York';

describe('the event-day email', () => {
  it('is due at 08:00 of the event day on the participant clock', () => {
    // 19:00 in Rome on 10 December (CET).
    const startsAt = '2026-12-10T18:00:00.000Z';
    expect(eventEmailDueAt(startsAt, ROME).toISOString()).toBe('2026-12-10T07:00:00.000Z');
    // 13:00 in New York the same day: 08:00 there.
    expect(eventEmailDueAt(startsAt, NEW_YORK).toISOString()).toBe('2026-12-10T13:00:00.000Z');
    expect(isEventEmailDue(startsAt, ROME, new Date('2026-12-10T06:59:59Z'))).toBe(false);
    expect(isEventEmailDue(startsAt, ROME, new Date('2026-12-10T07:00:00Z'))).toBe(true);
    expect(isEventEmailDue(startsAt, NEW_YORK, new Date('2026-12-10T07:00:00Z'))).toBe(false);
  });

  it('goes two hours before an event that starts before 09:00, and never once it began', () => {
    // 07:30 in Rome.
    const startsAt = '2026-12-10T06:30:00.000Z';
    expect(eventEmailDueAt(startsAt, ROME).toISOString()).toBe('2026-12-10T04:30:00.000Z');
    expect(isEventEmailDue(startsAt, ROME, new Date('2026-12-10T06:29:00Z'))).toBe(true);
    expect(isEventEmailDue(startsAt, ROME, new Date('2026-12-10T06:30:00Z'))).toBe(false);
    // 09:00 sharp is not early: 08:00 that day.
    expect(eventEmailDueAt('2026-12-10T08:00:00.000Z', ROME).toISOString()).toBe('2026-12-10T07:00:00.000Z');
  });

  it('keeps 08:00 on the wall clock across the daylight-saving changes in Rome', () => {
    // Sunday 29 March 2026, the clocks go forward at 02:00: 08:00 is CEST (UTC+2).
    expect(eventEmailDueAt('2026-03-29T17:00:00.000Z', ROME).toISOString()).toBe('2026-03-29T06:00:00.000Z');
    // The day before, still CET.
    expect(eventEmailDueAt('2026-03-28T18:00:00.000Z', ROME).toISOString()).toBe('2026-03-28T07:00:00.000Z');
    // Sunday 25 October 2026, back to CET: 08:00 is UTC+1 again.
    expect(eventEmailDueAt('2026-10-25T18:00:00.000Z', ROME).toISOString()).toBe('2026-10-25T07:00:00.000Z');
    // An early event across the change: two hours of real time before it.
    expect(eventEmailDueAt('2026-03-29T05:00:00.000Z', ROME).toISOString()).toBe('2026-03-29T03:00:00.000Z');
  });

  it('is keyed by the event, its start and the person, whatever offset the start was written with', () => {
    expect(eventEmailKey('e1', '2026-12-10T19:00:00+01:00', 'u1')).toBe('event:e1:2026-12-10T18:00:00.000Z:u1');
    expect(eventEmailKey('e1', '2026-12-11T19:00:00+01:00', 'u1')).not.toBe(eventEmailKey('e1', '2026-12-10T19:00:00+01:00', 'u1'));
  });

  it('says the day and time on the participant clock', () => {
    expect(eventWhenText('2026-12-10T18:00:00.000Z', ROME)).toBe('giovedì 10 dicembre 2026 alle 19:00');
    expect(eventWhenText('2026-12-10T18:00:00.000Z', NEW_YORK)).toBe('giovedì 10 dicembre 2026 alle 13:00');
  });
});
