import { coachMessages } from '@sfida/core/coach';
import {
  noteTexts,
  type AddNoteRequest,
  type BulkTagRequest,
  type CohortTags,
  type EditNoteRequest,
  type ParticipantNote,
  type ParticipantNotes,
  type ParticipantTags,
  type UpdateTagsRequest,
} from '@sfida/core/participant-notes';
import type { User } from '@sfida/core/user';
import { bulkAnswerOf, type BulkAnswer, type BulkResult } from '@sfida/core/bulk';
import { DomainError } from '../../shared/domain-error';
import type { ApiDeps } from '../../deps';
import type { CoachedCohort } from '../../shared/cohort-repository';
import { conflict, notFound } from '../../shared/http-error';
import { addParticipantNote } from '../../shared/participant-note-repository';
import { participantOf } from '../../shared/participant-repository';
import { changeTags, deleteParticipantNote, editParticipantNote, noteOf, notesOf } from './repository';

type NotesDeps = Pick<ApiDeps, 'db' | 'clock'>;

/** 404 unless `userId` is a participant of the cohort (withdrawn ones included: their notes stay). */
async function requireParticipant(deps: NotesDeps, cohortId: string, userId: string): Promise<void> {
  if (!(await participantOf(deps.db, cohortId, userId))) throw notFound(coachMessages.participantNotFound);
}

export async function participantNotes(deps: NotesDeps, { id: cohortId }: CoachedCohort, caller: User, userId: string): Promise<ParticipantNotes> {
  await requireParticipant(deps, cohortId, userId);
  const notes = await notesOf(deps.db, cohortId, userId);
  return { notes: notes.map(({ id, doc }) => noteOf(id, doc, caller.id)) };
}

/** Adds the caller's note; a retry with the same request id answers the same note (`created` false). */
export async function addNote(
  deps: NotesDeps,
  { id: cohortId }: CoachedCohort,
  caller: User,
  userId: string,
  request: AddNoteRequest,
): Promise<{ created: boolean; note: ParticipantNote }> {
  await requireParticipant(deps, cohortId, userId);
  const { created, note } = await addParticipantNote(deps.db, { cohortId, userId, author: caller, text: request.text, now: deps.clock(), requestId: request.requestId });
  if (!created && (note.doc.cohortId !== cohortId || note.doc.userId !== userId || note.doc.text !== request.text)) throw conflict(noteTexts.requestReused);
  return { created, note: noteOf(note.id, note.doc, caller.id) };
}

export async function editNote(deps: NotesDeps, { id: cohortId }: CoachedCohort, caller: User, userId: string, noteId: string, request: EditNoteRequest): Promise<ParticipantNote> {
  const { id, doc } = await editParticipantNote(deps.db, { cohortId, userId, noteId, authorId: caller.id, text: request.text, now: deps.clock() });
  return noteOf(id, doc, caller.id);
}

export async function deleteNote(deps: NotesDeps, { id: cohortId }: CoachedCohort, caller: User, userId: string, noteId: string): Promise<void> {
  await deleteParticipantNote(deps.db, { cohortId, userId, noteId, authorId: caller.id });
}

export async function updateTags(deps: NotesDeps, { id: cohortId }: CoachedCohort, userId: string, request: UpdateTagsRequest): Promise<ParticipantTags> {
  return { tags: await changeTags(deps.db, cohortId, userId, request.add ?? [], request.remove ?? []) };
}

/**
 * One tag on each of `userIds`, one after the other (each change is a transaction over the cohort's
 * tag list, which the next one reads). Someone not in the cohort, or with too many tags, is reported
 * for them; the others are tagged.
 */
export async function tagMany(deps: NotesDeps, { id: cohortId }: CoachedCohort, request: BulkTagRequest): Promise<BulkAnswer> {
  const results: BulkResult[] = [];
  for (const userId of new Set(request.userIds)) {
    try {
      await changeTags(deps.db, cohortId, userId, [request.tag], []);
      results.push({ userId, ok: true });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      results.push({ userId, ok: false, message: error.message });
    }
  }
  return bulkAnswerOf(results);
}

/** The cohort's tags, from the cohort document requireCoachOf has read: no further read. */
export function cohortTags({ cohort }: CoachedCohort): CohortTags {
  return { tags: Array.isArray(cohort.tags) ? cohort.tags : [] };
}
