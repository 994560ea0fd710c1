import { FieldValue, type DocumentSnapshot, type Firestore, type Timestamp, type WriteBatch } from 'firebase-admin/firestore';
import { contactReadsCheckIns, keysClearedByWriting, type ContactKind } from '@sfida/core/contact';
import { seasonOfUser } from '@sfida/core/user';
import { handlingMarkerRef, idOfThread, seasonOfThread, threadFrom, threadsCollection, threadRef } from './check-in-thread-repository';
import { participantFrom } from './participant-repository';
import { triageRecheck, userRef } from './user-repository';

// What a coach's contact with a participant writes besides itself (core's contact.ts): the triage
// reasons it clears, marked handled on the participant's document, and their open check-ins, marked
// read. The check-ins, conversations and triage features add these writes to the batch of the
// contact itself, so a reply or a message never lands without them, nor they without it.

/** The writes a contact brings, as read just before it. */
export interface ContactWrites {
  userId: string;
  /** Triage keys to mark handled (an array union: a look or a sync meanwhile loses nothing). */
  handledKeys: string[];
  /** Open check-ins of the participant's season, with the version each write is conditional on. */
  openThreads: Array<{ id: string; readAt: Timestamp }>;
}

/**
 * Reads what a contact of `kind` with the participant of `userSnap` changes: the latest check-in's
 * mood keys (from their roster digest) and their open check-ins. For a reply, `repliedThreadId`
 * and `repliedWeek` name the check-in it answers (its own thread is written by the reply, so it is
 * left out here; `repliedWeek` null when it is of an earlier season).
 */
export async function contactWritesFor(db: Firestore, userSnap: DocumentSnapshot, kind: ContactKind, repliedThreadId: string | null = null, repliedWeek: number | null = null): Promise<ContactWrites> {
  const participant = participantFrom(userSnap);
  const latestWeek = participant.digest?.checkIns.at(-1)?.weekNumber ?? null;
  const handledKeys = kind === 'call' ? [] : keysClearedByWriting(kind, latestWeek, repliedWeek);
  let openThreads: ContactWrites['openThreads'] = [];
  if (contactReadsCheckIns[kind]) {
    // A participant's threads are at most one a week or month of each season: a small, bounded read.
    const snap = await threadsCollection(db).where('userId', '==', participant.user.id).where('handled', '==', false).get();
    const season = seasonOfUser(participant.user);
    openThreads = snap.docs
      .filter((doc) => seasonOfThread(threadFrom(doc)) === season && idOfThread(threadFrom(doc)) !== repliedThreadId)
      .map((doc) => ({ id: doc.id, readAt: doc.updateTime! }));
  }
  return { userId: participant.user.id, handledKeys, openThreads };
}

/** The same, reading the participant's document first. */
export async function contactWritesOf(db: Firestore, userId: string, kind: ContactKind, repliedThreadId: string | null = null, repliedWeek: number | null = null): Promise<ContactWrites> {
  return contactWritesFor(db, await userRef(db, userId).get(), kind, repliedThreadId, repliedWeek);
}

/**
 * Adds the contact's writes to `batch`. Each check-in's read is conditional on the thread being
 * unchanged since it was read (another coach's reply meanwhile fails the batch with
 * FAILED_PRECONDITION: the caller reads the writes again and retries); its handling marker is set,
 * so a reply racing after it finds the check-in handled.
 * `withTriage` false: the caller writes the participant's triage itself ("Contattato").
 */
export function addContactWrites(db: Firestore, batch: WriteBatch, writes: ContactWrites, coach: { id: string; name: string }, now: Date, withTriage = true): void {
  const at = now.toISOString();
  if (withTriage && writes.handledKeys.length > 0) {
    // Marked due too: the next look at "Da fare oggi" works them out with these keys handled.
    batch.update(userRef(db, writes.userId), { triageHandled: FieldValue.arrayUnion(...writes.handledKeys), ...triageRecheck(now) });
  }
  for (const thread of writes.openThreads) {
    batch.set(handlingMarkerRef(db, thread.id), { by: coach.id, at });
    batch.update(
      threadRef(db, thread.id),
      { status: 'read', handled: true, handledBy: { id: coach.id, name: coach.name }, handledAt: at, reply: null, updatedAt: at },
      { lastUpdateTime: thread.readAt },
    );
  }
}

/** How many of the contact's writes are check-ins it marks read (for the coach's day). */
export function checkInsReadBy(writes: ContactWrites | null): number {
  return writes?.openThreads.length ?? 0;
}
