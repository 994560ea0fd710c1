import type { DocumentSnapshot, Firestore, WriteBatch } from 'firebase-admin/firestore';
import { checkInThreadId, type CoachReply, type OwnThread, type ParticipantAnswer, type ThreadStatus } from '@sfida/core/check-in-threads';
import type { CheckIn } from '@sfida/core/tracker';
import type { VoiceNote } from '@sfida/core/voice-notes';
import { voiceNoteRef, voiceNoteOf, type VoiceNoteDoc } from './voice-note-repository';

// `checkInThreads/{checkInThreadId}`: a weekly check-in as the server first received it, and what
// coaches and the participant made of it. The tracker sync creates it (in the same batch as the
// tracker, see saveTrackerRevision) the first time a week's check-in arrives; a week's check-in is
// the first one sent and never changes, so later syncs, edits and other devices leave it alone.
// The coach and participant features read and update it; it lives here, below all three.

export interface ThreadDoc {
  userId: string;
  cohortId: string;
  weekNumber: number;
  /** The season of the challenge it belongs to (a "Nuova stagione"): absent in the first. */
  season?: number;
  checkInId: string;
  mood: number;
  reflection: string;
  /** The voice note recorded with the check-in, checked to be the participant's own (absent on threads older than voice notes). */
  voiceNote?: VoiceNote | null;
  /** The day the participant wrote it (their zone). */
  date: string;
  /** When the server first stored it. */
  receivedAt: string;
  status: ThreadStatus;
  /** Not open: the coach queue's filter (an equality the composite index can lead with). */
  handled: boolean;
  handledBy: { id: string; name: string } | null;
  handledAt: string | null;
  reply: (CoachReply & { coachId: string }) | null;
  replySeenAt: string | null;
  answer: ParticipantAnswer | null;
  /** The thread's last event: received, handled, seen or answered (the recent view's order). */
  updatedAt: string;
}

export function threadsCollection(db: Firestore) {
  return db.collection('checkInThreads');
}

export function threadRef(db: Firestore, threadId: string) {
  return threadsCollection(db).doc(threadId);
}

/** Created in a batch before a coach's reply or mark: a second coach's batch then fails whole. */
export function handlingMarkerRef(db: Firestore, threadId: string) {
  return db.collection('checkInHandlings').doc(threadId);
}

/** Created in a batch before the participant's answer: there is one answer per thread. */
export function answerMarkerRef(db: Firestore, threadId: string) {
  return db.collection('checkInAnswers').doc(threadId);
}

/** The season a thread belongs to: 1 for the first, and for threads stored before seasons. */
export function seasonOfThread(doc: Pick<ThreadDoc, 'season'>): number {
  return doc.season ?? 1;
}

/** A thread's id, from the thread itself. */
export function idOfThread(doc: Pick<ThreadDoc, 'userId' | 'weekNumber' | 'season'>): string {
  return checkInThreadId(doc.userId, doc.weekNumber, seasonOfThread(doc));
}

/** Who sent the check-ins that open threads: the participant, their cohort and the season of their tracker. */
export interface ThreadOwner {
  userId: string;
  cohortId: string;
  season: number;
}

/** A new thread for a check-in just received. */
export function newThreadDoc(owner: ThreadOwner, checkIn: CheckIn, now: Date, voiceNote: VoiceNote | null = null): ThreadDoc {
  const at = now.toISOString();
  return {
    userId: owner.userId,
    cohortId: owner.cohortId,
    weekNumber: checkIn.weekNumber,
    ...(owner.season > 1 ? { season: owner.season } : {}),
    checkInId: checkIn.id,
    mood: checkIn.mood,
    reflection: checkIn.reflection,
    voiceNote,
    date: checkIn.date,
    receivedAt: at,
    status: 'open',
    handled: false,
    handledBy: null,
    handledAt: null,
    reply: null,
    replySeenAt: null,
    answer: null,
    updatedAt: at,
  };
}

/**
 * The voice notes named by the check-ins that get a thread now (see addNewThreads), by id: only
 * notes the participant recorded for their own thread count, so a tracker cannot borrow another's.
 * Read only when such a check-in names one: a sync without a new check-in reads nothing more.
 */
export async function voiceNotesOfNewThreads(db: Firestore, userId: string, checkIns: CheckIn[], threadWeeks: number[]): Promise<Map<string, VoiceNote>> {
  const weeks = new Set(threadWeeks);
  const ids = [...new Set(checkIns.filter((c) => !weeks.has(c.weekNumber) && c.voiceNoteId).map((c) => c.voiceNoteId!))];
  if (ids.length === 0) return new Map();
  const snaps = await db.getAll(...ids.map((id) => voiceNoteRef(db, id)));
  const found = new Map<string, VoiceNote>();
  for (const snap of snaps) {
    const doc = snap.data() as VoiceNoteDoc | undefined;
    if (doc && doc.participantUid === userId && doc.authorUid === userId) found.set(snap.id, voiceNoteOf(snap.id, doc));
  }
  return found;
}

/**
 * Adds to `batch` a thread for each check-in whose week has none yet (`threadWeeks`, kept with the
 * tracker). A tracker stored before threads existed has no list: its check-ins get theirs now.
 * Answers the weeks that have a thread after the batch.
 */
export function addNewThreads(
  db: Firestore,
  batch: WriteBatch,
  owner: ThreadOwner,
  checkIns: CheckIn[],
  threadWeeks: number[],
  now: Date,
  voiceNotes: Map<string, VoiceNote> = new Map(),
): number[] {
  const weeks = new Set(threadWeeks);
  for (const checkIn of checkIns) {
    if (weeks.has(checkIn.weekNumber)) continue;
    const voiceNote = (checkIn.voiceNoteId && voiceNotes.get(checkIn.voiceNoteId)) || null;
    batch.set(threadRef(db, checkInThreadId(owner.userId, checkIn.weekNumber, owner.season)), newThreadDoc(owner, checkIn, now, voiceNote));
    weeks.add(checkIn.weekNumber);
  }
  return [...weeks].sort((a, b) => a - b);
}

export function threadFrom(snap: DocumentSnapshot): ThreadDoc {
  return snap.data() as ThreadDoc;
}

/** `checkInThreads/{threadId}`, or null when there is none. */
export async function threadById(db: Firestore, threadId: string): Promise<ThreadDoc | null> {
  const snap = await threadRef(db, threadId).get();
  return snap.exists ? threadFrom(snap) : null;
}

/** The coach's reply as both sides read it (without the coach's id). */
export function replyOf(doc: ThreadDoc): CoachReply | null {
  if (!doc.reply) return null;
  const { text, coachName, at, voiceNote } = doc.reply;
  return { text, coachName, at, ...(voiceNote ? { voiceNote } : {}) };
}

/** The participant's view of a thread. */
export function ownThreadOf(doc: ThreadDoc): OwnThread {
  return {
    weekNumber: doc.weekNumber,
    status: doc.status,
    handledBy: doc.handledBy?.name ?? null,
    reply: replyOf(doc),
    replySeenAt: doc.replySeenAt,
    answer: doc.answer,
    ...(doc.voiceNote ? { voiceNote: doc.voiceNote } : {}),
  };
}

/** A participant's threads (at most one per challenge week of each season), oldest season and week first. */
export async function threadsOfUser(db: Firestore, userId: string): Promise<ThreadDoc[]> {
  const snap = await threadsCollection(db).where('userId', '==', userId).get();
  return snap.docs.map(threadFrom).sort((a, b) => seasonOfThread(a) - seasonOfThread(b) || a.weekNumber - b.weekNumber);
}
