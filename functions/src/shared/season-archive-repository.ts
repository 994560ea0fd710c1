import type { Firestore } from 'firebase-admin/firestore';
import { userRef } from './user-repository';

// `users/{uid}/seasons/{n}`: season n's tracker as it stood when the participant accepted the next
// one ("Nuova stagione", features/seasons, which writes it once, with create()), with the cohort and
// start it was played in. Here, below the features: the certificate reads the last one. A split
// tracker's closed months are not copied: their parts, keyed by the season, stay where they are.

/** What `users/{uid}/seasons/{n}` holds. */
export interface ArchivedSeasonDoc {
  season: number;
  cohortId: string;
  challengeStartDate: string | null;
  challengeJoinedOn: string | null;
  /** The tracker, as `progress/{uid}` keeps it (JSON): a split one's head, whose closed months stay in their parts (`progressParts/{uid}_{season}_{month}`). */
  data: string | null;
  /** The head's points history and what it says of its closed months, as `progress/{uid}` keeps them; absent in an archive from before the split. */
  points?: string | null;
  closed?: string | null;
  totalPoints: number;
  archivedAt: string;
}

export function archivedSeasonRef(db: Firestore, uid: string, season: number) {
  return userRef(db, uid).collection('seasons').doc(String(season));
}

/** The participant's last archived season, or null (a single-field order: no composite index). */
export async function lastArchivedSeason(db: Firestore, uid: string): Promise<ArchivedSeasonDoc | null> {
  const snap = await userRef(db, uid).collection('seasons').orderBy('season', 'desc').limit(1).get();
  return (snap.docs[0]?.data() as ArchivedSeasonDoc | undefined) ?? null;
}
