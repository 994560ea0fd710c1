import type { DocumentSnapshot, Firestore, Timestamp } from 'firebase-admin/firestore';
import { HOME_TIME_ZONE } from '@sfida/core/dates';
import type { IsoDate } from '@sfida/core/iso-date';
import { calendarOf, type ParticipantCalendar } from '@sfida/core/participant-calendar';
import { retentionNeedsPreviousSeason } from '../../shared/account-retention';
import { isFailedPrecondition } from '../../shared/firestore';
import { lastArchivedSeason } from '../../shared/season-archive-repository';
import { userRef, usersCollection, type UserDoc } from '../../shared/user-repository';

// What the account retention job (retention-job.ts) reads and writes of `users/{uid}`: the
// participants whose stored day of notice or of deletion has come, and the days it works out again.

/** A participant as the retention job reads them. */
export interface RetentionAccount {
  uid: string;
  doc: Partial<UserDoc>;
  /** The start of their last archived season, where a new season has no start yet; else null. */
  previousSeasonStart: IsoDate | null;
  calendar: ParticipantCalendar;
  /** When it was read: a write of the job is conditional on it (opaque to the job). */
  readonly readAt: Timestamp;
}

/** The stored day the job queries: the notice's, or the deletion's. */
export type RetentionDay = 'accountNoticeFrom' | 'accountDeletableFrom';

async function accountOf(db: Firestore, snap: DocumentSnapshot): Promise<RetentionAccount> {
  const doc = (snap.data() ?? {}) as Partial<UserDoc>;
  const previous = retentionNeedsPreviousSeason(doc) ? await lastArchivedSeason(db, snap.id) : null;
  return {
    uid: snap.id,
    doc,
    previousSeasonStart: previous?.challengeStartDate ?? null,
    calendar: calendarOf({ ...doc, timeZone: doc.timeZone ?? HOME_TIME_ZONE }),
    readAt: snap.updateTime!,
  };
}

/**
 * The participants whose stored `day` is `by` or earlier, the earliest first (index: users by role
 * and that day). Coaches' days are null, and a coach never comes out of this query.
 */
export async function accountsDueBy(db: Firestore, day: RetentionDay, by: IsoDate, limit: number): Promise<RetentionAccount[]> {
  const snap = await usersCollection(db).where('role', '==', 'PARTICIPANT').where(day, '<=', by).orderBy(day).limit(limit).get();
  return Promise.all(snap.docs.map((doc) => accountOf(db, doc)));
}

/** `users/{uid}` read afresh, just before the job acts on it; null when it is gone. */
export async function retentionAccount(db: Firestore, uid: string): Promise<RetentionAccount | null> {
  const snap = await userRef(db, uid).get();
  return snap.exists ? accountOf(db, snap) : null;
}

/**
 * Writes the job's fields, unless the document changed since it was read (a writer in between
 * wrote the days itself, and the next night looks again). False when it had changed or is gone.
 */
export async function saveRetention(db: Firestore, account: RetentionAccount, fields: Pick<Partial<UserDoc>, 'accountDeletableFrom' | 'accountNoticeFrom' | 'accountNotice'>): Promise<boolean> {
  try {
    await userRef(db, account.uid).update(fields, { lastUpdateTime: account.readAt });
    return true;
  } catch (error) {
    // NOT_FOUND (5): deleted meanwhile.
    if (isFailedPrecondition(error) || (error as { code?: unknown }).code === 5) return false;
    throw error;
  }
}

/**
 * The accounts without retention days (written before them): the migration's read, of the whole
 * collection once, as the other migrations read it.
 */
export async function accountsWithoutRetention(db: Firestore): Promise<{ users: number; missing: RetentionAccount[] }> {
  const all = await usersCollection(db).get();
  const missing = all.docs.filter((snap) => snap.get('accountDeletableFrom') === undefined);
  return { users: all.size, missing: await Promise.all(missing.map((snap) => accountOf(db, snap))) };
}
