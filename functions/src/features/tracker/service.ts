import { checkInThreadId, firstNameOf, needsSupport } from '@sfida/core/check-in-threads';
import { daysBetween, todayIn } from '@sfida/core/dates';
import { moodAlertPush } from '@sfida/core/notifications';
import { pointsByWeek, streakAt } from '@sfida/core/leaderboard-summary';
import { totalPoints } from '@sfida/core/points';
import { summarizeTracker, type WeeklyKpi } from '@sfida/core/progress-summary';
import { checkTrackerPlausible } from '@sfida/core/tracker-plausibility';
import { calendarOf } from '@sfida/core/participant-calendar';
import { vouchTracker } from '@sfida/core/tracker-vouch';
import { firstPlannedDayInReach, plannedActionsWatch, plannedSlots } from '@sfida/core/planned-actions';
import { rosterDigest } from '@sfida/core/roster-digest';
import { weekStatsContribution } from '@sfida/core/cohort-progress';
import { emptyTracker, seasonOf, trackerDataSchema, type CheckIn, type TrackerData } from '@sfida/core/tracker';
import { applyTrackerChanges, touchedParts, type TrackerChanges } from '@sfida/core/tracker-changes';
import type { User } from '@sfida/core/user';
import type { Deps } from '../../deps';
import { headerNamesTag } from '../../shared/entity-tag';
import { HttpError, badRequest, forbidden, notFound } from '../../shared/http-error';
import { cohortOfCoach, cohortSettingsOf, storedCohort } from '../../shared/cohort-repository';
import type { CohortRules } from '@sfida/core/cohort';
import { parseOr400 } from '../../shared/validate';
import { isDocumentId } from '@sfida/core/document-id';
import { notifyUsers } from '../../shared/push-notifier';
import { advanceSplit, assembleTracker, headTakes, splitTracker } from '@sfida/core/tracker-parts';
import type { ClosedStretch } from '@sfida/core/closed-days';
import {
  partsOf,
  wholeStoredTracker,
  wholeTrackerOf,
  userWithWholeTracker,
  type LeaderboardSummaryDoc,
  type StoredTracker,
  type WeeklyScoreDoc,
} from '../../shared/tracker-repository';
import { countsInWeekStats, weekStatsWrite } from '../../shared/week-stats-repository';
import { readForSync, saveTrackerRevision, type SyncRead, type WeeklyScoreChanges } from './repository';

const trackerMessages = {
  notAllowed: 'Non puoi vedere i progressi di un altro partecipante',
  stale: 'I tuoi progressi sono cambiati su un altro dispositivo: li uniamo e riproviamo.',
  noCopy: 'Il server non ha ancora una copia dei tuoi progressi: la inviamo per intero.',
  oldSeason: 'È iniziata una nuova stagione: i progressi della stagione conclusa restano archiviati e non si sincronizzano più.',
} as const;

type TrackerDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'pushAgent'>;

/** A stored revision is answered with this tag; a write names the one it was based on in If-Match. */
export function revisionTag(revision: number): string {
  return `"r${revision}"`;
}

/** A write based on an older revision than the stored one: the answer carries the stored copy to merge with. */
export class StaleTrackerError extends HttpError {
  constructor(
    readonly current: StoredTracker,
    message: string = trackerMessages.stale,
  ) {
    super(412, message);
  }
}

/**
 * A sync's answer: the tracker as stored, its revision, and the tracker it was made from (sent
 * whole, or the stored one with the changes sent). A sync of changes vouched for on a split
 * tracker's head (docs/decisions/054) answers the head for both: what differs between them is the same.
 */
export interface SyncResult {
  tracker: TrackerData;
  revision: number;
  submitted: TrackerData;
}

/**
 * Stores a synced tracker if it was based on the stored revision (If-Match), as the server vouches
 * for it (tracker-vouch.ts: the server's clock, zone and start date decide kinds, weeks and points),
 * after checking its shape is one the app can produce. Refreshes the leaderboard's summary and the
 * weekly scores that changed in the same write. Of two writes based on one revision, one lands and
 * the other gets the 412.
 */
