import { randomInt } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { newInviteCode as newInviteCodeFrom } from '@sfida/core/invite-codes';
import { cohortRef, type CohortDoc } from './cohort-repository';
import { safeEqual, sha256Hex } from './crypto';

// `inviteCodes/{sha256(normalized code)}` → `{ cohortId }`: registration finds a cohort by its code
// without a query, and create() on that id makes each code unique across cohorts.

/** Codes are typed by people: surrounding spaces and letter case do not matter. */
export function normalizeInviteCode(code: string): string {
  return code.trim().toUpperCase();
}

export function inviteCodeRef(db: Firestore, code: string) {
  return db.collection('inviteCodes').doc(sha256Hex(normalizeInviteCode(code)));
}

/** A fresh code for the cohort named `cohortName` (`AUTUNNO-7K2Q-9XJD-M4TP`), from a cryptographic source. */
export function newInviteCode(cohortName: string): string {
  return newInviteCodeFrom(cohortName, (n) => randomInt(n));
}

/**
 * The cohort whose current code is `code`, or null. The lookup may be stale (a code replaced
 * while another request wrote), so the cohort's own code decides, compared in constant time.
 */
export async function cohortOfInviteCode(db: Firestore, code: string): Promise<{ id: string; cohort: CohortDoc } | null> {
  const lookup = await inviteCodeRef(db, code).get();
  const cohortId: unknown = lookup.get('cohortId');
  if (typeof cohortId !== 'string') return null;
  const snap = await cohortRef(db, cohortId).get();
  if (!snap.exists) return null;
  const cohort = snap.data() as CohortDoc;
  return safeEqual(normalizeInviteCode(code), normalizeInviteCode(cohort.inviteCode)) ? { id: snap.id, cohort } : null;
}
