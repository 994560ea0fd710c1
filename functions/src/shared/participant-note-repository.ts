import type { Firestore } from 'firebase-admin/firestore';
import { firstLineOf } from '@sfida/core/participant-notes';
import type { User } from '@sfida/core/user';
import { isAlreadyExists } from './firestore';
import { followUserWrite } from './roster-row-repository';
import { userRef, type StoredNotePreview } from './user-repository';

// `participantNotes/{noteId}`: a coach's private note on a participant of their cohort, and the
// preview of the newest on the participant's user document (`notePreview`), so a roster page shows
// it from the documents it reads anyway. The notes feature's repository lists, edits and deletes
// them; only the add lives here, below the features, because another feature (the triage's
// "Contattato") adds a note in its own flow, and with it what both writers share.

export interface NoteDoc {
  cohortId: string;
  userId: string;
  authorId: string;
  authorName: string;
  text: string;
  createdAt: string;
  editedAt: string | null;
}

export function participantNotesCollection(db: Firestore) {
  return db.collection('participantNotes');
}

export function participantNoteRef(db: Firestore, noteId: string) {
  return participantNotesCollection(db).doc(noteId);
}

/** The participant's `notePreview` when `doc` is their newest note. */
export function notePreviewOf(noteId: string, doc: NoteDoc): StoredNotePreview {
  return { noteId, text: firstLineOf(doc.text), authorName: doc.authorName, createdAt: doc.createdAt };
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
  const id = note.requestId === undefined ? participantNotesCollection(db).doc().id : `${note.author.id}_${note.requestId}`;
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
  batch.create(participantNoteRef(db, id), doc);
  const preview = { notePreview: notePreviewOf(id, doc) };
  batch.update(userRef(db, note.userId), preview);
  followUserWrite(db, batch, note.userId, preview);
  try {
    await batch.commit();
    return { created: true, note: { id, doc } };
  } catch (error) {
    if (!isAlreadyExists(error)) throw error;
    const existing = await participantNoteRef(db, id).get();
    return { created: false, note: { id, doc: existing.data() as NoteDoc } };
  }
}
