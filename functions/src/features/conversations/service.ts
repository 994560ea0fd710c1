import { checkInItemKey, checkInThreadId, parseCheckInItemKey } from '@sfida/core/check-in-threads';
import { coachMessages } from '@sfida/core/coach';
import { isDocumentId } from '@sfida/core/document-id';
import {
  CONVERSATION_LIST_PAGE,
  TIMELINE_PAGE,
  coachConversationPath,
  conversationTexts,
  excerptOf,
  timelinePage,
  weekAtAGlance,
  type CoachConversation,
  type Conversation,
  type ConversationList,
  type ConversationListQuery,
  type ConversationSummary,
  type Quote,
  type SendConversationMessageRequest,
  type Side,
  type TimelineItem,
  type TimelineSource,
} from '@sfida/core/conversations';
import { todayIn } from '@sfida/core/dates';
import { conversationMessageToCoachPush, conversationMessageToParticipantPush } from '@sfida/core/notifications';
import type { User } from '@sfida/core/user';
import { textOrVoiceNote, voiceNoteMessages } from '@sfida/core/voice-notes';
import type { ApiDeps } from '../../deps';
import { idOfThread, seasonOfThread, threadById, threadsOfUser, type ThreadDoc } from '../../shared/check-in-thread-repository';
import { activeCohortsCoachedBy, cohortOfCoach, storedCohort, type CoachedCohort } from '../../shared/cohort-repository';
import { countCoachAction } from '../../shared/coach-day-repository';
import { contactWritesOf } from '../../shared/contact-repository';
import { isFailedPrecondition } from '../../shared/firestore';
import { conversationOf, markReadByCoach, markReadByParticipant, type ConversationDoc } from '../../shared/conversation-repository';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../shared/http-error';
import { participantOf, type Participant } from '../../shared/participant-repository';
import { notifyUsers } from '../../shared/push-notifier';
import { trackersOf } from '../../shared/tracker-repository';
import { readOrFallback } from '../../shared/unreadable-data';
import { storedUsers } from '../../shared/user-repository';
import { ownVoiceNote } from '../../shared/voice-note-repository';
import {
  cohortConversations,
  conversationMessageById,
  conversationMessageId,
  createConversationMessage,
  inboxCopiesOf,
  inboxCopyOf,
  messagesOf,
  type ConversationMessageDoc,
} from './repository';

type ConversationDeps = Pick<ApiDeps, 'db' | 'clock' | 'limiter' | 'config' | 'pushAgent'>;

/** Messages one sender may write in conversations per window (a repeat of one send counts once). */
export const CONVERSATION_MESSAGES_PER_WINDOW = 20;
export const CONVERSATION_WINDOW_MS = 10 * 60 * 1000;
/**
 * How long a send waits for its push notifications before it answers: a slow push service must
 * not keep the sender waiting, and the push goes on without them. Usually one device or a few.
 */
const PUSH_WAIT_MS = 1500;

const nameOf = (user: Pick<User, 'name' | 'email'>) => user.name || user.email;

/** A thread as a request reaches it: the participant, their cohort, and whether they were withdrawn. */
interface ThreadContext {
  participant: User;
  cohortId: string;
  withdrawn: boolean;
}

/** The caller's own thread: participants only (a coach has no thread of their own). */
async function ownContext(deps: ConversationDeps, user: User): Promise<ThreadContext> {
  if (user.role !== 'PARTICIPANT') throw forbidden(conversationTexts.participantsOnly);
  const participant = isDocumentId(user.cohortId) ? await participantOf(deps.db, user.cohortId, user.id) : null;
  // The session's user is a participant of their own cohort: the document says whether they were withdrawn.
  return { participant: participant?.user ?? user, cohortId: user.cohortId, withdrawn: participant?.withdrawn ?? false };
}

/** The thread of `userId` for a coach of `cohortId` (checked by requireCoachOf): 404 when they are not its participant. */
async function coachedContext(deps: ConversationDeps, { id: cohortId }: CoachedCohort, userId: string): Promise<ThreadContext> {
  const found: Participant | null = await participantOf(deps.db, cohortId, userId);
  if (!found) throw notFound(coachMessages.participantNotFound);
  return { participant: found.user, cohortId, withdrawn: found.withdrawn };
}

