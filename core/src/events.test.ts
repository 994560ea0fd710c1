import { describe, expect, it } from 'vitest';
import { eventInputSchema, isJoinOpen, isPastEvent, joinWindow, orderEvents } from './events';

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

describe('the join window', () => {
  // Sunday 25 October 2026, 02:30 in Rome after the clocks went back (01:30Z). Its link opens at
  // 01:00Z, the very instant of the change (03:00 summer time, 02:00 winter time): 30 minutes
  // before on the instant line, whatever the wall clock reads.
  const acrossTheChange = { startsAt: '2026-10-25T02:30:00+01:00', durationMinutes: 60 };

  it('opens 30 minutes before the start and closes at the end, on the instant line across a DST change', () => {
    expect(joinWindow(acrossTheChange)).toEqual({ opensAt: new Date('2026-10-25T01:00:00Z'), closesAt: new Date('2026-10-25T02:30:00Z') });
    expect(isJoinOpen(acrossTheChange, new Date('2026-10-25T00:59:59.999Z'))).toBe(false);
    expect(isJoinOpen(acrossTheChange, new Date('2026-10-25T01:00:00Z'))).toBe(true);
    expect(isJoinOpen(acrossTheChange, new Date('2026-10-25T02:29:59Z'))).toBe(true);
    expect(isJoinOpen(acrossTheChange, new Date('2026-10-25T02:30:00Z'))).toBe(false);
  });

  it('an event without a duration lasts an hour', () => {
    const { closesAt } = joinWindow({ startsAt: '2026-03-29T19:00:00+02:00' });
    expect(closesAt).toEqual(new Date('2026-03-29T18:00:00Z'));
  });

  it('the coach chooses a duration from 15 minutes to 8 hours, and who may join', () => {
    const base = { startsAt: '2026-11-05T19:00:00+01:00', title: 'Kick-off', speaker: '', description: '' };
    expect(eventInputSchema.safeParse({ ...base, durationMinutes: 90, access: 'GUIDA' }).success).toBe(true);
    expect(eventInputSchema.safeParse({ ...base, durationMinutes: 14 }).error?.issues[0]?.message).toBe('La durata deve essere tra 15 minuti e 8 ore');
    expect(eventInputSchema.safeParse({ ...base, durationMinutes: 481 }).success).toBe(false);
    expect(eventInputSchema.safeParse({ ...base, durationMinutes: 30.5 }).success).toBe(false);
    expect(eventInputSchema.safeParse({ ...base, access: 'ORO' }).error?.issues[0]?.message).toBe('Scegli chi può partecipare all’evento');
  });
});
