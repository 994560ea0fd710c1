import { mondayOf, todayIn } from '@sfida/core/dates';
import { pointsByWeek, streakAt } from '@sfida/core/leaderboard-summary';
import { totalPoints } from '@sfida/core/points';
import { summarizeTracker, type WeeklyKpi } from '@sfida/core/progress-summary';
import { checkTrackerPlausible } from '@sfida/core/tracker-plausibility';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import type { User } from '@sfida/core/user';
import type { Deps } from '../../deps';
import { badRequest, forbidden, notFound } from '../../shared/http-error';
import { toUser, userRef } from '../../shared/user-repository';
import { saveTracker, trackerFrom, trackerRef, type LeaderboardSummaryDoc } from './repository';

const trackerMessages = {
  notAllowed: 'Non puoi vedere i progressi di un altro partecipante',
} as const;

type TrackerDeps = Pick<Deps, 'db' | 'clock'>;

/**
 * Stores a synced tracker after checking that a real sequence of actions could
 * have produced it (against the server's start date and clock), and refreshes
 * the summary the leaderboard reads. Answers this week's KPIs.
 */
export async function syncTracker(deps: TrackerDeps, user: User, submitted: TrackerData): Promise<WeeklyKpi> {
  const now = deps.clock();
  // The start date is the server's, whatever the browser holds.
  const tracker: TrackerData = { ...submitted, challengeStartDate: user.challengeStartDate };
  const verdict = checkTrackerPlausible(tracker, { challengeStartDate: user.challengeStartDate, now });
  if (!verdict.ok) throw badRequest(verdict.message);
  const today = todayIn(tracker.timeZone, now);
  const summary = buildSummary(tracker, { cohortId: user.cohortId, displayName: user.name ?? user.email, today, now });
  await saveTracker(deps.db, user.id, tracker, summary);
  return summarizeTracker(tracker, { challengeStartDate: user.challengeStartDate, today, weekStart: mondayOf(today) });
}

/** The caller's own stored tracker (to restore it on a new device), or null before the first sync. */
export async function ownTracker(deps: TrackerDeps, uid: string): Promise<TrackerData | null> {
  return trackerFrom(await trackerRef(deps.db, uid).get());
}

/** A participant's KPIs for a week: the participant themself, or an OWNER of their cohort. */
export async function weeklyKpiFor(
  deps: TrackerDeps,
  viewer: User,
  userId: string,
  context: { weekStart: string; timeZone: string },
): Promise<WeeklyKpi> {
  const isSelf = viewer.id === userId;
  if (!isSelf && viewer.role !== 'OWNER') throw forbidden(trackerMessages.notAllowed);
  const [userSnap, trackerSnap] = await deps.db.getAll(userRef(deps.db, userId), trackerRef(deps.db, userId));
  if (!userSnap?.exists) throw isSelf ? notFound('Utente non trovato') : forbidden(trackerMessages.notAllowed);
  const target = toUser(userSnap);
  if (!isSelf && target.cohortId !== viewer.cohortId) throw forbidden(trackerMessages.notAllowed);

  const now = deps.clock();
  const tracker = (trackerSnap && trackerFrom(trackerSnap)) ?? emptyTracker(context.timeZone, now, target.challengeStartDate);
  const today = todayIn(tracker.timeZone, now);
  return summarizeTracker(tracker, { challengeStartDate: target.challengeStartDate, today, weekStart: context.weekStart });
}

/** The leaderboard's summary of a synced tracker. */
function buildSummary(tracker: TrackerData, context: { cohortId: string; displayName: string; today: string; now: Date }): LeaderboardSummaryDoc {
  return {
    cohortId: context.cohortId,
    displayName: context.displayName,
    totalPoints: totalPoints(tracker.pointsHistory),
    ...streakAt(tracker, context.today),
    pointsByWeek: pointsByWeek(tracker),
    timeZone: tracker.timeZone,
    updatedAt: context.now.toISOString(),
  };
}
