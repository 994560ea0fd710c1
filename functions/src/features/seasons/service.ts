import { todayIn } from '@sfida/core/dates';
import { streakAt } from '@sfida/core/leaderboard-summary';
import { totalPoints } from '@sfida/core/points';
import { rosterDigest } from '@sfida/core/roster-digest';
import { weekStatsContribution } from '@sfida/core/cohort-progress';
import {
  finishedChallenge,
  freshSeasonTracker,
  opensNewSeason,
  seasonStart,
  seasonTexts,
  type NewSeasonAnswer,
} from '@sfida/core/seasons';
import type { AcceptedSeason, SeasonInvitationAnswer } from '@sfida/core/season-invitations';
import { seasonOf } from '@sfida/core/tracker';
import type { User } from '@sfida/core/user';
import type { Deps } from '../../deps';
import { cohortSettingsOf, storedCohort, type CoachedCohort } from '../../shared/cohort-repository';
import { badRequest, conflict, forbidden, notFound } from '../../shared/http-error';
import { leaveTeams, placeInSmallestTeam } from '../../shared/team-repository';
import type { LeaderboardSummaryDoc } from '../../shared/tracker-repository';
import { weekStatsWrite } from '../../shared/week-stats-repository';
import { answerInvitation, createInvitations, invitationOf, moveToNewSeason, participantsOf, pendingInvitationsOf, readForAccept } from './repository';

type SeasonDeps = Pick<Deps, 'db' | 'clock'>;

/**
 * Invites the participants of `source` who finished the eight weeks (not withdrawn, account not
 * disabled) to `targetCohortId`, a cohort the coach runs too that has not started or is in its
 * first week. One invitation per participant and target: inviting again invites only those not
 * invited yet.
 */
export async function inviteToNewSeason(deps: SeasonDeps, coach: User, source: CoachedCohort, targetCohortId: string): Promise<NewSeasonAnswer> {
  if (targetCohortId === source.id) throw badRequest(seasonTexts.sameCohort);
  const target = await storedCohort(deps.db, targetCohortId);
  if (!target) throw notFound(seasonTexts.targetNotFound);
  if (!target.coachIds.includes(coach.id)) throw forbidden(seasonTexts.targetNotYours);
  if (target.archivedAt) throw conflict(seasonTexts.targetArchived);
  const now = deps.clock();
  if (!opensNewSeason(target.startDate, todayIn(coach.timeZone, now))) throw badRequest(seasonTexts.targetStarted);

  const finished = (await participantsOf(deps.db, source.id)).filter(({ doc }) => {
    if (doc.withdrawnAt || doc.disabled) return false;
    return finishedChallenge(doc.challengeStartDate ?? null, todayIn(doc.timeZone ?? coach.timeZone, now));
  });
  if (finished.length === 0) throw badRequest(seasonTexts.nobodyFinished);
  const { pace } = cohortSettingsOf(target);
  const invited = await createInvitations(
    deps.db,
    finished.map(({ user }) => ({
      userId: user.id,
      fromCohortId: source.id,
      targetCohortId,
      cohortName: target.name,
      startDate: target.startDate,
      pace,
      invitedBy: coach.id,
      createdAt: now.toISOString(),
      status: 'pending',
    })),
  );
  return { invited };
}

/** The caller's open invitation from the cohort they are in (the newest, should coaches have sent two), or null. */
export async function ownInvitation(deps: SeasonDeps, caller: User): Promise<SeasonInvitationAnswer> {
  if (caller.role !== 'PARTICIPANT') return { invitation: null };
  const open = (await pendingInvitationsOf(deps.db, caller.id))
    .filter((doc) => doc.fromCohortId === caller.cohortId)
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  const newest = open[0];
  return { invitation: newest ? { targetCohortId: newest.targetCohortId, cohortName: newest.cohortName, startDate: newest.startDate, pace: newest.pace } : null };
}

