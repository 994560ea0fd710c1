import { Timestamp } from 'firebase-admin/firestore';
import { messageTexts } from '@sfida/core/cohort-messages';
import {
  COHORT_TIME_ZONE,
  MAX_SCHEDULED,
  scheduledInstant,
  scheduleProblem,
  scheduleTexts,
  type EditScheduledMessageRequest,
  type ScheduledMessage,
  type ScheduleMessageRequest,
} from '@sfida/core/scheduled-messages';
import type { User } from '@sfida/core/user';
import type { ApiDeps } from '../../deps';
import type { CoachedCohort } from '../../shared/cohort-repository';
import { badRequest, conflict, notFound } from '../../shared/http-error';
import { messageIdOf } from './repository';
import {
  claimVersion,
  createScheduled,
  dismissFailed,
  listedCount,
  scheduledById,
  scheduledMessageOf,
  scheduledOf,
  type ScheduledDoc,
} from './scheduled-repository';
import { admitMessage, recipientsOf } from './service';

// A coach's message to go at a date and time on the cohort's clock: scheduled, listed, edited or
// cancelled until the job takes it (scheduled-job.ts). Scheduling counts in the coach's hourly
// limit of messages, as a send does; the job's send then does not.

type ScheduleDeps = Pick<ApiDeps, 'db' | 'clock' | 'limiter'>;

/** The instant a request names, or the 400 saying why it cannot be (a time skipped by a DST change, the past, too far). */
function dueAtOf(date: string, time: string, now: Date): Date {
  const problem = scheduleProblem(date, time, COHORT_TIME_ZONE, now);
  if (problem) throw badRequest(problem);
  return scheduledInstant(date, time, COHORT_TIME_ZONE)!;
}

/**
 * Picked participants must be the cohort's now (as for a send), and someone must be left: the
 * list goes as it is, each judged again when it is sent. A segment is computed only then.
 */
async function checkPicked(deps: ScheduleDeps, cohortId: string, request: { segment: ScheduledDoc['segment']; userIds?: string[] }, now: Date): Promise<void> {
  if (request.segment !== 'picked') return;
  const recipients = await recipientsOf(deps, cohortId, request, now);
  if (recipients.length === 0) throw badRequest(messageTexts.noRecipients);
}

const pickedOf = (request: { segment: ScheduledDoc['segment']; userIds?: string[] }) => (request.segment === 'picked' ? [...new Set(request.userIds ?? [])] : null);

/** The same request again (a retry, a double click) names the same message; another with its id is refused. */
function sameRequest(doc: ScheduledDoc, cohortId: string, request: ScheduleMessageRequest): boolean {
  return doc.cohortId === cohortId && doc.text === request.text && doc.segment === request.segment && doc.date === request.date && doc.time === request.time;
}

