import { queueRetentionNoticeEmail } from '../../shared/mail/account-emails';
import { addDays, HOME_TIME_ZONE, todayIn } from '@sfida/core/dates';
import { effectiveToday } from '@sfida/core/participant-calendar';
import { minutesOfDay } from '@sfida/core/reminders';
import { retentionNoticePush, retentionReached, type RetentionNotice } from '@sfida/core/retention';
import type { Deps } from '../../deps';
import { accountRetentionFields, accountRetentionOf, type AccountRetentionFields } from '../../shared/account-retention';
import { reminderTasks } from '../../shared/push-fan-out';
import { claimReminderDelivery } from '../../shared/reminder-delivery-repository';
import { deleteAccount } from './delete-service';
import { accountsDueBy, accountsWithoutRetention, retentionAccount, saveRetention, type RetentionAccount, type RetentionDay } from './retention-repository';

// The accounts' retention (docs/decisions/046-account-retention.md): a participant's account is
// deleted, as "Elimina il mio account" deletes it, once more than ACCOUNT_RETENTION_MONTHS have
// passed since their last programme ended (core's accountRetention), after a notice
// RETENTION_NOTICE_MONTHS before. Two passes of the reminders job (index.ts): the notices in the
// run of 10:00 in Rome, the deletions in the run of 03:00, each bounded per run. Each reads the
// participants whose stored day has come by Rome's tomorrow (today anywhere is at most that), works
// the day out again from the participant as they are now, and acts only once it has come in their
// own zone: a day moved later (a new season) is stored instead, one not yet reached is left for the
// next run. Coaches are out of it: their account is the cohorts' tool, not a programme of theirs.

/** Accounts looked at per run, for notices and for deletions: a run stays short, the rest goes the next day. */
export const MAX_NOTICES_PER_RUN = 500;
export const MAX_DELETIONS_PER_RUN = 50;
/** Accounts read per query. */
const PAGE = 100;
/** A notice waits this long for a phone that is off (a reminder, two hours): a week, for a month's notice. */
const NOTICE_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface AccountRetentionReport {
  /** Accounts whose stored day had come. */
  looked: number;
  /** Notices given, or accounts deleted (`unfinished`: the pending deletions' job finishes them). */
  done: number;
  unfinished: number;
  /** Accounts whose day had moved (a new season, a start chosen): given the new one instead. */
  moved: number;
  /** Coaches found with days (made coaches since): the days removed, the account kept. */
  coaches: number;
}

const emptyReport = (): AccountRetentionReport => ({ looked: 0, done: 0, unfinished: 0, moved: 0, coaches: 0 });

/**
 * Visits, a page at a time, the participants whose stored `day` is Rome's tomorrow or earlier, up
 * to `max`. No cursor: those acted on leave the range, and those left in it (not yet in their own
 * zone) are skipped by id in the next pages.
 */
async function eachDue(deps: Pick<Deps, 'db'>, day: RetentionDay, now: Date, max: number, visit: (page: RetentionAccount[]) => Promise<void>): Promise<number> {
  const bound = addDays(todayIn(HOME_TIME_ZONE, now), 1);
  const seen = new Set<string>();
  while (seen.size < max) {
    const page = (await accountsDueBy(deps.db, day, bound, Math.min(PAGE, max - seen.size) + seen.size)).filter((account) => !seen.has(account.uid));
    if (page.length === 0) break;
    for (const account of page) seen.add(account.uid);
    await visit(page);
  }
  return seen.size;
}

/** True when the stored days are not those worked out. */
function differs(account: RetentionAccount, fields: AccountRetentionFields): boolean {
  return (account.doc.accountDeletableFrom ?? null) !== fields.accountDeletableFrom || (account.doc.accountNoticeFrom ?? null) !== fields.accountNoticeFrom;
}

/** Stores the days worked out when they are not the stored ones: a coach's go, a moved day is kept. */
async function settle(deps: Pick<Deps, 'db'>, account: RetentionAccount, report: AccountRetentionReport): Promise<void> {
  const fields = accountRetentionFields(account.doc, account.previousSeasonStart);
  if (!differs(account, fields)) return;
  if (!(await saveRetention(deps.db, account, fields))) return;
  if (fields.accountDeletableFrom === null) report.coaches++;
  else report.moved++;
}

/** The delivery marker of a notice: one per participant and first day of deletion, so a rerun or a retry tells them once. */
function noticeId(uid: string, notice: RetentionNotice): string {
  return `${uid}_retention_${notice.deletableFrom}`;
}

/**
 * The notices: each participant whose notice day has come in their zone is told by push, once per
 * first day of deletion, when their account will be deleted and how to keep it or their data.
 * The notice is claimed (a delivery marker holding its push) and enqueued before the participant
 * is marked told: a run that stops in between enqueues the same marker the next day, and the
 * push's own claim per device (push-fan-out.ts) sends it once. Email has no channel yet: when it
 * has one, it is sent here, beside the push, keyed by the same marker.
 */
