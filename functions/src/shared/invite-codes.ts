import { randomInt } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
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

/** No look-alikes (0/O, 1/I/L), so a code read aloud or copied by hand stays right. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const SLUG_MAX = 10;

/** A readable code: the first word of the cohort's name as ASCII capitals, then 4 random characters (`AUTUNNO-7K2Q`). */
export function newInviteCode(cohortName: string): string {
  const firstWord = cohortName.trim().split(/\s+/)[0] ?? '';
  const slug = firstWord
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, SLUG_MAX);
  let suffix = '';
  for (let i = 0; i < 4; i++) suffix += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${slug || 'SFIDA'}-${suffix}`;
}

/** gRPC ALREADY_EXISTS: a create() found the document there. */
export function isAlreadyExists(error: unknown): boolean {
  return (error as { code?: unknown }).code === 6;
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
