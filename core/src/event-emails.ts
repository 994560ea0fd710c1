import { formatItalianDate, italianWeekday, localDateOf } from './dates';
import { instantAt, minutesOfDay } from './reminders';
import { minutesOfTime } from './time-of-day';

// The event-day email: each participant allowed to join gets it once, at a fixed hour of the
// event's day on their own clock, early enough to plan the day around it and never after the start.

/** The hour it goes on the event's day, in the participant's zone. */
export const EVENT_EMAIL_TIME = '08:00';
/** An event starting before this, in the participant's zone, is announced EARLY_LEAD_MINUTES before it instead. */
export const EVENT_EMAIL_EARLY_START = '09:00';
export const EVENT_EMAIL_EARLY_LEAD_MINUTES = 120;

/**
 * When the event's email is due for someone in `timeZone`: 08:00 on the event's day there; if the
 * event starts before 09:00 there, two hours before its start (minutes on instants, so a
 * daylight-saving change in between moves nothing).
 */
export function eventEmailDueAt(startsAt: string, timeZone: string): Date {
  const start = new Date(startsAt);
  if (minutesOfDay(timeZone, start) < minutesOfTime(EVENT_EMAIL_EARLY_START)) {
    return new Date(start.getTime() - EVENT_EMAIL_EARLY_LEAD_MINUTES * 60_000);
  }
  return instantAt(localDateOf(start, timeZone), EVENT_EMAIL_TIME, timeZone);
}

/** Whether the email is to be sent at `now` to someone in `timeZone`: its time has come, and the event has not begun. */
export function isEventEmailDue(startsAt: string, timeZone: string, now: Date): boolean {
  return eventEmailDueAt(startsAt, timeZone).getTime() <= now.getTime() && now.getTime() < Date.parse(startsAt);
}

/**
 * The email's key: once per event, start and person, so a retried run or task sends nothing more,
 * and an event moved to another time is announced again for it.
 */
export function eventEmailKey(eventId: string, startsAt: string, uid: string): string {
  return `event:${eventId}:${new Date(startsAt).toISOString()}:${uid}`;
}

/** The event's day and time on the participant's clock, e.g. "giovedì 10 dicembre 2026 alle 19:00". */
export function eventWhenText(startsAt: string, timeZone: string): string {
  const day = localDateOf(startsAt, timeZone);
  const minutes = minutesOfDay(timeZone, new Date(startsAt));
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return `${italianWeekday(day, 'long')} ${formatItalianDate(day)} alle ${time}`;
}