export async function syncTracker(deps: TrackerDeps, user: User, submitted: TrackerData, ifMatch: string | undefined): Promise<SyncResult> {
  const read = await readForSync(deps.db, user.id, user.cohortId);
  if (read.stored && !headerNamesTag(ifMatch, revisionTag(read.stored.revision))) throw await staleTracker(deps, user.id, read.stored);
  // A copy of a season that is over never lands, whatever revision it names: the browser gets the
  // new season's copy, which replaces its own (tracker-merge.ts), and its old ticks stay archived.
  if (read.stored && seasonOf(submitted) < seasonOf(read.stored.tracker)) throw await staleTracker(deps, user.id, read.stored, trackerMessages.oldSeason);
  // A whole copy is vouched for against the whole stored one.
  return storeSynced(deps, user, await wholeRead(deps, user.id, read), submitted);
}

/**
 * The same sync from the changes the browser made to the stored copy it names in If-Match
 * (tracker-changes.ts): the stored copy with the changes is what it would have sent whole. Only the
 * parts the changes touched are checked against the tracker's schema; the rest was checked when
 * stored. A sync of changes needs a stored copy: before the first, the browser sends it whole.
 * Changes that leave the closed months as they were are vouched for on the head alone
 * (tracker-parts.ts headTakes); the others read the parts and vouch for the whole tracker.
 */
export async function syncTrackerChanges(deps: TrackerDeps, user: User, changes: TrackerChanges, ifMatch: string): Promise<SyncResult> {
  let read = await readForSync(deps.db, user.id, user.cohortId);
  if (!read.stored || !headerNamesTag(ifMatch, revisionTag(read.stored.revision))) {
    if (!read.stored) throw new HttpError(412, trackerMessages.noCopy);
    throw await staleTracker(deps, user.id, read.stored);
  }
  const meaning = { timeZone: user.timeZone, challengeStartDate: user.challengeStartDate, rules: read.cohort ? cohortSettingsOf(read.cohort).rules : null };
  if (!headTakes(read.stored.tracker, read.stored.closed, changes, meaning)) read = await wholeRead(deps, user.id, read);
  const stored = read.stored!;
  const submitted = applyTrackerChanges(stored.tracker, changes);
  parseOr400(trackerDataSchema, touchedParts(submitted, changes));
  return storeSynced(deps, user, read, submitted);
}

/** A sync's read with the stored tracker made whole (its parts read), to vouch for the whole tracker. */
async function wholeRead(deps: TrackerDeps, uid: string, read: SyncRead): Promise<SyncRead> {
  if (!read.stored || read.stored.closed === null) return read;
  const parts = await partsOf(deps.db, uid, seasonOf(read.stored.tracker), read.stored.closed);
  return { ...read, stored: { ...read.stored, tracker: assembleTracker(read.stored.tracker, parts), closed: null }, replacedParts: parts };
}

/** The 412 of a sync: it carries the whole stored tracker, to merge with. */
async function staleTracker(deps: TrackerDeps, uid: string, stored: StoredTracker, message?: string): Promise<StaleTrackerError> {
  return new StaleTrackerError(await wholeStoredTracker(deps.db, uid, stored), message);
}

