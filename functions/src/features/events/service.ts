import { createHash, randomBytes } from 'node:crypto';
import { daysBetween } from '@sfida/core/dates';
import { copiedEvents } from '@sfida/core/event-copy';
import {
  DEFAULT_EVENT_MINUTES,
  eventMessages,
  isJoinOpen,
  joinWindow,
  orderEvents,
  type CalendarFeedStatus,
  type CohortEvent,
  type EventCopyPreview,
  type EventInput,
} from '@sfida/core/events';
import { packageAllows, type Access } from '@sfida/core/packages';
import type { User } from '@sfida/core/user';
import type { Deps } from '../../deps';
import { cohortOfCoach, cohortSettingsOf, storedCohort, type CoachedCohort, type CohortDoc, type ReadCohort } from '../../shared/cohort-repository';
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
/** The calendars link each event to its page in the app, on this origin. */
type CalendarDeps = EventsDeps & { appOrigin: string };

/** Firestore keeps the instant in UTC, so that ordering by the field orders by time; who may join and how long it lasts are always written. */
function stored(input: EventInput, now: Date): EventDoc {
  const data: EventDoc = {
    ...input,
    startsAt: new Date(input.startsAt).toISOString(),
    link: input.link || undefined,
    durationMinutes: input.durationMinutes ?? DEFAULT_EVENT_MINUTES,
    access: input.access ?? 'BASE',
    updatedAt: now.toISOString(),
  };
  return withoutUndefined(data);
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

/**
 * Who may join an event. One stored before events said so follows its cohort's old switch: all
 * reserved to Guida and Premium when the cohort had an "eventi riservati" text, else everyone
 * (migrate-cohorts writes it on every event, see migrations.ts).
 */
export function accessOf(event: Pick<StoredEvent, 'access'>, cohort: CohortDoc): Access {
  return event.access ?? (cohortSettingsOf(cohort).reservedEventsText === null ? 'BASE' : 'GUIDA');
}

/** What a coach wrote, with what an older event's missing fields mean. */
type FullInput = EventInput & Required<Pick<EventInput, 'access' | 'durationMinutes'>>;

function asInput({ id: _id, sequence: _sequence, updatedAt: _updatedAt, ...event }: StoredEvent, cohort: CohortDoc): FullInput {
  return { ...event, access: accessOf(event, cohort), durationMinutes: event.durationMinutes ?? DEFAULT_EVENT_MINUTES };
}

/**
 * An event as `read`'s reader gets it. The join link goes to the cohort's coaches, and to a
 * participant only when their package may join and the window is open (30 minutes before the start
 * to the end): never to anyone else, by any route.
 */
function forReader(event: StoredEvent, read: ReadCohort, now: Date): CohortEvent {
  const { link, ...input } = asInput(event, read.cohort);
  const mayJoin = read.asCoach || packageAllows(read.package, input.access);
  const showsLink = link !== undefined && (read.asCoach || (mayJoin && isJoinOpen(input, now)));
  return {
    ...input,
    ...(showsLink ? { link } : {}),
    id: event.id,
    mayJoin,
    joinOpensAt: joinWindow(input).opensAt.toISOString(),
  };
}

function asCoach(coached: CoachedCohort): ReadCohort {
  return { ...coached, asCoach: true, package: 'BASE' };
}

/** The cohort's events for one of its participants (not withdrawn) or one of its coaches (requireMemberOrCoachOf), upcoming first. */
export async function eventsFor(deps: EventsDeps, user: User, read: ReadCohort): Promise<CohortEvent[]> {
  const now = deps.clock();
  const events = (await listEvents(deps.db, read.id)).map((event) => forReader(event, read, now));
  return orderEvents(events, now, user.timeZone);
}

/** One event of the cohort, for its page in the app (the participant's calendar links there). */
export async function eventFor(deps: EventsDeps, read: ReadCohort, eventId: string): Promise<CohortEvent> {
  const event = await getEvent(deps.db, read.id, eventId);
  if (!event) throw notFound(eventMessages.notFound);
  return forReader(event, read, deps.clock());
}

/** The address of an event's page in the app: what the calendars give instead of the join link. */
export function eventPageUrl(appOrigin: string, eventId: string): string {
  return `${appOrigin}/eventi/${encodeURIComponent(eventId)}`;
}

/** One event as an iCalendar file ("Aggiungi al calendario"), for whoever may read the cohort's events. */
export async function eventCalendarFile(deps: CalendarDeps, user: User, read: ReadCohort, eventId: string): Promise<{ fileName: string; body: string }> {
  const { id: cohortId, cohort } = read;
  const event = await getEvent(deps.db, cohortId, eventId);
  if (!event) throw notFound(eventMessages.notFound);
  const body = buildCalendar(cohortId, [event], {
    name: cohort.name,
    timeZone: user.timeZone,
    now: deps.clock(),
    pageUrl: (id) => eventPageUrl(deps.appOrigin, id),
  });
  return { fileName: calendarFileName(event), body };
}

export async function createEvent(deps: EventsDeps, coached: CoachedCohort, input: EventInput): Promise<CohortEvent> {
  const cohortId = coached.id;
  const existing = await countEvents(deps.db, cohortId);
  if (existing >= MAX_EVENTS) throw badRequest(eventMessages.tooMany(MAX_EVENTS, existing));
  const now = deps.clock();
  const data: EventDoc = { ...stored(input, now), sequence: 0 };
  const id = await addEvent(deps.db, cohortId, data);
  return forReader({ ...data, id }, asCoach(coached), now);
}

/**
 * Saves the events a coach reviewed, all of them or none: together with the cohort's own they
 * stay within MAX_EVENTS (the count is read first: two coaches saving at the same instant could
 * pass it together, which costs a few events over a generous bound, not data).
 */
export async function createEvents(deps: EventsDeps, coached: CoachedCohort, inputs: EventInput[]): Promise<CohortEvent[]> {
  const cohortId = coached.id;
  const existing = await countEvents(deps.db, cohortId);
  if (existing + inputs.length > MAX_EVENTS) throw badRequest(eventMessages.tooMany(MAX_EVENTS, existing));
  const now = deps.clock();
  const data = inputs.map((input): EventDoc => ({ ...stored(input, now), sequence: 0 }));
  const ids = await addEvents(deps.db, cohortId, data);
  return data.map((event, i) => forReader({ ...event, id: ids[i]! }, asCoach(coached), now));
}

export async function updateEvent(deps: EventsDeps, coached: CoachedCohort, eventId: string, input: EventInput): Promise<CohortEvent> {
  const now = deps.clock();
  const saved = await replaceEvent(deps.db, coached.id, eventId, stored(input, now));
  if (!saved) throw notFound(eventMessages.notFound);
  return forReader(saved, asCoach(coached), now);
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
  // Who may join and how long each lasts go with the copy.
  const events = (await listEvents(deps.db, source.id)).map((event) => asInput(event, source.cohort));
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
export async function calendarFeed(deps: CalendarDeps, token: string): Promise<string> {
  if (!TOKEN_PATTERN.test(token)) throw notFound();
  const userId = await calendarFeedOwner(deps.db, hashToken(token));
  if (!userId) throw notFound();
  const stored = await storedUser(deps.db, userId);
  if (!stored || stored.doc.withdrawnAt || stored.doc.disabled) throw notFound();
  const { user } = stored;
  if (user.role === 'OWNER') throw notFound();
  const cohort = await storedCohort(deps.db, user.cohortId);
  if (!cohort) throw notFound();
  const events = await listEvents(deps.db, user.cohortId);
  return buildCalendar(user.cohortId, events, {
    name: cohort.name,
    timeZone: user.timeZone,
    now: deps.clock(),
    pageUrl: (id) => eventPageUrl(deps.appOrigin, id),
  });
}
