import { FieldPath, type Firestore, type Query } from 'firebase-admin/firestore';
import { summariesCollection, summaryRef, weeklyScoresCollection } from '../../shared/tracker-repository';
import { userRef, usersCollection } from '../../shared/user-repository';

// The leaderboard reads the tracker's summaries and weekly scores (shared/tracker-repository.ts) and the users.

/** The fields of a summary or a weekly score that a leaderboard row shows. */
const SCORE_FIELDS = ['userId', 'points', 'totalPoints', 'streakDays', 'streakThrough'] as const;

/** The week's weekly scores of a cohort, highest week points then total first (the week's top). */
export function topWeeklyScores(db: Firestore, cohortId: string, weekStart: string, limit: number) {
  return weeklyScoresCollection(db)
    .where('cohortId', '==', cohortId)
    .where('weekStart', '==', weekStart)
    .orderBy('points', 'desc')
    .orderBy('totalPoints', 'desc')
    .select(...SCORE_FIELDS)
    .limit(limit)
    .get();
}

/** The ranked summaries of a cohort, highest total first. */
export function topRankedSummaries(db: Firestore, cohortId: string, limit: number) {
  return rankedSummaries(db, cohortId).orderBy('totalPoints', 'desc').select(...SCORE_FIELDS).limit(limit).get();
}

function rankedSummaries(db: Firestore, cohortId: string) {
  return summariesCollection(db).where('cohortId', '==', cohortId).where('ranked', '==', true);
}

function weekScores(db: Firestore, cohortId: string, weekStart: string) {
  return weeklyScoresCollection(db).where('cohortId', '==', cohortId).where('weekStart', '==', weekStart);
}

async function countOf(query: Query): Promise<number> {
  return (await query.count().get()).data().count;
}

/**
 * How many ranked members of the cohort score strictly better than `points` in the week and
 * `totalPoints` overall (more week points, or as many and a higher total): count aggregations only,
 * about one read per thousand members counted. Members without a weekly score have 0 week points.
 */
export async function countBetter(db: Firestore, cohortId: string, weekStart: string, points: number, totalPoints: number): Promise<number> {
  const scores = weekScores(db, cohortId, weekStart);
  if (points > 0) {
    const [morePoints, higherTotal] = await Promise.all([
      countOf(scores.where('points', '>', points)),
      countOf(scores.where('points', '==', points).where('totalPoints', '>', totalPoints)),
    ]);
    return morePoints + higherTotal;
  }
  // Every weekly score beats 0 week points; of the members with a higher total, those without one tie on 0.
  const [scored, higherTotal, scoredHigherTotal] = await Promise.all([
    countOf(scores),
    countOf(rankedSummaries(db, cohortId).where('totalPoints', '>', totalPoints)),
    countOf(scores.where('totalPoints', '>', totalPoints)),
  ]);
  return scored + higherTotal - scoredHigherTotal;
}

/** How many ranked members of the cohort have more than `totalPoints` in all (the final ranking's "strictly better"). */
export function countHigherTotal(db: Firestore, cohortId: string, totalPoints: number): Promise<number> {
  return countOf(rankedSummaries(db, cohortId).where('totalPoints', '>', totalPoints));
}

/** The fields of a users document that decide whether a member is ranked, and their name. */
const MEMBER_FIELDS = ['name', 'cohortId', 'role', 'disabled', 'withdrawnAt', 'onboardingCompletato'];

/** The users documents of `uids` (their MEMBER_FIELDS), in one read, in that order. */
export async function membersOf(db: Firestore, uids: string[]) {
  return uids.length > 0 ? await db.getAll(...uids.map((uid) => userRef(db, uid)), { fieldMask: MEMBER_FIELDS }) : [];
}

/** Up to `limit` of the cohort's users (their MEMBER_FIELDS) by document id, those after `after` ('' from the first). */
export function cohortMembersPage(db: Firestore, cohortId: string, after: string, limit: number) {
  let query = usersCollection(db).where('cohortId', '==', cohortId);
  if (after !== '') query = query.where(FieldPath.documentId(), '>', after);
  return query.orderBy(FieldPath.documentId()).select(...MEMBER_FIELDS).limit(limit).get();
}

/** The caller's summary and users document, in one read: each has only some of the masked fields. */
export function ownStanding(db: Firestore, uid: string) {
  return db.getAll(summaryRef(db, uid), userRef(db, uid), {
    fieldMask: ['cohortId', 'totalPoints', 'streakDays', 'streakThrough', 'pointsByWeek', 'withdrawnAt'],
  });
}
