import { describe, expect, it } from 'vitest';
import { eventInputSchema, isPastEvent, orderEvents } from './events';

const ROME = 'Europe/Rome';

describe('cohort events', () => {
  it('an event is over once its day is over in the viewer zone, across a DST change', () => {
    // 25 October 2026, 19:00 in Rome (CET after the change).
    const event = { startsAt: '2026-10-25T19:00:00+01:00' };
    expect(isPastEvent(event, new Date('2026-10-25T22:30:00Z'), ROME)).toBe(false);
    expect(isPastEvent(event, new Date('2026-10-25T23:00:00Z'), ROME)).toBe(true);
  });

  it('lists upcoming events first, then past ones, each in calendar order', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const events = [
      { id: 'a', startsAt: '2026-11-01T19:00:00+01:00' },
      { id: 'b', startsAt: '2026-12-10T19:00:00+01:00' },
      { id: 'c', startsAt: '2026-11-20T19:00:00+01:00' },
      { id: 'd', startsAt: '2026-11-26T19:00:00+01:00' },
    ];
    expect(orderEvents(events, now, ROME).map((event) => event.id)).toEqual(['d', 'b', 'a', 'c']);
  });

  it('checks what a coach writes, with Italian messages', () => {
    const good = { startsAt: '2026-12-10T19:00:00+01:00', title: 'Kick-off', speaker: 'Martina', description: '', link: 'https://meet.example.it/x' };
    expect(eventInputSchema.safeParse(good).success).toBe(true);
    const messages = (value: unknown) => eventInputSchema.safeParse(value).error?.issues.map((issue) => issue.message);
    expect(messages({ ...good, title: '  ' })).toEqual(["Inserisci il titolo dell'evento"]);
    expect(messages({ ...good, link: 'javascript:alert(1)' })).toEqual(['Il link deve iniziare con https://']);
    expect(messages({ ...good, startsAt: '10/12/2026' })).toEqual(["Indica data e ora dell'evento"]);
  });
});