const after = (at: string, readAt: string | null) => readAt !== null && readAt >= at;

function messageItem(id: string, doc: ConversationMessageDoc, conversation: ConversationDoc | null): TimelineItem {
  const readAt = doc.from === 'participant' ? (conversation?.coachReadAt ?? null) : (conversation?.participantReadAt ?? null);
  return {
    id: `message-${id}`,
    kind: 'message',
    from: doc.from,
    authorName: doc.authorName,
    text: doc.text,
    at: doc.sentAt,
    weekNumber: null,
    mood: null,
    replyTo: doc.replyTo,
    voiceNote: doc.voiceNote ?? null,
    seen: after(doc.sentAt, readAt),
  };
}

const plain = { weekNumber: null, mood: null, replyTo: null, voiceNote: null };

/** A check-in's items: the check-in, the coach's reply, the participant's answer (as far as they go). */
function threadItems(thread: ThreadDoc, participantName: string, conversation: ConversationDoc | null): TimelineItem[] {
  // Each season's week 1 is a check-in of its own: the key and the season tell them apart.
  const season = seasonOfThread(thread);
  const week = { weekNumber: thread.weekNumber, ...(season > 1 ? { season } : {}), mood: null, replyTo: null, voiceNote: null };
  const key = checkInItemKey(season, thread.weekNumber);
  const coachReadAt = conversation?.coachReadAt ?? null;
  const items: TimelineItem[] = [
    {
      ...week,
      id: `checkin-${key}`,
      kind: 'checkIn',
      from: 'participant',
      authorName: participantName,
      text: thread.reflection,
      at: thread.receivedAt,
      mood: thread.mood,
      voiceNote: thread.voiceNote ?? null,
      seen: thread.status !== 'open' || after(thread.receivedAt, coachReadAt),
    },
  ];
  if (thread.reply) {
    items.push({
      ...week,
      id: `reply-${key}`,
      kind: 'checkInReply',
      from: 'coach',
      authorName: thread.reply.coachName,
      text: thread.reply.text,
      at: thread.reply.at,
      voiceNote: thread.reply.voiceNote ?? null,
      seen: thread.replySeenAt !== null,
    });
  }
  if (thread.answer) {
    items.push({
      ...week,
      id: `answer-${key}`,
      kind: 'checkInAnswer',
      from: 'participant',
      authorName: participantName,
      text: thread.answer.text,
      at: thread.answer.at,
      seen: after(thread.answer.at, coachReadAt),
    });
  }
  return items;
}

/**
 * A page of the thread's timeline, newest first: its messages, the participant's check-ins with
 * their replies and answers, the cohort messages that reached them; each read newest first and
 * bounded by the page (check-ins are at most one a week), then merged.
 */
async function conversationView(deps: ConversationDeps, context: ThreadContext, before: string | null): Promise<Conversation> {
  const { db } = deps;
  const { participant } = context;
  const [conversation, messages, copies, threads] = await Promise.all([
    conversationOf(db, participant.id),
    messagesOf(db, participant.id, before, TIMELINE_PAGE),
    inboxCopiesOf(db, participant.id, before, TIMELINE_PAGE),
    threadsOfUser(db, participant.id),
  ]);
  const participantName = nameOf(participant);
  const participantReadAt = conversation?.participantReadAt ?? null;
  const sources: TimelineSource[] = [
    { items: messages.messages.map(({ id, doc }) => messageItem(id, doc, conversation)), more: messages.more },
    {
      items: copies.copies.map((copy) => ({
        ...plain,
        id: `inbox-${copy.id}`,
        kind: 'cohortMessage' as const,
        from: 'coach' as const,
        authorName: copy.coachName,
        text: copy.text,
        at: copy.sentAt,
        // Its own read mark, which the participant's badge counts by.
        seen: copy.readAt !== null,
      })),
      more: copies.more,
    },
    {
      items: threads.flatMap((thread) => threadItems(thread, participantName, conversation)).filter((item) => before === null || item.at < before),
      more: false,
    },
  ];
  const { items, nextBefore } = timelinePage(sources, TIMELINE_PAGE);
  return {
    userId: participant.id,
    cohortId: context.cohortId,
    participantName,
    items,
    nextBefore,
    participantReadAt,
    coachReadAt: conversation?.coachReadAt ?? null,
    coachReadBy: conversation?.coachReadBy ?? null,
    readOnly: context.withdrawn,
  };
}

