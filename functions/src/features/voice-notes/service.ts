import type { Readable } from 'node:stream';
import { coachMessages } from '@sfida/core/coach';
import type { User } from '@sfida/core/user';
import {
  MAX_VOICE_NOTE_BYTES,
  MAX_VOICE_NOTE_MS,
  VOICE_NOTE_TOLERANCE_MS,
  voiceNoteDeletableFrom,
  voiceNoteMessages,
  type VoiceNote,
} from '@sfida/core/voice-notes';
import { todayIn } from '@sfida/core/dates';
import type { ApiDeps } from '../../deps';
import { storedCohort, type CoachedCohort } from '../../shared/cohort-repository';
import { HttpError, badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../shared/http-error';
import { participantOf } from '../../shared/participant-repository';
import { saveVoiceNote, voiceNoteBlobPath, voiceNoteById, type VoiceNoteDoc } from '../../shared/voice-note-repository';
import { sniffAudio, withWebmDuration, type AudioInfo } from './audio-format';

type VoiceDeps = Pick<ApiDeps, 'db' | 'blobStore' | 'clock' | 'limiter'>;

/** Recordings one account may upload in an hour: many more than a week's check-in and a conversation need. */
export const VOICE_NOTES_PER_HOUR = 30;
const HOUR_MS = 60 * 60 * 1000;

/** The 413 of a body over the cap, with the limit in words. */
export const voiceNoteTooLarge = () => new HttpError(413, voiceNoteMessages.tooLarge);
export const VOICE_NOTE_BODY_LIMIT = MAX_VOICE_NOTE_BYTES;

/** What the bytes are, or the 400 that says why they are not a voice note. */
export function checkedAudio(bytes: Uint8Array): AudioInfo {
  if (bytes.length === 0) throw badRequest(voiceNoteMessages.empty);
  const info = sniffAudio(bytes);
  if (!info) throw badRequest(voiceNoteMessages.notAudio);
  if (info.durationMs === 0) throw badRequest(voiceNoteMessages.empty);
  if (info.durationMs > MAX_VOICE_NOTE_MS + VOICE_NOTE_TOLERANCE_MS) throw badRequest(voiceNoteMessages.tooLong);
  return info;
}

/**
 * The note's first deletable day as its participant stands now. Without a start it may come early
 * (a new season's start not chosen yet): the retention job works it out again before deleting.
 */
function deletableFrom(owner: User, now: Date): string {
  return voiceNoteDeletableFrom({ challengeStartDate: owner.challengeStartDate, previousSeasonStart: null }, todayIn(owner.timeZone, now));
}

async function store(deps: VoiceDeps, author: User, thread: { participantUid: string; cohortId: string }, owner: User, bytes: Uint8Array): Promise<VoiceNote> {
  const info = checkedAudio(bytes);
  // Counted once the bytes are a voice note: a refused file costs the sender nothing.
  const attempt = await deps.limiter.attempt([{ key: `voice-note:${author.id}`, limit: VOICE_NOTES_PER_HOUR, windowMs: HOUR_MS }]);
  if (!attempt.allowed) throw tooManyRequests(voiceNoteMessages.tooMany, attempt.retryAfterSeconds);
  // Stored with its length written in, where MediaRecorder wrote none: players then show it and seek.
  const stored = info.mime === 'audio/webm' ? withWebmDuration(bytes, info.durationMs) : bytes;
  const now = deps.clock();
  const doc: VoiceNoteDoc = {
    ...thread,
    authorUid: author.id,
    mime: info.mime,
    durationMs: info.durationMs,
    bytes: stored.length,
    createdAt: now.toISOString(),
    deletableFrom: deletableFrom(owner, now),
  };
  return saveVoiceNote(deps, doc, stored);
}

/** A participant records a note for their own thread with their coaches (a check-in, a message). */
export async function uploadOwnVoiceNote(deps: VoiceDeps, user: User, bytes: Uint8Array): Promise<VoiceNote> {
  if (user.role !== 'PARTICIPANT') throw forbidden(voiceNoteMessages.participantsOnly);
  const participant = await participantOf(deps.db, user.cohortId, user.id);
  if (!participant) throw forbidden(voiceNoteMessages.participantsOnly);
  if (participant.withdrawn) throw forbidden(voiceNoteMessages.withdrawn);
  return store(deps, user, { participantUid: user.id, cohortId: user.cohortId }, participant.user, bytes);
}

/** A coach of the cohort records a note for a participant's thread (an answer). Behind requireCoachOf. */
export async function uploadCoachVoiceNote(deps: VoiceDeps, coach: User, { id: cohortId }: CoachedCohort, userId: string, bytes: Uint8Array): Promise<VoiceNote> {
  const participant = await participantOf(deps.db, cohortId, userId);
  if (!participant) throw notFound(coachMessages.participantNotFound);
  // Their thread is read-only once withdrawn: a recording could never be sent.
  if (participant.withdrawn) throw conflict(voiceNoteMessages.participantWithdrawn);
  return store(deps, coach, { participantUid: userId, cohortId }, participant.user, bytes);
}

/** May `user` listen to `doc`? The participant of its thread, and the coaches of its cohort. */
async function mayListen(deps: VoiceDeps, user: User, doc: VoiceNoteDoc): Promise<boolean> {
  if (doc.participantUid === user.id) return true;
  if (user.role !== 'OWNER') return false;
  const cohort = await storedCohort(deps.db, doc.cohortId);
  return cohort !== null && cohort.coachIds.includes(user.id);
}

/**
 * A note's bytes for a listener allowed to hear it. Anyone else gets the same 404 as for an id no
 * note has, so ids cannot be probed.
 */
export async function openVoiceNote(deps: VoiceDeps, user: User, id: string): Promise<{ mime: string; bytes: Buffer }> {
  const doc = await voiceNoteById(deps.db, id);
  if (!doc || !(await mayListen(deps, user, doc))) throw notFound(voiceNoteMessages.notFound);
  const stream = await deps.blobStore.read(voiceNoteBlobPath(id));
  if (!stream) throw notFound(voiceNoteMessages.notFound);
  return { mime: doc.mime, bytes: await collect(stream) };
}

/** A note is at most 5 MB: read whole, so a Range asks for a slice of it. */
async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * The one byte range of a `Range` header over `size` bytes: null to answer the whole file (no
 * header, several ranges, another unit), 'unsatisfiable' for a range past the end.
 */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    // The last n bytes.
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
