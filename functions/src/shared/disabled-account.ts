import type { Firestore } from 'firebase-admin/firestore';
import { markDisabled } from './member-index-repository';
import { leaveTeams } from './team-repository';
import { unrankParticipant } from './tracker-repository';

/**
 * What a disabled account leaves, however it was disabled (the admin command, or Firebase's
 * console, which a session's check finds): the cohort's active participants, the leaderboard and
 * the counts that rank the others, and its team, whose average counts its members.
 */
export async function retireDisabledAccount(db: Firestore, uid: string): Promise<void> {
  const cohortId = await markDisabled(db, uid);
  await unrankParticipant(db, uid);
  if (cohortId) await leaveTeams(db, cohortId, uid);
}
