import type { Firestore } from 'firebase-admin/firestore';
import { packageIn, type Package, type PackagesByCohort } from '@sfida/core/packages';
import { PACKAGE_CHANGES_LISTED, packageTexts, type PackageChangeWay } from '@sfida/core/package-changes';
import { NotFoundError } from '../../shared/domain-error';
import {
  emailHashOf,
  packageChangesCollection,
  packageGrantRef,
  packagesWith,
  recordPackageChange,
  type PackageChangeDoc,
  type PackageGrantDoc,
} from '../../shared/package-repository';
import { isParticipantOf } from '../../shared/participant-repository';
import { followUserWrite } from '../../shared/roster-row-repository';
import { userRef, usersCollection, type UserDoc } from '../../shared/user-repository';

/** Who made a change, and why: the same for every person it touches. */
export interface ChangeMeta {
  by: string;
  byName: string | null;
  why: string | null;
  how: PackageChangeWay;
  now: Date;
}

/** A participant of the cohort as the import matches them. */
export interface MatchedParticipant {
  userId: string;
  name: string;
  package: Package;
}

/** Firestore's `in` takes at most 30 values. */
const IN_LIMIT = 30;
/** Queries of an import in flight at once. */
const PARALLEL = 5;
/** Participants per transaction: each costs a write and an audit entry, under Firestore's 500. */
const PER_TRANSACTION = 200;

function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

/**
 * Sets each participant's package in the cohort, with an audit entry for each that changes, in one
 * transaction per PER_TRANSACTION people. `strict`: one who is not a participant of the cohort
 * refuses the whole request (a coach's selection); else they are skipped (an import whose
 * participant moved away between its lookup and its write).
 */
export async function writePackages(
  db: Firestore,
  cohortId: string,
  changes: ReadonlyArray<{ userId: string; to: Package }>,
  meta: ChangeMeta,
  strict: boolean,
): Promise<{ changed: number; unchanged: number }> {
  let changed = 0;
  let unchanged = 0;
  for (const part of chunks(changes, PER_TRANSACTION)) {
    const counted = await db.runTransaction(async (tx) => {
      const snaps = await tx.getAll(...part.map(({ userId }) => userRef(db, userId)));
      if (strict && snaps.some((snap) => !isParticipantOf(snap, cohortId))) throw new NotFoundError(packageTexts.notParticipants);
      let partChanged = 0;
      for (const [i, snap] of snaps.entries()) {
        if (!isParticipantOf(snap, cohortId)) continue;
        const packages = snap.get('packages') as PackagesByCohort | undefined;
        const from = packageIn(packages, cohortId);
        const { to } = part[i]!;
        if (from === to) continue;
        const fields = { packages: packagesWith(packages, cohortId, to) } satisfies Partial<UserDoc>;
        tx.update(snap.ref, fields);
        followUserWrite(db, tx, snap.id, fields);
        recordPackageChange(db, tx, { cohortId, userId: snap.id, from, to, by: meta.by, byName: meta.byName, at: meta.now.toISOString(), why: meta.why, how: meta.how });
        partChanged += 1;
      }
      return partChanged;
    });
    changed += counted;
    unchanged += part.length - counted;
  }
  return { changed, unchanged };
}

/** The participant's changes in the cohort, newest first, at most PACKAGE_CHANGES_LISTED. */
export async function changesOf(db: Firestore, cohortId: string, userId: string): Promise<Array<{ id: string; doc: PackageChangeDoc }>> {
  const snap = await packageChangesCollection(db).where('cohortId', '==', cohortId).where('userId', '==', userId).orderBy('at', 'desc').limit(PACKAGE_CHANGES_LISTED).get();
  return snap.docs.map((d) => ({ id: d.id, doc: d.data() as PackageChangeDoc }));
}

/** The cohort's participants among `emails` (lower-cased, as users store them), by email: `in` queries of 30, a few at a time. */
export async function participantsByEmail(db: Firestore, cohortId: string, emails: readonly string[]): Promise<Map<string, MatchedParticipant>> {
  const found = new Map<string, MatchedParticipant>();
  for (const round of chunks(chunks(emails, IN_LIMIT), PARALLEL)) {
    const snaps = await Promise.all(round.map((batch) => usersCollection(db).where('email', 'in', batch).get()));
    for (const snap of snaps.flatMap((s) => s.docs)) {
      if (!isParticipantOf(snap, cohortId)) continue;
      const doc = snap.data() as Partial<UserDoc>;
      found.set(String(doc.email), { userId: snap.id, name: doc.name ?? '', package: packageIn(doc.packages, cohortId) });
    }
  }
  return found;
}

/** The packages waiting for `emails` in the cohort, by email. */
export async function grantsOf(db: Firestore, cohortId: string, emails: readonly string[]): Promise<Map<string, Package>> {
  const found = new Map<string, Package>();
  for (const batch of chunks(emails, 300)) {
    if (batch.length === 0) continue;
    for (const snap of await db.getAll(...batch.map((email) => packageGrantRef(db, cohortId, email)))) {
      const grant = snap.data() as PackageGrantDoc | undefined;
      if (grant) found.set(grant.email, grant.package);
    }
  }
  return found;
}

/** Writes (or replaces) the pending grants of buyers with no account in the cohort, in batches. */
export async function writeGrants(db: Firestore, cohortId: string, grants: ReadonlyArray<{ email: string; to: Package }>, meta: ChangeMeta): Promise<void> {
  for (const part of chunks(grants, 400)) {
    const batch = db.batch();
    for (const { email, to } of part) {
      const ref = packageGrantRef(db, cohortId, email);
      const doc: PackageGrantDoc = { cohortId, email, emailHash: emailHashOf(email), package: to, by: meta.by, byName: meta.byName, at: meta.now.toISOString(), why: meta.why };
      batch.set(ref, doc);
    }
    await batch.commit();
  }
}
