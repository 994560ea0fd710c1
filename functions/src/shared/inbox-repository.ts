import type { Firestore } from 'firebase-admin/firestore';
import { unlessItExists } from './firestore';

// `inboxMessages/{messageId}_{uid}`: a participant's copy of a coach's message to the cohort (or a
// part of it), with the text filled in for them. The messages feature writes and lists them; the
// conversations feature merges them into the participant's thread; so the collection is named here.

export interface InboxDoc {
  userId: string;
  messageId: string;
  cohortId: string;
  coachName: string;
  text: string;
  sentAt: string;
  readAt: string | null;
}

export function inboxCollection(db: Firestore) {
  return db.collection('inboxMessages');
}

/** A recipient's copy of a message: one id per message and recipient, so a retry finds it instead of writing a second. */
export function inboxIdOf(messageId: string, userId: string): string {
  return `${messageId}_${userId}`;
}

/** A copy to write, under its id (`{messageId}_{uid}`). */
export interface InboxCopy {
  id: string;
  doc: InboxDoc;
}

/**
 * Writes the copies not written yet, never rewriting one: a task run again (or a send resumed)
 * leaves a copy the participant has read as it is. One batch of create()s; when it fails because a
 * copy exists (an earlier attempt wrote some), one create() per copy.
 */
export async function createInboxCopies(db: Firestore, copies: InboxCopy[]): Promise<void> {
  if (copies.length === 0) return;
  const batch = db.batch();
  for (const copy of copies) batch.create(inboxCollection(db).doc(copy.id), copy.doc);
  if (await unlessItExists(() => batch.commit())) return;
  await Promise.all(copies.map((copy) => unlessItExists(() => inboxCollection(db).doc(copy.id).create(copy.doc))));
}
