import type { Firestore, Timestamp } from 'firebase-admin/firestore';
import type { CohortPace } from '@sfida/core/cohort';
import type { StoredContribution } from '@sfida/core/cohort-progress';
import type { RosterDigest } from '@sfida/core/roster-digest';
import { seasonOf, type TrackerData } from '@sfida/core/tracker';
import { retentionFollowing } from '../../shared/account-retention';
import { unlessItExists } from '../../shared/firestore';
import { conversationRef, moveConversation } from '../../shared/conversation-repository';
import { archivedSeasonRef, type ArchivedSeasonDoc } from '../../shared/season-archive-repository';
import { membershipOf, writeMembership } from '../../shared/member-index-repository';
import {
  headFields,
  revisionMarker,
  revisionRef,
  storedTrackerFrom,
  summaryRef,
  trackerRef,
  type LeaderboardSummaryDoc,
  type StoredTracker,
} from '../../shared/tracker-repository';
import { storedUserFrom, triageRecheck, userRef, usersCollection, type StoredUser, type UserDoc } from '../../shared/user-repository';
import { followUserWrite } from '../../shared/roster-row-repository';
import { addToShards, storedContributionOf, type WeekStatsWrite } from '../../shared/week-stats-repository';

// "Nuova stagione" (docs/decisions/042):
// `seasonInvitations/{uid}_{targetCohortId}`: a coach's invitation of a participant who finished
// the eight weeks to another cohort. Created with create(), so inviting twice invites once.
// `users/{uid}/seasons/{n}` (shared/season-archive-repository.ts): created here, once, with create().

export type InvitationStatus = 'pending' | 'accepted' | 'declined';

/** What `seasonInvitations/{uid}_{targetCohortId}` holds. */
export interface SeasonInvitationDoc {
  userId: string;
  fromCohortId: string;
  targetCohortId: string;
  /** The target's name and start when invited, for the participant's dashboard without a cohort read. */
  cohortName: string;
  startDate: string;
  pace: CohortPace;
  invitedBy: string;
  createdAt: string;
  status: InvitationStatus;
  answeredAt?: string;
}

export function invitationRef(db: Firestore, uid: string, targetCohortId: string) {
  return db.collection('seasonInvitations').doc(`${uid}_${targetCohortId}`);
}

/** The cohort's participants (withdrawn and disabled ones included: the service judges them). */
export async function participantsOf(db: Firestore, cohortId: string): Promise<StoredUser[]> {
  const snap = await usersCollection(db).where('cohortId', '==', cohortId).where('role', '==', 'PARTICIPANT').get();
  return snap.docs.map((doc) => storedUserFrom(doc)!);
}

/** Creates each invitation unless it exists: how many were new. */
export async function createInvitations(db: Firestore, invitations: SeasonInvitationDoc[]): Promise<number> {
  const created = await Promise.all(invitations.map((doc) => unlessItExists(() => invitationRef(db, doc.userId, doc.targetCohortId).create(doc))));
  return created.filter(Boolean).length;
}

/** The participant's open invitations (a couple at most: one per cohort a coach invited them to). */
export async function pendingInvitationsOf(db: Firestore, uid: string): Promise<SeasonInvitationDoc[]> {
  const snap = await db.collection('seasonInvitations').where('userId', '==', uid).where('status', '==', 'pending').get();
  return snap.docs.map((doc) => doc.data() as SeasonInvitationDoc);
}

/** An invitation as read, and the update time that accepting it is conditional on (opaque to the service). */
export interface ReadInvitation {
  invitation: SeasonInvitationDoc;
  readonly readAt: Timestamp;
}

/** `seasonInvitations/{uid}_{targetCohortId}`, or null when there is none. */
export async function invitationOf(db: Firestore, uid: string, targetCohortId: string): Promise<SeasonInvitationDoc | null> {
  const snap = await invitationRef(db, uid, targetCohortId).get();
  return snap.exists ? (snap.data() as SeasonInvitationDoc) : null;
}

/** What accepting reads. */
export interface AcceptRead {
  /** Null: no such invitation. */
  invitation: ReadInvitation | null;
  /** Null: the user document is gone. */
  user: StoredUser | null;
  /** Their contribution to the cohort's weekly figures, as the user document stores it. */
  contribution: StoredContribution | null;
  tracker: StoredTracker | null;
  /** The tracker's `data` field as stored, archived as it is; null before the first sync. */
  trackerData: string | null;
  /** Its `points` and `closed` fields, archived with it (null: none stored). */
  trackerPoints: string | null;
  trackerClosed: string | null;
  summary: LeaderboardSummaryDoc | null;
  /** The participant has a conversation document (one is created at their first message). */
  hasConversation: boolean;
}

