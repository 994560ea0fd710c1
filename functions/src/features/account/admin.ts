import {
  schedaFor,
  type LivelloAllenamento,
  type LuogoAllenamento,
  type Role,
  type TempoAllenamento,
  type User,
} from '@sfida/core/user';
import type { UserRecord } from 'firebase-admin/auth';
import type { Deps } from '../../deps';
import { SessionStore } from '../../sessions/session-store';
import { addDefaultCohortCoach } from '../../shared/default-cohort';
import { HOME_TIME_ZONE } from '@sfida/core/dates';
import { searchNameOf } from '@sfida/core/participant-search';
import { conversationRef, moveConversation } from '../../shared/conversation-repository';
import { membershipOf, membershipOfSnap, writeMembership } from '../../shared/member-index-repository';
import { newUserDoc, toUser, userRef, type UserDoc } from '../../shared/user-repository';
import { retentionFollowing } from '../../shared/account-retention';
import { lastArchivedSeason } from '../../shared/season-archive-repository';
import { followUserWrite, writeWholeRosterRow } from '../../shared/roster-row-repository';
import { retireDisabledAccount } from '../../shared/disabled-account';
import { deleteVoiceNotesOfAccount } from '../../shared/voice-note-repository';

/**
 * Operator commands (make-owner, the local seeder, tests): they run with the
 * Admin SDK and are never reachable over HTTP.
 */
type AdminDeps = Pick<Deps, 'db' | 'auth' | 'clock' | 'config'>;

export interface EnsureAccountInput {
  email: string;
  password: string;
  name: string;
  role: Role;
  cohortId: string;
  onboarding?: { tempoAllenamento: TempoAllenamento; luogoAllenamento: LuogoAllenamento; livelloAllenamento: LivelloAllenamento };
  challengeStartDate?: string | null;
}

async function findAuthUser(deps: AdminDeps, email: string): Promise<UserRecord | null> {
  try {
    return await deps.auth.getUserByEmail(email);
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return null;
    throw error;
  }
}

/**
 * Idempotent: creates the Firebase Auth account and the user document when
 * missing, otherwise sets role, cohort, name and the given fields (an existing
 * password is left as it is).
 */
export async function ensureAccount(deps: AdminDeps, input: EnsureAccountInput): Promise<User> {
  const email = input.email.trim().toLowerCase();
  // Verified, as a registration's: a Google sign-in with this email then keeps the password (auth/service.ts).
  const record =
    (await findAuthUser(deps, email)) ??
    (await deps.auth.createUser({ email, password: input.password, displayName: input.name, emailVerified: true }));
  const ref = userRef(deps.db, record.uid);
  const fields: Partial<UserDoc> = { name: input.name, searchName: searchNameOf(input.name), email, role: input.role, cohortId: input.cohortId };
  if (input.onboarding) {
    Object.assign(fields, {
      ...input.onboarding,
      schedaAssegnata: schedaFor(input.onboarding.livelloAllenamento, input.onboarding.luogoAllenamento),
      onboardingCompletato: true,
    });
  }
  if (input.challengeStartDate !== undefined) fields.challengeStartDate = input.challengeStartDate;

  // Where a new season has no start, the account's retention counts from the season before.
  const previousSeasonStart = (await lastArchivedSeason(deps.db, record.uid))?.challengeStartDate ?? null;
  await deps.db.runTransaction(async (tx) => {
    const [snap, conversation] = await Promise.all([tx.get(ref), tx.get(conversationRef(deps.db, record.uid))]);
    const before = snap.exists ? (snap.data() as Partial<UserDoc>) : undefined;
    // A participant moved to another cohort takes their conversation along, as a new season does.
    if (conversation.exists && before?.cohortId !== input.cohortId) moveConversation(deps.db, tx, record.uid, input.cohortId);
    if (before) {
      tx.set(ref, { ...fields, ...retentionFollowing(before, fields, previousSeasonStart) }, { merge: true });
      followUserWrite(deps.db, tx, record.uid, fields);
    } else {
      const doc = { ...newUserDoc({ email, name: input.name, role: input.role, cohortId: input.cohortId, timeZone: HOME_TIME_ZONE, now: deps.clock() }), ...fields };
      tx.set(ref, { ...doc, ...retentionFollowing(undefined, doc) });
      writeWholeRosterRow(deps.db, tx, record.uid, doc);
    }
    // A move to another cohort, or to or from OWNER, changes the cohorts' member indexes with it.
    writeMembership(deps.db, tx, record.uid, membershipOf(before), membershipOf({ ...before, ...fields }));
  });
  return toUser(await ref.get());
}

/** Makes an existing account an OWNER (coach), and a coach of the default cohort. */
export async function grantOwner(deps: AdminDeps, email: string): Promise<User> {
  const record = await findAuthUser(deps, email.trim().toLowerCase());
  if (!record) throw new Error(`Nessun account con email ${email}`);
  const ref = userRef(deps.db, record.uid);
  await deps.db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (snap.exists) {
      // A coach's account is kept: out of the retention's days.
      const fields = { role: 'OWNER' as const };
      tx.set(ref, { ...fields, ...retentionFollowing(snap.data() as Partial<UserDoc>, fields) }, { merge: true });
      followUserWrite(deps.db, tx, record.uid, fields);
      // A participant made a coach leaves their cohort's participants.
      writeMembership(deps.db, tx, record.uid, membershipOfSnap(snap), null);
    } else {
      const cohortId = deps.config.inviteCohortId;
      const name = record.displayName ?? null;
      const doc = newUserDoc({ email: record.email ?? email, name, role: 'OWNER', cohortId, timeZone: HOME_TIME_ZONE, now: deps.clock() });
      tx.set(ref, doc);
      writeWholeRosterRow(deps.db, tx, record.uid, doc);
    }
  });
  await addDefaultCohortCoach(deps, record.uid);
  return toUser(await ref.get());
}

/**
 * Disables an account in Firebase Auth, mirrors it on the user document and ends all its sessions
 * at once. Closing an account also deletes its voice notes (recordings of a voice are kept no
 * longer than the account that made or received them).
 */
export async function disableAccount(deps: AdminDeps & Pick<Deps, 'blobStore'>, email: string): Promise<void> {
  const record = await findAuthUser(deps, email.trim().toLowerCase());
  if (!record) throw new Error(`Nessun account con email ${email}`);
  await deps.auth.updateUser(record.uid, { disabled: true });
  await retireDisabledAccount(deps.db, record.uid);
  await new SessionStore(deps.db, deps.auth, deps.clock).endAllFor(record.uid);
  await deleteVoiceNotesOfAccount(deps, record.uid);
}
