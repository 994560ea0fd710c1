import { coachMessages } from '@sfida/core/coach';
import {
  PREVIEW_NAMES,
  inSegment,
  messageTexts,
  type AudiencePreview,
  type AudienceRequest,
  type Inbox,
  type SendMessageRequest,
  type SentMessage,
} from '@sfida/core/cohort-messages';
import { todayIn } from '@sfida/core/dates';
import { seasonOfUser, type User } from '@sfida/core/user';
import type { ApiDeps } from '../../deps';
import { ownThreadOf, seasonOfThread, threadsOfUser } from '../../shared/check-in-thread-repository';
import type { CoachedCohort } from '../../shared/cohort-repository';
import { conversationOf, type ConversationDoc } from '../../shared/conversation-repository';
import { isDocumentId } from '@sfida/core/document-id';
import { badRequest, conflict, notFound, tooManyRequests } from '../../shared/http-error';
import { joinRecipients, recipientIdsOf } from '../../shared/cohort-message-repository';
import { activeIds, memberIndexOf } from '../../shared/member-index-repository';
import { placeholdersFor } from '../../shared/message-copies';
import { messageTasks } from '../../shared/push-fan-out';
import { emailFallbackOf } from '../../shared/mail/coach-message-emails';
import { storedUsers } from '../../shared/user-repository';
import { participantsPage } from '../../shared/participant-repository';
import { trackersOf } from '../../shared/tracker-repository';
import { readOrFallback } from '../../shared/unreadable-data';
import { teamOfCohort } from '../../shared/team-repository';
import { createMessage, inboxOf, markSent, markRead, messageById, messageIdOf, sentMessageOf, sentMessages, type MessageDoc } from './repository';

type MessageDeps = Pick<ApiDeps, 'db' | 'clock' | 'limiter' | 'config' | 'pushQueue'>;

/** Messages a coach may send per hour (retries of one send count once). */
export const MESSAGES_PER_HOUR = 20;
const HOUR_MS = 60 * 60 * 1000;
/** Participants (and trackers) read per page while a segment that looks at trackers is computed. */
const AUDIENCE_PAGE = 200;
/**
 * Participants read per page for 'all' and 'tag' (no tracker read): the documents pages of 200
 * would read, in fewer round trips, each of which the coach's answer waits for.
 */
const EVERYONE_PAGE = 2000;
/** A send still `sending` after this long was cut short (a crash): a retry finishes it. Sooner, it is the first request still at work. */
const STALLED_SEND_MS = 60 * 1000;

/**
 * A picked participant who is not (or no longer) in the cohort: refused when the coach sends or
 * schedules, left out when a scheduled message goes (they may have moved since).
 */
type StrayPicked = 'refuse' | 'skip';

/** A participant a message reaches. */
interface Recipient {
  user: User;
}

/** A participant who can receive messages: not withdrawn by a coach, account not disabled. */
function withinAudience(user: User, withdrawn: boolean, disabled: boolean): boolean {
  return !withdrawn && !disabled && user.role === 'PARTICIPANT';
}

/**
 * Who a message to `audience` reaches in the cohort: every participant not withdrawn (or
 * disabled) in the segment, each judged on their own calendar day; those with the coaches' tag;
 * or the picked ones, each of whom must belong to the cohort. Reads the cohort a page at a time;
 * trackers only for the segments that look at them.
 */
export async function recipientsOf(
  deps: Pick<MessageDeps, 'db'>,
  cohortId: string,
  audience: AudienceRequest,
  now: Date,
  strayPicked: StrayPicked = 'refuse',
): Promise<Recipient[]> {
  const { db } = deps;
  if (audience.segment === 'picked') {
    const ids = [...new Set(audience.userIds ?? [])];
    if (!ids.every(isDocumentId)) throw badRequest(coachMessages.participantNotFound);
    const recipients: Recipient[] = [];
    for (const stored of await storedUsers(db, ids)) {
      if (!stored || stored.doc.cohortId !== cohortId || stored.doc.role !== 'PARTICIPANT') {
        if (strayPicked === 'skip') continue;
        throw badRequest(coachMessages.participantNotFound);
      }
      const { user, doc } = stored;
      if (withinAudience(user, typeof doc.withdrawnAt === 'string', doc.disabled === true)) recipients.push({ user });
    }
    return recipients;
  }
  // A team's members, read as a picked list of them (someone who left the cohort since is left out).
  if (audience.segment === 'team') {
    const userIds = await teamMemberIds(db, cohortId, audience.teamId);
    return userIds.length === 0 ? [] : recipientsOf(deps, cohortId, { segment: 'picked', userIds }, now, 'skip');
  }
  const segment = audience.segment;
  // The tag segment is the query's own filter: everyone it finds is in.
  if (segment === 'tag' && audience.tag === undefined) throw badRequest(messageTexts.pickTag);
  const tag = segment === 'tag' ? audience.tag! : null;
  const everyone = segment === 'all' || segment === 'tag';
  const recipients: Recipient[] = [];
  // Read once for every page (the tag's segment is a query of its own).
  const index = tag === null ? await memberIndexOf(db, cohortId) : null;
  let after: string | null = null;
  for (;;) {
    const { participants, more } = await participantsPage(db, cohortId, after, everyone ? EVERYONE_PAGE : AUDIENCE_PAGE, tag, index);
    const members = participants.filter((p) => withinAudience(p.user, p.withdrawn, p.disabled));
    const trackers = everyone ? new Map() : await trackersOf(db, members.map((p) => p.user.id));
    for (const { user } of members) {
      const input = () => ({ tracker: trackers.get(user.id) ?? null, challengeStartDate: user.challengeStartDate, today: todayIn(user.timeZone, now) });
      // A participant whose data cannot be read is in no segment that looks at it (and still in 'all').
      if (segment === 'all' || segment === 'tag' || readOrFallback(user.id, () => inSegment(segment, input()), () => false)) recipients.push({ user });
    }
    if (!more) break;
    after = participants.at(-1)!.user.id;
  }
  return recipients;
}

