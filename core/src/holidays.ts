import type { IsoDate } from './iso-date';
import { addDays, compareIsoDates, localDateOf } from './dates';

// The days a coach should think twice about before putting an event on: Italy's public holidays
// (Easter Monday among them, so Easter is computed), and the two eves most people keep free.

/** Easter Sunday of `year` in the Gregorian calendar (the anonymous Meeus/Jones/Butcher algorithm). */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Fixed-date holidays (month-day), Italian national ones and the two eves. */
const FIXED_HOLIDAYS: Record<string, string> = {
  '01-01': 'Capodanno',
  '01-06': 'Epifania',
  '04-25': 'Festa della Liberazione',
  '05-01': 'Festa dei lavoratori',
  '06-02': 'Festa della Repubblica',
  '08-15': 'Ferragosto',
  '11-01': 'Ognissanti',
  '12-08': 'Immacolata Concezione',
  '12-24': 'Vigilia di Natale',
  '12-25': 'Natale',
  '12-26': 'Santo Stefano',
  '12-31': 'San Silvestro',
};

/** The holiday `date` falls on ("Pasquetta", "Natale", …), or null on an ordinary day. */
export function holidayOn(date: IsoDate): string | null {
  const fixed = FIXED_HOLIDAYS[date.slice(5)];
  if (fixed !== undefined) return fixed;
  const easter = easterSunday(Number(date.slice(0, 4)));
  if (date === easter) return 'Pasqua';
  if (date === addDays(easter, 1)) return 'Pasquetta';
  return null;
}

/**
 * What a coach is told about an event's date before saving it, in `timeZone`: a day already gone
 * (before `today`), a holiday. Empty for an ordinary day to come.
 */
export function eventDateWarnings(startsAt: string, timeZone: string, today: IsoDate): string[] {
  const date = localDateOf(startsAt, timeZone);
  const warnings: string[] = [];
  if (compareIsoDates(date, today) < 0) warnings.push('La data è già passata: spostala o non copiarlo.');
  const holiday = holidayOn(date);
  if (holiday !== null) warnings.push(`Cade in un giorno di festa (${holiday}): molti potrebbero non esserci.`);
  return warnings;
}
