import type { DecodedIdToken } from 'firebase-admin/auth';
import { deletionMessages, isRecentSignIn, type DeleteAccountRequest } from '@sfida/core/account-deletion';
import { HOME_TIME_ZONE, todayIn } from '@sfida/core/dates';
import type { User } from '@sfida/core/user';
import type { ApiDeps, Deps } from '../../deps';
import type { ClientAddresses } from '../../shared/client-address';
import { activeCohortsCoachedBy } from '../../shared/cohort-repository';
import { conflict, forbidden, serviceUnavailable, tooManyRequests } from '../../shared/http-error';
import { IdentityToolkitThrottled, IdentityToolkitUnavailable } from '../../shared/identity-toolkit';
import type { RateRule } from '../../shared/rate-limiter';
import { farewellEmail } from '../../shared/mail/account-emails';
import { queueEmail } from '../../shared/mail/outbox';
import { storedUser } from '../../shared/user-repository';
import {
  allUserIds,
  cutOffAccount,
  ledgerIdOf,
  ledgerIds,
  markDeletionPending,
  pendingDeletions,
  purgeAccount,
  recordDeletion,
} from './delete-repository';

// "Elimina il mio account": confirmed like a sign-in, cut off at once, then everything about the
// account deleted in the same request; what a failure leaves is finished by the reminders' job
// (docs/decisions/045-account-deletion.md).

type DeletionDeps = Pick<Deps, 'config' | 'db' | 'auth' | 'blobStore' | 'clock' | 'emailQueue'>;

/** Who asked: the person themselves, the operator's command, a restore's re-application, or the retention's job (retention-job.ts). */
export type DeletionKind = 'self' | 'operator' | 'reapply' | 'retention';

const TEN_MINUTES = 10 * 60 * 1000;
/**
 * The login's budgets (features/auth/service.ts `limits`), counted apart: a wrong password here is
 * a wrong password, and the same guessing rate is all it allows.
 */
const limits = { perAccountAddress: 10, perAddress: 30, connectionFactor: 10, windowMs: TEN_MINUTES } as const;

function confirmationRules(uid: string, addresses: ClientAddresses): RateRule[] {
  return [
    { key: `delete-account-address:${uid}|${addresses.client}`, limit: limits.perAccountAddress, windowMs: limits.windowMs },
    { key: `delete-address:${addresses.client}`, limit: limits.perAddress, windowMs: limits.windowMs },
    { key: `delete-connection:${addresses.connection}`, limit: limits.perAddress * limits.connectionFactor, windowMs: limits.windowMs },
  ];
}

/** Token errors of the Admin SDK that mean the token is not one to trust (as the Google sign-in reads them). */
const REFUSED_TOKEN = /^auth\/(argument-error|invalid-id-token|id-token-expired|id-token-revoked|user-not-found|user-disabled|project-not-found|tenant-id-mismatch)$/;

/** The caller proves it is them now: their password, or a Google sign-in of this account minutes ago. */
async function confirmIdentity(deps: ApiDeps, caller: User, input: DeleteAccountRequest): Promise<void> {
  if (input.password) {
    let result;
    try {
      result = await deps.identityToolkit.signInWithPassword(caller.email, input.password);
    } catch (error) {
      if (error instanceof IdentityToolkitThrottled) throw tooManyRequests(deletionMessages.tooManyAttempts, error.retryAfterSeconds ?? undefined);
      if (error instanceof IdentityToolkitUnavailable) throw serviceUnavailable(deletionMessages.unavailable, error.retryAfterSeconds ?? undefined, error);
      throw error;
    }
    if (!result.ok || result.uid !== caller.id) throw forbidden(deletionMessages.wrongPassword);
    return;
  }
  let decoded: DecodedIdToken;
  try {
    decoded = await deps.auth.verifyIdToken(input.idToken ?? '', true);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && REFUSED_TOKEN.test(code)) throw forbidden(deletionMessages.googleNotRecent);
    throw error;
  }
  if (decoded.uid !== caller.id) throw forbidden(deletionMessages.googleNotYours);
  if (decoded.firebase.sign_in_provider !== 'google.com' || !isRecentSignIn(decoded.auth_time, deps.clock())) {
    throw forbidden(deletionMessages.googleNotRecent);
  }
}

/** A coach leaves no cohort without one: every active cohort they coach must keep another coach. */
async function assertNotLastCoach(deps: Pick<Deps, 'db'>, user: Pick<User, 'id' | 'role'>): Promise<void> {
  if (user.role !== 'OWNER') return;
  const alone = (await activeCohortsCoachedBy(deps.db, user.id)).filter(({ cohort }) => cohort.coachIds.filter((id) => id !== user.id).length === 0);
  if (alone.length > 0) throw conflict(deletionMessages.lastCoach(alone.map(({ cohort }) => cohort.name)));
}