/** The members of the cohort's team `teamId`; 400 for a team the cohort does not have. */
async function teamMemberIds(db: ApiDeps['db'], cohortId: string, teamId: string | undefined): Promise<string[]> {
  const team = teamId !== undefined && isDocumentId(teamId) ? await teamOfCohort(db, cohortId, teamId) : null;
  if (!team) throw badRequest(messageTexts.pickTeam);
  return team.memberIds;
}

const byName = (a: Recipient, b: Recipient) => (a.user.name ?? '').localeCompare(b.user.name ?? '', 'it') || a.user.id.localeCompare(b.user.id);

/** Who a message would reach, before it is sent. */
export async function previewAudience(deps: MessageDeps, { id: cohortId }: CoachedCohort, audience: AudienceRequest): Promise<AudiencePreview> {
  const now = deps.clock();
  const recipients = (await recipientsOf(deps, cohortId, audience, now)).sort(byName);
  const byEmail = await emailFallbackOf(deps, recipients.map(({ user }) => user.id));
  return {
    count: recipients.length,
    emailCount: byEmail.size,
    recipients: recipients.slice(0, PREVIEW_NAMES).map(({ user }) => ({ userId: user.id, name: user.name || user.email, placeholders: placeholdersFor(user, now) })),
  };
}

/**
 * The ids a message to `audience` reaches: for everyone, the cohort's member index when it has one
 * (no user document read: each task reads its own recipients'), else recipientsOf.
 */
async function audienceIds(deps: Pick<MessageDeps, 'db'>, cohortId: string, audience: AudienceRequest, now: Date, strayPicked: StrayPicked): Promise<string[]> {
  if (audience.segment === 'all') {
    const index = await memberIndexOf(deps.db, cohortId);
    if (index) return activeIds(index);
  }
  return (await recipientsOf(deps, cohortId, audience, now, strayPicked)).map((recipient) => recipient.user.id);
}

/**
 * Enqueues the recipients' tasks (the message and their ids; for a large send, one task that reads
 * them from the stored message and enqueues theirs): each writes its recipients' copies, filled in from their user documents, then
 * sends their pushes (each once: see shared/push-fan-out.ts); then marks the message sent. The answer waits for neither: the copies
 * reach the inboxes a moment after it. A send that stops half-way leaves it `sending`: a retry
 * enqueues again, and no copy or push is doubled (a copy is created once, a push claimed once).
 */
async function deliver(deps: SendDeps, messageId: string, message: MessageDoc): Promise<void> {
  await deps.pushQueue.enqueue(messageTasks(messageId, recipientIdsOf(message)));
  await markSent(deps.db, messageId);
}

/** The coaches' tag a message goes to, for the `tag` segment only. */
function tagOf(audience: AudienceRequest): string | undefined {
  return audience.segment === 'tag' ? audience.tag : undefined;
}

/** A send whose id was seen before: the same message again, or a reused id. */
async function replay(deps: SendDeps, messageId: string, message: MessageDoc, outgoing: Outgoing, now: Date): Promise<SentMessage> {
  if (
    message.cohortId !== outgoing.cohortId ||
    message.text !== outgoing.text ||
    message.segment !== outgoing.audience.segment ||
    message.tag !== tagOf(outgoing.audience)
  ) {
    throw conflict(messageTexts.requestReused);
  }
  const stalled = now.getTime() - Date.parse(message.sentAt) > STALLED_SEND_MS;
  // Finishes a send that stopped half-way: the same recipients, the same documents.
  if (message.status === 'sending' && stalled) await deliver(deps, messageId, message);
  return sentMessageOf(messageId, message);
}

/** What the send path needs: no rate limiter (the caller admits a send), no request. */
export type SendDeps = Pick<ApiDeps, 'db' | 'config' | 'pushQueue'>;

/** A message on its way: from whom, to which audience of which cohort, saying what. */
export interface Outgoing {
  cohortId: string;
  coachId: string;
  coachName: string;
  text: string;
  audience: AudienceRequest;
}

export interface DispatchOptions {
  /** Takes the send's place in the coach's hourly limit (a send from the console) and says how to give it back. */
  admit?: () => Promise<() => Promise<void>>;
  strayPicked: StrayPicked;
}

