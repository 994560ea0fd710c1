import { HOME_TIME_ZONE, localDateOf } from '@sfida/core/dates';
import type { IsoDate } from '@sfida/core/iso-date';
import { accountRetention, type AccountRetention } from '@sfida/core/retention';
import type { UserDoc } from './user-repository';

// An account's retention as its user document stores it (docs/decisions/046-account-retention.md):
// `accountDeletableFrom`, the first day it may be deleted, and `accountNoticeFrom`, the first day
// its notice is due (null once given), the two days the nightly job queries
// (features/privacy/retention-job.ts); `accountNotice`, the notice given, which the job writes.
// Every writer of what the days are worked out from (the role, the start, the season, the
// registration and its zone) adds `retentionFollowing` to its write; the job works the days out
// again before it acts on them.

/** The retention's days on `users/{uid}`. */
export interface AccountRetentionFields {
  /** Null for a coach: their account is not a participant's programme, and the job never deletes it. */
  accountDeletableFrom: IsoDate | null;
  accountNoticeFrom: IsoDate | null;
}

/** What the retention reads of a user document. */
export type RetentionDocFields = Pick<Partial<UserDoc>, 'role' | 'challengeStartDate' | 'createdAt' | 'timeZone' | 'season' | 'accountNotice'>;

/** The fields whose change moves the retention; `accountNotice` is the job's, which writes the days with it. */
const RETENTION_INPUTS = ['role', 'challengeStartDate', 'season', 'createdAt', 'timeZone'] as const;
/** Of those, the ones a retention counted from the season before depends on. */
const SEASON_INPUTS = new Set<string>(['role', 'challengeStartDate', 'season']);

/** True when the retention of `doc` counts from the season before: a new season (`season` set) with no start yet. */
export function retentionNeedsPreviousSeason(doc: RetentionDocFields): boolean {
  return (doc.challengeStartDate ?? null) === null && typeof doc.season === 'number';
}

/**
 * Where the account of `doc` stands, or null for a coach. `previousSeasonStart` is the start of
 * their last archived season (read where retentionNeedsPreviousSeason says so, else null). A
 * document without `createdAt` and without a start (none is written so) gets no day either.
 */
export function accountRetentionOf(doc: RetentionDocFields, previousSeasonStart: IsoDate | null): AccountRetention | null {
  if (doc.role === 'OWNER') return null;
  const challengeStartDate = doc.challengeStartDate ?? null;
  if (!doc.createdAt && challengeStartDate === null && previousSeasonStart === null) return null;
  const registeredOn = doc.createdAt ? localDateOf(doc.createdAt, doc.timeZone ?? HOME_TIME_ZONE) : (challengeStartDate ?? previousSeasonStart)!;
  return accountRetention({ challengeStartDate, previousSeasonStart, registeredOn }, doc.accountNotice ?? null);
}

/** The days of `doc` as the document stores them. */
export function accountRetentionFields(doc: RetentionDocFields, previousSeasonStart: IsoDate | null): AccountRetentionFields {
  const retention = accountRetentionOf(doc, previousSeasonStart);
  return { accountDeletableFrom: retention?.deletableFrom ?? null, accountNoticeFrom: retention?.noticeFrom ?? null };
}

/**
 * What a write of `fields` over the document `before` (undefined: a new one) adds, so the stored
 * days follow it: nothing when it changes nothing they are worked out from. A writer that leaves a
 * new season without a start passes `previousSeasonStart`; one that does not and needs it is a bug,
 * and throws (a change of zone alone needs none: the season before's end is no day of a zone).
 */
export function retentionFollowing(before: RetentionDocFields | undefined, fields: RetentionDocFields, previousSeasonStart?: IsoDate | null): Partial<AccountRetentionFields> {
  const changed = RETENTION_INPUTS.filter((key) => key in fields);
  if (changed.length === 0) return {};
  const after = { ...before, ...fields };
  if (after.role !== 'OWNER' && retentionNeedsPreviousSeason(after) && previousSeasonStart === undefined) {
    if (!changed.some((key) => SEASON_INPUTS.has(key))) return {};
    throw new Error('The account retention of a new season without a start needs the start of the season before');
  }
  return accountRetentionFields(after, previousSeasonStart ?? null);
}
