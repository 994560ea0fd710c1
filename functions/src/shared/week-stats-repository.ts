import { FieldValue, type DocumentReference, type DocumentSnapshot, type Firestore, type Transaction, type WriteBatch } from 'firebase-admin/firestore';
import {
  contributionChanges,
  parseStoredContribution,
  sumCounters,
  weekStatsContribution,
  type StoredContribution,
  type WeekStatCounters,
} from '@sfida/core/cohort-progress';
import { isDocumentId } from '@sfida/core/document-id';
import type { User } from '@sfida/core/user';
import { cohortRef } from './cohort-repository';
import { trackerFrom, trackerRef } from './tracker-repository';
import { userRef } from './user-repository';

// A cohort's weekly figures ("Andamento", core's cohort-progress.ts), kept as sums of every
// participant's contribution: `cohorts/{cohortId}/weekStats/{shard}`, WEEK_STAT_SHARDS documents of
// flat counters. Firestore sustains about one write a second on a document, so each participant adds
// to the shard their id falls in: a large cohort's syncs spread over all of them, and the page reads
// them all (a fixed number of documents, whatever the cohort's size). Any shard sums the same: which
// one a participant writes to never matters for the figures. The participant's own last contribution
// is kept on their user document (`weekStats`), which the sync already writes: it adds the
// difference, in the same batch, so a sync repeated adds nothing. Written by the tracker's sync, by
// the start of a challenge, by a withdrawal (the contribution taken out) and by the migration that
// rebuilds them; read by the cohort-progress feature.

/** Shards per cohort. */
export const WEEK_STAT_SHARDS = 10;

export function weekStatsCollection(db: Firestore, cohortId: string) {
  return cohortRef(db, cohortId).collection('weekStats');
}

/** The shard a participant adds to: their id's characters summed, modulo WEEK_STAT_SHARDS. */
export function weekStatsShardRef(db: Firestore, cohortId: string, uid: string): DocumentReference {
  let sum = 0;
  for (const char of uid) sum = (sum * 31 + char.charCodeAt(0)) % 1_000_003;
  return weekStatsCollection(db, cohortId).doc(`shard-${sum % WEEK_STAT_SHARDS}`);
}

/** Whether a user counts in their cohort's figures: a participant not withdrawn, in a cohort. */
export function countsInWeekStats(user: User, withdrawnAt: unknown): boolean {
  return user.role === 'PARTICIPANT' && withdrawnAt === undefined && isDocumentId(user.cohortId);
}

/** The participant's stored contribution (null when none). */
export function storedContributionOf(userSnap: DocumentSnapshot | undefined): StoredContribution | null {
  return parseStoredContribution(userSnap?.get('weekStats'));
}

/** What a write of a new contribution adds to the user document and to the shards. */
export interface WeekStatsWrite {
  /** The `weekStats` field's new value. */
  stored: string | null;
  /** What to add to each cohort's counters (usually one cohort; none when nothing changed). */
  changes: Array<{ cohortId: string; diff: WeekStatCounters }>;
}

/** The write that replaces `previous` with `next`. */
export function weekStatsWrite(previous: StoredContribution | null, next: StoredContribution | null): WeekStatsWrite {
  const counted = next && Object.keys(next.counters).length > 0 ? next : null;
  return { stored: counted && JSON.stringify(counted), changes: contributionChanges(previous, counted) };
}

/**
 * Adds `write.changes` to the shards, in the caller's batch or transaction (the user document's
 * `weekStats` is the caller's to write, with its own fields). Increments in a set with merge: the
 * shard is created by the first participant who adds to it.
 */
export function addToShards(db: Firestore, writer: WriteBatch | Transaction, uid: string, write: WeekStatsWrite): void {
  for (const { cohortId, diff } of write.changes) {
    const increments = Object.fromEntries(Object.entries(diff).map(([name, amount]) => [name, FieldValue.increment(amount)]));
    // A Transaction's set and a WriteBatch's take the same arguments.
    (writer as WriteBatch).set(weekStatsShardRef(db, cohortId, uid), increments, { merge: true });
  }
}

/**
 * Inside a transaction that changes what a participant's contribution depends on (their start, as
 * `user` now has it): the contribution worked out again from their stored tracker, read in the
 * transaction (so call it before the transaction's writes), and the write that replaces the stored one.
 */
export async function contributionInTransaction(db: Firestore, tx: Transaction, userSnap: DocumentSnapshot, user: User): Promise<WeekStatsWrite> {
  const tracker = trackerFrom(await tx.get(trackerRef(db, user.id)));
  const counters = weekStatsContribution({
    counted: countsInWeekStats(user, userSnap.get('withdrawnAt')),
    challengeStartDate: user.challengeStartDate,
    challengeJoinedOn: user.challengeJoinedOn,
    timeZone: tracker?.timeZone ?? user.timeZone,
    tracker,
  });
  return weekStatsWrite(storedContributionOf(userSnap), { cohortId: user.cohortId, counters });
}

/**
 * Takes a participant's contribution out of their cohort's figures (withdrawn): read and cleared in
 * one transaction, so a contribution is never taken out twice.
 */
export async function dropContribution(db: Firestore, uid: string): Promise<void> {
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(userRef(db, uid));
    const write = weekStatsWrite(storedContributionOf(snap), null);
    if (write.changes.length === 0) return;
    addToShards(db, tx, uid, write);
    tx.update(userRef(db, uid), { weekStats: null });
  });
}

/** A cohort's counters: its shards summed (one query of WEEK_STAT_SHARDS documents at most). */
export async function cohortCounters(db: Firestore, cohortId: string): Promise<WeekStatCounters> {
  const snap = await weekStatsCollection(db, cohortId).get();
  return sumCounters(snap.docs.map((doc) => doc.data()));
}
