import type { Firestore } from 'firebase-admin/firestore';
import { participantFrom, type Participant } from '../../shared/participant-repository';
import { usersCollection } from '../../shared/user-repository';

// The coach's search (core's participant-search.ts): participants of the coach's cohorts by the
// start of their normalised name, or anyone by the whole email (then kept only if in those cohorts).
// Each query is bounded by its limit, whatever the cohorts' size.

/** Firestore's `in` takes at most 30 values. */
const IN_LIMIT = 30;

/** Participants of `cohortIds` whose `searchName` starts with `prefix`, at most `limit` of each 30 cohorts, by name. */
export async function participantsByNamePrefix(db: Firestore, cohortIds: string[], prefix: string, limit: number): Promise<Participant[]> {
  const groups: string[][] = [];
  for (let i = 0; i < cohortIds.length; i += IN_LIMIT) groups.push(cohortIds.slice(i, i + IN_LIMIT));
  const snaps = await Promise.all(
    groups.map((ids) =>
      usersCollection(db)
        .where('cohortId', 'in', ids)
        .where('role', '==', 'PARTICIPANT')
        .where('searchName', '>=', prefix)
        // The highest code point of the Basic Multilingual Plane: every name that starts with the prefix sorts below it.
        .where('searchName', '<', `${prefix}\uffff`)
        .orderBy('searchName')
        .limit(limit)
        .get(),
    ),
  );
  return snaps.flatMap((snap) => snap.docs.map(participantFrom));
}

/** The accounts with the email `email` (in lower case, as stored): one at most, a few if ever duplicated. */
export async function usersByEmail(db: Firestore, email: string, limit: number): Promise<Participant[]> {
  const snap = await usersCollection(db).where('email', '==', email).limit(limit).get();
  return snap.docs.map(participantFrom);
}
