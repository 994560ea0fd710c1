import type { Firestore, WriteBatch } from 'firebase-admin/firestore';
import { DEFAULT_REPLY_TEMPLATES, moodBands, type MoodBand, type ReplyTemplate } from '@sfida/core/check-in-threads';
import {
  answerMarkerRef,
  handlingMarkerRef,
  threadFrom,
  threadRef,
  threadsCollection,
  type ThreadDoc,
} from '../../shared/check-in-thread-repository';
import { addActivity, type Activity, type ConversationDoc } from '../../shared/conversation-repository';
import { addContactWrites, type ContactWrites } from '../../shared/contact-repository';
import { unlessItExists } from '../../shared/firestore';

// Threads are created by the tracker sync (shared/check-in-thread-repository.ts); here they are
// read for the coach's queue and changed by a coach's reply or the participant's answer.
// `coachSettings/{uid}`: a coach's own reply templates.

export type ThreadView = 'queue' | 'recent';

/** The first `limit` threads of a cohort in a view (the queue's of a mood band, given one), and how many the view holds. */
export async function cohortThreads(
  db: Firestore,
  cohortId: string,
  view: ThreadView,
  limit: number,
  mood: MoodBand | null = null,
): Promise<{ threads: ThreadDoc[]; total: number }> {
  let base = threadsCollection(db).where('cohortId', '==', cohortId).where('handled', '==', view === 'recent');
  if (mood !== null && view === 'queue') base = base.where('mood', '>=', moodBands[mood][0]).where('mood', '<=', moodBands[mood][1]);
  // Open ones lowest mood first, then oldest; handled ones by their latest event.
  const ordered = view === 'queue' ? base.orderBy('mood').orderBy('receivedAt') : base.orderBy('updatedAt', 'desc');
  const [page, count] = await Promise.all([ordered.limit(limit).get(), base.count().get()]);
  return { threads: page.docs.map(threadFrom), total: count.data().count };
}

/** A message of the participant's conversation written with a thread's change. */
export interface ConversationActivity {
  conversation: ConversationDoc | null;
  activity: Activity;
}

/**
 * Marks a thread handled by a coach (with their reply, or read without one), unless another coach
 * did first: the marker's create leads the batch, and a batch lands whole or not at all. False
 * when another coach got there first. `activity`: the conversation's change that goes with it,
 * given the conversation as read before (null: none yet); `contact`: a reply's writes as a contact
 * (shared/contact-repository.ts), which throw FAILED_PRECONDITION when a check-in changed meanwhile.
 */
export async function saveHandling(
  db: Firestore,
  threadId: string,
  changes: Pick<ThreadDoc, 'status' | 'handledBy' | 'handledAt' | 'reply' | 'updatedAt'>,
  activity: ConversationActivity | null = null,
  contact: { writes: ContactWrites; now: Date } | null = null,
): Promise<boolean> {
  const batch = db.batch();
  batch.create(handlingMarkerRef(db, threadId), { by: changes.handledBy?.id ?? null, at: changes.handledAt });
  batch.update(threadRef(db, threadId), { ...changes, handled: true });
  if (activity) addActivity(db, batch, activity.conversation, activity.activity);
  // A reply is a contact: what it clears in the triage and the other check-ins it reads land with it.
  if (contact && changes.handledBy) addContactWrites(db, batch, contact.writes, changes.handledBy, contact.now);
  return commitUnlessTaken(batch);
}

/** Stores the participant's one answer; false if one was already stored (same pattern as saveHandling). */
export async function saveAnswer(
  db: Firestore,
  threadId: string,
  changes: Pick<ThreadDoc, 'answer' | 'replySeenAt' | 'updatedAt'>,
  activity: ConversationActivity | null = null,
): Promise<boolean> {
  const batch = db.batch();
  batch.create(answerMarkerRef(db, threadId), { at: changes.updatedAt });
  batch.update(threadRef(db, threadId), changes);
  if (activity) addActivity(db, batch, activity.conversation, activity.activity);
  return commitUnlessTaken(batch);
}

function commitUnlessTaken(batch: WriteBatch): Promise<boolean> {
  return unlessItExists(() => batch.commit());
}

export async function markReplySeen(db: Firestore, threadId: string, at: string): Promise<void> {
  await threadRef(db, threadId).update({ replySeenAt: at, updatedAt: at });
}

function settingsRef(db: Firestore, uid: string) {
  return db.collection('coachSettings').doc(uid);
}

/** The coach's templates; the defaults until they save their own. */
export async function replyTemplatesOf(db: Firestore, uid: string): Promise<ReplyTemplate[]> {
  const snap = await settingsRef(db, uid).get();
  const saved: unknown = snap.exists ? snap.get('replyTemplates') : undefined;
  return Array.isArray(saved) ? (saved as ReplyTemplate[]) : DEFAULT_REPLY_TEMPLATES;
}

export async function saveReplyTemplates(db: Firestore, uid: string, templates: ReplyTemplate[]): Promise<void> {
  await settingsRef(db, uid).set({ replyTemplates: templates }, { merge: true });
}
