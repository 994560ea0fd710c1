import { describe, expect, test } from 'vitest';
import { buildCalendar, calendarFileName, eventUid } from './calendar';
import type { StoredEvent } from './repository';

const kickOff: StoredEvent = {
  id: 'kick-off',
  // Thursday 29 October 2026, 19:00 in Rome: winter time (CET) since the 25th.
  startsAt: '2026-10-29T18:00:00.000Z',
  title: 'Kick-off: si parte, insieme; davvero',
  speaker: 'Martina Ferri',
  description: 'Come funziona il percorso.',
  link: 'https://meet.example.it/kick-off',
  sequence: 3,
  updatedAt: '2026-10-20T08:30:00.000Z',
};

/** The lines of an iCalendar text, unfolded (a line that starts with a space continues the one before). */
function lines(ics: string): string[] {
  return ics.replace(/\r\n /g, '').split('\r\n');
}

describe('a cohort calendar as iCalendar', () => {
  const options = { name: 'Autunno', timeZone: 'Europe/Rome', now: new Date('2026-11-01T12:00:00.000Z'), pageUrl: (id: string) => `https://sfida.example.it/eventi/${id}` };

  test('each event keeps its UID and SEQUENCE, on the reader’s clock with the zone’s definition', () => {
    const ics = buildCalendar('coorte-1', [kickOff], options);
    const all = lines(ics);
    expect(all[0]).toBe('BEGIN:VCALENDAR');
    expect(all).toContain('METHOD:PUBLISH');
    expect(all).toContain('X-WR-CALNAME:Sfida 8 settimane · Autunno');
    expect(all).toContain('X-WR-TIMEZONE:Europe/Rome');
    expect(all).toContain('BEGIN:VTIMEZONE');
    expect(all).toContain('TZID:Europe/Rome');
    expect(all).toContain(`UID:${eventUid('coorte-1', 'kick-off')}`);
    expect(all).toContain('SEQUENCE:3');
    // DTSTAMP in UTC, as RFC 5545 wants: when the event was last changed.
    expect(all).toContain('DTSTAMP:20261020T083000Z');
    expect(all).toContain('DTSTART;TZID=Europe/Rome:20261029T190000');
    expect(all).toContain('DTEND;TZID=Europe/Rome:20261029T200000');
    // Commas and semicolons escaped by the library.
    expect(all).toContain('SUMMARY:Kick-off: si parte\\, insieme\\; davvero');
    // The event's page in the app, never the join link: a calendar keeps and shares its copy.
    expect(all).toContain('DESCRIPTION:Con Martina Ferri\\n\\nCome funziona il percorso.\\n\\nPer collegarti apri la pagina dell’evento: https://sfida.example.it/eventi/kick-off');
    expect(all).toContain('URL;VALUE=URI:https://sfida.example.it/eventi/kick-off');
    expect(ics).not.toContain('meet.example.it');
    expect(all.at(-1)).toBe('END:VCALENDAR');
    // Folded at 75 octets.
    expect(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  });

  test('an event lasts as long as its coach said, an hour when they did not', () => {
    expect(lines(buildCalendar('coorte-1', [{ ...kickOff, durationMinutes: 90 }], options))).toContain('DTEND;TZID=Europe/Rome:20261029T203000');
  });

  test('summer time in the same zone, another reader’s zone, no link, an event stored before its bookkeeping', () => {
    const summer: StoredEvent = { id: 'e2', startsAt: '2026-10-22T17:00:00.000Z', title: 'Abitudini', speaker: '', description: '' };
    const rome = lines(buildCalendar('coorte-1', [summer], options));
    expect(rome).toContain('DTSTART;TZID=Europe/Rome:20261022T190000');
    expect(rome).toContain('SEQUENCE:0');
    expect(rome).toContain('DTSTAMP:20261101T120000Z');
    expect(rome).toContain('DESCRIPTION:Per collegarti apri la pagina dell’evento: https://sfida.example.it/eventi/e2');

    const newYork = lines(buildCalendar('coorte-1', [summer], { ...options, timeZone: 'America/New_York' }));
    expect(newYork).toContain('DTSTART;TZID=America/New_York:20261022T130000');
    expect(newYork).toContain('TZID:America/New_York');
  });

  test('an empty calendar is still a calendar', () => {
    const all = lines(buildCalendar('coorte-1', [], options));
    expect(all).toContain('BEGIN:VCALENDAR');
    expect(all.some((line) => line === 'BEGIN:VEVENT')).toBe(false);
  });

  test('the file is named after the day and the title', () => {
    expect(calendarFileName(kickOff)).toBe('evento-2026-10-29-kick-off-si-parte-insieme-davvero.ics');
    expect(calendarFileName({ startsAt: '2026-11-05T18:00:00.000Z', title: 'Città & perché?' })).toBe('evento-2026-11-05-citta-perche.ics');
    expect(calendarFileName({ startsAt: '2026-11-05T18:00:00.000Z', title: '🎉' })).toBe('evento-2026-11-05.ics');
  });
});
