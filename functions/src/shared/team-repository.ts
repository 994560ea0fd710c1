import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { smallestTeam } from '@sfida/core/teams';

// `teams/{teamId}`: a cohort's small teams (features/teams forms and changes them). Here, below the
// features, what others need of them: registration places a latecomer, a withdrawal takes a member
// out, a message goes to a team's members.

/** What `teams/{teamId}` holds. A participant is in at most one team: `memberIds` is the membership. */
export interface TeamDoc {
  cohortId: string;
  name: string;
  memberIds: string[];
  createdAt: string;
}

export interface StoredTeam extends TeamDoc {
  id: string;
}

export function teamsCollection(db: Firestore) {
  return db.collection('teams');
}

export function teamRef(db: Firestore, teamId: string) {
  return teamsCollection(db).doc(teamId);
}

/** Every team of the cohort (a few per dozen participants). */
export async function teamsOfCohort(db: Firestore, cohortId: string): Promise<StoredTeam[]> {
  const snap = await teamsCollection(db).where('cohortId', '==', cohortId).get();
  return snap.docs.map((doc) => ({ id: doc.id, ...(doc.data() as TeamDoc) }));
}

/** The team `uid` is in within the cohort, or null. */
export async function teamOfMember(db: Firestore, cohortId: string, uid: string): Promise<StoredTeam | null> {
  const snap = await teamsCollection(db).where('memberIds', 'array-contains', uid).get();
  const doc = snap.docs.find((d) => d.get('cohortId') === cohortId);
  return doc ? { id: doc.id, ...(doc.data() as TeamDoc) } : null;
}

/** The team `teamId` if it belongs to the cohort, else null. */
export async function teamOfCohort(db: Firestore, cohortId: string, teamId: string): Promise<StoredTeam | null> {
  const snap = await teamRef(db, teamId).get();
  return snap.exists && snap.get('cohortId') === cohortId ? { id: snap.id, ...(snap.data() as TeamDoc) } : null;
}

/**
 * Puts a participant who joined a cohort with teams into its smallest team; nothing when the
 * cohort has none, and nothing new when they are in one of its teams already. Idempotent, so that
 * a read ("La mia squadra") may place them: looks at once place them once. The teams are read and
 * the add written in one transaction, which production serialises; the add is an atomic arrayUnion,
 * so two newcomers at once are both kept (they may both land in the same smallest team: a
 * difference of one that the coach can move). An update() needs the team to exist: when a coach
 * formed the teams again meanwhile, it fails and the newcomer is placed among the new ones.
 * Returns the team's id.
 */
export async function placeInSmallestTeam(db: Firestore, cohortId: string, uid: string): Promise<string | null> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      return await db.runTransaction(async (tx) => {
        const snap = await tx.get(teamsCollection(db).where('cohortId', '==', cohortId));
        const teams: StoredTeam[] = snap.docs.map((doc) => ({ id: doc.id, ...(doc.data() as TeamDoc) }));
        const current = teams.find((team) => team.memberIds.includes(uid));
        if (current) return current.id;
        const team = smallestTeam(teams);
        if (!team) return null;
        tx.update(teamRef(db, team.id), { memberIds: FieldValue.arrayUnion(uid) });
        return team.id;
      });
    } catch (error) {
      // NOT_FOUND: the team was replaced since it was read.
      if ((error as { code?: unknown }).code !== 5) throw error;
    }
  }
  return null;
}

/** Takes `uid` out of every team of the cohort (withdrawn: they no longer count in an average). */
export async function leaveTeams(db: Firestore, cohortId: string, uid: string): Promise<void> {
  const snap = await teamsCollection(db).where('memberIds', 'array-contains', uid).get();
  const batch = db.batch();
  for (const doc of snap.docs) if (doc.get('cohortId') === cohortId) batch.update(doc.ref, { memberIds: FieldValue.arrayRemove(uid) });
  await batch.commit();
}
