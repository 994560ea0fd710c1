import { addDays, compareIsoDates, formatItalianDate } from './dates';
import type { IsoDate } from './iso-date';
import { MAX_MAINTENANCE_MONTHS, maintenanceMonthEnd } from './maintenance';
import type { PushPayload } from './notifications';

// How long the app keeps what it keeps: the one source of every figure the server enforces and the
// privacy page states, so that the page and the code cannot disagree. Every figure counts calendar
// days (or months) in the participant's time zone: `today` comes from todayIn(zone, now).

/** Months an account is kept after its last programme ends; then it is deleted. */
export const ACCOUNT_RETENTION_MONTHS = 12;
/** Months of notice a participant gets before their account is deleted for lapsing. */
export const RETENTION_NOTICE_MONTHS = 1;
/** Days a voice note is kept after its participant's programme ends (or after it was recorded, if later). */
export const VOICE_NOTE_RETENTION_DAYS = 90;
/** Days a browser's device token (its hash) is kept after the last sign-in from that browser. */
export const DEVICE_TOKEN_RETENTION_DAYS = 180;
/**
 * Days a copy of deleted data may live on in the database's backups before they expire. The
 * backup settings in docs/deploy.md must match this figure.
 */
export const BACKUP_DAYS = 30;
/** Months of the maintenance phase after the eight weeks (part of the programme). */
export const PROGRAMME_MAINTENANCE_MONTHS = MAX_MAINTENANCE_MONTHS;

/**
 * The last day of a participant's programme begun on `startDate`: their eight weeks, then the
 * maintenance phase's last month (the last one that takes a check-in).
 */
export function programmeLastDay(startDate: IsoDate): IsoDate {
  return maintenanceMonthEnd(startDate, MAX_MAINTENANCE_MONTHS);
}

/**
 * The same day `n` calendar months later (n may be negative), or the month's last day when it is
 * shorter: 31 January + 1 month is 28 (or 29) February.
 */
export function addMonths(date: IsoDate, n: number): IsoDate {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 + n;
  const day = Number(date.slice(8, 10));
  const targetYear = year + Math.floor(month / 12);
  const targetMonth = ((month % 12) + 12) % 12;
  // Day 0 of the next month is the last day of this one: whole-day arithmetic, no clock involved.
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(targetYear, 4)}-${pad(targetMonth + 1, 2)}-${pad(Math.min(day, lastDay), 2)}`;
}

/** What an account's retention reads of its participant, as they are now. */
export interface RetentionOwner {
  /** The start of the season they are in; null when not chosen yet. */
  challengeStartDate: IsoDate | null;
  /** The start of their last archived season, when a new season has no start yet. */
  previousSeasonStart: IsoDate | null;
  /** The day they registered, in their zone: where the count starts if no programme ever began. */
  registeredOn: IsoDate;
}

/**
 * The day an account's retention counts from: the last day of the programme of the season they are
 * in (the season before while a new one has no start yet), so a new season moves it; the day they
 * registered when they never chose a start.
 */
export function retentionCountsFrom(owner: RetentionOwner): IsoDate {
  const start = owner.challengeStartDate ?? owner.previousSeasonStart;
  return start === null ? owner.registeredOn : programmeLastDay(start);
}

/** The first day an account may be deleted: more than ACCOUNT_RETENTION_MONTHS after `lastProgrammeDay`. */
export function accountDeletableFrom(lastProgrammeDay: IsoDate): IsoDate {
  return addDays(addMonths(lastProgrammeDay, ACCOUNT_RETENTION_MONTHS), 1);
}

/** The day the participant is told of the deletion: RETENTION_NOTICE_MONTHS before it. */
export function retentionNoticeFrom(deletableFrom: IsoDate): IsoDate {
  return addMonths(deletableFrom, -RETENTION_NOTICE_MONTHS);
}

/** True once `today` (in the participant's zone) has reached `day`, a first day of deletion or of notice. */
export function retentionReached(day: IsoDate, today: IsoDate): boolean {
  return compareIsoDates(today, day) >= 0;
}

/** The notice of an account's deletion, as given: for which first day of deletion, and on which of the participant's days. */
export interface RetentionNotice {
  deletableFrom: IsoDate;
  givenOn: IsoDate;
}

/** Where an account's retention stands, from its participant as they are now and the notice they were given. */
export interface AccountRetention {
  /** The first day of deletion the rules give: accountDeletableFrom of retentionCountsFrom. */
  due: IsoDate;
  /**
   * The first day it may be deleted: `due`, or RETENTION_NOTICE_MONTHS after a notice given late
   * (a run missed, an account older than the job), so a full month of notice is always given.
   * Before the notice for `due` is given, only a lower bound.
   */
  deletableFrom: IsoDate;
  /** The first day the notice is due; null once it was given for `due` (a moved day is noticed again). */
  noticeFrom: IsoDate | null;
}

/** An account's retention: its day, pushed past a late notice, and whether a notice is still owed. */
export function accountRetention(owner: RetentionOwner, notice: RetentionNotice | null): AccountRetention {
  const due = accountDeletableFrom(retentionCountsFrom(owner));
  if (notice === null || notice.deletableFrom !== due) return { due, deletableFrom: due, noticeFrom: retentionNoticeFrom(due) };
  const monthAfterNotice = addMonths(notice.givenOn, RETENTION_NOTICE_MONTHS);
  return { due, deletableFrom: compareIsoDates(monthAfterNotice, due) > 0 ? monthAfterNotice : due, noticeFrom: null };
}

/** What a participant's phone shows a month before their account is deleted; a tap opens "Privacy e dati". */
export function retentionNoticePush(deletableFrom: IsoDate): PushPayload {
  return {
    title: `Il tuo account sarà eliminato il ${formatItalianDate(deletableFrom)}`,
    body: 'Per tenerlo, accedi e inizia una nuova stagione. Per conservare i tuoi dati, scaricali da “Privacy e dati” nel profilo.',
    // The web app's PRIVACY_SETTINGS_PATH.
    url: '/profilo#privacy-e-dati',
    tag: `eliminazione-account-${deletableFrom}`,
  };
}
