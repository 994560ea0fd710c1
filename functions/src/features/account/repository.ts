import type { Firestore } from 'firebase-admin/firestore';
import { retentionFollowing } from '../../shared/account-retention';
import { cohortRef, type CohortDoc } from '../../shared/cohort-repository';
import { followUserWrite } from '../../shared/roster-row-repository';
import { toUser, triageRecheck, userRef, type StoredUser, type UserDoc } from '../../shared/user-repository';
import { addToShards, contributionInTransaction } from '../../shared/week-stats-repository';

/**
 * Sets the participant's start date in one transaction: reads their document and their cohort,
 * asks `decide` for the date (it may throw to refuse, and nothing is written), works their
 * contribution to the cohort's weekly figures out again from their stored tracker, then writes
 * both, with the account's retention the start moves. Null when there is no such user.
 */
export async function setChallengeStart(
  db: Firestore,
  uid: string,
  decide: (stored: StoredUser, cohort: CohortDoc | null) => { challengeStartDate: string; now: Date },
): Promise<StoredUser | null> {
  const ref = userRef(db, uid);
  return db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) return null;
    const doc = (snap.data() ?? {}) as Partial<UserDoc>;
    const current = toUser(snap, doc);
    const cohort = await tx.get(cohortRef(db, current.cohortId));
    const { challengeStartDate, now } = decide({ user: current, doc }, cohort.exists ? (cohort.data() as CohortDoc) : null);
    // Counted in the cohort's weekly figures from the start, not from a first sync.
    const weekStats = await contributionInTransaction(db, tx, snap, { ...current, challengeStartDate });
    tx.update(ref, { challengeStartDate, weekStats: weekStats.stored, ...triageRecheck(now), ...retentionFollowing(doc, { challengeStartDate }) });
    followUserWrite(db, tx, uid, { challengeStartDate });
    addToShards(db, tx, uid, weekStats);
    return { user: { ...current, challengeStartDate }, doc };
  });
}
