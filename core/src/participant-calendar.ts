import type { IsoDate } from './iso-date';
import { addDays, compareIsoDates, daysBetween, localDateOf, todayIn } from './dates';

// The participant's calendar as the server keeps it: their zone, and what a change of zone left
// behind. Every calendar day is lived once, in order (docs/decisions/018): a change of zone never
// makes a day that was already today today again, and never jumps over one. Points for "today"
// therefore come once per calendar day, whatever zones the participant names and when.

export const calendarMessages = {
  startDateInPast: 'La data di inizio non può essere nel passato',
  startDateTooFar: 'Scegli una data di inizio entro 60 giorni da oggi',
  timeZoneChangedToday: 'Puoi cambiare il fuso orario una volta al giorno. Riprova domani.',
  timeZoneSkipsADay: 'Con questo fuso orario salteresti un giorno: riprova tra qualche ora.',
} as const;

/** How far ahead a participant may schedule the start of the challenge. */
export const MAX_START_DAYS_AHEAD = 60;

export interface ParticipantCalendar {
  timeZone: string;
  /**
   * The day that was today when the participant last changed zone: until the new zone reaches it,
   * it stays their today (a move west does not give them yesterday again). Null if never changed.
   */
  dayFloor: IsoDate | null;
  /** Their today just after the last change of zone: no other change until a later day. Null if never changed. */
  timeZoneChangedOn: IsoDate | null;
}

/** The stored calendar of a user document, for one written before floors (the day of its last change, read in its zone). */
export function calendarOf(fields: { timeZone: string; dayFloor?: unknown; timeZoneChangedOn?: unknown; timeZoneChangedAt?: unknown }): ParticipantCalendar {
  const day = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);
  let changedOn = day(fields.timeZoneChangedOn);
  if (changedOn === null && typeof fields.timeZoneChangedAt === 'string' && !Number.isNaN(Date.parse(fields.timeZoneChangedAt))) {
    changedOn = localDateOf(fields.timeZoneChangedAt, fields.timeZone);
  }
  return { timeZone: fields.timeZone, dayFloor: day(fields.dayFloor), timeZoneChangedOn: changedOn };
}

const later = (a: IsoDate, b: IsoDate | null): IsoDate => (b !== null && compareIsoDates(b, a) > 0 ? b : a);

/** The participant's today at `now`: the day in their zone, never before the floor a change of zone left. */
export function effectiveToday(calendar: ParticipantCalendar, now: Date): IsoDate {
  return later(todayIn(calendar.timeZone, now), calendar.dayFloor);
}

/** The day in the participant's zone at `instant`, never before their floor (for the skew's "tomorrow"). */
export function effectiveDayAt(calendar: ParticipantCalendar, instant: Date): IsoDate {
  return later(localDateOf(instant, calendar.timeZone), calendar.dayFloor);
}

export type CalendarChange = { ok: true; calendar: ParticipantCalendar; changed: boolean } | { ok: false; message: string };

/**
 * A move to `timeZone` at `now`. It takes effect at once, once per day: the day that was today
 * becomes the floor (a move west keeps it until the new zone reaches it), and a move east that
 * would jump over a whole day (only between the Pacific's extremes) waits until it no longer does.
 */
export function changeTimeZone(calendar: ParticipantCalendar, timeZone: string, now: Date): CalendarChange {
  if (timeZone === calendar.timeZone) return { ok: true, calendar, changed: false };
  const today = effectiveToday(calendar, now);
  if (calendar.timeZoneChangedOn !== null && compareIsoDates(today, calendar.timeZoneChangedOn) <= 0) {
    return { ok: false, message: calendarMessages.timeZoneChangedToday };
  }
  const thereToday = todayIn(timeZone, now);
  if (daysBetween(today, thereToday) > 1) return { ok: false, message: calendarMessages.timeZoneSkipsADay };
  return { ok: true, changed: true, calendar: { timeZone, dayFloor: today, timeZoneChangedOn: later(thereToday, today) } };
}

/** Why `date` cannot be the start of the challenge at `now` (in the past, or too far ahead), or null when it can. */
export function startDateProblem(calendar: ParticipantCalendar, date: IsoDate, now: Date): string | null {
  const today = effectiveToday(calendar, now);
  if (daysBetween(today, date) < 0) return calendarMessages.startDateInPast;
  if (compareIsoDates(date, addDays(today, MAX_START_DAYS_AHEAD)) > 0) return calendarMessages.startDateTooFar;
  return null;
}
