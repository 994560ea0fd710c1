import { FieldValue, type DocumentSnapshot, type Firestore, type Transaction, type WriteBatch } from 'firebase-admin/firestore';
import { isDocumentId } from '@sfida/core/document-id';
import { cohortRef, cohortsCollection } from './cohort-repository';
import { keptPerDatabase } from './recently-used';
import { followUserWrite } from './roster-row-repository';
import { userRef, usersCollection, type UserDoc } from './user-repository';

// `cohorts/{cohortId}/members/index`: the ids of the cohort's participants (`ids`, withdrawn and
// disabled ones included) and of those among them who no longer take part (`inactive`), so that
// the roster's pages and a message to everyone read a list instead of querying `users`
// (docs/decisions/035-cohort-member-index.md). One document: a page reads it and its rows, within
// the page size + 5 reads. An id costs 29 bytes (a Firebase Auth uid), so ~36,000 entries fit in
// Firestore's 1 MiB. Every write that changes who is a participant of a cohort, or whether they
// are active, changes the index in the same batch or transaction (writeMembership). `complete` is
// set only where the whole list is known (a new cohort, the migration), with `membersIndexed` on the
// cohort's document (which the coach's routes read anyway, so a cohort without an index costs the
// roster no read): an index without them, or none, is never trusted, and the readers fall back to
// querying `users`. Every change of an index also raises the counter of `members/version`, in the
// same write: the roster's pages read that small document and reuse an instance's copy of the index
// read at the same number instead of reading its thousands of ids again. (A counter on the cohort's
// document would save that read, but a write to a cohort not yet stored would create it.)

/** How a user counts in a cohort's index: null when they are no participant of any cohort. */
export interface Membership {
  cohortId: string;
  /** Withdrawn by a coach, or the account disabled: listed on the roster, reached by no message to everyone. */
  inactive: boolean;
}

/** What the index document holds. */
interface MemberIndexDoc {
  ids?: string[];
  inactive?: string[];
  /** Every participant is listed: the readers may trust it. */
  complete?: boolean;
}

/** A cohort's trusted index, ids in document-id order. */
export interface MemberIndex {
  ids: string[];
  inactive: Set<string>;
}

export function memberIndexRef(db: Firestore, cohortId: string) {
  return cohortRef(db, cohortId).collection('members').doc('index');
}

/** `cohorts/{cohortId}/members/version`: `{ n }`, raised with every change of the index. */
function membersVersionRef(db: Firestore, cohortId: string) {
  return cohortRef(db, cohortId).collection('members').doc('version');
}

/** Adds to `writer` the raise of the cohort's index version, which every change of the index makes in the same write. */
export function raiseMembersVersion(db: Firestore, writer: WriteBatch | Transaction, cohortId: string): void {
  (writer as WriteBatch).set(membersVersionRef(db, cohortId), { n: FieldValue.increment(1) }, { merge: true });
}

/** The user's membership as the roster's query sees it: a PARTICIPANT in a cohort; withdrawn or disabled makes them inactive. */
export function membershipOf(doc: Partial<UserDoc> | undefined): Membership | null {
  if (!doc || doc.role !== 'PARTICIPANT' || typeof doc.cohortId !== 'string' || !isDocumentId(doc.cohortId)) return null;
  return { cohortId: doc.cohortId, inactive: typeof doc.withdrawnAt === 'string' || doc.disabled === true };
}

/** The membership of a stored user document (null when missing or no participant). */
export function membershipOfSnap(snap: DocumentSnapshot | undefined): Membership | null {
  return snap?.exists ? membershipOf(snap.data() as Partial<UserDoc>) : null;
}

/**
 * Adds to `writer` the index writes that take `uid` from `before` to `after` (nothing when they are
 * the same). Array transforms with merge: no read of the index, no dotted path, and a cohort
 * without an index gets a partial one its readers ignore until the migration completes it.
 */
export function writeMembership(db: Firestore, writer: WriteBatch | Transaction, uid: string, before: Membership | null, after: Membership | null): void {
  // A Transaction's set and a WriteBatch's take the same arguments.
  const set = (cohortId: string, fields: Record<string, FieldValue>) => {
    (writer as WriteBatch).set(memberIndexRef(db, cohortId), fields, { merge: true });
    raiseMembersVersion(db, writer, cohortId);
  };
  if (before && before.cohortId !== after?.cohortId) set(before.cohortId, { ids: FieldValue.arrayRemove(uid), inactive: FieldValue.arrayRemove(uid) });
  if (after && (before?.cohortId !== after.cohortId || before.inactive !== after.inactive)) {
    set(after.cohortId, { ids: FieldValue.arrayUnion(uid), inactive: after.inactive ? FieldValue.arrayUnion(uid) : FieldValue.arrayRemove(uid) });
  }
}

/**
 * Mirrors a disabled account on its user document, and takes it out of its cohort's active
 * participants. Answers that cohort (null for an account that is no participant).
 */
export async function markDisabled(db: Firestore, uid: string): Promise<string | null> {
  const ref = userRef(db, uid);
  return db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    tx.set(ref, { disabled: true }, { merge: true });
    followUserWrite(db, tx, uid, { disabled: true });
    const before = membershipOfSnap(snap);
    writeMembership(db, tx, uid, before, before && { ...before, inactive: true });
    return before?.cohortId ?? null;
  });
}

