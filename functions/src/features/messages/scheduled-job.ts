import { Timestamp } from 'firebase-admin/firestore';
import { scheduleTexts } from '@sfida/core/scheduled-messages';
import type { Deps } from '../../deps';
import { cohortRef, type CohortDoc } from '../../shared/cohort-repository';
import { HttpError } from '../../shared/http-error';
import { claimVersion, dueScheduled, settleScheduled, stalledScheduled, type ScheduledDoc } from './scheduled-repository';
import { dispatch } from './service';

// The scheduled messages job (every 5 minutes, see index.ts): takes each waiting message whose
// instant has come (a claim of its version, so of two overlapping runs or a run and a coach's edit
// one wins), computes its recipients now and sends it through the send path of a message sent at
// once, under the same id: `cohortMessages/{id}` is created once, whatever reruns. A run that
// stopped half-way leaves the message `sending`; a later run finishes it through that same path.

/** Messages taken per round. */
const PAGE = 50;
/** Rounds per run: up to 500 messages due at once, the rest next time. */
const MAX_ROUNDS = 10;
/** A message still `sending` this long after a run took it was cut short: a later run finishes it. */
const STALLED_MS = 5 * 60 * 1000;

export interface ScheduledRunReport {
  /** Messages this run took (or finished for a run cut short). */
  taken: number;
  sent: number;
  /** Not sent, with a reason the coach reads (nobody to reach, no longer a coach of the cohort). */
  failed: number;
  /** Cut short by an error of ours: left `sending`, finished by a later run. */
  errors: number;
}

type JobDeps = Pick<Deps, 'db' | 'config' | 'pushQueue'>;

/** Sends a message this run holds; records whether it went. A failure of ours (Firestore down) leaves it `sending` for a later run. */
async function send(deps: JobDeps, id: string, doc: ScheduledDoc, now: Date, report: ScheduledRunReport): Promise<void> {
  const { db } = deps;
  report.taken++;
  const settle = (change: Pick<ScheduledDoc, 'status' | 'failure' | 'recipientCount'>) => settleScheduled(db, id, { ...change, updatedAt: now.toISOString() });
  const cohort = await cohortRef(db, doc.cohortId).get();
  if (!cohort.exists || !(cohort.data() as CohortDoc).coachIds.includes(doc.coachId)) {
    report.failed++;
    return settle({ status: 'failed', failure: scheduleTexts.notACoachAnymore, recipientCount: null });
  }
  const audience = { segment: doc.segment, ...(doc.userIds ? { userIds: doc.userIds } : {}), ...(doc.tag ? { tag: doc.tag } : {}) };
  try {
    const { message } = await dispatch(deps, id, { cohortId: doc.cohortId, coachId: doc.coachId, coachName: doc.coachName, text: doc.text, audience }, now, { strayPicked: 'skip' });
    report.sent++;
    await settle({ status: 'sent', failure: null, recipientCount: message.recipientCount });
  } catch (error) {
    // Nobody in the audience at this moment, or an id already used: said to the coach, never retried.
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    report.failed++;
    await settle({ status: 'failed', failure: `Non inviato: ${error.message}`, recipientCount: null });
  }
}

export async function runScheduledMessagesJob(deps: JobDeps, now: Date): Promise<ScheduledRunReport> {
  const report: ScheduledRunReport = { taken: 0, sent: 0, failed: 0, errors: 0 };
  // One message that cannot be sent now never costs the others theirs.
  const attempt = async (id: string, doc: ScheduledDoc) => {
    try {
      await send(deps, id, doc, now, report);
    } catch (error) {
      report.errors++;
      console.error(`Messaggio programmato ${id} non inviato:`, error);
    }
  };
  const { db } = deps;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    // No cursor: every message taken leaves `scheduled`, and one another change took first has moved on too.
    const due = await dueScheduled(db, now, PAGE);
    for (const { id, doc } of due) {
      if (!(await claimVersion(db, id, doc.version, 'send', { status: 'sending', claimedAt: Timestamp.fromDate(now) }, now))) continue;
      await attempt(id, doc);
    }
    if (due.length < PAGE) break;
  }
  for (const { id, doc } of await stalledScheduled(db, new Date(now.getTime() - STALLED_MS), PAGE)) {
    await attempt(id, doc);
  }
  return report;
}
