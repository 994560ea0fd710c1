import type { Firestore } from 'firebase-admin/firestore';
import { cohortRef, type CohortDoc } from './cohort-repository';

// One cohort's document by its id, for the features that need what it stores (its rules, its
// coaches, its start) and decide for themselves what a missing cohort means.

/** `cohorts/{cohortId}`, or null when there is none. */
export async function storedCohort(db: Firestore, cohortId: string): Promise<CohortDoc | null> {
  const snap = await cohortRef(db, cohortId).get();
  return snap.exists ? (snap.data() as CohortDoc) : null;
}
