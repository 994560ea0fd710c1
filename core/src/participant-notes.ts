import * as z from 'zod/mini';
import { bulkUserIdsSchema } from './bulk';
import { cutText } from './text';
import { visibleText } from './visible-text';

// A cohort's coaches keep private notes and free-text tags on a participant. Only coaches of the
// cohort read them; no participant route ever answers them.

export const MAX_NOTE = 2000;
/** Notes a participant's page lists, newest first. */
export const NOTES_LISTED = 100;
/** Characters of a note's first line the roster shows. */
export const NOTE_PREVIEW_LENGTH = 120;

export const MAX_TAG_LENGTH = 30;
/** Tags on one participant. */
export const MAX_TAGS = 10;
/** Distinct tags a cohort keeps for its filter and composer. */
export const MAX_COHORT_TAGS = 100;

export const noteTexts = {
  textRequired: 'Scrivi la nota',
  textTooLong: `La nota può avere al massimo ${MAX_NOTE} caratteri`,
  requestId: 'Identificativo della richiesta non valido',
  requestReused: 'Questa richiesta è già stata usata per un’altra nota',
  noteNotFound: 'Nota non trovata',
  notYourNote: 'Puoi modificare o eliminare solo le tue note',
} as const;

export const tagTexts = {
  tagRequired: 'Scrivi l’etichetta',
  tagTooLong: `Un’etichetta può avere al massimo ${MAX_TAG_LENGTH} caratteri`,
  tagInvalid: 'Etichetta non valida',
  tagComma: 'Un’etichetta non può contenere virgole: aggiungine una alla volta',
  tooManyTags: `Un partecipante può avere al massimo ${MAX_TAGS} etichette`,
  tooManyCohortTags: `La coorte può avere al massimo ${MAX_COHORT_TAGS} etichette diverse: togline qualcuna prima di aggiungerne altre`,
  nothingToChange: 'Indica le etichette da aggiungere o da togliere',
} as const;

/**
 * A tag as stored and matched: trimmed, inner spaces collapsed to one, composed and in lower case,
 * so "Da  Richiamare" and "da richiamare" are one tag.
 */
export function normaliseTag(text: string): string {
  return text.trim().replace(/\s+/gu, ' ').normalize('NFC').toLocaleLowerCase('it');
}

/** One tag as a request names it: normalised, then 1..MAX_TAG_LENGTH visible characters on one line. */
export const tagSchema = z
  .string({ error: tagTexts.tagRequired })
  .check(
    z.maxLength(200, tagTexts.tagTooLong),
    z.overwrite(normaliseTag),
    z.minLength(1, tagTexts.tagRequired),
    z.refine((tag) => Array.from(tag).length <= MAX_TAG_LENGTH, tagTexts.tagTooLong),
    // The export lists a participant's tags separated by commas.
    z.refine((tag) => !tag.includes(','), tagTexts.tagComma),
    ...visibleText(),
  );

/** A tag from a query string (the roster's filter): the normalised tag, or undefined when it is not one. */
export function readTagParam(value: string): string | undefined {
  const parsed = z.safeParse(tagSchema, value);
  return parsed.success ? parsed.data : undefined;
}

/** `PATCH /api/coach/cohorts/{cohortId}/participants/{userId}/tags`: tags to add and to take off. */
/** `POST /api/coach/cohorts/{cohortId}/tags/bulk`: one tag put on several participants of the cohort. */
export const bulkTagRequestSchema = z.object({ tag: tagSchema, userIds: bulkUserIdsSchema });
export type BulkTagRequest = z.infer<typeof bulkTagRequestSchema>;

export const updateTagsRequestSchema = z
  .object({
    add: z.optional(z.array(tagSchema).check(z.maxLength(MAX_TAGS, tagTexts.tooManyTags))),
    remove: z.optional(z.array(tagSchema).check(z.maxLength(MAX_TAGS, tagTexts.tooManyTags))),
  })
  .check(z.refine((request) => (request.add?.length ?? 0) + (request.remove?.length ?? 0) > 0, tagTexts.nothingToChange));
export type UpdateTagsRequest = z.infer<typeof updateTagsRequestSchema>;

/** A participant's tags (the answer of the PATCH), in the order they were added. */
export const participantTagsSchema = z.object({ tags: z.array(z.string()) });
export type ParticipantTags = z.infer<typeof participantTagsSchema>;

/** `GET /api/coach/cohorts/{cohortId}/tags`: every tag in use in the cohort, alphabetical. */
export const cohortTagsSchema = z.object({ tags: z.array(z.string()) });
export type CohortTags = z.infer<typeof cohortTagsSchema>;

/** The tags after adding `add` and taking off `remove` (a tag both added and removed is removed). */
export function changedTags(current: readonly string[], add: readonly string[], remove: readonly string[]): string[] {
  const removed = new Set(remove);
  const next = current.filter((tag) => !removed.has(tag));
  for (const tag of add) if (!removed.has(tag) && !next.includes(tag)) next.push(tag);
  return next;
}

const instantSchema = z.iso.datetime({ offset: true });

/** A note's text: trimmed, 1..MAX_NOTE visible characters, line breaks allowed. */
export const noteTextSchema = z
  .string({ error: noteTexts.textRequired })
  .check(z.trim(), z.minLength(1, noteTexts.textRequired), z.maxLength(MAX_NOTE, noteTexts.textTooLong), ...visibleText({ multiline: true }));

/** `POST …/participants/{userId}/notes`: a retry with the same `requestId` adds nothing new. */
export const addNoteRequestSchema = z.object({
  requestId: z.string({ error: noteTexts.requestId }).check(z.regex(/^[A-Za-z0-9-]{8,64}$/, noteTexts.requestId)),
  text: noteTextSchema,
});
export type AddNoteRequest = z.infer<typeof addNoteRequestSchema>;

/** `PATCH …/participants/{userId}/notes/{noteId}`: the new text (the author only). */
export const editNoteRequestSchema = z.object({ text: noteTextSchema });
export type EditNoteRequest = z.infer<typeof editNoteRequestSchema>;

/** A note as the cohort's coaches read it. */
export const participantNoteSchema = z.object({
  id: z.string(),
  text: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  createdAt: instantSchema,
  /** The last edit, null if never edited. */
  editedAt: z.nullable(instantSchema),
  /** Written by the caller: only then may they edit or delete it. */
  mine: z.boolean(),
});
export type ParticipantNote = z.infer<typeof participantNoteSchema>;

/** `GET …/participants/{userId}/notes`: newest first, at most NOTES_LISTED. */
export const participantNotesSchema = z.object({ notes: z.array(participantNoteSchema) });
export type ParticipantNotes = z.infer<typeof participantNotesSchema>;

/** What a roster row shows of the participant's latest note: its first line, who and when. */
export const notePreviewSchema = z.object({
  text: z.string(),
  authorName: z.string(),
  createdAt: instantSchema,
});
export type NotePreview = z.infer<typeof notePreviewSchema>;

/** A note's first non-empty line, cut to NOTE_PREVIEW_LENGTH characters with an ellipsis. */
export function firstLineOf(text: string): string {
  const line = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  return cutText(line.trim(), NOTE_PREVIEW_LENGTH, '…');
}
