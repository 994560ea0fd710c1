import { mondayOf, todayIn } from '@sfida/core/dates';
import { pointsByWeek, streakAt } from '@sfida/core/leaderboard-summary';
import { totalPoints } from '@sfida/core/points';
import { summarizeTracker, type WeeklyKpi } from '@sfida/core/progress-summary';
import { checkTrackerPlausible } from '@sfida/core/tracker-plausibility';
import { vouchTracker } from '@sfida/core/tracker-vouch';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import type { User } from '@sfida/core/user';
import type { Deps } from '../../deps';
import { headerNamesTag } from '../../shared/entity-tag';
import { HttpError, badRequest, forbidden, notFound } from '../../shared/http-error';
import { toUser, userRef } from '../../shared/user-repository';
import { saveTrackerRevision, storedTrackerFrom, trackerFrom, trackerRef, type LeaderboardSummaryDoc, type StoredTracker } from './repository';

const trackerMessages = {
  notAllowed: 'Non puoi vedere i progressi di un altro partecipante',
  stale: 'I tuoi progressi sono cambiati su un altro dispositivo: li uniamo e riproviamo.',
} as const;

type TrackerDeps = Pick<Deps, 'db' | 'clock'>;

/** A stored revision is answered with this tag; a write names the one it was based on in If-Match. */
export function revisionTag(revision: number): string {
  return `"r${revision}"`;
}

/** A write based on an older revision than the stored one: the answer carries the stored copy to merge with. */
export class StaleTrackerError extends HttpError {
  constructor(readonly current: StoredTracker) {
    super(412, trackerMessages.stale);
  }
}

export interface SyncResult {
  tracker: TrackerData;
  revision: number;
  weeklyKPI: WeeklyKpi;
}

/**
 * Stores a synced tracker if it was based on the stored revision (If-Match), as the server vouches
 * for it (tracker-vouch.ts: the server's clock, zone and start date decide kinds, weeks and points),
 * after checking its shape is one the app can produce. Refreshes the leaderboard's summary in the
 * same write. Of two writes based on one revision, one lands and the other gets the 412.
 */
export async function syncTracker(deps: TrackerDeps, user: User, submitted: TrackerData, ifMatch: string | undefined): Promise<SyncResult> {
  const now = deps.clock();
  const stored = storedTrackerFrom(await trackerRef(deps.db, user.id).get());
  if (stored && !headerNamesTag(ifMatch, revisionTag(stored.revision))) throw new StaleTrackerError(stored);
  const tracker = vouchTracker(submitted, stored?.tracker ?? null, { challengeStartDate: user.challengeStartDate, timeZone: user.timeZone, now });
  const verdict = checkTrackerPlausible(tracker, { challengeStartDate: user.challengeStartDate, now });
  if (!verdict.ok) throw badRequest(verdict.message);
  const today = todayIn(tracker.timeZone, now);
  const summary = buildSummary(tracker, { cohortId: user.cohortId, displayName: user.name ?? user.email, today, now });
  const revision = (stored?.revision ?? 0) + 1;
  if (!(await saveTrackerRevision(deps.db, user.id, revision, tracker, summary, now))) {
    const current = storedTrackerFrom(await trackerRef(deps.db, user.id).get());
    if (!current) throw new Error(`Tracker revision ${revision} of ${user.id} taken, but no copy stored`);
    throw new StaleTrackerError(current);
  }
  const weeklyKPI = summarizeTracker(tracker, { challengeStartDate: user.challengeStartDate, today, weekStart: mondayOf(today) });
  return { tracker, revision, weeklyKPI };
}

/** The caller's own stored tracker and its revision (to restore it on a new device), or null before the first sync. */
export async function ownTracker(deps: TrackerDeps, uid: string): Promise<StoredTracker | null> {
  return storedTrackerFrom(await trackerRef(deps.db, uid).get());
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
