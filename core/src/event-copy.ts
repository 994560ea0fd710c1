import { addDays, daysBetween, localDateOf } from './dates';
import type { EventInput } from './events';
import type { IsoDate } from './iso-date';
import { instantAt, minutesOfDay } from './reminders';

// Copying a cohort's events to another cohort: only the server computes it (the coach reviews the
// answer), so the browser's events screens never load the wall-clock rules it needs.

/**
 * The instant `days` calendar days after `startsAt`, at the same time on the wall clock of
 * `timeZone`: 19:00 in Rome stays 19:00 in Rome across a daylight-saving change.
 */
export function shiftEventStart(startsAt: string, days: number, timeZone: string): string {
  const date = localDateOf(startsAt, timeZone);
  const minutes = minutesOfDay(timeZone, new Date(startsAt));
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return instantAt(addDays(date, days), time, timeZone).toISOString();
}

/**
 * Another cohort's events on this cohort's calendar: each moved by the days between the two
 * starts (the kick-off three days after one start is three days after the other), at the same
 * time of day in `timeZone`.
 */
export function copiedEvents(events: EventInput[], fromStart: IsoDate, toStart: IsoDate, timeZone: string): EventInput[] {
  const days = daysBetween(fromStart, toStart);
  return events.map((event) => ({ ...event, startsAt: shiftEventStart(event.startsAt, days, timeZone) }));
}
