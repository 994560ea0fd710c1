import { Timestamp } from 'firebase-admin/firestore';
import { todayIn } from '@sfida/core/dates';
import type { PushPayload } from '@sfida/core/notifications';
import { dueReminders, nextReminderAt, remindersOver, type DueReminder } from '@sfida/core/reminders';
import type { Deps } from '../../deps';
import { readOrFallback } from '../../shared/unreadable-data';
import { trackerFrom } from '../../shared/tracker-repository';
import { claimDelivery, deliveryId, dueSchedules, scheduleRef, type ScheduleDoc } from './repository';
import { runReminderRounds, type ReminderRunReport } from './reminder-rounds';

// The reminders job (every 15 minutes, see index.ts): looks at the participants whose reminder
// time has come (reminderSchedule), decides with the core rules from the server's copy of the
// tracker whether the reminder is still wanted, claims it once (a delivery marker per participant,
// kind and day), moves the schedule to the next occurrence and enqueues the claims' ids (each marker holds its push): the queue's
// function sends them (shared/push-fan-out.ts), so a big slot never runs into the job's timeout.
// Reads: the due schedules, and for them their users, settings, trackers and devices
// (reminder-rounds.ts).

/** A schedule whose participant's data cannot be read is looked at again after this long. */
const UNREADABLE_RETRY_MS = 6 * 60 * 60 * 1000;

export async function runReminderJob(deps: Pick<Deps, 'db' | 'config' | 'pushQueue'>, now: Date): Promise<ReminderRunReport> {
  const { db } = deps;
  if (!deps.config.push) return { looked: 0, due: 0, tasks: 0 };
  return runReminderRounds(deps, {
    // Up to 20 000 participants due in one quarter of an hour, the rest next time.
    page: 200,
    maxRounds: 100,
    // No cursor needed: every schedule looked at moves past `now` (or goes), so the next round's
    // query starts where this one ended.
    due: (limit) => dueSchedules(db, now, limit),
    async decide(docs, participants, batch) {
      const claims: Array<Promise<string | null>> = [];
      for (const doc of docs) {
        const schedule = doc.data() as ScheduleDoc;
        const { user, settings, trackerSnap, hasDevice } = participants.get(schedule.uid)!;
        const ref = scheduleRef(db, schedule.uid, schedule.kind);
        const prefs = settings.reminders;
        // Gone, a coach, no device left, this kind turned off, or its reminders over (remindersOver): nothing more to schedule.
        if (!user || user.role !== 'PARTICIPANT' || !hasDevice || !prefs[schedule.kind].enabled) {
          batch.delete(ref);
          continue;
        }
        // One participant's data that cannot be read costs them this reminder, never the others theirs.
        const plan = readOrFallback(
          user.id,
          () => {
            if (remindersOver(schedule.kind, user.challengeStartDate, todayIn(user.timeZone, now))) return null;
            const due = dueReminders({ prefs, tracker: trackerFrom(trackerSnap), challengeStartDate: user.challengeStartDate, timeZone: user.timeZone, now });
            return { due: due.filter((candidate) => candidate.kind === schedule.kind), next: nextReminderAt(schedule.kind, prefs[schedule.kind].time, user.timeZone, now, user.challengeStartDate) };
          },
          () => ({ due: [], next: new Date(now.getTime() + UNREADABLE_RETRY_MS) }),
        );
        if (plan === null) {
          batch.delete(ref);
          continue;
        }
        for (const reminder of plan.due) {
          claims.push(claimDelivery(db, user.id, reminder, pushOf(reminder), now).then((claimed) => (claimed ? deliveryId(user.id, reminder) : null)));
        }
        // A set, not an update: a schedule removed meanwhile (the device turned off) must not fail the batch; the next run removes it again.
        batch.set(ref, { uid: user.id, kind: schedule.kind, dueAt: Timestamp.fromDate(plan.next) } satisfies ScheduleDoc);
      }
      return Promise.all(claims);
    },
  });
}

function pushOf(reminder: DueReminder): PushPayload {
  return { title: reminder.title, body: reminder.body, url: reminder.url, tag: `promemoria-${reminder.kind}` };
}
