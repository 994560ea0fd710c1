import type { Firestore } from 'firebase-admin/firestore';

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