/** `GET /api/me/conversation`. */
export async function ownConversation(deps: ConversationDeps, user: User, before: string | null): Promise<Conversation> {
  return conversationView(deps, await ownContext(deps, user), before);
}

/** `GET /api/coach/cohorts/:cohortId/participants/:userId/conversation`: the thread and the participant's week. */
export async function coachConversation(deps: ConversationDeps, coached: CoachedCohort, userId: string, before: string | null): Promise<CoachConversation> {
  const context = await coachedContext(deps, coached, userId);
  const [conversation, trackers] = await Promise.all([conversationView(deps, context, before), trackersOf(deps.db, [userId])]);
  const tracker = trackers.get(userId) ?? null;
  const { participant } = context;
  const week = tracker
    ? readOrFallback(userId, () => weekAtAGlance(tracker, participant.challengeStartDate, todayIn(participant.timeZone, deps.clock())), () => null)
    : null;
  return { conversation, week };
}

/** The quote of the timeline item `itemId` of the participant's thread; 400 when there is none. */
async function quoteOf(deps: ConversationDeps, participant: User, itemId: string): Promise<Quote> {
  const { db } = deps;
  const quote = (authorName: string, text: string): Quote => ({ id: itemId, authorName, excerpt: excerptOf(textOrVoiceNote(text)) });
  const [, kind, rest] = /^(message|inbox|checkin|reply|answer)-(.+)$/.exec(itemId) ?? [];
  if (!kind || !isDocumentId(rest!)) throw badRequest(conversationTexts.replyToNotFound);
  if (kind === 'message') {
    const message = await conversationMessageById(db, rest!);
    if (message && message.userId === participant.id) return quote(message.authorName, message.text);
  } else if (kind === 'inbox') {
    const copy = await inboxCopyOf(db, participant.id, rest!);
    if (copy) return quote(copy.coachName, copy.text);
  } else {
    const period = parseCheckInItemKey(rest!);
    const thread = period ? await threadById(db, checkInThreadId(participant.id, period.weekNumber, period.season)) : null;
    if (thread && thread.userId === participant.id) {
      if (kind === 'checkin') return quote(nameOf(participant), thread.reflection);
      if (kind === 'reply' && thread.reply) return quote(thread.reply.coachName, thread.reply.text);
      if (kind === 'answer' && thread.answer) return quote(nameOf(participant), thread.answer.text);
    }
  }
  throw badRequest(conversationTexts.replyToNotFound);
}

