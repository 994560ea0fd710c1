import { FieldPath, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { rosterDigestSchema, type RosterDigest } from '@sfida/core/roster-digest';
import type { User } from '@sfida/core/user';
import { toUser, userRef, usersCollection } from './user-repository';

// A cohort's participants (`users`, role PARTICIPANT), as the coach's roster, the check-ins and the
// messages' audiences read them. Read only: nothing here writes.

/** A participant as the roster needs them. */
export interface Participant {
  user: User;
  /** Withdrawn from the cohort by a coach: still listed, marked so. */
  withdrawn: boolean;
  /** The account was disabled (it can no longer sign in). */
  disabled: boolean;
  /** Their tracker's roster digest; null before their first sync; undefined when none is stored (read the tracker). */
  digest: RosterDigest | null | undefined;
}

/** The stored roster digest: a malformed one counts as none stored, so the tracker is read instead. */
function storedDigest(snap: DocumentSnapshot): RosterDigest | null | undefined {
  const raw: unknown = snap.get('rosterDigest');
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
  return {
    user: toUser(snap),
    withdrawn: typeof snap.get('withdrawnAt') === 'string',
    disabled: snap.get('disabled') === true,
    digest: storedDigest(snap),
  };
}

/**
 * One page of the cohort's participants in document-id order, those after `after` (the last id of
 * the previous page). A range filter on the id rather than a query cursor: the same in production
 * and in the local emulator, which ignores cursors. `more` tells whether another page follows.
 */
export async function participantsPage(
  db: Firestore,
  cohortId: string,
  after: string | null,
  limit: number,
): Promise<{ participants: Participant[]; more: boolean }> {
  let query = usersCollection(db).where('cohortId', '==', cohortId).where('role', '==', 'PARTICIPANT');
  if (after !== null) query = query.where(FieldPath.documentId(), '>', after);
  // One more than the page: it says whether there is a next one without another read.
  const snap = await query.orderBy(FieldPath.documentId()).limit(limit + 1).get();
  return { participants: snap.docs.slice(0, limit).map(participantFrom), more: snap.size > limit };
}

/** The participant `userId` if they belong to `cohortId` (a coach of it is not a participant), else null. */
export async function participantOf(db: Firestore, cohortId: string, userId: string): Promise<Participant | null> {
  const snap = await userRef(db, userId).get();
  if (!snap.exists || snap.get('cohortId') !== cohortId || snap.get('role') !== 'PARTICIPANT') return null;
  return participantFrom(snap);
}
