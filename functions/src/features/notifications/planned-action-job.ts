import { duePlannedActions, nextPlannedActionAt, type DuePlannedAction } from '@sfida/core/planned-actions';
import type { Deps } from '../../deps';
import { cohortRef, cohortSettingsOf, type CohortDoc } from '../../shared/cohort-repository';
import { duePlannedActionWatches, watchPlannedActions, type PlannedActionWatchDoc } from '../../shared/planned-action-watch';
import { pushTasks, type PushItem } from '../../shared/push-fan-out';
import { settingsFrom, settingsRef, subscriptionsOf } from '../../shared/push-notifier';
import { readOrFallback } from '../../shared/unreadable-data';
import { toUser, userRef } from '../../shared/user-repository';
import { trackerFrom, trackerRef } from '../../shared/tracker-repository';
import { claimPlannedActionDelivery } from './repository';
import type { ReminderRunReport } from './reminder-job';

// The reminders of if-then plans, run with the other reminders (index.ts): the participants whose
// planned moment has come (shared/planned-action-watch.ts, written by the tracker's sync) are read
// with their settings, trackers, devices and cohorts; an action not done by its time gets its
// reminder once (a delivery marker per participant, action, day and time), if the cohort's rule
// `plannedActionReminders`, the participant's setting and their quiet hours allow; then the watch
// moves to their next planned moment, or goes. Reads: the due watches and, for them, those documents.

/** Watches read per round; a round's writes fit one batch. */
const PAGE = 200;
/** Rounds per run: the rest waits for the next run. */
const MAX_ROUNDS = 50;
/** A reminder older than this is of no use to a device that was off: the push service drops it. */
const REMINDER_TTL_SECONDS = 2 * 60 * 60;
/** A participant whose data cannot be read is looked at again after this long. */
const UNREADABLE_RETRY_MS = 6 * 60 * 60 * 1000;

export async function runPlannedActionJob(deps: Pick<Deps, 'db' | 'config' | 'pushQueue'>, now: Date): Promise<ReminderRunReport> {
  const report: ReminderRunReport = { looked: 0, due: 0, tasks: 0 };
  const { db, config } = deps;
  if (!config.push) return report;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    // No cursor: every watch looked at moves past `now` or goes.
    const docs = await duePlannedActionWatches(db, now, PAGE);
    if (docs.length === 0) break;
    report.looked += docs.length;
    const uids = [...new Set(docs.map((doc) => (doc.data() as PlannedActionWatchDoc).uid))];
    const [snaps, devices] = await Promise.all([
      db.getAll(...uids.flatMap((uid) => [userRef(db, uid), settingsRef(db, uid), trackerRef(db, uid)])),
      subscriptionsOf(db, uids),
    ]);
    const users = uids.map((_, index) => (snaps[index * 3]!.exists ? toUser(snaps[index * 3]!) : null));
    const cohortIds = [...new Set(users.flatMap((user) => (user ? [user.cohortId] : [])))];
    const cohorts = new Map(
      cohortIds.length === 0 ? [] : (await db.getAll(...cohortIds.map((id) => cohortRef(db, id)))).map((snap) => [snap.id, snap.exists ? (snap.data() as CohortDoc) : null]),
    );
    const batch = db.batch();
    const claims: Array<Promise<{ uid: string; reminder: DuePlannedAction } | null>> = [];
    uids.forEach((uid, index) => {
      const user = users[index];
      // Gone, or a coach: nothing to watch.
      if (!user || user.role !== 'PARTICIPANT') {
        watchPlannedActions(db, batch, uid, null);
        return;
      }
      const settings = settingsFrom(snaps[index * 3 + 1]!.data());
      const cohort = cohorts.get(user.cohortId);
      const wanted = settings.plannedActions && devices.has(uid) && cohort != null && cohortSettingsOf(cohort).rules.plannedActionReminders;
      // The plans are followed whatever the settings say (a few looks a week at most): a rule or a setting turned on later finds them.
      const plan = readOrFallback(
        uid,
        () => {
          const tracker = trackerFrom(snaps[index * 3 + 2]!);
          const input = { tracker, challengeStartDate: user.challengeStartDate, timeZone: user.timeZone, quietHours: settings.reminders.quietHours, now };
          const next = tracker ? nextPlannedActionAt(tracker, user.challengeStartDate, user.timeZone, now) : null;
          return { due: wanted ? duePlannedActions(input) : [], next };
        },
        () => ({ due: [], next: new Date(now.getTime() + UNREADABLE_RETRY_MS) }),
      );
      for (const reminder of plan.due) {
        claims.push(claimPlannedActionDelivery(db, uid, reminder.key, now).then((claimed) => (claimed ? { uid, reminder } : null)));
      }
      watchPlannedActions(db, batch, uid, plan.next);
    });
    const claimed = await Promise.all(claims);
    // Moved on before sending: a run that stops halfway never looks at these again this time.
    await batch.commit();
    const items: PushItem[] = [];
    for (const claim of claimed) {
      if (!claim) continue;
      report.due++;
      const { reminder } = claim;
      const payload = { title: reminder.title, body: reminder.body, url: reminder.url, tag: `promemoria-${reminder.key}` };
      items.push({ uid: claim.uid, key: `reminder:${claim.uid}:${reminder.key}`, payload });
    }
    // Claimed and moved on before enqueueing: a run that stops here loses these reminders, never doubles them.
    const tasks = pushTasks(items, null, REMINDER_TTL_SECONDS);
    await deps.pushQueue.enqueue(tasks);
    report.tasks += tasks.length;
    if (docs.length < PAGE) break;
  }
  return report;
}