/** What accepting reads, in one round trip. */
export async function readForAccept(db: Firestore, uid: string, targetCohortId: string): Promise<AcceptRead> {
  const [invitation, user, tracker, summary, conversation] = await db.getAll(
    invitationRef(db, uid, targetCohortId),
    userRef(db, uid),
    trackerRef(db, uid),
    summaryRef(db, uid),
    conversationRef(db, uid),
  );
  return {
    // A document that was read has an update time.
    invitation: invitation!.exists ? { invitation: invitation!.data() as SeasonInvitationDoc, readAt: invitation!.updateTime! } : null,
    user: storedUserFrom(user),
    contribution: storedContributionOf(user),
    tracker: storedTrackerFrom(tracker!),
    trackerData: tracker!.exists ? (tracker!.get('data') as string) : null,
    trackerPoints: (tracker!.get('points') as string | undefined) ?? null,
    trackerClosed: (tracker!.get('closed') as string | undefined) ?? null,
    summary: summary!.exists ? (summary!.data() as LeaderboardSummaryDoc) : null,
    hasConversation: conversation!.exists,
  };
}

export async function answerInvitation(db: Firestore, uid: string, targetCohortId: string, status: InvitationStatus, now: Date): Promise<void> {
  await invitationRef(db, uid, targetCohortId).update({ status, answeredAt: now.toISOString() });
}

/** Everything accepting a new season writes, worked out by the service. */
export interface NewSeasonMove {
  uid: string;
  before: Partial<UserDoc>;
  targetCohortId: string;
  invitation: ReadInvitation;
  /** The participant had a conversation when it was read (it may not exist yet). */
  hasConversation: boolean;
  archive: ArchivedSeasonDoc;
  /** The revision the fresh tracker is stored as: one more than the stored one. */
  revision: number;
  tracker: TrackerData;
  summary: LeaderboardSummaryDoc;
  rosterDigest: RosterDigest;
  /** The user document's new start. */
  challengeStartDate: string | null;
  weekStats: WeekStatsWrite;
  now: Date;
}

/**
 * Moves the participant to the new season in one batch: false when another request got there
 * first (the revision's marker or the season's archive exists: a sync landed meanwhile, or a
 * second tap), and nothing is written. As in the tracker's sync, the creates lead the batch and
 * make it a compare-and-set (the local emulator's transactions take no locks).
 */
export async function moveToNewSeason(db: Firestore, move: NewSeasonMove): Promise<boolean> {
  const { uid, now } = move;
  const batch = db.batch();
  batch.create(revisionRef(db, uid, move.revision), revisionMarker(now));
  batch.create(archivedSeasonRef(db, uid, move.archive.season), move.archive);
  // Only a pending invitation is accepted: unchanged since it was read.
  batch.update(invitationRef(db, uid, move.targetCohortId), { status: 'accepted', answeredAt: now.toISOString() }, { lastUpdateTime: move.invitation.readAt });
  const fields = {
    cohortId: move.targetCohortId,
    challengeStartDate: move.challengeStartDate,
    challengeJoinedOn: null,
    // What the participant's own check-in routes find their season's threads by (checkInThreadId).
    season: seasonOf(move.tracker),
    rosterDigest: JSON.stringify(move.rosterDigest),
    weekStats: move.weekStats.stored,
    ...triageRecheck(now),
  };
  // The account's retention counts from the new season's start, or while it has none from the season archived here.
  batch.update(userRef(db, uid), { ...fields, ...retentionFollowing(move.before, fields, move.archive.challengeStartDate) });
  followUserWrite(db, batch, uid, fields);
  writeMembership(db, batch, uid, membershipOf(move.before), membershipOf({ ...move.before, ...fields }));
  addToShards(db, batch, uid, move.weekStats);
  // The conversation goes with the participant: the new cohort's coaches list it, the old one's no longer do.
  if (move.hasConversation) moveConversation(db, batch, uid, move.targetCohortId);
  // A new season's threads start from none: its check-ins open their own.
  // The last season's closed months stay in their parts, which name that season.
  batch.set(trackerRef(db, uid), { ...headFields(move.tracker, null), revision: move.revision, cohortId: move.targetCohortId, updatedAt: now.toISOString(), threadWeeks: [] });
  // The summary starts afresh in the new cohort; the old weeks' scores stay on the old cohort's leaderboard.
  batch.set(summaryRef(db, uid), move.summary);
  try {
    return await unlessItExists(() => batch.commit());
  } catch (error) {
    // FAILED_PRECONDITION: the invitation was answered meanwhile.
    if ((error as { code?: unknown }).code === 9) return false;
    throw error;
  }
}