/** A new cohort's index: empty and complete (nobody can be in a cohort before it exists); the cohort document says so with `membersIndexed`. */
export function startMemberIndex(db: Firestore, writer: WriteBatch, cohortId: string): void {
  writer.set(memberIndexRef(db, cohortId), { ids: [], inactive: [], complete: true });
}

/** Indexes an instance keeps, per database, by cohort, with the version they were read at: 20 cohorts of 36,000 ids at most. */
const keptIndexes = keptPerDatabase<string, { version: number; index: MemberIndex }>(20);

/**
 * The index of a cohort whose document says it has one (null otherwise, or when the index says it
 * is not complete): no read for a cohort without one. Read once per number of the cohort's
 * `members/version`: every index change raises it in the same write, and the index is read after
 * it, so a copy kept under a number holds at least the changes that number counts.
 */
export async function memberIndexOfCohort(db: Firestore, cohort: { id: string; cohort: { membersIndexed?: boolean } }): Promise<MemberIndex | null> {
  if (cohort.cohort.membersIndexed !== true) return null;
  const [versionSnap] = await db.getAll(membersVersionRef(db, cohort.id));
  const version: unknown = versionSnap?.get('n');
  if (typeof version !== 'number') return memberIndexOf(db, cohort.id);
  const kept = keptIndexes(db);
  const hit = kept.get(cohort.id);
  if (hit?.version === version) return hit.index;
  const index = await memberIndexOf(db, cohort.id);
  if (index) kept.set(cohort.id, { version, index });
  return index;
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function indexFrom(snap: DocumentSnapshot): MemberIndex | null {
  const doc = snap.data() as MemberIndexDoc | undefined;
  if (doc?.complete !== true) return null;
  const strings = (value: unknown) => (Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []);
  return { ids: strings(doc.ids).sort(byId), inactive: new Set(strings(doc.inactive)) };
}

/** The cohort's index, or null when it has none to trust (a cohort stored before it): query `users` then. */
export async function memberIndexOf(db: Firestore, cohortId: string): Promise<MemberIndex | null> {
  const [snap] = await db.getAll(memberIndexRef(db, cohortId));
  return indexFrom(snap!);
}

/** The index's active participants (a message to everyone), in document-id order. */
export function activeIds(index: MemberIndex): string[] {
  return index.ids.filter((id) => !index.inactive.has(id));
}

/**
 * The migration (`npm run migrate-cohorts`): every cohort's index built from `users` and marked
 * complete. Each index is read before the users, and changed only by array transforms: an id a
 * registration adds meanwhile is kept, and only ids the index held before the users were read,
 * and those users deny, are taken out. Idempotent. `only`: just those cohorts (the tests', which
 * share the emulator with other tests' cohorts).
 */
export async function buildMemberIndexes(deps: { db: Firestore }, only?: string[]): Promise<{ cohorts: number; participants: number }> {
  const { db } = deps;
  const cohorts = (await cohortsCollection(db).select().get()).docs.filter((doc) => !only || only.includes(doc.id));
  const indexes = cohorts.length === 0 ? [] : await db.getAll(...cohorts.map((doc) => memberIndexRef(db, doc.id)));
  const users = await usersCollection(db).where('role', '==', 'PARTICIPANT').select('role', 'cohortId', 'withdrawnAt', 'disabled').get();
  const members = new Map<string, { ids: string[]; inactive: string[] }>();
  for (const user of users.docs) {
    const membership = membershipOfSnap(user);
    if (!membership) continue;
    const entry = members.get(membership.cohortId) ?? { ids: [], inactive: [] };
    entry.ids.push(user.id);
    if (membership.inactive) entry.inactive.push(user.id);
    members.set(membership.cohortId, entry);
  }
  let participants = 0;
  for (const [i, cohort] of cohorts.entries()) {
    const found = members.get(cohort.id) ?? { ids: [], inactive: [] };
    participants += found.ids.length;
    const stored = (indexes[i]?.data() ?? {}) as MemberIndexDoc;
    const ids = new Set(found.ids);
    const inactive = new Set(found.inactive);
    const staleIds = (stored.ids ?? []).filter((id) => !ids.has(id));
    const staleInactive = (stored.inactive ?? []).filter((id) => !inactive.has(id));
    const ref = memberIndexRef(db, cohort.id);
    const batch = db.batch();
    batch.set(ref, { complete: true, ...(found.ids.length ? { ids: FieldValue.arrayUnion(...found.ids) } : {}), ...(found.inactive.length ? { inactive: FieldValue.arrayUnion(...found.inactive) } : {}) }, { merge: true });
    if (staleIds.length || staleInactive.length) {
      batch.set(ref, { ...(staleIds.length ? { ids: FieldValue.arrayRemove(...staleIds) } : {}), ...(staleInactive.length ? { inactive: FieldValue.arrayRemove(...staleInactive) } : {}) }, { merge: true });
    }
    batch.update(cohortRef(db, cohort.id), { membersIndexed: true });
    raiseMembersVersion(db, batch, cohort.id);
    await batch.commit();
  }
  return { cohorts: cohorts.length, participants };
}
