import {
  checkInThreadId,
  firstNameOf,
  parseCheckInThreadId,
  threadMessages,
  type CheckInCard,
  type CheckInQueue,
  type MarkReadAnswer,
  type MoodBand,
  type OwnThread,
  type ReplyTemplate,
} from '@sfida/core/check-in-threads';
import { coachMessages } from '@sfida/core/coach';
import { coachReplyPush, conversationMessageToCoachPush } from '@sfida/core/notifications';
import { coachConversationPath, conversationTexts } from '@sfida/core/conversations';
import { isDocumentId } from '@sfida/core/document-id';
import { HOME_TIME_ZONE, todayIn } from '@sfida/core/dates';
import { weekHabitsPercent } from '@sfida/core/habit-share';
import { checkInsInOrder } from '@sfida/core/roster-digest';
import { seasonOf, type TrackerData } from '@sfida/core/tracker';
import { plannerProgress, weekActions } from '@sfida/core/tracker-actions';
import { seasonOfUser, type User } from '@sfida/core/user';
import type { ApiDeps } from '../../deps';
import { textOrVoiceNote, voiceNoteMessages } from '@sfida/core/voice-notes';
import { idOfThread, ownThreadOf, replyOf, seasonOfThread, threadById, threadsOfUser, type ThreadDoc } from '../../shared/check-in-thread-repository';
import { conversationOf } from '../../shared/conversation-repository';
import { contactWritesOf } from '../../shared/contact-repository';
import { isFailedPrecondition } from '../../shared/firestore';
import { countCoachAction } from '../../shared/coach-day-repository';
import { activeCohortsCoachedBy, cohortOfCoach, storedCohort, type CoachedCohort } from '../../shared/cohort-repository';
import { ownVoiceNote } from '../../shared/voice-note-repository';
import { badRequest, conflict, notFound } from '../../shared/http-error';
import { queueCoachMessageEmails } from '../../shared/mail/coach-message-emails';
import { notifyUsers } from '../../shared/push-notifier';
import { storedUser, storedUsers } from '../../shared/user-repository';
import { readOrFallback } from '../../shared/unreadable-data';
import { participantOf } from '../../shared/participant-repository';
import { trackersOf } from '../../shared/tracker-repository';
import {
  cohortThreads,
  markReplySeen,
  replyTemplatesOf,
  saveAnswer,
  saveHandling,
  saveReplyTemplates,
  type ThreadView,
} from './repository';

type CheckInDeps = Pick<ApiDeps, 'db' | 'clock' | 'config' | 'pushAgent' | 'emailQueue'>;

/** Cards a view answers: a coach reads a few at a time; the count says how many wait. */
export const QUEUE_PAGE = 20;

/** The card of each thread, with the participant's name, mood trend and that week's figures (one read of users and trackers). */
async function cardsOf(deps: CheckInDeps, threads: ThreadDoc[], cohortNames: Map<string, string>): Promise<CheckInCard[]> {
  if (threads.length === 0) return [];
  const { db } = deps;
  const uids = [...new Set(threads.map((thread) => thread.userId))];
  const [stored, trackers] = await Promise.all([storedUsers(db, uids), trackersOf(db, uids)]);
  const users = new Map(stored.flatMap((found) => (found ? [[found.user.id, found.user] as const] : [])));
  const now = deps.clock();
  return threads.map((thread) => {
    const user = users.get(thread.userId) ?? null;
    return readOrFallback(
      thread.userId,
      () => cardOf(thread, user, trackers.get(thread.userId) ?? null, cohortNames, now),
      () => ({ ...cardOf(thread, user, null, cohortNames, null), unreadable: true as const }),
    );
  });
}

/**
 * A thread's card with that week's figures from the participant's tracker, as of `now` in their
 * zone (exported for the read paths' property test). Without a tracker or a moment, the card has
 * the check-in alone; so has a thread of an earlier season, whose tracker is archived.
 */