/** `POST /api/me/delete`: the caller's own account, once confirmed. Each confirmation counts like a sign-in. */
export async function deleteOwnAccount(deps: ApiDeps, caller: User, input: DeleteAccountRequest, addresses: ClientAddresses): Promise<void> {
  const attempt = await deps.limiter.attempt(confirmationRules(caller.id, addresses));
  if (!attempt.allowed) throw tooManyRequests(deletionMessages.tooManyAttempts, attempt.retryAfterSeconds);
  try {
    await confirmIdentity(deps, caller, input);
  } catch (error) {
    // Firebase out of reach is no wrong guess.
    if ((error as { status?: number }).status === 503) await attempt.release();
    throw error;
  }
  await attempt.release();
  await assertNotLastCoach(deps, caller);
  await deleteAccount(deps, caller.id, 'self');
}

/**
 * Deletes an account: at once its sessions, devices, calendar feed and Firebase Auth user, then
 * everything else. Answers whether everything is done (false: the job finishes it).
 */
export async function deleteAccount(deps: DeletionDeps, uid: string, kind: DeletionKind): Promise<boolean> {
  const key = deps.config.deletionLedgerKey;
  if (!key) throw serviceUnavailable('Eliminazione non disponibile: manca la chiave del registro delle eliminazioni (VAPID_PRIVATE_KEY).');
  const started = Date.now();
  const now = deps.clock();
  const stored = await storedUser(deps.db, uid);
  // The ledger's day is the person's own calendar day; noted now, while the profile still says their zone.
  const day = todayIn(stored?.user.timeZone ?? HOME_TIME_ZONE, now);
  // The farewell is written while the profile still says who, where and whose cohort; a restore's
  // re-application says nothing (the person was told the first time).
  const farewell = stored?.user.email && kind !== 'reapply' ? await farewellEmail(deps, { uid, email: stored.user.email, name: stored.user.name ?? '', cohortId: stored.user.cohortId, role: stored.user.role }, kind) : null;
  await markDeletionPending(deps.db, uid, now, day);
  await cutOffAccount(deps.db, uid);
  await deps.auth.deleteUser(uid).catch((error: unknown) => {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
  });
  // Signed out everywhere and gone from Auth: deleted, as far as the person can tell (the job finishes the rest).
  if (farewell) await queueEmail(deps, farewell);
  try {
    await finishDeletion(deps, uid, key, day);
  } catch (error) {
    // Nothing personal in the log: the pending marker says whose deletion it is.
    console.warn('Eliminazione account da completare (la riprende il job dei promemoria):', (error as Error).message);
    return false;
  }
  console.log('Account eliminato:', JSON.stringify({ kind, ms: Date.now() - started, at: now.toISOString() }));
  return true;
}

async function finishDeletion(deps: DeletionDeps, uid: string, key: Buffer, day: string): Promise<void> {
  await purgeAccount(deps, uid);
  await recordDeletion(deps.db, key, uid, day);
}

/** How many pending deletions one run of the job finishes at most. */
const RESUMED_PER_RUN = 20;

/** The job's part: finishes the deletions a request or a command left unfinished. */
export async function resumePendingDeletions(deps: DeletionDeps): Promise<{ finished: number; failed: number }> {
  const key = deps.config.deletionLedgerKey;
  const pending = await pendingDeletions(deps.db, RESUMED_PER_RUN);
  const report = { finished: 0, failed: 0 };
  if (!key) return { ...report, failed: pending.length };
  for (const { uid, day } of pending) {
    try {
      await finishDeletion(deps, uid, key, day ?? todayIn(HOME_TIME_ZONE, deps.clock()));
      report.finished++;
    } catch (error) {
      console.warn('Eliminazione account ancora da completare:', (error as Error).message);
      report.failed++;
    }
  }
  return report;
}

/** `npm run delete-account -- EMAIL`: the operator's deletion, on the path of the person's own (a last coach refused alike). */
export async function deleteAccountByEmail(deps: DeletionDeps, email: string): Promise<boolean> {
  const record = await deps.auth.getUserByEmail(email.trim().toLowerCase()).catch((error: unknown) => {
    if ((error as { code?: string }).code === 'auth/user-not-found') return null;
    throw error;
  });
  if (!record) throw new Error(`Nessun account con email ${email}`);
  const stored = await storedUser(deps.db, record.uid);
  if (stored) await assertNotLastCoach(deps, stored.user);
  return deleteAccount(deps, record.uid, 'operator');
}

/**
 * After a backup is restored: every account the ledger names that the restore brought back is
 * deleted again. Answers how many.
 */
export async function reapplyDeletionLedger(deps: DeletionDeps): Promise<{ deleted: number; unfinished: number }> {
  const key = deps.config.deletionLedgerKey;
  if (!key) throw new Error('Manca la chiave del registro delle eliminazioni (VAPID_PRIVATE_KEY)');
  const [ledger, uids] = await Promise.all([ledgerIds(deps.db), allUserIds(deps.db)]);
  const report = { deleted: 0, unfinished: 0 };
  for (const uid of uids) {
    if (!ledger.has(ledgerIdOf(key, uid))) continue;
    if (await deleteAccount(deps, uid, 'reapply')) report.deleted++;
    else report.unfinished++;
  }
  return report;
}
