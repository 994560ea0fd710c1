import { Timestamp } from 'firebase-admin/firestore';
import { todayIn } from '@sfida/core/dates';
import { dueReminders, nextReminderAt, remindersOver, type DueReminder } from '@sfida/core/reminders';
import type { Deps } from '../../deps';
import { pushTasks, type PushItem } from '../../shared/push-fan-out';
import { settingsFrom, settingsRef, subscriptionsOf } from '../../shared/push-notifier';
import { readOrFallback } from '../../shared/unreadable-data';
import { toUser, userRef } from '../../shared/user-repository';
import { trackerFrom, trackerRef } from '../../shared/tracker-repository';
import { claimDelivery, dueSchedules, scheduleRef, type ScheduleDoc } from './repository';

// The reminders job (every 15 minutes, see index.ts): looks at the participants whose reminder
// time has come (reminderSchedule), decides with the core rules from the server's copy of the
// tracker whether the reminder is still wanted, claims it once (a delivery marker per participant,
// kind and day), moves the schedule to the next occurrence and enqueues the pushes: the queue's
// function sends them (shared/push-fan-out.ts), so a big slot never runs into the job's timeout.
// Reads: the due schedules, and for them their users, settings, trackers and devices.

/** Schedules read per round; a round's writes fit one batch. */
const PAGE = 200;
/** Rounds per run: up to 20 000 participants due in one quarter of an hour, the rest next time. */
const MAX_ROUNDS = 100;
/** A reminder older than this is of no use to a device that was off: the push service drops it. */
const REMINDER_TTL_SECONDS = 2 * 60 * 60;
/** A schedule whose participant's data cannot be read is looked at again after this long. */
const UNREADABLE_RETRY_MS = 6 * 60 * 60 * 1000;

export interface ReminderRunReport {
  /** Schedules looked at. */
  looked: number;
  /** Reminders decided due and claimed by this run, their pushes enqueued. */
  due: number;
  /** Tasks enqueued. */
  tasks: number;
}

export async function runReminderJob(deps: Pick<Deps, 'db' | 'config' | 'pushQueue'>, now: Date): Promise<ReminderRunReport> {
  const report: ReminderRunReport = { looked: 0, due: 0, tasks: 0 };
  const { db, config } = deps;
  if (!config.push) return report;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    // No cursor needed: every schedule looked at moves past `now` (or goes), so the next round's
    // query starts where this one ended.
    const docs = await dueSchedules(db, now, PAGE);
    if (docs.length === 0) break;
    report.looked += docs.length;
    const schedules = docs.map((doc) => doc.data() as ScheduleDoc);
    const uids = [...new Set(schedules.map((schedule) => schedule.uid))];
    const [snaps, devices] = await Promise.all([
      db.getAll(...uids.flatMap((uid) => [userRef(db, uid), settingsRef(db, uid), trackerRef(db, uid)])),
      subscriptionsOf(db, uids),
    ]);
    const batch = db.batch();
    const claims: Array<Promise<{ uid: string; reminder: DueReminder } | null>> = [];
    const position = new Map(uids.map((uid, index) => [uid, index * 3]));
    for (const schedule of schedules) {
      const at = position.get(schedule.uid)!;
      const [userSnap, settingsSnap, trackerSnap] = [snaps[at]!, snaps[at + 1]!, snaps[at + 2]!];
      const ref = scheduleRef(db, schedule.uid, schedule.kind);
      const prefs = settingsFrom(settingsSnap.data()).reminders;
      const user = userSnap.exists ? toUser(userSnap) : null;
      // Gone, a coach, no device left, this kind turned off, or its reminders over (remindersOver): nothing more to schedule.
      if (!user || user.role !== 'PARTICIPANT' || !devices.has(user.id) || !prefs[schedule.kind].enabled) {
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
        claims.push(claimDelivery(db, user.id, reminder, now).then((claimed) => (claimed ? { uid: user.id, reminder } : null)));
      }
      // A set, not an update: a schedule removed meanwhile (the device turned off) must not fail the batch; the next run removes it again.
      batch.set(ref, { uid: user.id, kind: schedule.kind, dueAt: Timestamp.fromDate(plan.next) } satisfies ScheduleDoc);
    }
    const claimed = await Promise.all(claims);
    // Moved on before sending: a run that stops halfway never looks at these again this time.
    await batch.commit();
    const items: PushItem[] = [];
    for (const claim of claimed) {
      if (!claim) continue;
      report.due++;
      const { reminder } = claim;
      const payload = { title: reminder.title, body: reminder.body, url: reminder.url, tag: `promemoria-${reminder.kind}` };
      items.push({ uid: claim.uid, key: `reminder:${claim.uid}:${reminder.kind}:${reminder.day}`, payload });
    }
    // Claimed and moved on before enqueueing: a run that stops here loses these reminders, never doubles them.
    const tasks = pushTasks(items, null, REMINDER_TTL_SECONDS);
    await deps.pushQueue.enqueue(tasks);
    report.tasks += tasks.length;
    if (docs.length < PAGE) break;
  }
  return report;
}