export function cardOf(thread: ThreadDoc, user: User | null, current: TrackerData | null, cohortNames: Map<string, string>, now: Date | null): CheckInCard {
  const tracker = current && seasonOf(current) === seasonOfThread(thread) ? current : null;
  const earlier = tracker ? checkInsInOrder(tracker).filter((checkIn) => checkIn.weekNumber < thread.weekNumber) : [];
  const start = user?.challengeStartDate ?? null;
  const today = tracker && now ? todayIn(user?.timeZone ?? tracker.timeZone ?? HOME_TIME_ZONE, now) : null;
  const planner = tracker ? plannerProgress(weekActions(tracker, thread.weekNumber)) : null;
  return {
    id: idOfThread(thread),
    cohortId: thread.cohortId,
    cohortName: cohortNames.get(thread.cohortId) ?? '',
    userId: thread.userId,
    name: user?.name || user?.email || '',
    weekNumber: thread.weekNumber,
    mood: thread.mood,
    reflection: thread.reflection,
    ...(thread.voiceNote ? { voiceNote: thread.voiceNote } : {}),
    date: thread.date,
    receivedAt: thread.receivedAt,
    moods: [...earlier.map((c) => ({ weekNumber: c.weekNumber, mood: c.mood })), { weekNumber: thread.weekNumber, mood: thread.mood }],
    habitsPercent: tracker && today ? weekHabitsPercent(tracker, start, thread.weekNumber, today) : null,
    planner: planner && planner.planned > 0 ? { planned: planner.planned, completed: planner.completed } : null,
    status: thread.status,
    handledBy: thread.handledBy?.name ?? null,
    handledAt: thread.handledAt,
    reply: replyOf(thread),
    replySeenAt: thread.replySeenAt,
    answer: thread.answer,
  };
}

/** Queue order: lowest mood first, then the oldest received; recent order: the latest event first. */
function compareThreads(view: ThreadView) {
  return view === 'queue'
    ? (a: ThreadDoc, b: ThreadDoc) => a.mood - b.mood || a.receivedAt.localeCompare(b.receivedAt)
    : (a: ThreadDoc, b: ThreadDoc) => b.updatedAt.localeCompare(a.updatedAt);
}

/**
 * A view of the check-ins of the coach's cohorts (or of one of them): the first QUEUE_PAGE of each
 * cohort, merged in the view's order and cut to QUEUE_PAGE, and the whole count. Reads grow with
 * the coach's cohorts, not with their size. Behind requireCoach.
 */
export async function checkInQueue(
  deps: CheckInDeps,
  coach: User,
  view: ThreadView,
  onlyCohortId: string | null,
  mood: MoodBand | null = null,
): Promise<CheckInQueue> {
  const cohorts: CoachedCohort[] =
    onlyCohortId === null ? await activeCohortsCoachedBy(deps.db, coach.id) : [await cohortOfCoach(deps.db, coach, onlyCohortId)];
  const parts = await Promise.all(cohorts.map(({ id }) => cohortThreads(deps.db, id, view, QUEUE_PAGE, mood)));
  const threads = parts
    .flatMap((part) => part.threads)
    .sort(compareThreads(view))
    .slice(0, QUEUE_PAGE);
  const names = new Map(cohorts.map(({ id, cohort }) => [id, cohort.name]));
  return { cards: await cardsOf(deps, threads, names), total: parts.reduce((sum, part) => sum + part.total, 0) };
}

/** A participant's threads as the coach of their cohort reads them (the participant page). */
export async function participantCheckIns(deps: CheckInDeps, { id: cohortId, cohort }: CoachedCohort, userId: string): Promise<{ cards: CheckInCard[] }> {
  if (!(await participantOf(deps.db, cohortId, userId))) throw notFound(coachMessages.participantNotFound);
  const threads = (await threadsOfUser(deps.db, userId)).filter((thread) => thread.cohortId === cohortId);
  return { cards: await cardsOf(deps, threads, new Map([[cohortId, cohort.name]])) };
}

/** The thread `threadId` if `coach` runs its cohort: 404 for no such thread, 403 for another coach's. Behind requireCoach. */
async function coachedThread(deps: CheckInDeps, coach: User, threadId: string): Promise<{ thread: ThreadDoc; cohortName: string }> {
  const thread = parseCheckInThreadId(threadId) ? await threadById(deps.db, threadId) : null;
  if (!thread) throw notFound(threadMessages.checkInNotFound);
  const { cohort } = await cohortOfCoach(deps.db, coach, thread.cohortId);
  return { thread, cohortName: cohort.name };
}

/**
 * "Segna come letti" on several check-ins: every one must be of the coach's cohorts (else nothing
 * changes); those another coach handled already are listed as such, not an error.
 */
export async function markCheckInsRead(deps: CheckInDeps, coach: User, threadIds: string[]): Promise<MarkReadAnswer> {
  const unique = [...new Set(threadIds)];
  const threads = await Promise.all(unique.map((id) => coachedThread(deps, coach, id)));
  const at = deps.clock().toISOString();
  const handledBy = { id: coach.id, name: coach.name || coach.email };
  const changes = { status: 'read' as const, handledBy, handledAt: at, reply: null, updatedAt: at };
  const done = await Promise.all(threads.map(({ thread }, i) => (thread.handled ? false : saveHandling(deps.db, unique[i]!, changes))));
  const read = unique.filter((_, i) => done[i]);
  await countCoachAction(deps.db, coach.id, todayIn(coach.timeZone, deps.clock()), 'checkInsRead', read.length);
  return { read, alreadyHandled: unique.filter((_, i) => !done[i]) };
}

