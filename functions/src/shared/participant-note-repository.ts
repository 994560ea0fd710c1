import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { firstLineOf, noteTexts, NOTES_LISTED, type ParticipantNote } from '@sfida/core/participant-notes';
import type { User } from '@sfida/core/user';
import { isAlreadyExists } from './firestore';
import { NotAllowedError, NotFoundError } from './domain-error';
import { userRef, type StoredNotePreview } from './user-repository';

// `participantNotes/{noteId}`: a coach's private note on a participant of their cohort. Every coach
// of the cohort reads them; only the author edits or deletes one. The participant's user document
// keeps a preview of the newest (`notePreview`), so a roster page shows it from the documents it
// reads anyway. Here, below the features, so that another one (the coach home's "Contattato") can
// add a note in its own flow.

export interface NoteDoc {
  cohortId: string;
  userId: string;
  authorId: string;
  authorName: string;
  text: string;
  createdAt: string;
  editedAt: string | null;
}

function notesCollection(db: Firestore) {
  return db.collection('participantNotes');
}

function noteRef(db: Firestore, noteId: string) {
  return notesCollection(db).doc(noteId);
}

function previewOf(noteId: string, doc: NoteDoc): StoredNotePreview {
  return { noteId, text: firstLineOf(doc.text), authorName: doc.authorName, createdAt: doc.createdAt };
}

/** A stored note as `caller` reads it. */
export function noteOf(id: string, doc: NoteDoc, callerId: string): ParticipantNote {
  return { id, text: doc.text, authorId: doc.authorId, authorName: doc.authorName, createdAt: doc.createdAt, editedAt: doc.editedAt, mine: doc.authorId === callerId };
}

export interface NewNote {
  cohortId: string;
  /** A participant of `cohortId`, as the caller has checked (their user document must exist). */
  userId: string;
  /** A coach of `cohortId`, as the caller has checked. */
  author: Pick<User, 'id' | 'name' | 'email'>;
  /** Checked by core's noteTextSchema. */
  text: string;
  now: Date;
  /** Makes the add idempotent: a retry with the same id finds the note instead of adding a second. */
  requestId?: string;
}

/**
 * Adds a note and makes it the participant's preview, in one batch whose first write creates the
 * note: a retry with the same request id adds nothing and answers the note already there
 * (`created` false).
 */
export async function addParticipantNote(db: Firestore, note: NewNote): Promise<{ created: boolean; note: { id: string; doc: NoteDoc } }> {
  const id = note.requestId === undefined ? notesCollection(db).doc().id : `${note.author.id}_${note.requestId}`;
  const doc: NoteDoc = {
    cohortId: note.cohortId,
    userId: note.userId,
    authorId: note.author.id,
    authorName: note.author.name || note.author.email,
    text: note.text,
    createdAt: note.now.toISOString(),
    editedAt: null,
  };
  const batch = db.batch();
  batch.create(noteRef(db, id), doc);
  batch.update(userRef(db, note.userId), { notePreview: previewOf(id, doc) });
  try {
    await batch.commit();
    return { created: true, note: { id, doc } };
  } catch (error) {
    if (!isAlreadyExists(error)) throw error;
    const existing = await noteRef(db, id).get();
    return { created: false, note: { id, doc: existing.data() as NoteDoc } };
  }
}

/** The participant's notes in the cohort, newest first, at most NOTES_LISTED. */
export async function notesOf(db: Firestore, cohortId: string, userId: string): Promise<Array<{ id: string; doc: NoteDoc }>> {
  const snap = await notesCollection(db).where('cohortId', '==', cohortId).where('userId', '==', userId).orderBy('createdAt', 'desc').limit(NOTES_LISTED).get();
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
  const ref = noteRef(db, change.noteId);
  const user = userRef(db, change.userId);
  return db.runTransaction(async (tx) => {
    const [noteSnap, userSnap] = await tx.getAll(ref, user);
    const doc: NoteDoc = { ...ownNote(noteSnap!, change.cohortId, change.userId, change.authorId), text: change.text, editedAt: change.now.toISOString() };
    tx.update(ref, { text: doc.text, editedAt: doc.editedAt });
    if (previewedNoteId(userSnap!) === change.noteId) tx.update(user, { notePreview: previewOf(change.noteId, doc) });
    return { id: change.noteId, doc };
  });
}

/** Deletes the author's own note; when the preview showed it, the next newest note (or none) takes its place. */
export async function deleteParticipantNote(db: Firestore, change: Omit<NoteChange, 'now'>): Promise<void> {
  const ref = noteRef(db, change.noteId);
  const user = userRef(db, change.userId);
  await db.runTransaction(async (tx) => {
    const [noteSnap, userSnap] = await tx.getAll(ref, user);
    ownNote(noteSnap!, change.cohortId, change.userId, change.authorId);
    if (previewedNoteId(userSnap!) === change.noteId) {
      const newest = await tx.get(
        notesCollection(db).where('cohortId', '==', change.cohortId).where('userId', '==', change.userId).orderBy('createdAt', 'desc').limit(2),
      );
      const next = newest.docs.find((d) => d.id !== change.noteId);
      tx.update(user, { notePreview: next ? previewOf(next.id, next.data() as NoteDoc) : null });
    }
    tx.delete(ref);
  });
}
