import { formatterFor } from '@sfida/core/zone-formatters';

const DAY_TIME: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' };

/**
 * "12 novembre, 18:30": when a coach wrote or a participant answered. In `timeZone` (the
 * participant's own) or, without one, the browser's.
 */
export function formatDayTime(instant: string, timeZone?: string): string {
  return formatterFor(timeZone, DAY_TIME, 'it-IT').format(new Date(instant));
}

const EVENT_DAY: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' };
const EVENT_TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

/**
 * "Giovedì 5 marzo 2099, ore 19:00": when an event starts, in `timeZone` (the zone the server
 * keeps for the user), the same on /eventi and in the coach's editor.
 */
export function formatEventDayTime(instant: string, timeZone: string): string {
  const start = new Date(instant);
  const day = formatterFor(timeZone, EVENT_DAY, 'it-IT').format(start);
  return `${day.charAt(0).toUpperCase()}${day.slice(1)}, ore ${formatterFor(timeZone, EVENT_TIME, 'it-IT').format(start)}`;
}