/** Schedules a message. Idempotent per request id, as a send is. */
export async function scheduleMessage(
  deps: ScheduleDeps,
  coach: User,
  { id: cohortId }: CoachedCohort,
  request: ScheduleMessageRequest,
): Promise<{ created: boolean; message: ScheduledMessage }> {
  const { db } = deps;
  const now = deps.clock();
  const id = messageIdOf(coach.id, request.requestId);
  const replay = (doc: ScheduledDoc) => {
    if (!sameRequest(doc, cohortId, request)) throw conflict(messageTexts.requestReused);
    return { created: false, message: scheduledMessageOf(id, doc) };
  };
  const existing = await scheduledById(db, id);
  if (existing) return replay(existing);

  const dueAt = dueAtOf(request.date, request.time, now);
  await checkPicked(deps, cohortId, request, now);
  if ((await listedCount(db, cohortId)) >= MAX_SCHEDULED) throw conflict(scheduleTexts.tooMany);
  const release = await admitMessage(deps, coach.id);
  const doc: ScheduledDoc = {
    cohortId,
    coachId: coach.id,
    coachName: coach.name || coach.email,
    text: request.text,
    segment: request.segment,
    userIds: pickedOf(request),
    date: request.date,
    time: request.time,
    timeZone: COHORT_TIME_ZONE,
    dueAt: Timestamp.fromDate(dueAt),
    status: 'scheduled',
    version: 1,
    claimedAt: null,
    failure: null,
    recipientCount: null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  if (!(await createScheduled(db, id, doc))) {
    await release();
    return replay((await scheduledById(db, id))!);
  }
  return { created: true, message: scheduledMessageOf(id, doc) };
}

/** The cohort's message `id`, or 404 (another cohort's is not found either). */
async function ownScheduled(deps: ScheduleDeps, cohortId: string, id: string): Promise<ScheduledDoc> {
  const doc = await scheduledById(deps.db, id);
  if (!doc || doc.cohortId !== cohortId) throw notFound(scheduleTexts.notFound);
  return doc;
}

/** Why a message can no longer change, or null while it waits. */
function settledProblem(doc: ScheduledDoc): string | null {
  if (doc.status === 'sending' || doc.status === 'sent') return scheduleTexts.alreadySent;
  if (doc.status === 'cancelled') return scheduleTexts.cancelled;
  if (doc.status === 'failed') return scheduleTexts.notSent;
  return null;
}

/** After a claim lost to another change: what that change was. */
async function lostClaim(deps: ScheduleDeps, cohortId: string, id: string): Promise<never> {
  const doc = await ownScheduled(deps, cohortId, id);
  throw conflict(settledProblem(doc) ?? scheduleTexts.changedMeanwhile);
}

/** Rewrites a waiting message (audience, text, when): 409 once the job has taken it, or it was cancelled. */
export async function editScheduled(deps: ScheduleDeps, { id: cohortId }: CoachedCohort, id: string, request: EditScheduledMessageRequest): Promise<ScheduledMessage> {
  const now = deps.clock();
  const doc = await ownScheduled(deps, cohortId, id);
  const settled = settledProblem(doc);
  if (settled) throw conflict(settled);
  const dueAt = dueAtOf(request.date, request.time, now);
  await checkPicked(deps, cohortId, request, now);
  const change = {
    text: request.text,
    segment: request.segment,
    userIds: pickedOf(request),
    date: request.date,
    time: request.time,
    dueAt: Timestamp.fromDate(dueAt),
    version: doc.version + 1,
    updatedAt: now.toISOString(),
  } satisfies Partial<ScheduledDoc>;
  if (!(await claimVersion(deps.db, id, doc.version, 'edit', change, now))) return lostClaim(deps, cohortId, id);
  return scheduledMessageOf(id, { ...doc, ...change });
}

/**
 * Cancels a waiting message (409 once the job has taken it), or dismisses one that could not be
 * sent. Cancelling twice is no error: a double tap.
 */
export async function cancelScheduled(deps: ScheduleDeps, { id: cohortId }: CoachedCohort, id: string): Promise<void> {
  const now = deps.clock();
  const doc = await ownScheduled(deps, cohortId, id);
  if (doc.status === 'cancelled') return;
  if (doc.status === 'failed') return dismissFailed(deps.db, id, now);
  const settled = settledProblem(doc);
  if (settled) throw conflict(settled);
  if (await claimVersion(deps.db, id, doc.version, 'cancel', { status: 'cancelled', updatedAt: now.toISOString() }, now)) return;
  const current = await ownScheduled(deps, cohortId, id);
  if (current.status !== 'cancelled') await lostClaim(deps, cohortId, id);
}

/** `GET …/scheduled-messages`: the cohort's waiting messages, soonest first. */
export async function cohortScheduled(deps: ScheduleDeps, { id: cohortId }: CoachedCohort): Promise<{ messages: ScheduledMessage[] }> {
  return { messages: (await scheduledOf(deps.db, cohortId)).map(({ id, doc }) => scheduledMessageOf(id, doc)) };
}
