import { describe, expect, it } from 'vitest';
import { copiedEvents } from './event-copy';
import { easterSunday, eventDateWarnings, holidayOn } from './holidays';

const ROME = 'Europe/Rome';

describe('holidays', () => {
  it('computes Easter Sunday, early, late and across the century', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2038)).toBe('2038-04-25');
    expect(easterSunday(2000)).toBe('2000-04-23');
    expect(easterSunday(2285)).toBe('2285-03-22');
  });

  it('names the Italian public holidays, Easter Monday included, and the two eves; nothing on an ordinary day', () => {
    expect(holidayOn('2026-04-06')).toBe('Pasquetta');
    expect(holidayOn('2026-04-05')).toBe('Pasqua');
    expect(holidayOn('2025-04-21')).toBe('Pasquetta');
    expect(holidayOn('2026-04-25')).toBe('Festa della Liberazione');
    expect(holidayOn('2026-06-02')).toBe('Festa della Repubblica');
    expect(holidayOn('2026-08-15')).toBe('Ferragosto');
    expect(holidayOn('2026-12-08')).toBe('Immacolata Concezione');
    expect(holidayOn('2026-12-31')).toBe('San Silvestro');
    expect(holidayOn('2027-01-06')).toBe('Epifania');
    expect(holidayOn('2026-04-07')).toBeNull();
    expect(holidayOn('2026-12-30')).toBeNull();
  });
});

describe('the warnings of a copied event', () => {
  it('flag the copy that lands in the past and the one that lands on 31 December, as the coach saw them', () => {
    // A cohort from Monday 7 September copied to one from Monday 2 November (56 days later), copied on 20 November.
    const events = [
      { startsAt: '2026-09-10T17:00:00.000Z', title: 'Kick-off', speaker: '', description: '' },
      { startsAt: '2026-11-05T18:00:00.000Z', title: 'A metà strada', speaker: '', description: '' },
      { startsAt: '2026-09-17T17:00:00.000Z', title: 'Seconda settimana', speaker: '', description: '' },
    ];
    const copied = copiedEvents(events, '2026-09-07', '2026-11-02', ROME);
    const warnings = copied.map((event) => eventDateWarnings(event.startsAt, ROME, '2026-11-20'));
    // 5 November → 31 December (San Silvestro); 10 September → 5 November, gone by on the 20th; 17 September → 12 November, gone too.
    expect(copied.map((event) => event.startsAt.slice(0, 10))).toEqual(['2026-11-05', '2026-12-31', '2026-11-12']);
    expect(warnings).toEqual([
      ['La data è già passata: spostala o non copiarlo.'],
      ['Cade in un giorno di festa (San Silvestro): molti potrebbero non esserci.'],
      ['La data è già passata: spostala o non copiarlo.'],
    ]);
  });

  it('read the day in the cohort’s zone: 23:30 UTC on 5 April 2026 is already Easter Monday in Rome', () => {
    expect(eventDateWarnings('2026-04-05T22:30:00.000Z', ROME, '2026-01-01')).toEqual(['Cade in un giorno di festa (Pasquetta): molti potrebbero non esserci.']);
    expect(eventDateWarnings('2026-04-05T22:30:00.000Z', 'America/New_York', '2026-01-01')).toEqual(['Cade in un giorno di festa (Pasqua): molti potrebbero non esserci.']);
    // Today is not the past; an ordinary day to come says nothing.
    expect(eventDateWarnings('2026-04-07T17:00:00.000Z', ROME, '2026-04-07')).toEqual([]);
  });
});