async function storeSynced(deps: TrackerDeps, user: User, read: SyncRead, submitted: TrackerData): Promise<SyncResult> {
  const { stored, summary: previous, userDoc, contribution: storedContribution, cohort } = read;
  const now = deps.clock();
  // The rules of the caller's cohort, read now: points follow them, never the browser's copy.
  const rules: CohortRules | null = cohort ? cohortSettingsOf(cohort).rules : null;
  const { dayFloor } = calendarOf({ timeZone: user.timeZone, dayFloor: userDoc.dayFloor });
  const tracker = vouchTracker(submitted, stored?.tracker ?? null, {
    challengeStartDate: user.challengeStartDate,
    firstDay: user.challengeJoinedOn ?? null,
    timeZone: user.timeZone,
    dayFloor,
    rules,
    now,
  });
  const verdict = checkTrackerPlausible(tracker, { challengeStartDate: user.challengeStartDate, now });
  if (!verdict.ok) throw badRequest(verdict.message);
  const today = todayIn(tracker.timeZone, now);
  // Stored split (docs/decisions/054): a whole tracker is split afresh; a head moves out the months that closed since.
  const split = read.replacedParts !== undefined || !stored ? splitTracker(tracker, today) : advanceSplit(tracker, stored.closed, today);
  const closed = split.closed ?? undefined;
  const active = user.role === 'PARTICIPANT' && userDoc.withdrawnAt === undefined;
  // Ranked: an active participant who finished onboarding (the leaderboard lists no one else).
  const ranked = active && userDoc.onboardingCompletato === true;
  const summary = buildSummary(split.head, { cohortId: user.cohortId, displayName: user.name ?? user.email, today, now, ranked }, closed);
  const scores = weeklyScoreChanges(user.id, previous, summary);
  const revision = (stored?.revision ?? 0) + 1;
  const digest = rosterDigest(split.head, today, closed);
  const threadWeeks = stored?.threadWeeks ?? [];
  // The cohort's weekly figures take the difference from the contribution stored last time (the eight weeks are in the head).
  const counted = countsInWeekStats(user, userDoc.withdrawnAt);
  const contribution = weekStatsContribution({ counted, challengeStartDate: user.challengeStartDate, challengeJoinedOn: user.challengeJoinedOn, timeZone: tracker.timeZone, tracker: split.head });
  const weekStats = weekStatsWrite(storedContribution, { cohortId: user.cohortId, counters: contribution });
  // The reminders job's next look at the if-then plans, written only when this sync changed a plan
  // (the job may have moved the look past one it already sent since: a sync changing nothing leaves it).
  const plansChanged = plannedMoments(tracker, now) !== (stored ? plannedMoments(stored.tracker, now) : '');
  const plannedActionWatch = plansChanged ? plannedActionsWatch(tracker, tracker.challengeStartDate, tracker.timeZone, now) : undefined;
  // Only the parts that differ from those read are written; those no longer named go.
  const before = new Map((read.replacedParts ?? []).map((part) => [part.month, JSON.stringify(part)]));
  const parts = {
    write: split.parts.filter((part) => before.get(part.month) !== JSON.stringify(part)),
    delete: [...before.keys()].filter((month) => !split.closed?.parts.includes(month)),
  };
  if (!(await saveTrackerRevision(deps.db, { uid: user.id, revision, tracker: split.head, closed: split.closed, parts, summary, rosterDigest: digest, scores, threadWeeks, weekStats, plannedActionWatch, now }))) {
    const current = await wholeTrackerOf(deps.db, user.id);
    if (!current) throw new Error(`Tracker revision ${revision} of ${user.id} taken, but no copy stored`);
    throw new StaleTrackerError(current);
  }
  // The check-ins this write brought to the server (their threads were created with it).
  const known = new Set(threadWeeks);
  const hardWeeks = tracker.checkIns.filter(
    (checkIn) => !known.has(checkIn.weekNumber) && needsSupport(checkIn.mood) && daysBetween(checkIn.date, today) <= ALERT_WITHIN_DAYS,
  );
  if (hardWeeks.length > 0 && active) await alertCoaches(deps, user, hardWeeks, seasonOf(tracker));
  return { tracker, revision, submitted };
}

/** A tracker's if-then plans that can still remind, as one comparable string (which slot, on what day, at what time, in what zone). */
function plannedMoments(tracker: TrackerData, now: Date): string {
  const slots = plannedSlots(tracker, tracker.challengeStartDate, firstPlannedDayInReach(tracker.timeZone, now));
  return slots.map((slot) => `${slot.action.id}@${slot.day}T${slot.action.when.time}`).join(' ') + (slots.length > 0 ? ` ${tracker.timeZone}` : '');
}

/** A hard week is news for the coaches while it is recent (a tracker first synced late is history). */
const ALERT_WITHIN_DAYS = 7;

/** Tells the cohort's coaches, on their phones, that a participant had a hard week (mood 1–2). */
async function alertCoaches(deps: TrackerDeps, user: User, checkIns: CheckIn[], season: number): Promise<void> {
  const coachIds: unknown = (await storedCohort(deps.db, user.cohortId))?.coachIds;
  if (!Array.isArray(coachIds)) return;
  const name = firstNameOf(user.name) || 'Un partecipante';
  for (const checkIn of checkIns) {
    const push = moodAlertPush(name, checkIn.mood, checkIn.weekNumber, checkInThreadId(user.id, checkIn.weekNumber, season));
    await notifyUsers(deps, coachIds.filter((id): id is string => typeof id === 'string'), 'moodAlerts', () => push);
  }
}

