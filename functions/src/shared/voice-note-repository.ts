import { randomBytes } from 'node:crypto';
import type { DocumentSnapshot, Firestore, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { calendarOf, type ParticipantCalendar } from '@sfida/core/participant-calendar';
import type { IsoDate } from '@sfida/core/iso-date';
import type { VoiceNote, VoiceNoteMime, VoiceNoteOwner } from '@sfida/core/voice-notes';
import type { Deps } from '../deps';
import type { BlobStore } from './blob-store';
import { lastArchivedSeason } from './season-archive-repository';
import { toUser, userRef } from './user-repository';

// `voiceNotes/{id}`: a recording's facts, its bytes at `voice-notes/{id}` in the bucket. A voice
// note belongs to one participant's thread with their coaches (`participantUid`), whoever recorded
// it (`authorUid`: the participant, or a coach answering them); that participant and the coaches of
// `cohortId` may listen to it. Check-ins and conversations both attach notes by id, so the
// repository lives here, below them.

export interface VoiceNoteDoc {
  /** The participant whose thread the note belongs to. */
  participantUid: string;
  /** Their cohort when it was recorded: its coaches may listen. */
  cohortId: string;
  /** Who recorded it: the participant, or one of the cohort's coaches. */
  authorUid: string;
  mime: VoiceNoteMime;
  durationMs: number;
  bytes: number;
  createdAt: string;
  /**
   * The first day it may be deleted (core's voiceNoteDeletableFrom), as its participant stood when
   * it was last worked out: the retention job queries it and works it out again before deleting,
   * since a start chosen, a new season or a move may have put it later. Absent on notes stored
   * before it: the migration writes it (backfillVoiceNoteRetention).
   */
  deletableFrom?: IsoDate;
}

export function voiceNotesCollection(db: Firestore) {
  return db.collection('voiceNotes');
}

export function voiceNoteRef(db: Firestore, id: string) {
  return voiceNotesCollection(db).doc(id);
}

/** Where a note's bytes are kept in the bucket. */
export function voiceNoteBlobPath(id: string): string {
  return `voice-notes/${id}`;
}

/** What players and threads hold of a note. */
export function voiceNoteOf(id: string, doc: VoiceNoteDoc): VoiceNote {
  return { id, durationMs: doc.durationMs, mime: doc.mime };
}

/**
 * Stores a checked recording: the bytes first, then the document created beside them. A note is
 * reachable only through its document, so a failed write leaves nothing anyone can see; should the
 * document fail, the bytes just written are removed again.
 */
export async function saveVoiceNote(deps: Pick<Deps, 'db' | 'blobStore'>, doc: VoiceNoteDoc, bytes: Uint8Array): Promise<VoiceNote> {
  const id = randomBytes(16).toString('hex');
  await deps.blobStore.write(voiceNoteBlobPath(id), bytes, doc.mime);
  try {
    await voiceNoteRef(deps.db, id).create(doc);
  } catch (error) {
    await deps.blobStore.delete(voiceNoteBlobPath(id)).catch((cleanup: unknown) => console.error(`Nota vocale ${id}: file rimasto senza documento`, cleanup));
    throw error;
  }
  return voiceNoteOf(id, doc);
}

export async function voiceNoteById(db: Firestore, id: string): Promise<VoiceNoteDoc | null> {
  const snap = await voiceNoteRef(db, id).get();
  return snap.exists ? (snap.data() as VoiceNoteDoc) : null;
}

/**
 * The note `id` if it belongs to `participantUid`'s thread and `authorUid` recorded it, else null:
 * how a check-in or a message makes sure the note it attaches is the sender's own.
 */
export async function ownVoiceNote(db: Firestore, id: string, participantUid: string, authorUid: string): Promise<VoiceNote | null> {
  const doc = await voiceNoteById(db, id);
  return doc && doc.participantUid === participantUid && doc.authorUid === authorUid ? voiceNoteOf(id, doc) : null;
}

/**
 * Deletes notes, the bytes before the document: if a run stops midway, the document is still
 * there to be found and deleted by the next one, and no file outlives its document.
 */
export async function deleteVoiceNotes(deps: { db: Firestore; blobStore: BlobStore }, snaps: DocumentSnapshot[]): Promise<number> {
  for (const snap of snaps) await deps.blobStore.delete(voiceNoteBlobPath(snap.id));
  const batch = deps.db.batch();
  for (const snap of snaps) batch.delete(snap.ref);
  if (snaps.length > 0) await batch.commit();
  return snaps.length;
}

/** Notes deleted per query: a page, so an account with many notes is cleared in a few reads at a time. */
const DELETE_PAGE = 200;

/** Deletes every note that `field` ties to `value`, a page at a time, up to `budget` notes (all when omitted). */
export async function deleteVoiceNotesWhere(
  deps: { db: Firestore; blobStore: BlobStore },
  field: 'participantUid' | 'authorUid' | 'cohortId',
  value: string,
  budget = Number.POSITIVE_INFINITY,
): Promise<number> {
  let deleted = 0;
  while (deleted < budget) {
    const snap = await voiceNotesCollection(deps.db).where(field, '==', value).limit(Math.min(DELETE_PAGE, budget - deleted)).get();
    if (snap.empty) break;
    deleted += await deleteVoiceNotes(deps, snap.docs);
  }
  return deleted;
}

/**
 * An account's notes go with it: those of the participant's own thread (theirs and the coaches'
 * answers), and those the account recorded for others (a coach's answers).
 */
export async function deleteVoiceNotesOfAccount(deps: { db: Firestore; blobStore: BlobStore }, uid: string): Promise<number> {
  return (await deleteVoiceNotesWhere(deps, 'participantUid', uid)) + (await deleteVoiceNotesWhere(deps, 'authorUid', uid));
}

/** Notes whose stored first deletable day is `day` or earlier, the earliest first (one field's range and order: no composite index). */
export async function voiceNotesDueBy(db: Firestore, day: IsoDate, limit: number): Promise<QueryDocumentSnapshot[]> {
  return (await voiceNotesCollection(db).where('deletableFrom', '<=', day).orderBy('deletableFrom').limit(limit).get()).docs;
}

/** What the retention reads of a note's participant: their seasons' starts, and their calendar for their today. */
export interface RetentionOwner {
  owner: VoiceNoteOwner;
  calendar: ParticipantCalendar;
}

/** The participants `uids` as the retention needs them, in one read (and one more for each in a new season without a start); missing accounts are left out. */
export async function retentionOwners(db: Firestore, uids: string[]): Promise<Map<string, RetentionOwner>> {
  const owners = new Map<string, RetentionOwner>();
  if (uids.length === 0) return owners;
  const snaps = await db.getAll(...uids.map((uid) => userRef(db, uid)));
  for (const snap of snaps) {
    if (!snap.exists) continue;
    const user = toUser(snap);
    const previous = user.challengeStartDate === null && user.season !== undefined ? await lastArchivedSeason(db, user.id) : null;
    owners.set(user.id, {
      owner: { challengeStartDate: user.challengeStartDate, previousSeasonStart: previous?.challengeStartDate ?? null },
      calendar: calendarOf({ ...(snap.data() as Record<string, unknown>), timeZone: user.timeZone }),
    });
  }
  return owners;
}
