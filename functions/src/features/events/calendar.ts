import ical, { ICalCalendarMethod } from 'ical-generator';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { DateTime } from 'luxon';
import { DEFAULT_EVENT_MINUTES } from '@sfida/core/events';
import type { StoredEvent } from './repository';

// A cohort's events as iCalendar (RFC 5545), for "Aggiungi al calendario" and the private feed.
// ical-generator writes the format (escaping, line folding, dates); @touch4it/ical-timezones
// gives it the VTIMEZONE of the participant's zone, so times read the same in every calendar app.
// Times go in as Luxon dates: ical-generator reads a plain Date's wall clock in the process's zone.

/** Who writes the calendars (PRODID). */
const PRODUCT = { company: 'Sfida 8 settimane', product: 'Eventi', language: 'IT' } as const;

/** The event's UID: the same in every file and feed, so an edit replaces the copy a calendar app keeps. */
export function eventUid(cohortId: string, eventId: string): string {
  return `${cohortId}.${eventId}@sfida8settimane`;
}

export interface CalendarOptions {
  /** The cohort's name, as the calendar's. */
  name: string;
  /** Where the reader lives: the times are written on its clock (TZID) with its VTIMEZONE. */
  timeZone: string;
  /** DTSTAMP of an event stored before it kept when it was last changed. */
  now: Date;
  /** The event's page in the app: the only address a calendar gets (never the join link, see below). */
  pageUrl: (eventId: string) => string;
}

/**
 * What the description says: who speaks, what about, and where to connect. A calendar keeps its
 * copy for ever and may be shared, so it never holds the join link, whoever reads it: the event's
 * page in the app shows the link to those who may join, when they may.
 */
function descriptionOf(event: StoredEvent, page: string): string {
  return [event.speaker ? `Con ${event.speaker}` : '', event.description, `Per collegarti apri la pagina dell’evento: ${page}`]
    .filter((part) => part !== '')
    .join('\n\n');
}

/** The events as an iCalendar file (METHOD:PUBLISH), each with a stable UID and the SEQUENCE of its edits. */
export function buildCalendar(cohortId: string, events: StoredEvent[], options: CalendarOptions): string {
  // A zone with no VTIMEZONE to give (none the server stores) is written in UTC instead.
  const zone = getVtimezoneComponent(options.timeZone) ? options.timeZone : null;
  const calendar = ical({
    name: `Sfida 8 settimane · ${options.name}`,
    prodId: PRODUCT,
    method: ICalCalendarMethod.PUBLISH,
    // No calendar-wide zone name: ical-generator would write DTSTAMP on its clock, where RFC 5545
    // wants UTC. The events name their zone (TZID), the generator adds its VTIMEZONE.
    timezone: { name: null, generator: getVtimezoneComponent },
    x: zone ? { 'X-WR-TIMEZONE': zone } : {},
  });
  for (const event of events) {
    const start = DateTime.fromISO(event.startsAt, { zone: zone ?? 'utc' });
    const page = options.pageUrl(event.id);
    calendar.createEvent({
      id: eventUid(cohortId, event.id),
      sequence: event.sequence ?? 0,
      stamp: event.updatedAt ? new Date(event.updatedAt) : options.now,
      start,
      end: start.plus({ minutes: event.durationMinutes ?? DEFAULT_EVENT_MINUTES }),
      timezone: zone,
      summary: event.title,
      description: descriptionOf(event, page),
      url: page,
    });
  }
  return calendar.toString();
}

/** "evento-2026-11-26-kick-off.ics": the day and the title, in letters any file system takes. */
export function calendarFileName(event: Pick<StoredEvent, 'startsAt' | 'title'>): string {
  const slug = event.title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40)
    .replace(/-$/, '');
  return `evento-${event.startsAt.slice(0, 10)}${slug ? `-${slug}` : ''}.ics`;
}
