import type { PushPayload } from '@sfida/core/notifications';
import { duePlannedActions, nextPlannedActionAt, type DuePlannedAction } from '@sfida/core/planned-actions';
import type { Deps } from '../../deps';
import { cohortRef, cohortSettingsOf, type CohortDoc } from '../../shared/cohort-repository';
import { duePlannedActionWatches, watchPlannedActions, type PlannedActionWatchDoc } from '../../shared/planned-action-watch';
import { readOrFallback } from '../../shared/unreadable-data';
import { trackerFrom } from '../../shared/tracker-repository';
import { claimPlannedActionDelivery, plannedActionDeliveryId } from './repository';
import { runReminderRounds, type ReminderRunReport } from './reminder-rounds';

// The reminders of if-then plans, run with the other reminders (index.ts): the participants whose
// planned moment has come (shared/planned-action-watch.ts, written by the tracker's sync) are read
// with their settings, trackers, devices and cohorts; an action not done by its time gets its
// reminder once (a delivery marker per participant, action, day and time), if the cohort's rule
// `plannedActionReminders`, the participant's setting and their quiet hours allow; then the watch
// moves to their next planned moment, or goes. Reads: the due watches and, for them, those documents
// (reminder-rounds.ts).

/** A participant whose data cannot be read is looked at again after this long. */
const UNREADABLE_RETRY_MS = 6 * 60 * 60 * 1000;

export async function runPlannedActionJob(deps: Pick<Deps, 'db' | 'config' | 'pushQueue'>, now: Date): Promise<ReminderRunReport> {
  const { db } = deps;
  if (!deps.config.push) return { looked: 0, due: 0, tasks: 0 };
  return runReminderRounds(deps, {
    page: 200,
    maxRounds: 50,
    // No cursor: every watch looked at moves past `now` or goes.
    due: (limit) => duePlannedActionWatches(db, now, limit),
    async decide(docs, participants, batch) {
      const uids = [...new Set(docs.map((doc) => (doc.data() as PlannedActionWatchDoc).uid))];
      const cohortIds = [...new Set(uids.flatMap((uid) => participants.get(uid)!.user?.cohortId ?? []))];
      const cohorts = new Map(
        cohortIds.length === 0 ? [] : (await db.getAll(...cohortIds.map((id) => cohortRef(db, id)))).map((snap) => [snap.id, snap.exists ? (snap.data() as CohortDoc) : null]),
      );
      const claims: Array<Promise<string | null>> = [];
      for (const uid of uids) {
        const { user, settings, trackerSnap, hasDevice } = participants.get(uid)!;
        // Gone, or a coach: nothing to watch.
        if (!user || user.role !== 'PARTICIPANT') {
          watchPlannedActions(db, batch, uid, null);
          continue;
        }
        const cohort = cohorts.get(user.cohortId);
        const wanted = settings.plannedActions && hasDevice && cohort != null && cohortSettingsOf(cohort).rules.plannedActionReminders;
        // The plans are followed whatever the settings say (a few looks a week at most): a rule or a setting turned on later finds them.
        const plan = readOrFallback(
          uid,
          () => {
            const tracker = trackerFrom(trackerSnap);
            const input = { tracker, challengeStartDate: user.challengeStartDate, timeZone: user.timeZone, quietHours: settings.reminders.quietHours, now };
            const next = tracker ? nextPlannedActionAt(tracker, user.challengeStartDate, user.timeZone, now) : null;
            return { due: wanted ? duePlannedActions(input) : [], next };
          },
          () => ({ due: [], next: new Date(now.getTime() + UNREADABLE_RETRY_MS) }),
        );
        for (const reminder of plan.due) {
          claims.push(claimPlannedActionDelivery(db, uid, reminder.key, pushOf(reminder), now).then((claimed) => (claimed ? plannedActionDeliveryId(uid, reminder.key) : null)));
        }
        watchPlannedActions(db, batch, uid, plan.next);
      }
      return Promise.all(claims);
    },
  });
}

function pushOf(reminder: DuePlannedAction): PushPayload {
  return { title: reminder.title, body: reminder.body, url: reminder.url, tag: `promemoria-${reminder.key}` };
}
