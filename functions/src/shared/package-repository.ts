import type { Firestore, Transaction, WriteBatch } from 'firebase-admin/firestore';
import { packageIn, type Package, type PackagesByCohort } from '@sfida/core/packages';
import type { PackageChangeWay } from '@sfida/core/package-changes';
import { sha256Hex } from './crypto';
import { followUserWrite } from './roster-row-repository';
import { userRef, type UserDoc } from './user-repository';

// Packages on the membership (docs/decisions/047-packages-on-the-membership.md): `users/{uid}.packages`
// holds the package per cohort; `packageChanges/{id}` is the audit list of every change;
// `packageGrants/{cohortId}__{sha256(email)}` a package bought by someone with no account in the
// cohort yet, theirs once they sign in to it with that email verified. Here, below the features,
// because the sign-in (features/auth) applies a grant and the packages feature writes the rest.

/** `packageChanges/{id}`: one change of one participant's package in one cohort. */
export interface PackageChangeDoc {
  cohortId: string;
  userId: string;
  from: Package;
  to: Package;
  /** The coach who made it (for a grant: who imported it); null once their account is deleted. */
  by: string | null;
  byName: string | null;
  /** ISO instant. */
  at: string;
  why: string | null;
  how: PackageChangeWay;
}

/** `packageGrants/{cohortId}__{emailHash}`: a buyer's package waiting for their account. */
export interface PackageGrantDoc {
  cohortId: string;
  email: string;
  emailHash: string;
  package: Package;
  by: string | null;
  byName: string | null;
  at: string;
  why: string | null;
}

export function packageChangesCollection(db: Firestore) {
  return db.collection('packageChanges');
}

export function packageGrantsCollection(db: Firestore) {
  return db.collection('packageGrants');
}

/** The hash a grant is keyed and found by: the address never sits in a document id. */
export function emailHashOf(email: string): string {
  return sha256Hex(email.trim().toLowerCase());
}

export function packageGrantRef(db: Firestore, cohortId: string, email: string) {
  return packageGrantsCollection(db).doc(`${cohortId}__${emailHashOf(email)}`);
}

/** Adds one entry to the audit list, in the writer's transaction or batch. */
export function recordPackageChange(db: Firestore, writer: Transaction | WriteBatch, change: PackageChangeDoc): void {
  // A Transaction's set and a WriteBatch's take the same arguments.
  (writer as WriteBatch).set(packageChangesCollection(db).doc(), change);
}

/** The user document's map with `cohortId` set to `to`: rewritten whole (the local emulator refuses dotted paths). */
export function packagesWith(packages: PackagesByCohort | undefined, cohortId: string, to: Package): PackagesByCohort {
  return { ...(packages ?? {}), [cohortId]: to };
}

/** Whether a buyer's package waits for `email` in the cohort (for the verification email: worth sending). */
export async function hasPendingGrant(db: Firestore, cohortId: string, email: string): Promise<boolean> {
  return (await packageGrantRef(db, cohortId, email).get()).exists;
}

/** Notes on a password registration that a grant waits for its address to be verified. */
export async function markPackageGrantWaiting(db: Firestore, uid: string): Promise<void> {
  await userRef(db, uid).update({ packageGrantWaiting: true });
}

/**
 * Gives the participant `uid` the package waiting for their email in their cohort, with its audit
 * entry (`registration`), and removes the grant. The caller has seen the email verified (Google, or
 * Firebase Auth's `emailVerified`). Answers the package given, or null when nothing was waiting.
 */
export async function applyPendingGrant(db: Firestore, uid: string, now: Date): Promise<Package | null> {
  const user = userRef(db, uid);
  return db.runTransaction(async (tx) => {
    const userSnap = await tx.get(user);
    const doc = userSnap.data() as Partial<UserDoc> | undefined;
    if (!doc || doc.role !== 'PARTICIPANT' || !doc.cohortId || !doc.email) return null;
    const grant = packageGrantRef(db, doc.cohortId, doc.email);
    const grantSnap = await tx.get(grant);
    const pending = grantSnap.data() as PackageGrantDoc | undefined;
    // Whatever comes of it, nothing waits any longer.
    const settled = doc.packageGrantWaiting ? { packageGrantWaiting: false } : {};
    if (!pending || pending.email !== doc.email.toLowerCase()) {
      if (doc.packageGrantWaiting) tx.update(user, settled);
      return null;
    }
    const from = packageIn(doc.packages, doc.cohortId);
    if (from === pending.package && doc.packageGrantWaiting) tx.update(user, settled);
    if (from !== pending.package) {
      const packages = packagesWith(doc.packages, doc.cohortId, pending.package);
      tx.update(user, { ...settled, packages });
      followUserWrite(db, tx, uid, { packages });
      recordPackageChange(db, tx, {
        cohortId: doc.cohortId,
        userId: uid,
        from,
        to: pending.package,
        by: pending.by,
        byName: pending.byName,
        at: now.toISOString(),
        why: pending.why,
        how: 'registration',
      });
    }
    tx.delete(grant);
    return pending.package;
  });
}
