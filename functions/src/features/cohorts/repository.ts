import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { retentionFollowing } from '../../shared/account-retention';
import { cohortRef, cohortsCollection, type CohortDoc } from '../../shared/cohort-repository';
import { isAlreadyExists } from '../../shared/firestore';
import { inviteCodeRef, newInviteCode } from '../../shared/invite-codes';
import { membershipOfSnap, startMemberIndex, writeMembership } from '../../shared/member-index-repository';
import { followUserWrite } from '../../shared/roster-row-repository';
import { triageRecheck, userRef, usersCollection, type UserDoc } from '../../shared/user-repository';

/** New codes tried before giving up: with 31^12 suffixes per name, even a second try never happens in practice. */
const CODE_ATTEMPTS = 5;

/** Participants of the cohort a coach has not withdrawn: everyone registered, minus the withdrawn (two count queries). */
export async function activeParticipantCount(db: Firestore, cohortId: string): Promise<number> {
  const members = usersCollection(db).where('cohortId', '==', cohortId);
  const [all, withdrawn] = await Promise.all([
    members.where('role', '==', 'PARTICIPANT').count().get(),
    // Only participants are ever withdrawn.
    members.where('withdrawnAt', '>', '').count().get(),
  ]);
  return all.data().count - withdrawn.data().count;
}

/**
 * Claims a fresh code for the cohort `cohortId` named `name`: its lookup is created first, so two
 * cohorts never share a code; a code already taken is drawn again.
 */
export async function claimInviteCode(db: Firestore, cohortId: string, name: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const code = newInviteCode(name);
    try {
      await inviteCodeRef(db, code).create({ cohortId });
      return code;
    } catch (error) {
      if (!isAlreadyExists(error) || attempt >= CODE_ATTEMPTS) throw error;
    }
  }
}

/** Stores a new cohort with a fresh code; answers its id and code. */
export async function createCohortDoc(db: Firestore, fields: Omit<CohortDoc, 'inviteCode'>): Promise<{ id: string; cohort: CohortDoc }> {
  const ref = cohortsCollection(db).doc();
  const inviteCode = await claimInviteCode(db, ref.id, fields.name);
  const cohort: CohortDoc = { ...fields, inviteCode, membersIndexed: true };
  const batch = db.batch();
  batch.create(ref, cohort);
  startMemberIndex(db, batch, ref.id);
  await batch.commit();
  return { id: ref.id, cohort };
}

/**
 * Gives the cohort a fresh code. The old one stops working as soon as the cohort names the new
 * one (registration compares with the cohort's own code); its lookup is then deleted.
 */
export async function replaceInviteCodeDoc(db: Firestore, cohortId: string, cohort: CohortDoc): Promise<string> {
  const inviteCode = await claimInviteCode(db, cohortId, cohort.name);
  await cohortRef(db, cohortId).update({ inviteCode });
  await inviteCodeRef(db, cohort.inviteCode).delete();
  return inviteCode;
}

export async function updateCohortDoc(db: Firestore, cohortId: string, fields: Partial<CohortDoc>): Promise<void> {
  if (Object.keys(fields).length > 0) await cohortRef(db, cohortId).update(fields);
}

/** Writes per batch: Firestore takes at most 500. */
const BATCH_SIZE = 400;

/**
 * A cohort that turned "together" before its start: everyone registered starts on its Monday (and
 * their accounts' retention counts from it).
 * Bounded by the cohort's size and done once, when the coach changes the pace.
 */
export async function startTogether(db: Firestore, cohortId: string, startDate: string, now: Date): Promise<void> {
  const members = await usersCollection(db).where('cohortId', '==', cohortId).where('role', '==', 'PARTICIPANT').get();
  for (let from = 0; from < members.docs.length; from += BATCH_SIZE) {
    const batch = db.batch();
    for (const doc of members.docs.slice(from, from + BATCH_SIZE)) {
      const start = { challengeStartDate: startDate };
      batch.update(doc.ref, { ...start, challengeJoinedOn: null, ...triageRecheck(now), ...retentionFollowing(doc.data() as Partial<UserDoc>, start) });
      followUserWrite(db, batch, doc.id, start);
    }
    await batch.commit();
  }
}

/**
 * Marks the participant `userId` of `cohortId` withdrawn at `now`, and inactive in the cohort's
 * member index, in one transaction. Answers when they were withdrawn (`earlier` when they already
 * were: that first date), or null when they are no participant of the cohort.
 */
export async function markWithdrawn(db: Firestore, cohortId: string, userId: string, now: Date): Promise<{ withdrawnAt: string; earlier: boolean } | null> {
  const ref = userRef(db, userId);
  return db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const doc = snap.data() as Partial<UserDoc> | undefined;
    if (!doc || doc.cohortId !== cohortId || doc.role === 'OWNER') return null;
    if (doc.withdrawnAt) return { withdrawnAt: doc.withdrawnAt, earlier: true };
    const withdrawnAt = now.toISOString();
    tx.update(ref, { withdrawnAt, ...triageRecheck(now) });
    followUserWrite(db, tx, userId, { withdrawnAt });
    const before = membershipOfSnap(snap);
    writeMembership(db, tx, userId, before, before && { ...before, inactive: true });
    return { withdrawnAt, earlier: false };
  });
}

/** The id of the OWNER account with `email` (stored lower-case), or null. */
export async function ownerIdByEmail(db: Firestore, email: string): Promise<string | null> {
  const snap = await usersCollection(db).where('email', '==', email).where('role', '==', 'OWNER').limit(1).select().get();
  return snap.docs[0]?.id ?? null;
}

export async function addCoachId(db: Firestore, cohortId: string, uid: string): Promise<void> {
  await cohortRef(db, cohortId).update({ coachIds: FieldValue.arrayUnion(uid) });
}
