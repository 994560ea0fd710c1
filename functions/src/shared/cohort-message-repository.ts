import type { Firestore } from 'firebase-admin/firestore';

// `cohortMessages/{coachId}_{requestId}`: a message as a coach sent it (features/messages), and who
// it went to, which the push queue's tasks read too (shared/push-fan-out.ts): a large message's
// request enqueues one task that reads them here, rather than carrying thousands of ids itself.
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

/** The recipients of message `messageId` (null when there is no such message): one read of just those fields. */
export async function recipientsOfMessage(db: Firestore, messageId: string): Promise<string[] | null> {
  const [snap] = await db.getAll(cohortMessageRef(db, messageId), { fieldMask: ['recipients', 'recipientIds'] });
  return snap?.exists ? recipientIdsOf(snap.data() as StoredRecipients) : null;
}