export async function giveRetentionNotices(deps: Pick<Deps, 'db' | 'pushQueue' | 'clock' | 'config' | 'emailQueue'>, now: Date, options: { max?: number } = {}): Promise<AccountRetentionReport> {
  const report = emptyReport();
  report.looked = await eachDue(deps, 'accountNoticeFrom', now, options.max ?? MAX_NOTICES_PER_RUN, async (page) => {
    const told: Array<{ account: RetentionAccount; notice: RetentionNotice }> = [];
    const markers: string[] = [];
    for (const account of page) {
      const retention = accountRetentionOf(account.doc, account.previousSeasonStart);
      const today = effectiveToday(account.calendar, now);
      if (retention === null || retention.noticeFrom === null || !retentionReached(retention.noticeFrom, today)) {
        await settle(deps, account, report);
        continue;
      }
      const notice: RetentionNotice = { deletableFrom: retention.due, givenOn: today };
      // The day the push states: a notice given late leaves a full month before it.
      const deletableFrom = accountRetentionOf({ ...account.doc, accountNotice: notice }, account.previousSeasonStart)!.deletableFrom;
      // Created now or by a run that stopped before marking them told: enqueued either way.
      await claimReminderDelivery(deps.db, noticeId(account.uid, notice), account.uid, retentionNoticePush(deletableFrom), now, NOTICE_TTL_SECONDS);
      markers.push(noticeId(account.uid, notice));
      // By email too, for those who turned push off or never turned it on: the key makes it once.
      await queueRetentionNoticeEmail(deps, { uid: account.uid, name: account.doc.name ?? '', cohortId: account.doc.cohortId ?? null }, deletableFrom, noticeId(account.uid, notice));
      told.push({ account, notice });
    }
    await deps.pushQueue.enqueue(reminderTasks(markers));
    for (const { account, notice } of told) {
      const fields = accountRetentionFields({ ...account.doc, accountNotice: notice }, account.previousSeasonStart);
      if (await saveRetention(deps.db, account, { ...fields, accountNotice: notice })) report.done++;
    }
  });
  return report;
}

/**
 * The deletions: each participant whose day has come in their zone, and who was told, is read
 * afresh and deleted as they could delete themselves (delete-service.ts `deleteAccount`, kind
 * `retention`). Without the deletion ledger's key nothing is deleted: a restored backup could
 * not be cleaned of them.
 */
export async function deleteLapsedAccounts(deps: Pick<Deps, 'db' | 'auth' | 'blobStore' | 'clock' | 'config' | 'emailQueue'>, now: Date, options: { max?: number } = {}): Promise<AccountRetentionReport> {
  const report = emptyReport();
  if (!deps.config.deletionLedgerKey) {
    console.warn('Conservazione degli account: nessuna eliminazione senza la chiave del registro (VAPID_PRIVATE_KEY)');
    return report;
  }
  report.looked = await eachDue(deps, 'accountDeletableFrom', now, options.max ?? MAX_DELETIONS_PER_RUN, async (page) => {
    for (const { uid } of page) {
      // Read again just before: a season accepted since the page was read keeps the account.
      const account = await retentionAccount(deps.db, uid);
      if (!account) continue;
      const retention = accountRetentionOf(account.doc, account.previousSeasonStart);
      const today = effectiveToday(account.calendar, now);
      // Never a coach (null), never without the notice (noticeFrom still due), never before the day in their zone.
      if (retention === null || retention.noticeFrom !== null || !retentionReached(retention.deletableFrom, today)) {
        await settle(deps, account, report);
        continue;
      }
      try {
        if (await deleteAccount(deps, uid, 'retention')) report.done++;
        else report.unfinished++;
      } catch (error) {
        // Nothing personal in the log; the account keeps its day and is looked at again the next night.
        console.warn('Conservazione degli account: eliminazione non riuscita:', (error as Error).message);
        report.unfinished++;
      }
    }
  });
  return report;
}

/** The quarter-hourly reminders run that gives the notices: the one starting between 10:00 and 10:14 in Rome, a waking hour. */
export function isRetentionNoticeRun(now: Date): boolean {
  const minutes = minutesOfDay(HOME_TIME_ZONE, now);
  return minutes >= 10 * 60 && minutes < 10 * 60 + 15;
}

/**
 * The migration for accounts stored before their retention days were (`npm run migrate-cohorts`):
 * each gets them from the account as it is now, a coach none. Idempotent: accounts that have them
 * are left alone. An account long lapsed gets its notice the next morning and a month with it.
 */
export async function backfillAccountRetention(deps: Pick<Deps, 'db'>): Promise<{ users: number; written: number }> {
  const { users, missing } = await accountsWithoutRetention(deps.db);
  let written = 0;
  for (let i = 0; i < missing.length; i += PAGE) {
    const saved = await Promise.all(missing.slice(i, i + PAGE).map((account) => saveRetention(deps.db, account, accountRetentionFields(account.doc, account.previousSeasonStart))));
    written += saved.filter(Boolean).length;
  }
  return { users, written };
}
