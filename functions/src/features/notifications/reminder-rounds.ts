import type { DocumentSnapshot, QueryDocumentSnapshot, WriteBatch } from 'firebase-admin/firestore';
import type { NotificationSettings } from '@sfida/core/notifications';
import type { User } from '@sfida/core/user';
import type { Deps } from '../../deps';
import { reminderTasks } from '../../shared/push-fan-out';
import { settingsFrom, settingsRef, subscriptionsOf } from '../../shared/push-notifier';
import { toUser, userRef } from '../../shared/user-repository';
import { trackerRef } from '../../shared/tracker-repository';

// How both reminder jobs (reminder-job.ts, planned-action-job.ts) run: in rounds of due documents
// that each name a participant (`uid`), read with those participants' user documents, settings,
// trackers and devices in one round trip; each round decides, claims its pushes, moves its
// documents on in one batch, and only then enqueues the claims' ids (shared/push-fan-out.ts sends the push each holds).

/** A reminders job's run. */
export interface ReminderRunReport {
  /** Documents looked at. */
  looked: number;
  /** Reminders decided due and claimed by this run, their pushes enqueued. */
  due: number;
  /** Tasks enqueued. */
  tasks: number;
}

/** One participant named by a round's documents, as read for it. */
export interface RoundParticipant {
  uid: string;
  /** Null when the account is gone. */
  user: User | null;
  settings: NotificationSettings;
  trackerSnap: DocumentSnapshot;
  /** Whether they have a device that takes pushes. */
  hasDevice: boolean;
}

export interface ReminderRounds {
  /** Documents read per round: a round's writes fit one batch. */
  page: number;
  /** Rounds per run: the rest waits for the next run. */
  maxRounds: number;
  /** The next due documents, each with a `uid`; a round moves every one it reads on (no cursor). */
  due(limit: number): Promise<QueryDocumentSnapshot[]>;
  /**
   * Decides a round: adds to `batch` the documents' next step, and answers the ids of the reminders
   * it claimed, each marker holding its push (null for a claim another run holds).
   */
  decide(docs: QueryDocumentSnapshot[], participants: Map<string, RoundParticipant>, batch: WriteBatch): Promise<Array<string | null>>;
}

export async function runReminderRounds(deps: Pick<Deps, 'db' | 'pushQueue'>, rounds: ReminderRounds): Promise<ReminderRunReport> {
  const report: ReminderRunReport = { looked: 0, due: 0, tasks: 0 };
  const { db } = deps;
  for (let round = 0; round < rounds.maxRounds; round++) {
    const docs = await rounds.due(rounds.page);
    if (docs.length === 0) break;
    report.looked += docs.length;
    const uids = [...new Set(docs.map((doc) => String(doc.get('uid'))))];
    const [snaps, devices] = await Promise.all([
      db.getAll(...uids.flatMap((uid) => [userRef(db, uid), settingsRef(db, uid), trackerRef(db, uid)])),
      subscriptionsOf(db, uids),
    ]);
    const participants = new Map(
      uids.map((uid, index) => {
        const [userSnap, settingsSnap, trackerSnap] = [snaps[index * 3]!, snaps[index * 3 + 1]!, snaps[index * 3 + 2]!];
        const user = userSnap.exists ? toUser(userSnap) : null;
        return [uid, { uid, user, settings: settingsFrom(settingsSnap.data()), trackerSnap, hasDevice: devices.has(uid) }];
      }),
    );
    const batch = db.batch();
    const claimed = (await rounds.decide(docs, participants, batch)).filter((id): id is string => id !== null);
    // Moved on before sending: a run that stops halfway never looks at these again this time.
    await batch.commit();
    report.due += claimed.length;
    // Claimed and moved on before enqueueing: a run that stops here loses these reminders, never doubles them.
    const tasks = reminderTasks(claimed);
    await deps.pushQueue.enqueue(tasks);
    report.tasks += tasks.length;
    if (docs.length < rounds.page) break;
  }
  return report;
}
