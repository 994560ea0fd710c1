import { FieldPath, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import type { NotePreview } from '@sfida/core/participant-notes';
import { PACKAGES, type PackagesByCohort } from '@sfida/core/packages';
import { rosterDigestSchema, type RosterDigest } from '@sfida/core/roster-digest';
import type { User } from '@sfida/core/user';
import type { MemberIndex } from './member-index-repository';
import { toUser, userRef, usersCollection } from './user-repository';

// A cohort's participants (`users`, role PARTICIPANT), as the coach's roster, the check-ins and the
// messages' audiences read them. Read only: nothing here writes (the member index is written by
// every change of a membership, see member-index-repository.ts).

/** A participant as the roster needs them. */
export interface Participant {
  user: User;
  /** Withdrawn from the cohort by a coach: still listed, marked so. */
  withdrawn: boolean;
  /** The account was disabled (it can no longer sign in). */
  disabled: boolean;
  /** Their tracker's roster digest; null before their first sync; undefined when none is stored (read the tracker). Parsed when first read. */
  readonly digest: RosterDigest | null | undefined;
  /**
   * The version of the document read (its update time): the user document's, or their roster
   * row's (roster-row-repository.ts). Any write to it gives another, so whatever is worked out of
   * this participant alone may be kept under it.
   */
  version: string | null;
  /** The coaches' tags on them (never shown to the participant). */
  tags: string[];
  /** The first line of the coaches' latest note on them, null without notes. */
  latestNote: NotePreview | null;
  /** Their package in each cohort (read with core's packageIn). */
  packages: PackagesByCohort;
}

/** A user document's fields as stored: anything may be in them. */
type StoredFields = Partial<Record<string, unknown>>;

/** The stored tags: anything but a list of texts reads as none. */
function storedTags(doc: StoredFields): string[] {
  const raw = doc.coachTags;
  return Array.isArray(raw) ? raw.filter((tag): tag is string => typeof tag === 'string') : [];
}

/** The stored preview of the latest note, without the id it keeps for its own updates; a malformed one reads as none. */
function storedNotePreview(doc: StoredFields): NotePreview | null {
  const raw = doc.notePreview as Partial<Record<string, unknown>> | null | undefined;
  if (!raw || typeof raw.text !== 'string' || typeof raw.authorName !== 'string' || typeof raw.createdAt !== 'string') return null;
  return { text: raw.text, authorName: raw.authorName, createdAt: raw.createdAt };
}

/** The stored packages: only the known ones of a map; anything else reads as none (Base). */
function storedPackages(doc: StoredFields): PackagesByCohort {
  const raw = doc.packages;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  return Object.fromEntries(Object.entries(raw).filter(([, value]) => (PACKAGES as readonly unknown[]).includes(value))) as PackagesByCohort;
}

/** The stored roster digest: a malformed one counts as none stored, so the tracker is read instead. */
function storedDigest(doc: StoredFields): RosterDigest | null | undefined {
  const raw = doc.rosterDigest;
  if (raw === null) return null;
  if (typeof raw !== 'string') return undefined;
  try {
    const parsed = rosterDigestSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A participant from their user document (any query over `users` that selects participants). */
export function participantFrom(snap: DocumentSnapshot): Participant {
  // One decoding of the document (each snap.get checks and splits its path again).
  const doc: StoredFields = snap.data() ?? {};
  // Parsing the digest is most of the cost of a roster row: a row kept under this version needs none.
  let digest: { parsed: RosterDigest | null | undefined } | null = null;
  return {
    user: toUser(snap, doc),
    withdrawn: typeof doc.withdrawnAt === 'string',
    disabled: doc.disabled === true,
    get digest() {
      digest ??= { parsed: storedDigest(doc) };
      return digest.parsed;
    },
    version: snap.updateTime?.valueOf() ?? null,
    tags: storedTags(doc),
    latestNote: storedNotePreview(doc),
    packages: storedPackages(doc),
  };
}

/** A user document that is a participant of `cohortId` (the index may name one a moment stale). */
export function isParticipantOf(snap: DocumentSnapshot, cohortId: string): boolean {
  return snap.exists && snap.get('cohortId') === cohortId && snap.get('role') === 'PARTICIPANT';
}

/**
 * One page of the cohort's participants in document-id order, those after `after` (the last id of
 * the previous page), only those with `tag` when one is named. Without a tag, and given the
 * cohort's member index (member-index-repository.ts), the index's next ids are read by id; else a
 * query over `users`. A range filter on the id rather than a query cursor: the same in production
 * and in the local emulator, which ignores cursors. `more` tells whether another page follows.
 */
export async function participantsPage(
  db: Firestore,
  cohortId: string,
  after: string | null,
  limit: number,
  tag: string | null = null,
  index: MemberIndex | null = null,
): Promise<{ participants: Participant[]; more: boolean }> {
  if (index && tag === null) return indexedPage(db, cohortId, index.ids, after, limit);
  let query = usersCollection(db).where('cohortId', '==', cohortId).where('role', '==', 'PARTICIPANT');
  if (tag !== null) query = query.where('coachTags', 'array-contains', tag);
  if (after !== null) query = query.where(FieldPath.documentId(), '>', after);
  // One more than the page: it says whether there is a next one without another read.
  const snap = await query.orderBy(FieldPath.documentId()).limit(limit + 1).get();
  return { participants: snap.docs.slice(0, limit).map(participantFrom), more: snap.size > limit };
}

/**
 * A page from a member index's ids (sorted): the next `limit` after `after`, read `read` a batch at
 * a time; an id `read` leaves out (no longer the cohort's participant) is skipped and the page read on.
 */
export async function pageOfIds(ids: readonly string[], after: string | null, limit: number, read: (ids: string[]) => Promise<Participant[]>): Promise<{ participants: Participant[]; more: boolean }> {
  let next = after === null ? 0 : ids.findIndex((id) => id > after);
  if (next < 0) next = ids.length;
  const participants: Participant[] = [];
  while (participants.length < limit && next < ids.length) {
    const batch = ids.slice(next, next + limit - participants.length);
    next += batch.length;
    participants.push(...(await read(batch)));
  }
  return { participants, more: next < ids.length };
}

/** A page from the index's ids, each participant read from their user document. */
function indexedPage(db: Firestore, cohortId: string, ids: string[], after: string | null, limit: number): Promise<{ participants: Participant[]; more: boolean }> {
  return pageOfIds(ids, after, limit, async (batch) => {
    const snaps = await db.getAll(...batch.map((id) => userRef(db, id)));
    return snaps.filter((snap) => isParticipantOf(snap, cohortId)).map(participantFrom);
  });
}

/** The participant `userId` if they belong to `cohortId` (a coach of it is not a participant), else null. */
export async function participantOf(db: Firestore, cohortId: string, userId: string): Promise<Participant | null> {
  const snap = await userRef(db, userId).get();
  if (!isParticipantOf(snap, cohortId)) return null;
  return participantFrom(snap);
}
