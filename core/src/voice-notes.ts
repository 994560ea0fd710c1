import * as z from 'zod/mini';
import { addDays, compareIsoDates } from './dates';
import { VOICE_NOTE_RETENTION_DAYS, programmeLastDay } from './retention';
import type { IsoDate } from './iso-date';

// Voice notes: short recordings a participant sends with a check-in (or in a conversation) and a
// coach sends back. The bytes live in the bucket; the server checks them (type, size, length) and
// answers what the player needs. Browsers record Opus in WebM, Safari AAC in MP4.

/** Longest recording, in milliseconds: the recorder stops there. */
export const MAX_VOICE_NOTE_MS = 2 * 60 * 1000;
/** What the server adds to the limit: an encoder's last frame may end a little past the stop. */
export const VOICE_NOTE_TOLERANCE_MS = 1500;
/** Largest file: two minutes of Opus at a generous bitrate stay far below it. */
export const MAX_VOICE_NOTE_BYTES = 5 * 1024 * 1024;

/** The containers the server accepts, as the bytes say (never the name or the header). */
export const VOICE_NOTE_MIMES = ['audio/webm', 'audio/mp4', 'audio/ogg'] as const;
export const voiceNoteMimeSchema = z.enum(VOICE_NOTE_MIMES);
export type VoiceNoteMime = z.infer<typeof voiceNoteMimeSchema>;

export const voiceNoteMessages = {
  tooLarge: 'La nota vocale è troppo grande: il massimo è 5 MB.',
  notAudio: 'Il file non è una registrazione audio valida: registra la nota vocale dall’app (WebM/Opus o MP4/AAC).',
  tooLong: 'La nota vocale può durare al massimo 2 minuti.',
  empty: 'La nota vocale è vuota: registra di nuovo.',
  notFound: 'Nota vocale non trovata',
  invalid: 'Nota vocale non valida',
  participantsOnly: 'Solo i partecipanti possono inviare questa nota vocale',
  withdrawn: 'Sei stato ritirato dal gruppo: non puoi più inviare note vocali',
  participantWithdrawn: 'Questo partecipante è stato ritirato dal gruppo: non puoi più mandargli note vocali',
  tooMany: 'Hai inviato troppe note vocali: riprova tra un po’.',
} as const;

/** A voice note's id: 32 hexadecimal characters (random, so it cannot be guessed). */
export const voiceNoteIdSchema = z.string({ error: voiceNoteMessages.invalid }).check(z.regex(/^[0-9a-f]{32}$/, voiceNoteMessages.invalid));

/** What a preview, a quote or a push says of a voice note sent without text. */
export const VOICE_NOTE_LABEL = 'Nota vocale';

/** A message's text for a preview, a quote or a push: the text, or "Nota vocale" when it is a voice note alone. */
export function textOrVoiceNote(text: string): string {
  return text.trim() === '' ? VOICE_NOTE_LABEL : text;
}

/** `GET /api/voice-notes/{voiceNoteId}`. */
export const voiceNoteParamsSchema = z.object({ voiceNoteId: voiceNoteIdSchema });

/** A voice note as a player needs it: what to fetch, how long it lasts, its type. */
export const voiceNoteSchema = z.object({
  id: voiceNoteIdSchema,
  durationMs: z.int().check(z.minimum(0)),
  mime: voiceNoteMimeSchema,
});
export type VoiceNote = z.infer<typeof voiceNoteSchema>;

/** `POST /api/me/voice-notes` and `POST /api/coach/cohorts/{cohortId}/participants/{userId}/voice-notes` (201). */
export const voiceNoteUploadAnswerSchema = z.object({ voiceNote: voiceNoteSchema });
export type VoiceNoteUploadAnswer = z.infer<typeof voiceNoteUploadAnswerSchema>;

// The retention figures live in retention.ts, with every other one; these names stay for their readers.
export { VOICE_NOTE_RETENTION_DAYS, programmeLastDay } from './retention';

/** What a voice note's retention reads of its participant, as they are now. */
export interface VoiceNoteOwner {
  /** The start of the season they are in; null when not chosen yet. */
  challengeStartDate: IsoDate | null;
  /** The start of their last archived season, when a new season has no start yet. */
  previousSeasonStart: IsoDate | null;
}

/**
 * The first day a voice note may be deleted: VOICE_NOTE_RETENTION_DAYS after the later of the end of
 * its participant's programme (the season they are in, whatever their cohort and its pace; the
 * season before while a new one has no start yet) and the day it was recorded. A coach's answer is
 * part of the participant's thread and goes with it; so do notes of earlier seasons and cohorts.
 */
export function voiceNoteDeletableFrom(owner: VoiceNoteOwner, recordedOn: IsoDate): IsoDate {
  const start = owner.challengeStartDate ?? owner.previousSeasonStart;
  const end = start === null ? recordedOn : programmeLastDay(start);
  return addDays(compareIsoDates(end, recordedOn) >= 0 ? end : recordedOn, VOICE_NOTE_RETENTION_DAYS + 1);
}

/** True once `today` (in the participant's zone) has reached the note's first deletable day. */
export function voiceNoteExpired(deletableFrom: IsoDate, today: IsoDate): boolean {
  return compareIsoDates(today, deletableFrom) >= 0;
}