/** Waits for `work` at most `ms`; what is left of it goes on unwaited (it never throws). */
async function waitAtMost(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** What a send answers: the message as the timeline shows it, and whether this request wrote it. */
export interface SentConversationMessage {
  created: boolean;
  item: TimelineItem;
}

/**
 * Writes a message in a thread and tells the other side. Idempotent per request id: the same
 * request again answers the message it wrote (`created` false). Rate-limited per sender; a
 * withdrawn participant's thread takes no message from either side.
 */
async function send(
  deps: ConversationDeps,
  sender: User,
  from: Side,
  context: ThreadContext,
  request: SendConversationMessageRequest,
): Promise<SentConversationMessage> {
  const { db } = deps;
  const { participant, cohortId } = context;
  const id = conversationMessageId(participant.id, request.requestId);
  const replay = (doc: ConversationMessageDoc): SentConversationMessage => {
    const sameNote = (doc.voiceNote?.id ?? null) === (request.voiceNoteId ?? null);
    if (doc.authorId !== sender.id || doc.text !== request.text || !sameNote) throw conflict(conversationTexts.requestReused);
    return { created: false, item: messageItem(id, doc, null) };
  };
  const existing = await conversationMessageById(db, id);
  if (existing) return replay(existing);
  if (context.withdrawn) throw conflict(conversationTexts.readOnly);
  // An account with no cohort (never given one) has no coaches to write to.
  const cohort = isDocumentId(cohortId) ? await storedCohort(db, cohortId) : null;
  const coachIds = cohort ? cohort.coachIds : [];
  if (from === 'participant' && coachIds.length === 0) throw conflict(conversationTexts.noCoach);
  // A voice note the sender recorded for this participant's thread, and no other.
  const voiceNote = request.voiceNoteId === undefined ? null : await ownVoiceNote(db, request.voiceNoteId, participant.id, sender.id);
  if (request.voiceNoteId !== undefined && !voiceNote) throw badRequest(voiceNoteMessages.invalid);

  const attempt = await deps.limiter.attempt([{ key: `conversation-message:${sender.id}`, limit: CONVERSATION_MESSAGES_PER_WINDOW, windowMs: CONVERSATION_WINDOW_MS }]);
  if (!attempt.allowed) throw tooManyRequests(conversationTexts.tooManyMessages, attempt.retryAfterSeconds);
  let replyTo: Quote | null = null;
  try {
    if (request.replyTo !== undefined) replyTo = await quoteOf(deps, participant, request.replyTo);
  } catch (error) {
    await attempt.release();
    throw error;
  }
  const at = deps.clock().toISOString();
  const authorName = nameOf(sender);
  const doc: ConversationMessageDoc = { userId: participant.id, cohortId, from, authorId: sender.id, authorName, text: request.text, sentAt: at, replyTo, voiceNote };
  const current = await conversationOf(db, participant.id);
  // What the list's preview and the push say: the text, or "Nota vocale" for a voice note alone.
  const preview = textOrVoiceNote(request.text);
  const activity = { userId: participant.id, cohortId, from, text: preview, at, unread: 'forOtherSide' as const, coachName: authorName };
  if (!(await createAsContact(deps, sender, from, id, doc, current, activity))) {
    // The same request, a moment earlier, wrote it.
    await attempt.release();
    return replay((await conversationMessageById(db, id))!);
  }
  const push =
    from === 'participant'
      ? notifyUsers(deps, coachIds, 'participantMessages', () =>
          conversationMessageToCoachPush(authorName, preview, coachConversationPath(cohortId, participant.id), participant.id),
        )
      : notifyUsers(deps, [participant.id], 'coachMessages', () => conversationMessageToParticipantPush(authorName, preview));
  await waitAtMost(push, PUSH_WAIT_MS);
  return { created: true, item: messageItem(id, doc, null) };
}

/** How many times a coach's message is tried again when a check-in it reads changed meanwhile. */
const CONTACT_ATTEMPTS = 3;

/**
 * Writes a message; a coach's as a contact (core's contact.ts): the triage reasons it clears and the
 * participant's open check-ins, read, in the same batch (read again if one changed meanwhile).
 */
async function createAsContact(
  deps: ConversationDeps,
  sender: User,
  from: Side,
  id: string,
  doc: ConversationMessageDoc,
  current: ConversationDoc | null,
  activity: Parameters<typeof createConversationMessage>[4],
): Promise<boolean> {
  if (from === 'participant') return createConversationMessage(deps.db, id, doc, current, activity);
  for (let attempt = 1; ; attempt++) {
    const writes = await contactWritesOf(deps.db, doc.userId, 'conversationMessage');
    try {
      const created = await createConversationMessage(deps.db, id, doc, current, activity, { writes, now: deps.clock() });
      if (created && writes.openThreads.length > 0) await countCoachAction(deps.db, doc.authorId, todayIn(sender.timeZone, deps.clock()), 'checkInsRead', writes.openThreads.length);
      return created;
    } catch (error) {
      if (!isFailedPrecondition(error) || attempt >= CONTACT_ATTEMPTS) throw error;
    }
  }
}

/** `POST /api/me/conversation/messages`: the participant writes to their coaches. */
export async function sendOwnMessage(deps: ConversationDeps, user: User, request: SendConversationMessageRequest): Promise<SentConversationMessage> {
  return send(deps, user, 'participant', await ownContext(deps, user), request);
}

/** `POST /api/coach/cohorts/:cohortId/participants/:userId/conversation/messages`: a coach writes to the participant. */
export async function sendCoachMessage(
  deps: ConversationDeps,
  coach: User,
  coached: CoachedCohort,
  userId: string,
  request: SendConversationMessageRequest,
): Promise<SentConversationMessage> {
  return send(deps, coach, 'coach', await coachedContext(deps, coached, userId), request);
}

/** `POST /api/me/conversation/read`: the participant read their thread, the check-in replies in it included. */
export async function markOwnRead(deps: ConversationDeps, user: User): Promise<void> {
  const { participant } = await ownContext(deps, user);
  const [conversation, threads] = await Promise.all([conversationOf(deps.db, participant.id), threadsOfUser(deps.db, participant.id)]);
  const unseenReplies = threads.filter((thread) => thread.reply !== null && thread.replySeenAt === null).map(idOfThread);
  await markReadByParticipant(deps.db, participant.id, conversation !== null, unseenReplies, deps.clock().toISOString());
}

/** `POST /api/coach/…/conversation/read`: a coach read the thread; for every coach of the cohort it is read. */
export async function markCoachRead(deps: ConversationDeps, coach: User, coached: CoachedCohort, userId: string): Promise<void> {
  await coachedContext(deps, coached, userId);
  const conversation = await conversationOf(deps.db, userId);
  if (conversation) await markReadByCoach(deps.db, conversation, nameOf(coach), deps.clock().toISOString());
}

/**
 * `GET /api/coach/conversations`: the threads of the coach's cohorts (or of one), unread first,
 * then by last activity; a page of each cohort, merged and cut to a page, so reads grow with the
 * coach's cohorts and the page, not with the cohorts' size. Behind requireCoach.
 */
export async function conversationList(deps: ConversationDeps, coach: User, query: ConversationListQuery): Promise<ConversationList> {
  const { db } = deps;
  const cohorts = query.cohortId === null ? await activeCohortsCoachedBy(db, coach.id) : [await cohortOfCoach(db, coach, query.cohortId)];
  const parts = await Promise.all(cohorts.map(({ id }) => cohortConversations(db, id, query.cursor, CONVERSATION_LIST_PAGE)));
  const merged = parts
    .flatMap((part) => part.conversations)
    .sort((a, b) => b.coachOrder.localeCompare(a.coachOrder) || a.userId.localeCompare(b.userId));
  const page = merged.slice(0, CONVERSATION_LIST_PAGE);
  const more = merged.length > CONVERSATION_LIST_PAGE || parts.some((part) => part.more);
  const names = new Map(cohorts.map(({ id, cohort }) => [id, cohort.name]));
  const users = await storedUsers(db, page.map((doc) => doc.userId));
  const conversations = page.map((doc, i): ConversationSummary => {
    const stored = users[i] ?? null;
    const user = stored?.user ?? null;
    return {
      userId: doc.userId,
      cohortId: doc.cohortId,
      cohortName: names.get(doc.cohortId) ?? '',
      // A deleted participant's thread stays with the coaches under a pseudonym (features/privacy).
      name: user ? nameOf(user) : conversationTexts.deletedParticipant,
      email: user?.email ?? '',
      lastActivityAt: doc.lastActivityAt,
      lastPreview: doc.lastPreview,
      unread: doc.coachUnread,
      readOnly: typeof stored?.doc.withdrawnAt === 'string',
    };
  });
  return {
    conversations,
    nextCursor: more && page.length > 0 ? page.at(-1)!.coachOrder : null,
    unreadTotal: parts.reduce((sum, part) => sum + part.unread, 0),
  };
}