/**
 * The one send path, for a message sent at once and a scheduled one alike: `cohortMessages/{messageId}`
 * is created with its recipients' ids (its create() precondition makes the send once), then each
 * recipient's copy and push are enqueued: the coach's answer waits for no copy and no push. A send whose id exists is the same message again:
 * it answers that message (`created` false), finishing a fan-out left half-way, and sends nothing new.
 */
export async function dispatch(deps: SendDeps, messageId: string, outgoing: Outgoing, now: Date, options: DispatchOptions): Promise<{ created: boolean; message: SentMessage }> {
  const { db } = deps;
  const existing = await messageById(db, messageId);
  if (existing) return { created: false, message: await replay(deps, messageId, existing, outgoing, now) };

  const release = (await options.admit?.()) ?? (async () => {});
  const recipientIds = await audienceIds(deps, outgoing.cohortId, outgoing.audience, now, options.strayPicked);
  if (recipientIds.length === 0) {
    await release();
    throw badRequest(messageTexts.noRecipients);
  }
  const message: MessageDoc = {
    cohortId: outgoing.cohortId,
    coachId: outgoing.coachId,
    coachName: outgoing.coachName,
    text: outgoing.text,
    segment: outgoing.audience.segment,
    ...(tagOf(outgoing.audience) === undefined ? {} : { tag: tagOf(outgoing.audience) }),
    recipients: joinRecipients(recipientIds),
    recipientCount: recipientIds.length,
    sentAt: now.toISOString(),
    status: 'sending',
  };
  if (!(await createMessage(db, messageId, message))) {
    // The same message, a moment earlier, is being sent.
    await release();
    const current = await messageById(db, messageId);
    return { created: false, message: await replay(deps, messageId, current!, outgoing, now) };
  }
  await deliver(deps, messageId, message);
  return { created: true, message: sentMessageOf(messageId, message) };
}

/** Takes a place in the coach's hourly limit of messages (429 past it); the answer gives it back. */
export async function admitMessage(deps: Pick<MessageDeps, 'limiter'>, coachId: string): Promise<() => Promise<void>> {
  const attempt = await deps.limiter.attempt([{ key: `coach-message:${coachId}`, limit: MESSAGES_PER_HOUR, windowMs: HOUR_MS }]);
  if (!attempt.allowed) throw tooManyRequests(messageTexts.tooManyMessages);
  return () => attempt.release();
}

/**
 * Sends a message to its audience. Idempotent per request id: a double click or a retry answers
 * the message already sent (`created` false) and sends nothing new. Rate-limited per coach.
 */
export async function sendMessage(
  deps: MessageDeps,
  coach: User,
  { id: cohortId }: CoachedCohort,
  request: SendMessageRequest,
): Promise<{ created: boolean; message: SentMessage }> {
  const { requestId, text, ...audience } = request;
  const outgoing: Outgoing = { cohortId, coachId: coach.id, coachName: coach.name || coach.email, text, audience };
  return dispatch(deps, messageIdOf(coach.id, requestId), outgoing, deps.clock(), { admit: () => admitMessage(deps, coach.id), strayPicked: 'refuse' });
}

export async function cohortMessages(deps: MessageDeps, { id: cohortId }: CoachedCohort): Promise<{ messages: SentMessage[] }> {
  return { messages: await sentMessages(deps.db, cohortId) };
}

/** The caller's check-in threads and newest messages: what the dashboard, /checkin and /messaggi show. */
export async function inbox(deps: MessageDeps, user: User): Promise<Inbox> {
  const [threads, messages, conversation] = await Promise.all([threadsOfUser(deps.db, user.id), inboxOf(deps.db, user.id), conversationOf(deps.db, user.id)]);
  // The check-in screens name a thread by its week: those of the participant's season (an earlier
  // season's stay in the conversation with the coach).
  const own = threads.filter((thread) => seasonOfThread(thread) === seasonOfUser(user)).map(ownThreadOf);
  // The coaches' messages in the participant's conversation count with the cohort messages: one badge.
  const unreadMessages = messages.filter((message) => !message.read).length + (conversation?.participantUnread ?? 0);
  return { threads: own, messages, unreadMessages, latestPersonal: latestPersonalOf(conversation) };
}

/**
 * The coach's newest one-to-one message, for the dashboard's card. A thread last written before
 * the field was kept still names an unread one by its preview (no name then): a coach wrote last
 * and something is unread, which a check-in reply alone never makes.
 */
function latestPersonalOf(conversation: ConversationDoc | null): Inbox['latestPersonal'] {
  if (!conversation) return null;
  const unread = conversation.participantUnread > 0;
  if (conversation.lastCoachMessage) return { ...conversation.lastCoachMessage, unread };
  if (conversation.lastPreview.from !== 'coach' || !unread) return null;
  return { text: conversation.lastPreview.text, coachName: '', at: conversation.lastActivityAt, unread };
}

export async function readMessage(deps: MessageDeps, user: User, inboxId: string): Promise<void> {
  if (!(await markRead(deps.db, user.id, inboxId, deps.clock().toISOString()))) throw notFound(messageTexts.messageNotFound);
}
