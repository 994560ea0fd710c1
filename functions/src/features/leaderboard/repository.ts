import { FieldPath, type DocumentSnapshot, type Firestore, type Query } from 'firebase-admin/firestore';
import { summariesCollection, summaryRef, weeklyScoresCollection } from '../../shared/tracker-repository';
import { userRef, usersCollection } from '../../shared/user-repository';
import type { Member, Score, SummaryFields } from './ranking';

// The leaderboard reads the tracker's summaries and weekly scores (shared/tracker-repository.ts) and
// the users, each with only the fields it shows (a select or a field mask), and answers them as data.

/** The fields of a summary or a weekly score that a leaderboard row shows. */
const SCORE_FIELDS = ['userId', 'points', 'totalPoints', 'streakDays', 'streakThrough'] as const;

/** A member's standing from a weekly score or a summary (which have the total and streak fields alike). */
function scoreOf(userId: string, weekPoints: number, doc: DocumentSnapshot): Score {
  const streakThrough: unknown = doc.get('streakThrough');
  return {
    userId,
    weekPoints,
    totalPoints: (doc.get('totalPoints') as number | undefined) ?? 0,
    streakDays: (doc.get('streakDays') as number | undefined) ?? 0,
    streakThrough: typeof streakThrough === 'string' ? streakThrough : '',
  };
}

/** The week's weekly scores of a cohort, highest week points then total first (the week's top). */
export async function topWeeklyScores(db: Firestore, cohortId: string, weekStart: string, limit: number): Promise<Score[]> {
  const snap = await weeklyScoresCollection(db)
    .where('cohortId', '==', cohortId)
    .where('weekStart', '==', weekStart)
    .orderBy('points', 'desc')
    .orderBy('totalPoints', 'desc')
    .select(...SCORE_FIELDS)
    .limit(limit)
    .get();
  return snap.docs.map((doc) => scoreOf(doc.get('userId') as string, doc.get('points') as number, doc));
}

/** The ranked summaries of a cohort, highest total first, as standings with no week points. */
export async function topRankedSummaries(db: Firestore, cohortId: string, limit: number): Promise<Score[]> {
  const snap = await rankedSummaries(db, cohortId).orderBy('totalPoints', 'desc').select(...SCORE_FIELDS).limit(limit).get();
  return snap.docs.map((doc) => scoreOf(doc.id, 0, doc));
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

/** The fields of a users document that decide whether a member is ranked, and their name: a Member's. */
const MEMBER_FIELDS: Array<Exclude<keyof Member, 'id'>> = ['name', 'cohortId', 'role', 'disabled', 'withdrawnAt', 'onboardingCompletato'];

function memberFrom(snap: DocumentSnapshot | undefined): Member | null {
  return snap?.exists ? { ...snap.data(), id: snap.id } : null;
}

/** The users of `uids` (their MEMBER_FIELDS), in one read, in that order: null for an id no user has. */
export async function membersOf(db: Firestore, uids: string[]): Promise<Array<Member | null>> {
  return uids.length > 0 ? (await db.getAll(...uids.map((uid) => userRef(db, uid)), { fieldMask: MEMBER_FIELDS })).map(memberFrom) : [];
}

/** Up to `limit` of the cohort's users (their MEMBER_FIELDS) by document id, those after `after` ('' from the first). */
export async function cohortMembersPage(db: Firestore, cohortId: string, after: string, limit: number): Promise<Member[]> {
  let query = usersCollection(db).where('cohortId', '==', cohortId);
  if (after !== '') query = query.where(FieldPath.documentId(), '>', after);
  const page = await query.orderBy(FieldPath.documentId()).select(...MEMBER_FIELDS).limit(limit).get();
  return page.docs.map((doc) => ({ ...doc.data(), id: doc.id }));
}

/** The caller's summary as stored (with the cohort it was written in), and whether a coach withdrew them. */
export interface OwnStanding {
  summary: (SummaryFields & { cohortId?: unknown }) | null;
  withdrawn: boolean;
}

/** The caller's summary and users document, in one read: each has only some of the masked fields. */
export async function ownStanding(db: Firestore, uid: string): Promise<OwnStanding> {
  const [summary, user] = await db.getAll(summaryRef(db, uid), userRef(db, uid), {
    fieldMask: ['cohortId', 'totalPoints', 'streakDays', 'streakThrough', 'pointsByWeek', 'withdrawnAt'],
  });
  return { summary: summary?.exists ? (summary.data() as OwnStanding['summary']) : null, withdrawn: user?.get('withdrawnAt') !== undefined };
}
