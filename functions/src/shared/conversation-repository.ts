import { FieldValue, type DocumentData, type DocumentReference, type DocumentSnapshot, type Firestore, type UpdateData, type WriteBatch } from 'firebase-admin/firestore';
import { conversationOrderKey, excerptOf, type Side } from '@sfida/core/conversations';
import { threadRef } from './check-in-thread-repository';

// `conversations/{participantUid}`: the one thread between a participant and their cohort's
// coaches, as its lists need it: the last activity and its preview, what each side has not read,
// and when each side last read it. Its messages are the conversations feature's; the check-ins
// feature changes it too (a coach's reply, the participant's answer to it), in the batch of that
// change, so it lives here, below both.

export interface ConversationDoc {
  userId: string;
  cohortId: string;
  lastActivityAt: string;
  lastPreview: { from: Side; text: string };
  /** Items of the coaches the participant has not read (their messages in the thread). */
  participantUnread: number;
  /** Items of the participant the coaches have not read (messages, answers to a check-in reply). */
  coachUnread: number;
  /** The coach list's order and cursor: unread first, then the latest activity (core's conversationOrderKey). */
  coachOrder: string;
  participantReadAt: string | null;
  coachReadAt: string | null;
  coachReadBy: string | null;
  /**
   * The newest message a coach wrote in the thread (not a check-in reply: those are the threads'),
   * kept with every write so the participant's inbox names it without reading the messages.
   * Absent on threads whose last coach message predates the field.
   */
  lastCoachMessage?: { text: string; coachName: string; at: string };
  /** `lastCoachMessage.coachName`, where a query can find it. */
  lastCoachMessageBy?: string | null;
}

export function conversationsCollection(db: Firestore) {
  return db.collection('conversations');
}

export function conversationRef(db: Firestore, userId: string) {
  return conversationsCollection(db).doc(userId);
}

export function conversationFrom(snap: DocumentSnapshot): ConversationDoc {
  return snap.data() as ConversationDoc;
}

/** The participant's thread; null before anything was written in it. */
export async function conversationOf(db: Firestore, userId: string): Promise<ConversationDoc | null> {
  const snap = await conversationRef(db, userId).get();
  return snap.exists ? conversationFrom(snap) : null;
}

/** Something new in a thread. */
export interface Activity {
  userId: string;
  cohortId: string;
  from: Side;
  text: string;
  at: string;
  /**
   * What it does to the unread state. `forOtherSide`: it is new for the other side (a message);
   * `quiet`: only the last activity moves (a check-in reply, already new for the participant
   * through its own "seen" mark). Whoever writes has read the thread up to then.
   */
  unread: 'forOtherSide' | 'quiet';
  /** The coach who wrote (a coach's activity). */
  coachName?: string;
}

/**
 * Adds to `batch` the thread's change for `activity`, given the thread as read before (null: none
 * yet). Counters are increments, so two writes at once both count; the list's order is computed
 * from what was read.
 */
export function addActivity(db: Firestore, batch: WriteBatch, current: ConversationDoc | null, activity: Activity): void {
  const { userId, cohortId, from, at } = activity;
  const counts = activity.unread === 'forOtherSide';
  const coachUnread = from === 'participant' ? (current?.coachUnread ?? 0) + (counts ? 1 : 0) : counts ? 0 : (current?.coachUnread ?? 0);
  const changes: Record<string, unknown> = {
    userId,
    cohortId,
    lastActivityAt: at,
    lastPreview: { from, text: excerptOf(activity.text) },
    coachOrder: conversationOrderKey(coachUnread > 0, at),
  };
  if (from === 'participant') {
    Object.assign(changes, { coachUnread: counts ? FieldValue.increment(1) : (current?.coachUnread ?? 0), participantUnread: 0, participantReadAt: at });
  } else if (counts) {
    // A coach who writes has read what the participant wrote.
    Object.assign(changes, {
      participantUnread: FieldValue.increment(1),
      coachUnread: 0,
      coachReadAt: at,
      coachReadBy: activity.coachName ?? null,
      lastCoachMessage: { text: excerptOf(activity.text), coachName: activity.coachName ?? '', at },
      // Its author's name again, at the top: a deleted coach's is found by it (a query of a map's field the local emulator cannot run).
      lastCoachMessageBy: activity.coachName ?? null,
    });
  } else {
    Object.assign(changes, { participantUnread: current?.participantUnread ?? 0, coachUnread: current?.coachUnread ?? 0 });
  }
  if (!current) Object.assign(changes, { participantReadAt: changes.participantReadAt ?? null, coachReadAt: changes.coachReadAt ?? null, coachReadBy: changes.coachReadBy ?? null });
  batch.set(conversationRef(db, userId), changes, { merge: true });
}

/**
 * Adds to `writer` (a batch or a transaction) the thread's move with its participant to `cohortId` (a new season, an
 * operator's move): its coaches share it from then on, the list and its unread count included. For
 * a thread that exists (an update, so the batch fails rather than leave a thread of a cohort alone).
 */
export function moveConversation(db: Firestore, writer: { update(ref: DocumentReference, data: UpdateData<DocumentData>): unknown }, userId: string, cohortId: string): void {
  writer.update(conversationRef(db, userId), { cohortId });
}

/**
 * The participant read their thread: nothing of the coaches' is unread for them, the check-in
 * replies in it (`threadIds`, those not yet seen) included. `exists`: the thread has a document.
 */
export async function markReadByParticipant(db: Firestore, userId: string, exists: boolean, threadIds: string[], at: string): Promise<void> {
  if (!exists && threadIds.length === 0) return;
  const batch = db.batch();
  if (exists) batch.update(conversationRef(db, userId), { participantUnread: 0, participantReadAt: at });
  for (const threadId of threadIds) batch.update(threadRef(db, threadId), { replySeenAt: at, updatedAt: at });
  await batch.commit();
}

/** A coach read the thread: nothing of the participant's is unread for the coaches. */
export async function markReadByCoach(db: Firestore, current: ConversationDoc, coachName: string, at: string): Promise<void> {
  await conversationRef(db, current.userId).update({
    coachUnread: 0,
    coachReadAt: at,
    coachReadBy: coachName,
    coachOrder: conversationOrderKey(false, current.lastActivityAt),
  });
}
