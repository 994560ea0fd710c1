import { createHash, randomBytes } from 'node:crypto';
import { daysBetween } from '@sfida/core/dates';
import { copiedEvents } from '@sfida/core/event-copy';
import {
  eventMessages,
  orderEvents,
  type CalendarFeedStatus,
  type CohortEvent,
  type EventCopyPreview,
  type EventInput,
} from '@sfida/core/events';
import type { User } from '@sfida/core/user';
import type { Deps } from '../../deps';
import { cohortOfCoach, cohortSettingsOf, storedCohort, type CoachedCohort, type ReadCohort } from '../../shared/cohort-repository';
import { badRequest, forbidden, notFound } from '../../shared/http-error';
import { storedUser } from '../../shared/user-repository';
import { buildCalendar, calendarFileName } from './calendar';
import {
  MAX_EVENTS,
  addEvent,
  addEvents,
  calendarFeedOwner,
  countEvents,
  deleteCalendarFeed,
  removeEvent,
  getCalendarFeed,
  getEvent,
  listEvents,
  putCalendarFeed,
  replaceEvent,
  type EventDoc,
  type StoredEvent,
} from './repository';

type EventsDeps = Pick<Deps, 'db' | 'clock'>;

/** Firestore keeps the instant in UTC, so that ordering by the field orders by time. */
function stored(input: EventInput, now: Date): EventDoc {
  const data: EventDoc = { ...input, startsAt: new Date(input.startsAt).toISOString(), link: input.link || undefined, updatedAt: now.toISOString() };
  return withoutUndefined(data);
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

/** What the API answers of an event: the calendar's bookkeeping stays on the server. */
function asCohortEvent({ sequence: _sequence, updatedAt: _updatedAt, ...event }: StoredEvent): CohortEvent {
  return event;
}

/** A cohort whose events are reserved sends their links separately: its participants never get them from here. */
function withoutLink(event: StoredEvent): StoredEvent {
  const { link: _link, ...rest } = event;
  return rest;
}

/** False for a participant of a cohort whose events are reserved. */
function showsLinks({ cohort, asCoach }: ReadCohort): boolean {
  return asCoach || cohortSettingsOf(cohort).reservedEventsText === null;
}

/** The cohort's events for one of its participants (not withdrawn) or one of its coaches (requireMemberOrCoachOf), upcoming first. */
export async function eventsFor(deps: EventsDeps, user: User, read: ReadCohort): Promise<CohortEvent[]> {
  const showLinks = showsLinks(read);
  const cohortId = read.id;
  const events = (await listEvents(deps.db, cohortId)).map((event) => asCohortEvent(showLinks ? event : withoutLink(event)));
  return orderEvents(events, deps.clock(), user.timeZone);
}

/** One event as an iCalendar file ("Aggiungi al calendario"), for whoever may read the cohort's events. */
export async function eventCalendarFile(deps: EventsDeps, user: User, read: ReadCohort, eventId: string): Promise<{ fileName: string; body: string }> {
  const { id: cohortId, cohort } = read;
  const showLinks = showsLinks(read);
  const event = await getEvent(deps.db, cohortId, eventId);
  if (!event) throw notFound(eventMessages.notFound);
  const body = buildCalendar(cohortId, [showLinks ? event : withoutLink(event)], { name: cohort.name, timeZone: user.timeZone, now: deps.clock() });
  return { fileName: calendarFileName(event), body };
}

export async function createEvent(deps: EventsDeps, { id: cohortId }: CoachedCohort, input: EventInput): Promise<CohortEvent> {
  const existing = await countEvents(deps.db, cohortId);
  if (existing >= MAX_EVENTS) throw badRequest(eventMessages.tooMany(MAX_EVENTS, existing));
  const data: EventDoc = { ...stored(input, deps.clock()), sequence: 0 };
  const id = await addEvent(deps.db, cohortId, data);
  return asCohortEvent({ ...data, id });
}

/**
 * Saves the events a coach reviewed, all of them or none: together with the cohort's own they
 * stay within MAX_EVENTS (the count is read first: two coaches saving at the same instant could
 * pass it together, which costs a few events over a generous bound, not data).
 */
export async function createEvents(deps: EventsDeps, { id: cohortId }: CoachedCohort, inputs: EventInput[]): Promise<CohortEvent[]> {
  const existing = await countEvents(deps.db, cohortId);
  if (existing + inputs.length > MAX_EVENTS) throw badRequest(eventMessages.tooMany(MAX_EVENTS, existing));
  const now = deps.clock();
  const data = inputs.map((input): EventDoc => ({ ...stored(input, now), sequence: 0 }));
  const ids = await addEvents(deps.db, cohortId, data);
  return data.map((event, i) => asCohortEvent({ ...event, id: ids[i]! }));
}

export async function updateEvent(deps: EventsDeps, { id: cohortId }: CoachedCohort, eventId: string, input: EventInput): Promise<CohortEvent> {
  const saved = await replaceEvent(deps.db, cohortId, eventId, stored(input, deps.clock()));
  if (!saved) throw notFound(eventMessages.notFound);
  return asCohortEvent(saved);
}

export async function deleteEvent(deps: EventsDeps, { id: cohortId }: CoachedCohort, eventId: string): Promise<void> {
  if (!(await removeEvent(deps.db, cohortId, eventId))) throw notFound(eventMessages.notFound);
}

/**
 * The events of another cohort the caller coaches, moved to this cohort's calendar by the days
 * between the two starts, at the same time of day on the coach's clock: for the coach to review,
 * nothing is saved. A cohort they do not coach is refused as every coach route refuses it.
 */
export async function eventCopyPreview(deps: EventsDeps, user: User, target: CoachedCohort, sourceCohortId: string): Promise<EventCopyPreview> {
  if (sourceCohortId === target.id) throw badRequest(eventMessages.copySameCohort);
  const source = await cohortOfCoach(deps.db, user, sourceCohortId);
  const events = (await listEvents(deps.db, source.id)).map(({ id: _id, sequence: _sequence, updatedAt: _updatedAt, ...input }) => input);
  return {
    sourceCohortId: source.id,
    days: daysBetween(source.cohort.startDate, target.cohort.startDate),
    events: copiedEvents(events, source.cohort.startDate, target.cohort.startDate, user.timeZone),
  };
}

// The private calendar link: a random token in the URL, its SHA-256 in the database.

const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The path of a participant's calendar feed under the app's origin (Hosting sends /api/** to the function). */
export function calendarFeedPath(token: string): string {
  return `/api/calendar-feeds/${token}.ics`;
}

function requireParticipant(user: User): void {
  if (user.role === 'OWNER') throw forbidden(eventMessages.feedParticipantsOnly);
}

export async function calendarFeedStatus(deps: EventsDeps, user: User): Promise<CalendarFeedStatus> {
  requireParticipant(user);
  const feed = await getCalendarFeed(deps.db, user.id);
  return { active: feed !== null, createdAt: feed?.createdAt ?? null };
}

/** A new private link for the participant (the one before stops working); its token is returned once, never stored. */
export async function createCalendarFeed(deps: EventsDeps, user: User): Promise<{ token: string; createdAt: string }> {
  requireParticipant(user);
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const createdAt = deps.clock().toISOString();
  await putCalendarFeed(deps.db, user.id, { tokenHash: hashToken(token), createdAt });
  return { token, createdAt };
}

export async function revokeCalendarFeed(deps: EventsDeps, user: User): Promise<void> {
  requireParticipant(user);
  await deleteCalendarFeed(deps.db, user.id);
}

/**
 * The calendar behind a private link: the events of its participant's cohort, in their zone. An
 * unknown or revoked token, a withdrawn participant or a cohort that is gone: 404, as if there
 * had never been a link.
 */
export async function calendarFeed(deps: EventsDeps, token: string): Promise<string> {
  if (!TOKEN_PATTERN.test(token)) throw notFound();
  const userId = await calendarFeedOwner(deps.db, hashToken(token));
  if (!userId) throw notFound();
  const stored = await storedUser(deps.db, userId);
  if (!stored || stored.doc.withdrawnAt || stored.doc.disabled) throw notFound();
  const { user } = stored;
  if (user.role === 'OWNER') throw notFound();
  const cohort = await storedCohort(deps.db, user.cohortId);
  if (!cohort) throw notFound();
  const showLinks = cohortSettingsOf(cohort).reservedEventsText === null;
  const events = (await listEvents(deps.db, user.cohortId)).map((event) => (showLinks ? event : withoutLink(event)));
  return buildCalendar(user.cohortId, events, { name: cohort.name, timeZone: user.timeZone, now: deps.clock() });
}
