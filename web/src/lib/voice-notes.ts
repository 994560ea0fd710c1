import type { VoiceNote } from '@sfida/core/voice-notes';
import { readApiResponse } from './api-client';

/*
 * Voice notes on the wire: a recording is sent as the request's body, as the browser recorded it,
 * and played from its own address. core's schema is imported with the first upload (lib/ rides in
 * the chunk every page loads, see lib/inbox.ts).
 */

/** Where the participant sends a note for their thread with their coaches. */
export const OWN_VOICE_NOTES_PATH = '/api/me/voice-notes';

/** Where a coach sends a note answering a participant of their cohort. */
export function coachVoiceNotesPath(cohortId: string, userId: string): string {
  return `/api/coach/cohorts/${encodeURIComponent(cohortId)}/participants/${encodeURIComponent(userId)}/voice-notes`;
}

/** Where a player fetches a voice note. */
export function voiceNotePath(id: string): string {
  return `/api/voice-notes/${encodeURIComponent(id)}`;
}

/** Uploads a recording to `path` (one of the two above); the server checks it and answers its id and length. */
export async function uploadVoiceNote(path: string, recording: Blob): Promise<VoiceNote> {
  const { voiceNoteUploadAnswerSchema } = await import('@sfida/core/voice-notes');
  const response = await fetch(path, {
    method: 'POST',
    // The type is the recorder's claim; the server reads the bytes.
    headers: { Accept: 'application/json', 'Content-Type': recording.type || 'application/octet-stream' },
    body: recording,
    credentials: 'include',
  });
  return (await readApiResponse(response, voiceNoteUploadAnswerSchema)).voiceNote;
}
