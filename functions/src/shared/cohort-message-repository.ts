import type { Firestore } from 'firebase-admin/firestore';
import type { MessageOfTask } from './message-copies';

// `cohortMessages/{coachId}_{requestId}`: a message as a coach sent it (features/messages), and who
// it went to, which the push queue's tasks read too (shared/push-fan-out.ts): a task names the
// message by id, and its text, its coach and its recipients are read here, never from the task.
// The recipients are one string, their ids joined by '/' (no document id holds one): they are only
// ever read whole, and Firestore converts an array value by value (a message to 5,000 as an array
// cost the local emulator ~8× the string to write, and as much again to read). No index entry
// either way (firestore.indexes.json exempts the field).

const SEPARATOR = '/';

/** What a stored message says of its recipients: `recipientIds` is how messages stored before `recipients` kept them. */
export interface StoredRecipients {
  recipients?: string;
  recipientIds?: string[];
}

export function cohortMessagesCollection(db: Firestore) {
  return db.collection('cohortMessages');
}

export function cohortMessageRef(db: Firestore, messageId: string) {
  return cohortMessagesCollection(db).doc(messageId);
}

/** The stored form of `ids`. */
export function joinRecipients(ids: string[]): string {
  return ids.join(SEPARATOR);
}

/** The recipients' ids a stored message names, in the order they were stored. */
export function recipientIdsOf(doc: StoredRecipients): string[] {
  if (typeof doc.recipients === 'string') return doc.recipients === '' ? [] : doc.recipients.split(SEPARATOR);
  return Array.isArray(doc.recipientIds) ? doc.recipientIds.filter((id): id is string => typeof id === 'string') : [];
}

/** What a message's push tasks read of it: what its copies are filled from, and its recipients. */
export interface StoredMessage {
  message: MessageOfTask;
  recipientIds: string[];
}

/** Message `messageId` as stored (null when there is none, or it does not read as a message): the tasks believe only this. */
export async function storedMessage(db: Firestore, messageId: string): Promise<StoredMessage | null> {
  const [snap] = await db.getAll(cohortMessageRef(db, messageId));
  if (!snap?.exists) return null;
  const { cohortId, coachName, text, sentAt } = snap.data() as Partial<Record<keyof MessageOfTask, unknown>>;
  if (typeof cohortId !== 'string' || typeof coachName !== 'string' || typeof text !== 'string' || typeof sentAt !== 'string' || Number.isNaN(Date.parse(sentAt))) return null;
  return { message: { id: messageId, cohortId, coachName, text, sentAt }, recipientIds: recipientIdsOf(snap.data() as StoredRecipients) };
}
