import { eventMessages, orderEvents, type CohortEvent, type EventInput } from '@sfida/core/events';
import type { User } from '@sfida/core/user';
import type { Deps } from '../../deps';
import { cohortOfCoach, type CoachedCohort } from '../../shared/cohort-repository';
import { badRequest, forbidden, notFound } from '../../shared/http-error';
import { userRef } from '../../shared/user-repository';
import { MAX_EVENTS, addEvent, countEvents, eventRef, listEvents } from './repository';

type EventsDeps = Pick<Deps, 'db' | 'clock'>;

/** Firestore keeps the instant in UTC, so that ordering by the field orders by time. */
function stored(input: EventInput): EventInput {
  return { ...input, startsAt: new Date(input.startsAt).toISOString(), link: input.link || undefined } as EventInput;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

/** The cohort's events for one of its participants (not withdrawn) or one of its coaches, upcoming first. */
export async function eventsFor(deps: EventsDeps, user: User, cohortId: string): Promise<CohortEvent[]> {
  if (user.role === 'OWNER') {
    await cohortOfCoach(deps.db, user, cohortId);
  } else {
    if (user.cohortId !== cohortId) throw forbidden(eventMessages.notYourCohort);
    // A participant removed from the cohort keeps the account, not the cohort's calendar.
    const snap = await userRef(deps.db, user.id).get();
    if (snap.get('withdrawnAt')) throw forbidden(eventMessages.notYourCohort);
  }
  return orderEvents(await listEvents(deps.db, cohortId), deps.clock(), user.timeZone);
}

export async function createEvent(deps: EventsDeps, { id: cohortId }: CoachedCohort, input: EventInput): Promise<CohortEvent> {
  if ((await countEvents(deps.db, cohortId)) >= MAX_EVENTS) throw badRequest(`Una coorte può avere al massimo ${MAX_EVENTS} eventi`);
  const data = withoutUndefined(stored(input));
  const id = await addEvent(deps.db, cohortId, data);
  return { ...data, id };
}

export async function updateEvent(deps: EventsDeps, { id: cohortId }: CoachedCohort, eventId: string, input: EventInput): Promise<CohortEvent> {
  const ref = eventRef(deps.db, cohortId, eventId);
  if (!(await ref.get()).exists) throw notFound(eventMessages.notFound);
  const data = withoutUndefined(stored(input));
  await ref.set(data);
  return { ...data, id: eventId };
}

export async function deleteEvent(deps: EventsDeps, { id: cohortId }: CoachedCohort, eventId: string): Promise<void> {
  const ref = eventRef(deps.db, cohortId, eventId);
  if (!(await ref.get()).exists) throw notFound(eventMessages.notFound);
  await ref.delete();
}
