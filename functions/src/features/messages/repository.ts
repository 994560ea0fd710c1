import { FieldValue, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { INBOX_MESSAGES, type InboxMessage, type Segment, type SentMessage } from '@sfida/core/cohort-messages';
import { cohortMessageRef, cohortMessagesCollection, type StoredRecipients } from '../../shared/cohort-message-repository';
import { isFailedPrecondition, unlessItExists } from '../../shared/firestore';
import { inboxCollection, type InboxDoc } from '../../shared/inbox-repository';

// `cohortMessages/{coachId}_{requestId}` (shared/cohort-message-repository.ts): a message as a coach
// sent it, with who it went to. Its id comes from the coach's request id, so a retry of the same send
// finds it instead of sending again.
// `inboxMessages/{messageId}_{uid}`: one per recipient, with the text filled in for them, written by
// the message's push tasks (shared/push-fan-out.ts) from the recipients' user documents.

export interface MessageDoc extends StoredRecipients {
  cohortId: string;
  coachId: string;
  coachName: string;
  text: string;
  segment: Segment;
  /** The tag of the `tag` segment. */
  tag?: string;
  recipientCount: number;
  /** Recipients who opened their copy, raised once per copy (absent before read counts: none counted). */
  readCount?: number;
  sentAt: string;
  /** `sending` until every recipient's task (copy and push) is enqueued: a retry then finishes the fan-out. */
  status: 'sending' | 'sent';
}

/** A cohort's sent messages the console lists. */
export const SENT_LIST = 20;

export function messageIdOf(coachId: string, requestId: string): string {
  return `${coachId}_${requestId}`;
}

export function sentMessageOf(id: string, doc: MessageDoc): SentMessage {
  return { id, text: doc.text, segment: doc.segment, ...(doc.tag === undefined ? {} : { tag: doc.tag }), recipientCount: doc.recipientCount, readCount: doc.readCount ?? 0, coachName: doc.coachName, sentAt: doc.sentAt };
}

export async function messageById(db: Firestore, messageId: string): Promise<MessageDoc | null> {
  const snap = await cohortMessageRef(db, messageId).get();
  return snap.exists ? (snap.data() as MessageDoc) : null;
}

/** Creates the message; false when one with its id exists (a retry or a double click). */
export async function createMessage(db: Firestore, messageId: string, doc: MessageDoc): Promise<boolean> {
  return unlessItExists(() => cohortMessageRef(db, messageId).create(doc));
}

/** The message's tasks (each recipient's copy and push) are enqueued. */
export async function markSent(db: Firestore, messageId: string): Promise<void> {
  await cohortMessageRef(db, messageId).update({ status: 'sent' });
}

/** The cohort's latest messages, newest first. */
export async function sentMessages(db: Firestore, cohortId: string): Promise<SentMessage[]> {
  // Without their recipients: the list never shows them.
  const listed: Array<keyof MessageDoc> = ['text', 'segment', 'tag', 'recipientCount', 'readCount', 'coachName', 'sentAt'];
  const snap = await cohortMessagesCollection(db).where('cohortId', '==', cohortId).orderBy('sentAt', 'desc').limit(SENT_LIST).select(...listed).get();
  return snap.docs.map((doc) => sentMessageOf(doc.id, doc.data() as MessageDoc));
}

function inboxMessageOf(snap: DocumentSnapshot): InboxMessage {
  const doc = snap.data() as InboxDoc;
  return { id: snap.id, text: doc.text, coachName: doc.coachName, sentAt: doc.sentAt, read: doc.readAt !== null };
}

/** A participant's newest messages. */
export async function inboxOf(db: Firestore, userId: string): Promise<InboxMessage[]> {
  const snap = await inboxCollection(db).where('userId', '==', userId).orderBy('sentAt', 'desc').limit(INBOX_MESSAGES).get();
  return snap.docs.map(inboxMessageOf);
}

/**
 * Marks the caller's copy read; false when `inboxId` is not theirs (or does not exist). The first
 * read raises the message's `readCount` in the same batch, conditional on the copy being unchanged
 * since it was read: two reads at once count once (the later batch fails, and finds it read).
 */
export async function markRead(db: Firestore, userId: string, inboxId: string, at: string): Promise<boolean> {
  const ref = inboxCollection(db).doc(inboxId);
  const snap = await ref.get();
  if (!snap.exists || snap.get('userId') !== userId) return false;
  if (snap.get('readAt') !== null) return true;
  const batch = db.batch();
  batch.update(ref, { readAt: at }, { lastUpdateTime: snap.updateTime! });
  batch.update(cohortMessageRef(db, snap.get('messageId') as string), { readCount: FieldValue.increment(1) });
  try {
    await batch.commit();
  } catch (error) {
    // Another read of the same copy got there first and counted it.
    if (!isFailedPrecondition(error)) throw error;
  }
  return true;
}
