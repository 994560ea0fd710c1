import type { Firestore } from 'firebase-admin/firestore';
import { userRef } from './user-repository';

// `users/{uid}/seasons/{n}`: season n's tracker as it stood when the participant accepted the next
// one ("Nuova stagione", features/seasons, which writes it once, with create()), with the cohort and
// start it was played in. Here, below the features: the certificate reads the last one.

/** What `users/{uid}/seasons/{n}` holds. */
export interface ArchivedSeasonDoc {
  season: number;
  cohortId: string;
  challengeStartDate: string | null;
  challengeJoinedOn: string | null;
  /** The tracker, as `progress/{uid}` keeps it (JSON). */
  data: string | null;
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
