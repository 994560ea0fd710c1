import { randomBytes } from 'node:crypto';
import type { TrackerData } from '@sfida/core/tracker';
import type { TrackerResult } from '@sfida/core/tracker-actions';
import { ensureAccount } from '../features/account/admin';
import { cohortRef, type CohortDoc } from '../shared/cohort-repository';
import { inviteCodeRef, newInviteCode } from '../shared/invite-codes';
import { membershipOf, raiseMembersVersion, startMemberIndex, writeMembership } from '../shared/member-index-repository';
import { userRef, type UserDoc } from '../shared/user-repository';
import { followUserWrite, rosterRowRef } from '../shared/roster-row-repository';
import { Client, PASSWORD, uniqueEmail, type TestApp } from './api-harness';

// What the coach-side API tests set up the same way: a signed-in coach, a cohort written
// directly (creating one through the API is the cohorts tests' own subject), a tracker change that must work.

export const newId = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}`;

/** A coach (OWNER) signed in through the API. */
export async function signedInCoach(app: TestApp, name = 'Coach') {
  const email = uniqueEmail('coach');
  const user = await ensureAccount(app.deps, { email, password: PASSWORD, name, role: 'OWNER', cohortId: newId('coach') });
  const client = new Client(app);
  const login = await client.post('/api/auth/login', { email, password: PASSWORD });
  if (login.status !== 200) throw new Error(`coach login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return { client, user };
}

/** A cohort run by `coachIds`, starting on `startDate` (a Monday), written with the Admin SDK. */
export async function writeCohort(app: TestApp, fields: { coachIds: string[]; startDate: string; name?: string }): Promise<string> {
  const id = newId('coorte');
  const doc: CohortDoc = {
    name: fields.name ?? 'Coorte di prova',
    startDate: fields.startDate,
    coachIds: fields.coachIds,
    inviteCode: newId('CODICE'),
    registrationOpen: true,
    createdAt: `${fields.startDate}T08:00:00.000Z`,
  };
  await cohortRef(app.deps.db, id).set(doc);
  return id;
}

/**
 * An open cohort that people register with: its code (by default a new one, of the current shape)
 * and the code's lookup, written with the Admin SDK.
 */
export async function writeInvitingCohort(app: TestApp, code = newInviteCode('Autunno')): Promise<{ id: string; code: string }> {
  const id = newId('coorte');
  const doc: CohortDoc = { name: 'Autunno', startDate: '2031-01-06', coachIds: [], inviteCode: code, registrationOpen: true, createdAt: '2031-01-01T08:00:00.000Z' };
  await inviteCodeRef(app.deps.db, code).create({ cohortId: id });
  await cohortRef(app.deps.db, id).set(doc);
  return { id, code };
}

/** Gives a cohort written without members the complete, empty member index a cohort created through the API starts with. */
export async function indexMembers(app: TestApp, cohortId: string): Promise<void> {
  const { db } = app.deps;
  const batch = db.batch();
  startMemberIndex(db, batch, cohortId);
  batch.update(cohortRef(db, cohortId), { membersIndexed: true });
  raiseMembersVersion(db, batch, cohortId);
  await batch.commit();
}

/**
 * Changes a user's document as a writer of the app would (a move to another cohort, a withdrawal
 * dated by the test), their cohorts' member indexes with it: for cohorts that have one.
 */
export async function updateMember(app: TestApp, uid: string, fields: Partial<UserDoc>): Promise<void> {
  const { db } = app.deps;
  const ref = userRef(db, uid);
  await db.runTransaction(async (tx) => {
    const before = (await tx.get(ref)).data() as Partial<UserDoc> | undefined;
    tx.update(ref, fields);
    followUserWrite(db, tx, uid, fields);
    writeMembership(db, tx, uid, membershipOf(before), membershipOf({ ...before, ...fields }));
  });
}

/**
 * Changes a user's document with its roster row, as every writer does, but not the member index:
 * a writer that forgot the index, or an account changed before cohorts had one.
 */
export async function updateUserOnly(app: TestApp, uid: string, fields: Partial<UserDoc>): Promise<void> {
  const { db } = app.deps;
  const batch = db.batch();
  batch.update(userRef(db, uid), fields);
  followUserWrite(db, batch, uid, fields);
  await batch.commit();
}

/** The tracker a core action made, or the test fails with the action's message. */
export function must(result: TrackerResult): TrackerData {
  if (!result.ok) throw new Error(result.message);
  return result.data;
}

/**
 * Makes the participant's document one from before roster digests (the field gone). Deleted and
 * written again: the local emulator keeps a field that an update deletes or a set leaves out.
 */
export async function forgetRosterDigest(app: TestApp, uid: string): Promise<void> {
  const ref = userRef(app.deps.db, uid);
  const { rosterDigest: _forgotten, ...rest } = (await ref.get()).data() ?? {};
  await ref.delete();
  await ref.set(rest);
  // Older than the roster's rows too: its row would still hold the digest.
  await rosterRowRef(app.deps.db, uid).delete();
}
