import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { changedTags, MAX_COHORT_TAGS, MAX_TAGS, NOTES_LISTED, noteTexts, tagTexts, type ParticipantNote } from '@sfida/core/participant-notes';
import { coachMessages } from '@sfida/core/coach';
import { cohortRef } from '../../shared/cohort-repository';
import { InvalidError, NotAllowedError, NotFoundError } from '../../shared/domain-error';
import { notePreviewOf, participantNoteRef, participantNotesCollection, type NoteDoc } from '../../shared/participant-note-repository';
import { followUserWrite } from '../../shared/roster-row-repository';
import { userRef, usersCollection, type StoredNotePreview } from '../../shared/user-repository';

// The coaches' notes, `participantNotes/{noteId}`: every coach of the cohort reads them; only the
// author edits or deletes one. Adding one (shared/participant-note-repository.ts) is the one write
// another feature makes too.

/** A stored note as `caller` reads it. */
export function noteOf(id: string, doc: NoteDoc, callerId: string): ParticipantNote {
  return { id, text: doc.text, authorId: doc.authorId, authorName: doc.authorName, createdAt: doc.createdAt, editedAt: doc.editedAt, mine: doc.authorId === callerId };
}

/** The participant's notes in the cohort, newest first, at most NOTES_LISTED. */
export async function notesOf(db: Firestore, cohortId: string, userId: string): Promise<Array<{ id: string; doc: NoteDoc }>> {
  const snap = await participantNotesCollection(db).where('cohortId', '==', cohortId).where('userId', '==', userId).orderBy('createdAt', 'desc').limit(NOTES_LISTED).get();
  return snap.docs.map((d) => ({ id: d.id, doc: d.data() as NoteDoc }));
}

/** The note `noteId` on this participant of this cohort, written by `authorId`: not found when it is none of theirs to see, not allowed when someone else's. */
function ownNote(snap: DocumentSnapshot, cohortId: string, userId: string, authorId: string): NoteDoc {
  const doc = snap.data() as NoteDoc | undefined;
  if (!doc || doc.cohortId !== cohortId || doc.userId !== userId) throw new NotFoundError(noteTexts.noteNotFound);
  if (doc.authorId !== authorId) throw new NotAllowedError(noteTexts.notYourNote);
  return doc;
}

function previewedNoteId(snap: DocumentSnapshot): string | null {
  const preview = snap.get('notePreview') as Partial<StoredNotePreview> | null | undefined;
  return typeof preview?.noteId === 'string' ? preview.noteId : null;
}

export interface NoteChange {
  cohortId: string;
  userId: string;
  noteId: string;
  /** The caller: only the note's author may change it. */
  authorId: string;
  now: Date;
}

/** Replaces the text of the author's own note (and the preview, when it shows that note). */
export async function editParticipantNote(db: Firestore, change: NoteChange & { text: string }): Promise<{ id: string; doc: NoteDoc }> {
  const ref = participantNoteRef(db, change.noteId);
  const user = userRef(db, change.userId);
  return db.runTransaction(async (tx) => {
    const [noteSnap, userSnap] = await tx.getAll(ref, user);
    const doc: NoteDoc = { ...ownNote(noteSnap!, change.cohortId, change.userId, change.authorId), text: change.text, editedAt: change.now.toISOString() };
    tx.update(ref, { text: doc.text, editedAt: doc.editedAt });
    if (previewedNoteId(userSnap!) === change.noteId) {
      const fields = { notePreview: notePreviewOf(change.noteId, doc) };
      tx.update(user, fields);
      followUserWrite(db, tx, change.userId, fields);
    }
    return { id: change.noteId, doc };
  });
}

/** Deletes the author's own note; when the preview showed it, the next newest note (or none) takes its place. */
export async function deleteParticipantNote(db: Firestore, change: Omit<NoteChange, 'now'>): Promise<void> {
  const ref = participantNoteRef(db, change.noteId);
  const user = userRef(db, change.userId);
  await db.runTransaction(async (tx) => {
    const [noteSnap, userSnap] = await tx.getAll(ref, user);
    ownNote(noteSnap!, change.cohortId, change.userId, change.authorId);
    if (previewedNoteId(userSnap!) === change.noteId) {
      const newest = await tx.get(
        participantNotesCollection(db).where('cohortId', '==', change.cohortId).where('userId', '==', change.userId).orderBy('createdAt', 'desc').limit(2),
      );
      const next = newest.docs.find((d) => d.id !== change.noteId);
      const fields = { notePreview: next ? notePreviewOf(next.id, next.data() as NoteDoc) : null };
      tx.update(user, fields);
      followUserWrite(db, tx, change.userId, fields);
    }
    tx.delete(ref);
  });
}

// The coaches' tags: `users/{uid}.coachTags` (where the roster's query filters by one) and
// `cohorts/{cohortId}.tags`, every tag in use in the cohort, for the filter and the composer
// without a query over the participants.

function tagsIn(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string') : [];
}

/**
 * Adds and takes off tags on a participant of the cohort, and keeps the cohort's list: a new tag
 * joins it, a tag no other participant still has leaves it. One transaction over the participant,
 * the cohort and (for each tag taken off) one look for another participant with it, so two coaches
 * tagging at once in production cannot leave the list behind.
 */
export async function changeTags(db: Firestore, cohortId: string, userId: string, add: string[], remove: string[]): Promise<string[]> {
  const user = userRef(db, userId);
  const cohort = cohortRef(db, cohortId);
  return db.runTransaction(async (tx) => {
    const [userSnap, cohortSnap] = await tx.getAll(user, cohort);
    if (!userSnap!.exists || userSnap!.get('cohortId') !== cohortId || userSnap!.get('role') !== 'PARTICIPANT') throw new NotFoundError(coachMessages.participantNotFound);
    const current = tagsIn(userSnap!.get('coachTags'));
    const next = changedTags(current, add, remove);
    if (next.length > MAX_TAGS && next.length > current.length) throw new InvalidError(tagTexts.tooManyTags);
    const cohortTags = new Set(tagsIn(cohortSnap!.get('tags')));
    const before = cohortTags.size;
    for (const tag of next) cohortTags.add(tag);
    if (cohortTags.size > MAX_COHORT_TAGS && cohortTags.size > before) throw new InvalidError(tagTexts.tooManyCohortTags);
    for (const tag of current.filter((t) => !next.includes(t))) {
      const holders = await tx.get(
        usersCollection(db).where('cohortId', '==', cohortId).where('role', '==', 'PARTICIPANT').where('coachTags', 'array-contains', tag).limit(2),
      );
      if (!holders.docs.some((doc) => doc.id !== userId)) cohortTags.delete(tag);
    }
    tx.update(user, { coachTags: next });
    followUserWrite(db, tx, userId, { coachTags: next });
    tx.update(cohort, { tags: [...cohortTags].sort((a, b) => a.localeCompare(b, 'it')) });
    return next;
  });
}
