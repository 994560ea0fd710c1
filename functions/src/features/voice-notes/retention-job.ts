import { HOME_TIME_ZONE, todayIn } from '@sfida/core/dates';
import { latestExpiredCohortStart } from '@sfida/core/voice-notes';
import type { Deps } from '../../deps';
import { cohortsCollection } from '../../shared/cohort-repository';
import { deleteVoiceNotesWhere } from '../../shared/voice-note-repository';

// The voice notes' retention (once a day, with the reminders run of 03:00, see index.ts): a cohort's notes are deleted 90 days after
// its eight weeks end (core's voiceNotesExpired), bytes and documents. Reads: the cohorts that
// began long enough ago, and their remaining notes a page at a time.

/** Notes deleted per run at most: a day's run stays short; what is left goes the next day. */
export const MAX_DELETED_PER_RUN = 2000;

export interface RetentionReport {
  /** Expired cohorts looked at. */
  cohorts: number;
  deleted: number;
}

export async function runVoiceNoteRetention(deps: Pick<Deps, 'db' | 'blobStore'>, now: Date): Promise<RetentionReport> {
  // Cohort days are the programme's calendar: the zone the cohorts' dates are written in.
  const bound = latestExpiredCohortStart(todayIn(HOME_TIME_ZONE, now));
  const expired = await cohortsCollection(deps.db).where('startDate', '<=', bound).get();
  const report: RetentionReport = { cohorts: expired.size, deleted: 0 };
  for (const cohort of expired.docs) {
    const budget = MAX_DELETED_PER_RUN - report.deleted;
    if (budget <= 0) break;
    report.deleted += await deleteVoiceNotesWhere(deps, 'cohortId', cohort.id, budget);
  }
  return report;
}

/** The quarter-hour reminders run that also applies the retention: the one starting between 03:00 and 03:14 in Rome. */
export function isRetentionRun(now: Date): boolean {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: HOME_TIME_ZONE, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).formatToParts(now);
  const hour = Number(parts.find((part) => part.type === 'hour')?.value);
  const minute = Number(parts.find((part) => part.type === 'minute')?.value);
  return hour === 3 && minute < 15;
}
