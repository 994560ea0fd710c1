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
import { progressRef, saveProgress, trackerFrom, type ProgressSummaryDoc } from './repository';

export const progressMessages = {
  notAllowed: 'Non puoi vedere i progressi di un altro partecipante',
} as const;

type ProgressDeps = Pick<Deps, 'db' | 'clock'>;

/**
 * Stores a synced tracker after checking that a real sequence of actions could
 * have produced it (against the server's start date and clock), and refreshes
 * the summary the leaderboard reads. Answers this week's KPIs.
 */
export async function syncProgress(deps: ProgressDeps, user: User, submitted: TrackerData): Promise<WeeklyKpi> {
  const now = deps.clock();
  // The start date is the server's, whatever the browser holds.
  const data: TrackerData = { ...submitted, challengeStartDate: user.challengeStartDate };
  const verdict = checkTrackerPlausible(data, { challengeStartDate: user.challengeStartDate, now });
  if (!verdict.ok) throw badRequest(verdict.message);
  const today = todayIn(data.timeZone, now);
  const summary = buildSummary(data, { cohortId: user.cohortId, displayName: user.name ?? user.email, today, now });
  await saveProgress(deps.db, user.id, data, summary);
  return summarizeTracker(data, { challengeStartDate: user.challengeStartDate, today, weekStart: mondayOf(today) });
}

/** The caller's own stored tracker (to restore it on a new device), or null before the first sync. */
export async function ownTracker(deps: ProgressDeps, uid: string): Promise<TrackerData | null> {
  return trackerFrom(await progressRef(deps.db, uid).get());
}

/** A participant's KPIs for a week: the participant themself, or an OWNER of their cohort. */
export async function weeklyKpiFor(
  deps: ProgressDeps,
  viewer: User,
  userId: string,
  context: { weekStart: string; timeZone: string },
): Promise<WeeklyKpi> {
  const isSelf = viewer.id === userId;
  if (!isSelf && viewer.role !== 'OWNER') throw forbidden(progressMessages.notAllowed);
  const [userSnap, progressSnap] = await deps.db.getAll(userRef(deps.db, userId), progressRef(deps.db, userId));
  if (!userSnap?.exists) throw isSelf ? notFound('Utente non trovato') : forbidden(progressMessages.notAllowed);
  const target = toUser(userSnap);
  if (!isSelf && target.cohortId !== viewer.cohortId) throw forbidden(progressMessages.notAllowed);

  const now = deps.clock();
  const data = (progressSnap && trackerFrom(progressSnap)) ?? emptyTracker(context.timeZone, now, target.challengeStartDate);
  const today = todayIn(data.timeZone, now);
  return summarizeTracker(data, { challengeStartDate: target.challengeStartDate, today, weekStart: context.weekStart });
}

/** The leaderboard's summary of a synced tracker. */
function buildSummary(data: TrackerData, context: { cohortId: string; displayName: string; today: string; now: Date }): ProgressSummaryDoc {
  return {
    cohortId: context.cohortId,
    displayName: context.displayName,
    totalPoints: totalPoints(data.pointsHistory),
    ...streakAt(data, context.today),
    pointsByWeek: pointsByWeek(data),
    timeZone: data.timeZone,
    updatedAt: context.now.toISOString(),
  };
}