/** "No, grazie": the invitation is closed and no longer shown. */
export async function declineInvitation(deps: SeasonDeps, caller: User, targetCohortId: string): Promise<void> {
  const invitation = await invitationOf(deps.db, caller.id, targetCohortId);
  if (!invitation) throw notFound(seasonTexts.invitationNotFound);
  if (invitation.status !== 'pending') throw conflict(seasonTexts.invitationClosed);
  await answerInvitation(deps.db, caller.id, targetCohortId, 'declined', deps.clock());
}

/**
 * "Accetta": the participant leaves their cohort for the target, as one batch: user document and
 * both member indexes, their contribution to the weekly figures moved, the season's tracker
 * archived under the user and a fresh one stored (same active habits, nothing ticked, the new
 * start: the cohort's Monday when it runs together, none to choose when each starts on their own
 * day), the leaderboard's summary afresh in the new cohort. Then out of the old cohort's team and
 * into the new one's smallest, as a latecomer joining it would be.
 */
export async function acceptInvitation(deps: SeasonDeps, caller: User, targetCohortId: string): Promise<AcceptedSeason> {
  const { db } = deps;
  const read = await readForAccept(db, caller.id, targetCohortId);
  if (!read.invitation) throw notFound(seasonTexts.invitationNotFound);
  const { invitation } = read.invitation;
  if (invitation.status !== 'pending') throw conflict(seasonTexts.invitationClosed);
  // The session found the caller's document a moment ago: one gone since is a failure, not an answer.
  if (!read.user) throw new Error(`New season of ${caller.id}: the user document is gone`);
  const { user, doc: before } = read.user;
  if (before.withdrawnAt) throw forbidden(seasonTexts.withdrawn);
  if (before.cohortId !== invitation.fromCohortId) throw conflict(seasonTexts.movedElsewhere);
  const target = await storedCohort(db, targetCohortId);
  if (!target) throw notFound(seasonTexts.targetNotFound);
  if (target.archivedAt) throw conflict(seasonTexts.targetArchived);

  const now = deps.clock();
  const stored = read.tracker;
  const { pace, rules } = cohortSettingsOf(target);
  const challengeStartDate = seasonStart(pace, target.startDate);
  const timeZone = stored?.tracker.timeZone ?? user.timeZone;
  const tracker = freshSeasonTracker(stored?.tracker ?? null, { timeZone, now, challengeStartDate, rules });
  const today = todayIn(timeZone, now);
  const season = stored ? seasonOf(stored.tracker) : 1;
  const previousSummary = read.summary;
  const summary: LeaderboardSummaryDoc = {
    cohortId: targetCohortId,
    displayName: previousSummary?.displayName ?? user.name ?? user.email,
    totalPoints: 0,
    ...streakAt(tracker, today),
    pointsByWeek: {},
    timeZone,
    updatedAt: now.toISOString(),
    ranked: before.onboardingCompletato === true,
  };
  const counters = weekStatsContribution({ counted: true, challengeStartDate, challengeJoinedOn: null, timeZone, tracker });
  const moved = await moveToNewSeason(db, {
    uid: caller.id,
    before,
    targetCohortId,
    invitation: read.invitation,
    hasConversation: read.hasConversation,
    archive: {
      season,
      cohortId: invitation.fromCohortId,
      challengeStartDate: user.challengeStartDate,
      challengeJoinedOn: user.challengeJoinedOn ?? null,
      data: read.trackerData,
      points: read.trackerPoints,
      closed: read.trackerClosed,
      totalPoints: stored ? totalPoints(stored.tracker.pointsHistory) : 0,
      archivedAt: now.toISOString(),
    },
    revision: (stored?.revision ?? 0) + 1,
    tracker,
    summary,
    rosterDigest: rosterDigest(tracker, today),
    challengeStartDate,
    weekStats: weekStatsWrite(read.contribution, { cohortId: targetCohortId, counters }),
    now,
  });
  // A sync landed meanwhile, or a second tap: the invitation, read again, tells which.
  if (!moved) throw conflict(seasonTexts.busy);
  await leaveTeams(db, invitation.fromCohortId, caller.id);
  await placeInSmallestTeam(db, targetCohortId, caller.id);
  return { cohortId: targetCohortId, season: season + 1, challengeStartDate };
}
