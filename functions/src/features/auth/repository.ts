import type { Firestore } from 'firebase-admin/firestore';
import { membershipOf, writeMembership } from '../../shared/member-index-repository';
import { writeWholeRosterRow } from '../../shared/roster-row-repository';
import { userRef, type UserDoc } from '../../shared/user-repository';
import { addToShards, type WeekStatsWrite } from '../../shared/week-stats-repository';

/**
 * Writes a new participant's documents in one batch that creates `users/{uid}` (with the cohort's
 * member index and, when given, their first contribution to its weekly figures), so a second
 * request for the same uid fails as a whole (ALREADY_EXISTS) and changes nothing.
 */
export async function createParticipantDocs(db: Firestore, uid: string, doc: UserDoc, weekStats: WeekStatsWrite | null): Promise<void> {
  const batch = db.batch();
  batch.create(userRef(db, uid), weekStats ? { ...doc, weekStats: weekStats.stored } : doc);
  writeWholeRosterRow(db, batch, uid, doc);
  writeMembership(db, batch, uid, null, membershipOf(doc));
  if (weekStats) addToShards(db, batch, uid, weekStats);
  await batch.commit();
}
