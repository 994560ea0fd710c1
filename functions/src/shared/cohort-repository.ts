import type { Firestore } from 'firebase-admin/firestore';
import { coachMessages } from '@sfida/core/coach';
import { DEFAULT_STORED_PACE, cohortRulesOf, type CohortInfo, type CohortPace, type CohortRules } from '@sfida/core/cohort';
import type { Package } from '@sfida/core/packages';
import type { User } from '@sfida/core/user';
import { NotAllowedError, NotFoundError } from './domain-error';

// `cohorts/{cohortId}` is read by the coach features, registration and the leaderboard, so its
// repository lives here, below all of them.

/** What `cohorts/{cohortId}` holds. */
export interface CohortDoc {
  name: string;
  /** The Monday the group begins (YYYY-MM-DD). */
  startDate: string;
  /** The coaches (OWNER accounts) who run it. */
  coachIds: string[];
  /** Shown to its coaches; registration looks it up through `inviteCodes/{hash}`. */
  inviteCode: string;
  registrationOpen: boolean;
  createdAt: string;
  /** Every coaches' tag in use on its participants (features/notes): the roster's filter and the composer's segment list them. */
  tags?: string[];
  /** How its participants' challenges start (core/cohort.ts); absent on cohorts stored before paces: DEFAULT_STORED_PACE. */
  pace?: CohortPace;
  /** The community group's https link, null or absent for none. */
  communityLink?: string | null;
  /** The "Eventi riservati" banner's text; null or absent when the events are open to the whole cohort. */
  reservedEventsText?: string | null;
  /** Its motivation rules (core/cohort.ts); a rule it does not store is off, as on cohorts stored before them. */
  rules?: Partial<CohortRules>;
  /** When a coach archived it: read-only and out of the lists. Null or absent while active. */
  archivedAt?: string | null;
  /**
   * True once its member index lists every participant (member-index-repository.ts): set with the
   * index at creation, or by the migration. Absent: the roster queries `users` without reading the index.
   */
  membersIndexed?: boolean;
}

/** The settings of a stored cohort, with what an older document's missing fields mean. */
export function cohortSettingsOf(cohort: CohortDoc) {
  return {
    pace: cohort.pace ?? DEFAULT_STORED_PACE,
    communityLink: cohort.communityLink ?? null,
    reservedEventsText: cohort.reservedEventsText ?? null,
    rules: cohortRulesOf(cohort.rules),
    archivedAt: cohort.archivedAt ?? null,
  };
}

/** The cohort as its participants see it (`GET /api/cohorts/{cohortId}`). */
export function cohortInfoOf(id: string, cohort: CohortDoc): CohortInfo {
  const { pace, communityLink, reservedEventsText, rules } = cohortSettingsOf(cohort);
  return { id, name: cohort.name, startDate: cohort.startDate, pace, communityLink, reservedEventsText, rules };
}

export function cohortsCollection(db: Firestore) {
  return db.collection('cohorts');
}

export function cohortRef(db: Firestore, cohortId: string) {
  return cohortsCollection(db).doc(cohortId);
}

/**
 * `cohorts/{cohortId}`, or null when there is none: for the features that need what it stores (its
 * rules, its coaches, its start) and decide for themselves what a missing cohort means.
 */
export async function storedCohort(db: Firestore, cohortId: string): Promise<CohortDoc | null> {
  const snap = await cohortRef(db, cohortId).get();
  return snap.exists ? (snap.data() as CohortDoc) : null;
}

/** A cohort as its coaches' routes hold it: the id and what it stores. */
export interface CoachedCohort {
  id: string;
  cohort: CohortDoc;
}

/** A cohort as a reader of it finds it (middleware's requireMemberOrCoachOf); `asCoach`: one of its coaches reads it. */
export interface ReadCohort extends CoachedCohort {
  asCoach: boolean;
  /** The participant's package in the cohort (Base for a coach, who may open everything anyway). */
  package: Package;
}

/** The cohorts `uid` coaches. */
export async function cohortsCoachedBy(db: Firestore, uid: string): Promise<CoachedCohort[]> {
  const snap = await cohortsCollection(db).where('coachIds', 'array-contains', uid).get();
  return snap.docs.map((doc) => ({ id: doc.id, cohort: doc.data() as CohortDoc }));
}

/** The cohorts `uid` coaches that are not archived: what the coach's daily lists (triage, check-ins, conversations) cover. */
export async function activeCohortsCoachedBy(db: Firestore, uid: string): Promise<CoachedCohort[]> {
  return (await cohortsCoachedBy(db, uid)).filter(({ cohort }) => !cohort.archivedAt);
}

/**
 * The cohort `cohortId` if `user` is one of its coaches. A participant and a coach of other cohorts
 * are not allowed (403), an id no cohort has is not found (404; the session check has already answered 401). The one
 * answer to "is this a coach of this cohort?": requireCoachOf asks it for the coach routes, and
 * the routes that find the cohort elsewhere (a thread, a query, a participant) ask it directly.
 */
export async function cohortOfCoach(db: Firestore, user: User, cohortId: string): Promise<CoachedCohort> {
  if (user.role !== 'OWNER') throw new NotAllowedError(coachMessages.coachesOnly);
  const cohort = await storedCohort(db, cohortId);
  if (!cohort) throw new NotFoundError(coachMessages.cohortNotFound);
  if (!cohort.coachIds.includes(user.id)) throw new NotAllowedError(coachMessages.notYourCohort);
  return { id: cohortId, cohort };
}
