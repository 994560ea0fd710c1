import type { Firestore } from 'firebase-admin/firestore';
import { changedTags, MAX_COHORT_TAGS, MAX_TAGS, tagTexts } from '@sfida/core/participant-notes';
import { coachMessages } from '@sfida/core/coach';
import { cohortRef } from '../../shared/cohort-repository';
import { InvalidError, NotFoundError } from '../../shared/domain-error';
import { userRef, usersCollection } from '../../shared/user-repository';

// The coaches' tags: `users/{uid}.coachTags` (where the roster's query filters by one) and
// `cohorts/{cohortId}.tags`, every tag in use in the cohort, for the filter and the composer
// without a query over the participants.

function tagsIn(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string') : [];
}

/**
 * Adds and takes off tags on a participant of the cohort, and keeps the cohort's list: a new tag
 * joins it, a tag no other participant still has leaves it. One transaction over the participant,
 * the cohort and (for each tag taken off) one look for another participant with it, so two coaches
 * tagging at once in production cannot leave the list behind.
 */
export async function changeTags(db: Firestore, cohortId: string, userId: string, add: string[], remove: string[]): Promise<string[]> {
  const user = userRef(db, userId);
  const cohort = cohortRef(db, cohortId);
  return db.runTransaction(async (tx) => {
    const [userSnap, cohortSnap] = await tx.getAll(user, cohort);
    if (!userSnap!.exists || userSnap!.get('cohortId') !== cohortId || userSnap!.get('role') !== 'PARTICIPANT') throw new NotFoundError(coachMessages.participantNotFound);
    const current = tagsIn(userSnap!.get('coachTags'));
    const next = changedTags(current, add, remove);
    if (next.length > MAX_TAGS && next.length > current.length) throw new InvalidError(tagTexts.tooManyTags);
    const cohortTags = new Set(tagsIn(cohortSnap!.get('tags')));
    const before = cohortTags.size;
    for (const tag of next) cohortTags.add(tag);
    if (cohortTags.size > MAX_COHORT_TAGS && cohortTags.size > before) throw new InvalidError(tagTexts.tooManyCohortTags);
    for (const tag of current.filter((t) => !next.includes(t))) {
      const holders = await tx.get(
        usersCollection(db).where('cohortId', '==', cohortId).where('role', '==', 'PARTICIPANT').where('coachTags', 'array-contains', tag).limit(2),
      );
      if (!holders.docs.some((doc) => doc.id !== userId)) cohortTags.delete(tag);
    }
    tx.update(user, { coachTags: next });
    tx.update(cohort, { tags: [...cohortTags].sort((a, b) => a.localeCompare(b, 'it')) });
    return next;
  });
}