/** Where something written in a participant's check-in thread goes now: their cohort of today, and its coaches. */
interface CurrentCoaching {
  cohortId: string;
  coachIds: string[];
}

/**
 * The participant's cohort and coaches as they are now, not as they were when the check-in came
 * in (a new season or a move gives them others). A thread follows their conversation's rule: once
 * they were withdrawn, or are no participant any more, nothing more is written in it (409).
 */
async function currentCoaching(deps: CheckInDeps, userId: string): Promise<CurrentCoaching> {
  const stored = await storedUser(deps.db, userId);
  if (!stored || stored.user.role !== 'PARTICIPANT' || typeof stored.doc.withdrawnAt === 'string') throw conflict(conversationTexts.readOnly);
  const { cohortId } = stored.user;
  const cohort = isDocumentId(cohortId) ? await storedCohort(deps.db, cohortId) : null;
  const coachIds: unknown = cohort ? cohort.coachIds : [];
  return { cohortId, coachIds: Array.isArray(coachIds) ? coachIds.filter((uid): uid is string => typeof uid === 'string') : [] };
}

/**
 * Stores a coach's handling of a thread; a reply also as a contact (core's contact.ts): the triage
 * reasons it clears and the participant's other open check-ins, read, in the same batch. When one
 * of those check-ins changed between the read and the batch, they are read again (a few times at
 * most). The number of other check-ins marked read; null when another coach handled this one first.
 */
async function saveHandlingAsContact(
  deps: CheckInDeps,
  thread: ThreadDoc,
  threadId: string,
  changes: Parameters<typeof saveHandling>[2],
  activity: Parameters<typeof saveHandling>[3],
  asContact: boolean,
): Promise<number | null> {
  if (!asContact) return (await saveHandling(deps.db, threadId, changes, activity)) ? 0 : null;
  const sameSeason = seasonOfThread(thread) === seasonOfUser((await storedUser(deps.db, thread.userId))?.user ?? {});
  for (let attempt = 1; ; attempt++) {
    const writes = await contactWritesOf(deps.db, thread.userId, 'checkInReply', threadId, sameSeason ? thread.weekNumber : null);
    try {
      return (await saveHandling(deps.db, threadId, changes, activity, { writes, now: deps.clock() })) ? writes.openThreads.length : null;
    } catch (error) {
      if (!isFailedPrecondition(error) || attempt >= CONTACT_ATTEMPTS) throw error;
    }
  }
}

/** How many times a contact's batch is tried again when a check-in it reads changed meanwhile. */
const CONTACT_ATTEMPTS = 3;

/** What a coach does with a check-in: answers it (a text, a voice note they recorded for it, or both), or marks it read without a reply. */
export type CheckInHandling = { action: 'reply'; text: string; voiceNoteId?: string } | { action: 'read' };

/**
 * A coach handles a check-in: replies to it, or marks it read. One coach handles a thread once;
 * the others then see who did, and a second attempt gets 409.
 */
export async function handleCheckIn(deps: CheckInDeps, coach: User, threadId: string, handling: CheckInHandling): Promise<CheckInCard> {
  const { thread, cohortName } = await coachedThread(deps, coach, threadId);
  if (thread.handled) throw conflict(`${threadMessages.alreadyHandled} (${thread.handledBy?.name ?? 'coach'})`);
  // A reply is a message of the conversation: only the participant's coaches of today write one.
  // Marking it read writes nothing there, so the coach who sees the card may still clear it.
  const coaching = handling.action === 'reply' ? await currentCoaching(deps, thread.userId) : null;
  if (coaching && !coaching.coachIds.includes(coach.id)) throw conflict(conversationTexts.readOnly);
  const at = deps.clock().toISOString();
  const coachName = coach.name || coach.email;
  // A voice note recorded by this coach for this participant's thread, and no other.
  const voiceNote = handling.action === 'reply' && handling.voiceNoteId ? await ownVoiceNote(deps.db, handling.voiceNoteId, thread.userId, coach.id) : null;
  if (handling.action === 'reply' && handling.voiceNoteId && !voiceNote) throw badRequest(voiceNoteMessages.invalid);
  const changes = {
    status: handling.action === 'read' ? ('read' as const) : ('replied' as const),
    handledBy: { id: coach.id, name: coachName },
    handledAt: at,
    reply: handling.action === 'read' ? null : { text: handling.text, coachId: coach.id, coachName, at, ...(voiceNote ? { voiceNote } : {}) },
    updatedAt: at,
  };
  // A reply is the thread's latest activity; it is new for the participant through its own "seen" mark.
  const conversation = handling.action === 'reply' ? await conversationOf(deps.db, thread.userId) : null;
  const activity =
    coaching && handling.action === 'reply'
      ? { conversation, activity: { userId: thread.userId, cohortId: coaching.cohortId, from: 'coach' as const, text: textOrVoiceNote(handling.text), at, unread: 'quiet' as const, coachName } }
      : null;
  const saved = await saveHandlingAsContact(deps, thread, threadId, changes, activity, handling.action === 'reply');
  if (saved === null) {
    const current = await threadById(deps.db, threadId);
    throw conflict(`${threadMessages.alreadyHandled} (${current?.handledBy?.name ?? 'coach'})`);
  }
  if (saved > 0) await countCoachAction(deps.db, coach.id, todayIn(coach.timeZone, deps.clock()), 'checkInsRead', saved);
  if (handling.action === 'reply') {
    await notifyUsers(deps, [thread.userId], 'coachReplies', () => coachReplyPush(coachName, thread.weekNumber));
    // And by email, if the app no longer reaches them.
    const participant = await storedUser(deps.db, thread.userId);
    await queueCoachMessageEmails(deps, { key: `reply:${threadId}`, cohortId: thread.cohortId, coachName, path: '/checkin', reply: true }, [
      { uid: thread.userId, firstName: firstNameOf(participant?.user.name ?? ''), text: textOrVoiceNote(handling.text) },
    ]);
  }
  const [card] = await cardsOf(deps, [{ ...thread, ...changes, handled: true }], new Map([[thread.cohortId, cohortName]]));
  return card!;
}

