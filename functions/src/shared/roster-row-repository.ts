import { FieldPath, FieldValue, type DocumentSnapshot, type Firestore, type Timestamp, type Transaction, type WriteBatch } from 'firebase-admin/firestore';
import type { MemberIndex } from './member-index-repository';
import { isAlreadyExists, isFailedPrecondition } from './firestore';
import { isParticipantOf, pageOfIds, participantFrom, type Participant } from './participant-repository';
import { userRef, usersCollection, type UserDoc } from './user-repository';

// `rosterRows/{uid}`: the fields of `users/{uid}` that a coach's roster row is worked out of, and
// nothing else, under the same names (so participantFrom reads a row as it reads a user document),
// plus `complete`. A roster page reads its member index and then one of these per participant: a
// few hundred bytes to a few KB (mostly the roster digest), where the user document also carries the
// triage, the weekly figures, the sessions' notes and the retention (docs/decisions/055-roster-rows.md).
// Every write of one of these fields to a user document adds the same fields to the row in the same
// batch or transaction (followUserWrite); a row written whole (a new account, the migration, a
// roster's fallback) is `complete`. A partial row (a change to an account older than the rows) is
// never trusted: the roster reads the user document instead and completes the row, conditionally.

/** What a roster row reads of the user document (see rosterRowOf and participantFrom). */
export const ROSTER_ROW_FIELDS = [
  'name',
  'email',
  'role',
  'createdAt',
  'cohortId',
  'challengeStartDate',
  'timeZone',
  'tempoAllenamento',
  'luogoAllenamento',
  'livelloAllenamento',
  'schedaAssegnata',
  'withdrawnAt',
  'disabled',
  'rosterDigest',
  'coachTags',
  'notePreview',
  'packages',
] as const satisfies ReadonlyArray<keyof UserDoc>;

type RowField = (typeof ROSTER_ROW_FIELDS)[number];

/** Fields written to a user document: values, deletes or transforms. */
type UserFields = { [K in keyof UserDoc]?: unknown };

export function rosterRowsCollection(db: Firestore) {
  return db.collection('rosterRows');
}

export function rosterRowRef(db: Firestore, uid: string) {
  return rosterRowsCollection(db).doc(uid);
}

/** The row's share of a user document's fields (values, deletes and transforms alike). */
function rowFieldsOf(fields: UserFields): Partial<Record<RowField, unknown>> {
  return Object.fromEntries(ROSTER_ROW_FIELDS.filter((field) => fields[field] !== undefined).map((field) => [field, fields[field]]));
}

/**
 * Adds to `writer` the row's share of `fields`, a write to `users/{uid}` in the same batch or
 * transaction (nothing when they touch no field of the row). Each named field is replaced whole
 * (mergeFields: a map such as `packages` loses the keys it lost, and no dotted path is written).
 */
export function followUserWrite(db: Firestore, writer: WriteBatch | Transaction, uid: string, fields: UserFields): void {
  const row = rowFieldsOf(fields);
  const names = Object.keys(row);
  if (names.length > 0) (writer as WriteBatch).set(rosterRowRef(db, uid), row, { mergeFields: names });
}

/** A whole row from a whole user document: what `set` writes for a new account. */
export function wholeRosterRow(doc: UserFields): Record<string, unknown> {
  return { ...rowFieldsOf(doc), complete: true };
}

/** Adds to `writer` the whole row of a user document written whole (`set` or `create` of `users/{uid}`). */
export function writeWholeRosterRow(db: Firestore, writer: WriteBatch | Transaction, uid: string, doc: UserFields): void {
  (writer as WriteBatch).set(rosterRowRef(db, uid), wholeRosterRow(doc));
}

/** Adds to `writer` the deletion of the row, beside the deletion of `users/{uid}`. */
export function deleteRosterRow(db: Firestore, writer: WriteBatch | Transaction, uid: string): void {
  (writer as WriteBatch).delete(rosterRowRef(db, uid));
}

/** A row the readers may trust: written whole, then kept by every writer. */
export function isCompleteRow(snap: DocumentSnapshot | undefined): boolean {
  return snap?.exists === true && snap.get('complete') === true;
}

/**
 * Completes the row of a user document read after the row was (`rowReadAt`: the row's update time
 * then, null when there was none): created when there was none, else rewritten only if unchanged
 * since. A writer that changed the user document after the row was read changed the row in the
 * same write, so the condition fails and nothing older than it lands (the next read tries again).
 * Answers whether it was written.
 */
