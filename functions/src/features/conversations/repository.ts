import type { DocumentSnapshot, Firestore, Query } from 'firebase-admin/firestore';
import type { Quote, Side } from '@sfida/core/conversations';
import type { VoiceNote } from '@sfida/core/voice-notes';
import { addActivity, conversationsCollection, conversationFrom, type Activity, type ConversationDoc } from '../../shared/conversation-repository';
import { addContactWrites, type ContactWrites } from '../../shared/contact-repository';
import { unlessItExists } from '../../shared/firestore';
import { inboxCollection, type InboxDoc } from '../../shared/inbox-repository';

// `conversationMessages/{participantUid}_{requestId}`: a message either side wrote in a
// participant's thread. Its id comes from the sender's request id, so a double tap or a retry
// finds the message instead of writing a second one. The thread itself is
// shared/conversation-repository.ts; the inbox copies of cohort messages (shared/inbox-repository.ts)
// are read here to merge them into the timeline.

export interface ConversationMessageDoc {
  /** The participant whose thread it is. */
  userId: string;
  cohortId: string;
  from: Side;
  authorId: string;
  authorName: string;
  text: string;
  sentAt: string;
  replyTo: Quote | null;
  /** Its voice note, checked to be the sender's own for this thread; null for text alone (absent before voice notes). */
  voiceNote?: VoiceNote | null;
}

function messagesCollection(db: Firestore) {
  return db.collection('conversationMessages');
}

export function conversationMessageId(userId: string, requestId: string): string {
  return `${userId}_${requestId}`;
}

export async function conversationMessageById(db: Firestore, id: string): Promise<ConversationMessageDoc | null> {
  const snap = await messagesCollection(db).doc(id).get();
  return snap.exists ? (snap.data() as ConversationMessageDoc) : null;
}

/**
 * Writes the message and the thread's change in one batch, the message's create first: false
 * when a message with its id exists (the same request again), and then nothing is written. With
 * `contact` (a coach's message), FAILED_PRECONDITION when one of its check-ins changed meanwhile.
 */
export async function createConversationMessage(
  db: Firestore,
  id: string,
  doc: ConversationMessageDoc,
  current: ConversationDoc | null,
  activity: Activity,
  contact: { writes: ContactWrites; now: Date } | null = null,
): Promise<boolean> {
  const batch = db.batch();
  batch.create(messagesCollection(db).doc(id), doc);
  addActivity(db, batch, current, activity);
  // A coach's message is a contact: what it clears in the triage and the check-ins it reads land with it.
  if (contact) addContactWrites(db, batch, contact.writes, { id: doc.authorId, name: doc.authorName }, contact.now);
  return unlessItExists(() => batch.commit());
}

/** The newest `limit` docs of `query` (ordered by `field` descending) older than `before`, and whether older ones remain. */
async function newestBefore(query: Query, field: string, before: string | null, limit: number): Promise<{ docs: DocumentSnapshot[]; more: boolean }> {
  // A range filter, not a cursor: the local emulator ignores cursors. One more than the page tells whether another follows.
  const bounded = before === null ? query : query.where(field, '<', before);
  const snap = await bounded.orderBy(field, 'desc').limit(limit + 1).get();
  return { docs: snap.docs.slice(0, limit), more: snap.size > limit };
}

/** The thread's newest messages older than `before`. */
export async function messagesOf(db: Firestore, userId: string, before: string | null, limit: number) {
  const { docs, more } = await newestBefore(messagesCollection(db).where('userId', '==', userId), 'sentAt', before, limit);
  return { messages: docs.map((doc) => ({ id: doc.id, doc: doc.data() as ConversationMessageDoc })), more };
}

/** What the timeline shows of a cohort message's copy. */
export interface InboxCopy {
  id: string;
  coachName: string;
  text: string;
  sentAt: string;
  readAt: string | null;
}

function copyOf(id: string, doc: InboxDoc): InboxCopy {
  return { id, coachName: doc.coachName, text: doc.text, sentAt: doc.sentAt, readAt: doc.readAt ?? null };
}

/** The participant's newest cohort messages older than `before`. */
export async function inboxCopiesOf(db: Firestore, userId: string, before: string | null, limit: number) {
  const { docs, more } = await newestBefore(inboxCollection(db).where('userId', '==', userId), 'sentAt', before, limit);
  return {
    copies: docs.map((doc) => copyOf(doc.id, doc.data() as InboxDoc)),
    more,
  };
}

/** One cohort message's copy, if it is `userId`'s. */
export async function inboxCopyOf(db: Firestore, userId: string, inboxId: string): Promise<InboxCopy | null> {
  const snap = await inboxCollection(db).doc(inboxId).get();
  if (!snap.exists || snap.get('userId') !== userId) return null;
  return copyOf(snap.id, snap.data() as InboxDoc);
}

/**
 * A page of a cohort's threads in the coach list's order, those after `cursor` (a range on the
 * order key, not a cursor: see newestBefore), and the count of its threads with something unread.
 */
export async function cohortConversations(db: Firestore, cohortId: string, cursor: string | null, limit: number) {
  const base = conversationsCollection(db).where('cohortId', '==', cohortId);
  const page = cursor === null ? base : base.where('coachOrder', '<', cursor);
  const [snap, unread] = await Promise.all([page.orderBy('coachOrder', 'desc').limit(limit + 1).get(), base.where('coachUnread', '>', 0).count().get()]);
  return { conversations: snap.docs.slice(0, limit).map(conversationFrom), more: snap.size > limit, unread: unread.data().count };
}