/** The coach's reply templates (behind requireCoach). */
export async function replyTemplates(deps: CheckInDeps, coach: User): Promise<{ templates: ReplyTemplate[] }> {
  return { templates: await replyTemplatesOf(deps.db, coach.id) };
}

/** Replaces the coach's reply templates (behind requireCoach). */
export async function updateReplyTemplates(deps: CheckInDeps, coach: User, templates: ReplyTemplate[]): Promise<{ templates: ReplyTemplate[] }> {
  if (new Set(templates.map((template) => template.id)).size !== templates.length) throw badRequest('Due modelli hanno lo stesso identificativo');
  await saveReplyTemplates(deps.db, coach.id, templates);
  return { templates };
}

/** The caller's thread of challenge week `week` of their season: 404 when they have no check-in that week. */
async function ownThread(deps: CheckInDeps, user: User, week: number): Promise<{ id: string; thread: ThreadDoc }> {
  const id = checkInThreadId(user.id, week, seasonOfUser(user));
  const thread = await threadById(deps.db, id);
  if (!thread || thread.userId !== user.id) throw notFound(threadMessages.checkInNotFound);
  return { id, thread };
}

/** The participant opened the coach's reply: the coach sees "letto". Idempotent. */
export async function markOwnReplySeen(deps: CheckInDeps, user: User, week: number): Promise<OwnThread> {
  const { id, thread } = await ownThread(deps, user, week);
  if (!thread.reply) throw conflict(threadMessages.noReplyYet);
  if (thread.replySeenAt !== null) return ownThreadOf(thread);
  const at = deps.clock().toISOString();
  await markReplySeen(deps.db, id, at);
  return ownThreadOf({ ...thread, replySeenAt: at, updatedAt: at });
}

/** The participant's one answer to the coach's reply (it also counts as having read the reply). */
export async function answerReply(deps: CheckInDeps, user: User, week: number, text: string): Promise<OwnThread> {
  const { id, thread } = await ownThread(deps, user, week);
  if (!thread.reply) throw conflict(threadMessages.noReplyYet);
  if (thread.answer) throw conflict(threadMessages.alreadyAnswered);
  // The answer goes to the coaches of today, in the conversation of today's cohort, whichever cohort the check-in came from.
  const [{ cohortId, coachIds }, conversation] = await Promise.all([currentCoaching(deps, user.id), conversationOf(deps.db, user.id)]);
  const at = deps.clock().toISOString();
  const changes = { answer: { text, at }, replySeenAt: thread.replySeenAt ?? at, updatedAt: at };
  // The answer is unread for the coaches until one of them opens the participant's conversation.
  const activity = { conversation, activity: { userId: user.id, cohortId, from: 'participant' as const, text, at, unread: 'forOtherSide' as const } };
  if (!(await saveAnswer(deps.db, id, changes, activity))) throw conflict(threadMessages.alreadyAnswered);
  // A message in the participant's conversation: the cohort's coaches are told, as for any other.
  const name = user.name || user.email;
  await notifyUsers(deps, coachIds, 'participantMessages', () => conversationMessageToCoachPush(name, text, coachConversationPath(cohortId, user.id), user.id));
  return ownThreadOf({ ...thread, ...changes });
}