export async function completeRosterRow(db: Firestore, rowReadAt: Timestamp | null, user: DocumentSnapshot): Promise<boolean> {
  if (!user.exists) return false;
  const whole = wholeRosterRow(user.data()!);
  const ref = rosterRowRef(db, user.id);
  try {
    if (rowReadAt === null) await ref.create(whole);
    else {
      // Every field named, so one the user document lacks leaves the row too.
      const absent = Object.fromEntries(ROSTER_ROW_FIELDS.filter((field) => whole[field] === undefined).map((field) => [field, FieldValue.delete()]));
      await ref.update({ ...absent, ...whole }, { lastUpdateTime: rowReadAt });
    }
    return true;
  } catch (error) {
    if (isAlreadyExists(error) || isFailedPrecondition(error)) return false;
    throw error;
  }
}

/**
 * The participants of `ids` (the member index's, in order) that are `cohortId`'s, from their rows;
 * a participant without a complete row is read from their user document (the row's fields only)
 * and their row completed.
 */
async function participantsByRow(db: Firestore, cohortId: string, ids: string[]): Promise<Participant[]> {
  if (ids.length === 0) return [];
  const rows = await db.getAll(...ids.map((id) => rosterRowRef(db, id)));
  const missing = rows.filter((row) => !isCompleteRow(row));
  const users = new Map<string, DocumentSnapshot>();
  if (missing.length > 0) {
    const snaps = await db.getAll(...missing.map((row) => userRef(db, row.id)), { fieldMask: [...ROSTER_ROW_FIELDS] });
    for (const snap of snaps) users.set(snap.id, snap);
    await Promise.all(missing.map((row) => completeRosterRow(db, row.updateTime ?? null, users.get(row.id)!)));
  }
  return rows.map((row) => users.get(row.id) ?? row).filter((snap) => isParticipantOf(snap, cohortId)).map(participantFrom);
}

/**
 * One page of the cohort's roster in document-id order, those after `after`, only those with `tag`
 * when one is named. Given the cohort's member index and no tag: the index's next ids, each read
 * from its row (participantsByRow). Else a query over `users` with a field mask of the row's fields
 * (a tag's filter needs the query; the rows of accounts older than them could not answer it).
 * `more` tells whether another page follows.
 */
export async function rosterParticipantsPage(
  db: Firestore,
  cohortId: string,
  after: string | null,
  limit: number,
  tag: string | null,
  index: MemberIndex | null,
): Promise<{ participants: Participant[]; more: boolean }> {
  if (index && tag === null) {
    return pageOfIds(index.ids, after, limit, (batch) => participantsByRow(db, cohortId, batch));
  }
  let query = usersCollection(db).where('cohortId', '==', cohortId).where('role', '==', 'PARTICIPANT');
  if (tag !== null) query = query.where('coachTags', 'array-contains', tag);
  if (after !== null) query = query.where(FieldPath.documentId(), '>', after);
  // One more than the page: it says whether there is a next one without another read.
  const snap = await query.orderBy(FieldPath.documentId()).select(...ROSTER_ROW_FIELDS).limit(limit + 1).get();
  return { participants: snap.docs.slice(0, limit).map(participantFrom), more: snap.size > limit };
}

/**
 * The migration (`npm run migrate-cohorts`): a complete row for every participant without one.
 * The rows are read before the users, and each is written as completeRosterRow does: a change
 * meanwhile wins over the migration. Idempotent. `only`: just those users (the tests', which share
 * the emulator with other tests' users).
 */
export async function backfillRosterRows(deps: { db: Firestore }, only?: string[]): Promise<{ participants: number; written: number }> {
  const { db } = deps;
  const rows = new Map((await rosterRowsCollection(db).select('complete').get()).docs.map((doc) => [doc.id, doc]));
  const users = (await usersCollection(db).where('role', '==', 'PARTICIPANT').select(...ROSTER_ROW_FIELDS).get()).docs.filter((doc) => !only || only.includes(doc.id));
  const stale = users.filter((user) => !isCompleteRow(rows.get(user.id)));
  let written = 0;
  // A few hundred writes at a time: each is conditional on its own row, so no batch can hold them.
  for (let i = 0; i < stale.length; i += 200) {
    const part = stale.slice(i, i + 200);
    const done = await Promise.all(part.map((user) => completeRosterRow(db, rows.get(user.id)?.updateTime ?? null, user)));
    written += done.filter(Boolean).length;
  }
  return { participants: users.length, written };
}
