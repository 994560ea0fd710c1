import type { Firestore } from 'firebase-admin/firestore';
import { cohortRef, type CohortDoc } from '../../shared/cohort-repository';
import type { RosterDigest } from '@sfida/core/roster-digest';
import { seasonOf, type TrackerData } from '@sfida/core/tracker';
import { addNewThreads, voiceNotesOfNewThreads } from '../../shared/check-in-thread-repository';
import { unlessItExists } from '../../shared/firestore';
import { followUserWrite } from '../../shared/roster-row-repository';
import { triageRecheck, userRef, type UserDoc } from '../../shared/user-repository';
import type { ClosedDays, TrackerPart } from '@sfida/core/tracker-parts';
import {
  headFields,
  partDoc,
  partRef,
  storedTrackerFrom,
  summariesCollection,
  revisionMarker,
  revisionRef,
  summaryRef,
  trackerRef,
  weeklyScoreRef,
  type LeaderboardSummaryDoc,
  type StoredTracker,
  type WeeklyScoreDoc,
} from '../../shared/tracker-repository';
import type { StoredContribution } from '@sfida/core/cohort-progress';
import { addToShards, storedContributionOf, type WeekStatsWrite } from '../../shared/week-stats-repository';
import { watchPlannedActions } from '../../shared/planned-action-watch';

// The tracker's own writes. The documents other features read too (`progress`, `progressSummaries`,
// `weeklyScores`, the revision markers) are described in shared/tracker-repository.ts.

/** What a sync reads before it writes. */
export interface SyncRead {
  stored: StoredTracker | null;
  /** The summary the weekly scores were last written from. */
  summary: LeaderboardSummaryDoc | null;
  /** The caller's user document as stored now (whether a coach withdrew them, their day floor); empty when there is none. */
  userDoc: Partial<UserDoc>;
  /** Their stored contribution to the cohort's weekly figures. */
  contribution: StoredContribution | null;
  /** Their cohort as stored now; null without one. */
  cohort: CohortDoc | null;
  /** Set when `stored` was made whole from its head and these parts: the sync then stores its result split afresh. */
  replacedParts?: TrackerPart[];
}

/** One round trip: the tracker, its summary, the caller's user document and their cohort ('' : none read). */
export async function readForSync(db: Firestore, uid: string, cohortId: string): Promise<SyncRead> {
  const refs = [trackerRef(db, uid), summaryRef(db, uid), userRef(db, uid)];
  if (cohortId !== '') refs.push(cohortRef(db, cohortId));
  const [trackerSnap, summarySnap, userSnap, cohortSnap] = await db.getAll(...refs);
  return {
    stored: storedTrackerFrom(trackerSnap!),
    summary: summarySnap?.exists ? (summarySnap.data() as LeaderboardSummaryDoc) : null,
    userDoc: (userSnap?.data() ?? {}) as Partial<UserDoc>,
    contribution: storedContributionOf(userSnap),
    cohort: cohortSnap?.exists ? (cohortSnap.data() as CohortDoc) : null,
  };
}

/** What the sync changes in a participant's weekly scores: documents to write, weeks to delete. */
export interface WeeklyScoreChanges {
  set: WeeklyScoreDoc[];
  deleteWeeks: string[];
}

/** One revision of a participant's tracker and what is written with it. */
export interface TrackerRevision {
  uid: string;
  revision: number;
  /** The tracker's head (core/tracker-parts.ts), and what it says of its closed months. */
  tracker: TrackerData;
  closed: ClosedDays | null;
  /** Parts to write (the months that closed, or all of them when the whole tracker was split afresh), and months whose part goes. */
  parts: { write: TrackerPart[]; delete: number[] };
  summary: LeaderboardSummaryDoc;
  rosterDigest: RosterDigest;
  scores: WeeklyScoreChanges;
  /** The weeks whose check-in thread exists already. */
  threadWeeks: number[];
  /** The participant's new contribution to their cohort's weekly figures, and what it adds to them. */
  weekStats: WeekStatsWrite;
  /** When the reminders job should next look at the if-then plans, if that changed (null: no plan left); undefined when it did not. */
  plannedActionWatch?: Date | null;
  now: Date;
}

/**
 * Stores `tracker` as revision `revision` with its summary, unless another request stored that
 * revision first (then false, and nothing is written). The marker's `create` comes first in the
 * batch: Firestore commits a batch whole or not at all, and the marker cannot be created twice, so
 * of two writes based on the same revision exactly one lands. (A transaction would do the same in
 * production, but the local emulator takes no locks.)
 */
export async function saveTrackerRevision(db: Firestore, write: TrackerRevision): Promise<boolean> {
  const { uid, revision, tracker, summary, scores, threadWeeks, now } = write;
  const voiceNotes = await voiceNotesOfNewThreads(db, uid, tracker.checkIns, threadWeeks);
  const batch = db.batch();
  batch.create(revisionRef(db, uid, revision), revisionMarker(now));
  // A check-in's thread is created with the tracker that first holds it: none is missed, none made twice.
  const weeks = addNewThreads(db, batch, { userId: uid, cohortId: summary.cohortId, season: seasonOf(tracker) }, tracker.checkIns, threadWeeks, now, voiceNotes);
  const season = seasonOf(tracker);
  batch.set(trackerRef(db, uid), { ...headFields(tracker, write.closed), revision, cohortId: summary.cohortId, updatedAt: summary.updatedAt, threadWeeks: weeks });
  // In the same batch: the head never names a part that is not stored as it says.
  for (const part of write.parts.write) batch.set(partRef(db, uid, season, part.month), partDoc(uid, season, part));
  for (const month of write.parts.delete) batch.delete(partRef(db, uid, season, month));
  batch.set(summaryRef(db, uid), summary);
  // The participant's own document: the roster reads the digest with the rest of them.
  batch.update(userRef(db, uid), { rosterDigest: JSON.stringify(write.rosterDigest), weekStats: write.weekStats.stored, ...triageRecheck(now) });
  // And the roster's row of them, in the same batch (decision 055).
  followUserWrite(db, batch, uid, { rosterDigest: JSON.stringify(write.rosterDigest) });
  // In the same batch: the cohort's weekly figures never disagree with the contribution stored.
  addToShards(db, batch, uid, write.weekStats);
  // In the same batch: the scores never disagree with the summary they come from.
  for (const score of scores.set) batch.set(weeklyScoreRef(db, score.weekStart, uid), score);
  for (const weekStart of scores.deleteWeeks) batch.delete(weeklyScoreRef(db, weekStart, uid));
  if (write.plannedActionWatch !== undefined) watchPlannedActions(db, batch, uid, write.plannedActionWatch);
  // The marker exists: another request stored this revision first.
  return unlessItExists(() => batch.commit());
}

/** Every stored summary (the weekly-scores migration reads them all). */
export function allSummaries(db: Firestore) {
  return summariesCollection(db).get();
}
