import { describe, expect, it } from 'vitest';
import {
  editScheduledMessageRequestSchema,
  formatScheduledAt,
  scheduleMessageRequestSchema,
  scheduleProblem,
  scheduledInstant,
  scheduleTexts,
  skippedTimeText,
  zoneLabel,
} from './scheduled-messages';

const ROME = 'Europe/Rome';

describe('scheduledInstant: a wall-clock time in the cohort\'s zone', () => {
  it('is the instant Rome\'s clock reads it, in winter (UTC+1) and in summer (UTC+2)', () => {
    expect(scheduledInstant('2026-03-28', '09:00', ROME)?.toISOString()).toBe('2026-03-28T08:00:00.000Z');
    expect(scheduledInstant('2026-03-30', '09:00', ROME)?.toISOString()).toBe('2026-03-30T07:00:00.000Z');
    expect(scheduledInstant('2026-10-26', '09:00', ROME)?.toISOString()).toBe('2026-10-26T08:00:00.000Z');
  });

  it('on the day summer time begins (Sunday 29 March 2026): before and after the change, and 02:30 does not exist', () => {
    expect(scheduledInstant('2026-03-29', '01:59', ROME)?.toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(scheduledInstant('2026-03-29', '03:00', ROME)?.toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(scheduledInstant('2026-03-29', '09:00', ROME)?.toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(scheduledInstant('2026-03-29', '02:00', ROME)).toBeNull();
    expect(scheduledInstant('2026-03-29', '02:30', ROME)).toBeNull();
    expect(scheduledInstant('2026-03-29', '02:59', ROME)).toBeNull();
  });

  it('on the day summer time ends (Sunday 25 October 2026): 02:30 happens twice and is the first one', () => {
    expect(scheduledInstant('2026-10-25', '01:30', ROME)?.toISOString()).toBe('2026-10-24T23:30:00.000Z');
    // 02:30 summer time (UTC+2), not the 02:30 an hour later in winter time.
    expect(scheduledInstant('2026-10-25', '02:30', ROME)?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(scheduledInstant('2026-10-25', '03:00', ROME)?.toISOString()).toBe('2026-10-25T02:00:00.000Z');
    expect(scheduledInstant('2026-10-25', '09:00', ROME)?.toISOString()).toBe('2026-10-25T08:00:00.000Z');
  });

  it('in another zone, on its own change day (New York, 8 March 2026)', () => {
    expect(scheduledInstant('2026-03-08', '02:30', 'America/New_York')).toBeNull();
    expect(scheduledInstant('2026-03-08', '09:00', 'America/New_York')?.toISOString()).toBe('2026-03-08T13:00:00.000Z');
  });
});

describe('scheduleProblem', () => {
  const now = new Date('2026-03-28T10:00:00Z'); // Saturday, 11:00 in Rome

  it('refuses a time the change skips, in Italian, naming it', () => {
    expect(scheduleProblem('2026-03-29', '02:30', ROME, now)).toBe(skippedTimeText('2026-03-29', '02:30', ROME));
    expect(skippedTimeText('2026-03-29', '02:30', ROME)).toBe(
      'Le 02:30 del 29 marzo 2026 non esistono (ora di Roma): quella notte l’orologio passa all’ora legale. Scegli un altro orario',
    );
  });

  it('refuses the past and now itself, accepts a minute later', () => {
    expect(scheduleProblem('2026-03-28', '10:59', ROME, now)).toBe(scheduleTexts.inThePast);
    expect(scheduleProblem('2026-03-28', '11:00', ROME, now)).toBe(scheduleTexts.inThePast);
    expect(scheduleProblem('2026-03-28', '11:01', ROME, now)).toBeNull();
  });

  it('accepts up to 366 calendar days ahead in the cohort\'s zone, not more', () => {
    expect(scheduleProblem('2027-03-29', '09:00', ROME, now)).toBeNull();
    expect(scheduleProblem('2027-03-30', '09:00', ROME, now)).toBe(scheduleTexts.tooFar);
  });
});

describe('requests and labels', () => {
  const base = { requestId: 'richiesta-0001', segment: 'all', text: 'Ciao {nome}', date: '2026-03-30', time: '09:00' };

  it('need a real day and a time of day', () => {
    expect(scheduleMessageRequestSchema.safeParse(base).success).toBe(true);
    expect(scheduleMessageRequestSchema.safeParse({ ...base, date: '2026-02-30' }).error?.issues[0]?.message).toBe(scheduleTexts.dateRequired);
    expect(scheduleMessageRequestSchema.safeParse({ ...base, time: '24:00' }).error?.issues[0]?.message).toBe(scheduleTexts.timeRequired);
    expect(scheduleMessageRequestSchema.safeParse({ ...base, time: '9:00' }).success).toBe(false);
    expect(editScheduledMessageRequestSchema.safeParse({ segment: 'picked', userIds: [], text: 'Ciao', date: '2026-03-30', time: '09:00' }).success).toBe(false);
  });

  it('name the zone and spell the moment in Italian', () => {
    expect(zoneLabel(ROME)).toBe('ora di Roma');
    expect(zoneLabel('America/New_York')).toBe('ora di New York');
    expect(formatScheduledAt({ date: '2026-03-30', time: '09:00', timeZone: ROME })).toBe('lunedì 30 marzo 2026 alle 09:00 (ora di Roma)');
  });
});