/** The caller's own stored tracker and its revision (to restore it on a new device), or null before the first sync. */
export async function ownTracker(deps: TrackerDeps, uid: string): Promise<StoredTracker | null> {
  return wholeTrackerOf(deps.db, uid);
}

/** A participant's KPIs for a week: the participant themself, or a coach of their cohort. */
export async function weeklyKpiFor(
  deps: TrackerDeps,
  viewer: User,
  userId: string,
  context: { weekStart: string; timeZone: string },
): Promise<WeeklyKpi> {
  const isSelf = viewer.id === userId;
  if (!isSelf && viewer.role !== 'OWNER') throw forbidden(trackerMessages.notAllowed);
  const { stored, tracker: synced } = await userWithWholeTracker(deps.db, userId);
  if (!stored) throw isSelf ? notFound('Utente non trovato') : forbidden(trackerMessages.notAllowed);
  const target = stored.user;
  if (!isSelf) {
    // Who coaches the cohort is the cohort's list, not the cohort the coach's own account sits in.
    if (target.role !== 'PARTICIPANT' || !isDocumentId(target.cohortId)) throw forbidden(trackerMessages.notAllowed);
    await cohortOfCoach(deps.db, viewer, target.cohortId);
  }

  const now = deps.clock();
  const tracker = synced ?? emptyTracker(context.timeZone, now, target.challengeStartDate);
  const today = todayIn(tracker.timeZone, now);
  return summarizeTracker(tracker, { challengeStartDate: target.challengeStartDate, today, weekStart: context.weekStart });
}

/** The leaderboard's summary of a synced tracker, or of a split one's head with its `closed` days (exported for the read paths' property test). */
export function buildSummary(
  tracker: TrackerData,
  context: { cohortId: string; displayName: string; today: string; now: Date; ranked: boolean },
  closed?: ClosedStretch,
): LeaderboardSummaryDoc {
  return {
    cohortId: context.cohortId,
    displayName: context.displayName,
    totalPoints: totalPoints(tracker.pointsHistory),
    ...streakAt(tracker, context.today, closed),
    pointsByWeek: pointsByWeek(tracker),
    timeZone: tracker.timeZone,
    updatedAt: context.now.toISOString(),
    ranked: context.ranked,
  };
}

/** A ranked summary's weekly scores: one per week with points, each carrying the current total and streak. */
export function weeklyScoresOf(uid: string, summary: LeaderboardSummaryDoc | null): Map<string, WeeklyScoreDoc> {
  const scores = new Map<string, WeeklyScoreDoc>();
  if (!summary?.ranked) return scores;
  const { cohortId, totalPoints, streakDays, streakThrough } = summary;
  for (const [weekStart, points] of Object.entries(summary.pointsByWeek ?? {})) {
    if (points > 0) scores.set(weekStart, { cohortId, weekStart, userId: uid, points, totalPoints, streakDays, streakThrough });
  }
  return scores;
}

/**
 * The weekly scores to write for a new summary, given the one they were last written from: only
 * the weeks whose score differs. A change of total or streak touches every week with points (their
 * order on a past week's leaderboard depends on the total), a sync that changes neither touches none.
 */
export function weeklyScoreChanges(uid: string, previous: LeaderboardSummaryDoc | null, next: LeaderboardSummaryDoc | null): WeeklyScoreChanges {
  const before = weeklyScoresOf(uid, previous);
  const after = weeklyScoresOf(uid, next);
  const fields = ['cohortId', 'points', 'totalPoints', 'streakDays', 'streakThrough'] as const;
  const same = (a: WeeklyScoreDoc, b: WeeklyScoreDoc) => fields.every((field) => a[field] === b[field]);
  return {
    set: [...after.values()].filter((score) => {
      const old = before.get(score.weekStart);
      return !old || !same(old, score);
    }),
    deleteWeeks: [...before.keys()].filter((weekStart) => !after.has(weekStart)),
  };
}
