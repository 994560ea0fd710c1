import { HOME_TIME_ZONE, mondayOf, todayIn } from '@sfida/core/dates';
import { FieldValue } from 'firebase-admin/firestore';
import type { Deps } from '../deps';
import { cohortRef, type CohortDoc } from './cohort-repository';
import { isAlreadyExists } from './firestore';
import { inviteCodeRef } from './invite-codes';
import { membershipOf, writeMembership } from './member-index-repository';
import { followUserWrite } from './roster-row-repository';
import { usersCollection, type UserDoc } from './user-repository';

// Before cohorts were data, everyone registered with the INVITE_CODE secret into
// config.inviteCohortId. That code becomes the code of a first cohort with that id.

type MigrationDeps = Pick<Deps, 'db' | 'clock' | 'config'>;

export const DEFAULT_COHORT_NAME = 'Coorte principale';

/**
 * Creates `cohorts/{config.inviteCohortId}` (code INVITE_CODE, every OWNER as coach) when missing,
 * and the lookup of its current code. Idempotent, and safe to run concurrently (create() only).
 * A cohort that exists keeps its code: one its coaches replaced never comes back.
 */
export async function ensureDefaultCohortDoc(deps: MigrationDeps): Promise<{ created: boolean }> {
  const { db, clock, config } = deps;
  if (!config.inviteCode) throw new Error('INVITE_CODE manca: serve per creare la coorte principale');
  const ref = cohortRef(db, config.inviteCohortId);
  let snap = await ref.get();
  let created = false;
  if (!snap.exists) {
    const owners = await usersCollection(db).where('role', '==', 'OWNER').select().get();
    const now = clock();
    const doc: CohortDoc = {
      name: DEFAULT_COHORT_NAME,
      startDate: mondayOf(todayIn(HOME_TIME_ZONE, now)),
      coachIds: owners.docs.map((d) => d.id),
      inviteCode: config.inviteCode,
      registrationOpen: true,
      createdAt: now.toISOString(),
    };
    try {
      await ref.create(doc);
      created = true;
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
    }
    snap = await ref.get();
  }
  const cohort = snap.data() as CohortDoc;
  try {
    await inviteCodeRef(db, cohort.inviteCode).create({ cohortId: ref.id });
  } catch (error) {
    if (!isAlreadyExists(error)) throw error;
  }
  return { created };
}

/**
 * The cohorts migration (`npm run migrate-cohorts`, the local stack's seed): the default cohort,
 * and its id on every user that has no cohort. Running it again changes nothing.
 */
export async function ensureDefaultCohort(deps: MigrationDeps): Promise<{ cohortCreated: boolean; usersAssigned: number }> {
  const { created } = await ensureDefaultCohortDoc(deps);
  // A missing field cannot be queried for: every user is read (what their membership needs).
  const users = await usersCollection(deps.db).select('cohortId', 'role', 'withdrawnAt', 'disabled').get();
  const without = users.docs.filter((d) => {
    const cohortId: unknown = d.get('cohortId');
    return typeof cohortId !== 'string' || cohortId === '';
  });
  const cohortId = deps.config.inviteCohortId;
  for (const doc of without) {
    const batch = deps.db.batch();
    batch.update(doc.ref, { cohortId });
    followUserWrite(deps.db, batch, doc.id, { cohortId });
    writeMembership(deps.db, batch, doc.id, null, membershipOf({ ...(doc.data() as Partial<UserDoc>), cohortId }));
    await batch.commit();
  }
  return { cohortCreated: created, usersAssigned: without.length };
}

/**
 * Adds `uid` to the default cohort's coaches (make-owner). Without INVITE_CODE a missing cohort
 * is left to the first registration, which creates it naming every OWNER, this one included.
 */
export async function addDefaultCohortCoach(deps: MigrationDeps, uid: string): Promise<void> {
  if (deps.config.inviteCode) await ensureDefaultCohortDoc(deps);
  const ref = cohortRef(deps.db, deps.config.inviteCohortId);
  if (!(await ref.get()).exists) return;
  await ref.update({ coachIds: FieldValue.arrayUnion(uid) });
}
