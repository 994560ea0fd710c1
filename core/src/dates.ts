import type { IsoDate } from './iso-date';
import { runtimeTemporal, type TemporalSubset } from './temporal';
import { formatterFor } from './zone-formatters';

// Every day here is a calendar day (YYYY-MM-DD) in the participant's own time zone.
// Arithmetic goes through Date.UTC on the year/month/day parts: that is pure calendar
// arithmetic, so a daylight-saving change can never move a day, a week or a streak.

/** The program's home zone: where a participant's zone is not known, "today" is Rome's. */
export const HOME_TIME_ZONE = 'Europe/Rome';

/** Weeks in the challenge. */
export const CHALLENGE_WEEKS = 8;
/** Days in a week (challenge weeks and calendar weeks alike). */
export const DAYS_PER_WEEK = 7;

/** En-CA prints calendar parts we can read back. */
const CALENDAR_PARTS: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };

/**
 * Reads the calendar day (YYYY-MM-DD) an instant falls on in a zone; throws a RangeError for a
 * zone the runtime does not know or an invalid instant.
 */
export type CalendarDayReader = (instant: Date, timeZone: string) => IsoDate;

/** Through Temporal: no Intl formatter, so no locale data to load (see ./temporal). */
export function temporalCalendarDay(temporal: TemporalSubset): CalendarDayReader {
  return (instant, timeZone) =>
    temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone).toPlainDate().toString();
}

/** Through Intl, wherever there is no Temporal (Safari, Node 24). */
export const intlCalendarDay: CalendarDayReader = (instant, timeZone) => {
  const parts = formatterFor(timeZone, CALENDAR_PARTS).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year').padStart(4, '0')}-${get('month')}-${get('day')}`;
};

const temporal = runtimeTemporal();
const calendarDayOf: CalendarDayReader = temporal ? temporalCalendarDay(temporal) : intlCalendarDay;

/**
 * True for a zone's name, false for a bare UTC offset ("+01:00"): Temporal accepts offsets as
 * zones, Intl (and so the server, on Node 24) does not, and both sides must agree on a tracker.
 */
export function isNamedTimeZone(timeZone: string): boolean {
  return /^[A-Za-z]/.test(timeZone);
}

/** True when `timeZone` is an IANA zone this runtime knows (e.g. 'Europe/Rome'). */
export function isValidTimeZone(timeZone: string): boolean {
  if (typeof timeZone !== 'string' || timeZone.length === 0 || timeZone.length > 64 || !isNamedTimeZone(timeZone)) return false;
  try {
    calendarDayOf(new Date(0), timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The calendar day an instant falls on in `timeZone`. */
export function localDateOf(instant: Date | string, timeZone: string): IsoDate {
  // Points histories are read again and again, and every reducer reads "now" once or more:
  // remember recent (zone, instant) → day lookups, so the zone is read once per instant.
  const key = typeof instant === 'string' ? `${timeZone} ${instant}` : `${timeZone}\u0000${instant.getTime()}`;
  let day = localDateCache.get(key);
  if (day === undefined) {
    day = calendarDayOf(typeof instant === 'string' ? new Date(instant) : instant, timeZone);
    remember(localDateCache, key, day);
  }
  return day;
}

/** Entries a memo of this module keeps before it starts again (each is a short string or a number). */
const MEMO_LIMIT = 20_000;

/** Stores `value` under `key`, emptying `memo` first when it is full: bounded, and still pure for the caller. */
function remember<K, V>(memo: Map<K, V>, key: K, value: V): void {
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, value);
}

const localDateCache = new Map<string, IsoDate>();

/** Today's calendar day in `timeZone` at the instant `now`. */
export function todayIn(timeZone: string, now: Date): IsoDate {
  return localDateOf(now, timeZone);
}

/** Year, month (1–12) and day of a calendar day. */
function partsOf(date: IsoDate): [number, number, number] {
  return date.split('-').map(Number) as [number, number, number];
}

const dayNumbers = new Map<IsoDate, number>();

/** Serial day number of a calendar day (days since 1970-01-01), from the civil calendar alone. */
function dayNumber(date: IsoDate): number {
  let value = dayNumbers.get(date);
  if (value === undefined) {
    value = computeDayNumber(date);
    remember(dayNumbers, date, value);
  }
  return value;
}

function computeDayNumber(date: IsoDate): number {
  // Howard Hinnant's days_from_civil: integer calendar arithmetic, no clock, no zone.
  const [y0, m, d] = partsOf(date);
  const y = m <= 2 ? y0 - 1 : y0;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** addDays results by offset, then by day (no key to build: streaks and weeks ask for ±1 and ±7 again and again). */
const shiftedDays = new Map<number, Map<IsoDate, IsoDate>>();

/** The day `n` calendar days after `date` (n may be negative). */
export function addDays(date: IsoDate, n: number): IsoDate {
  let byDay = shiftedDays.get(n);
  if (byDay === undefined) {
    if (shiftedDays.size >= 64) shiftedDays.clear();
    byDay = new Map();
    shiftedDays.set(n, byDay);
  }
  let shifted = byDay.get(date);
  if (shifted === undefined) {
    shifted = computeAddDays(date, n);
    remember(byDay, date, shifted);
  }
  return shifted;
}

function computeAddDays(date: IsoDate, n: number): IsoDate {
  const [y, m, d] = partsOf(date);
  // Date.UTC normalises an overflowing day-of-month into the right month and year.
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return dayNumber(to) - dayNumber(from);
}

/** Sort order of two days: negative, zero or positive (YYYY-MM-DD compares as text). */
export function compareIsoDates(a: IsoDate, b: IsoDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Day of the week with Monday = 0 … Sunday = 6. */
export function weekdayIndex(date: IsoDate): number {
  // Day 0, 1970-01-01, was a Thursday (index 3).
  return (((dayNumber(date) + 3) % 7) + 7) % 7;
}

/** The Monday of the calendar week containing `date` (weeks start on Monday). */
export function mondayOf(date: IsoDate): IsoDate {
  return addDays(date, -weekdayIndex(date));
}

/** The 7 days of the week starting at `monday` (or at any first day). */
export function weekDays(monday: IsoDate): IsoDate[] {
  return Array.from({ length: DAYS_PER_WEEK }, (_, i) => addDays(monday, i));
}

/** True once the challenge has a start date that is today or earlier. */
export function isChallengeStarted(startDate: IsoDate | null, today: IsoDate): startDate is IsoDate {
  return startDate !== null && compareIsoDates(startDate, today) <= 0;
}

/** Whole weeks since the start, not capped (0, 1, 2, … 9, …); null before the start. */
export function elapsedWeekIndex(startDate: IsoDate | null, today: IsoDate): number | null {
  if (!isChallengeStarted(startDate, today)) return null;
  return Math.floor(daysBetween(startDate, today) / DAYS_PER_WEEK);
}

/** Index of the current challenge week, 0..7 (capped at 7); null before the start or with no start. */
export function challengeWeekIndex(startDate: IsoDate | null, today: IsoDate): number | null {
  const index = elapsedWeekIndex(startDate, today);
  return index === null ? null : Math.min(index, CHALLENGE_WEEKS - 1);
}

/** Current challenge week number 1..8; 0 before the start or with no start. */
export function challengeWeekNumber(startDate: IsoDate | null, today: IsoDate): number {
  const index = challengeWeekIndex(startDate, today);
  return index === null ? 0 : index + 1;
}

/** Completed weeks out of 8 : 0 before start, 1 for days 0-7, 2 for 8-14, … 8 beyond 49. */
export function completedWeeks(startDate: IsoDate | null, today: IsoDate): number {
  if (!isChallengeStarted(startDate, today)) return 0;
  const days = daysBetween(startDate, today);
  return Math.min(CHALLENGE_WEEKS, Math.max(1, Math.ceil(days / DAYS_PER_WEEK)));
}

/** True when 8 whole weeks (56 days) have passed since the start date. */
export function isChallengeOver(startDate: IsoDate | null, today: IsoDate): boolean {
  return startDate !== null && daysBetween(startDate, today) >= CHALLENGE_WEEKS * DAYS_PER_WEEK;
}

/** The last day of the eight weeks (day 56); from the next day the challenge is over. */
export function challengeLastDay(startDate: IsoDate): IsoDate {
  return addDays(startDate, CHALLENGE_WEEKS * DAYS_PER_WEEK - 1);
}

/** The first day of challenge week `weekNumber` (1..8). */
export function challengeWeekStart(startDate: IsoDate, weekNumber: number): IsoDate {
  return addDays(startDate, (weekNumber - 1) * DAYS_PER_WEEK);
}

/** The 7 days of challenge week `weekNumber` (1..8). */
export function challengeWeekDays(startDate: IsoDate, weekNumber: number): IsoDate[] {
  return weekDays(challengeWeekStart(startDate, weekNumber));
}

/** Challenge week number (0..8) of an instant, read as a calendar day in `timeZone`. */
export function challengeWeekNumberAt(startDate: IsoDate | null, instant: Date | string, timeZone: string): number {
  return challengeWeekNumber(startDate, localDateOf(instant, timeZone));
}

// Italian dates are spelled out here rather than by Intl: the first Intl formatter of a page loads
// the browser's locale data (see ./temporal), and these few names are all the dashboard prints.
// The tests check every day of several years against Intl's Italian.
const MONTHS = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'];
const SHORT_MONTHS = ['gen', 'feb', 'mar', 'apr', 'mag', 'giu', 'lug', 'ago', 'set', 'ott', 'nov', 'dic'];
/** Monday first, as weekdayIndex counts. */
const WEEKDAYS = ['lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato', 'domenica'];
const SHORT_WEEKDAYS = ['lun', 'mar', 'mer', 'gio', 'ven', 'sab', 'dom'];

/** A day in Italian, e.g. "21 novembre 2026". */
export function formatItalianDate(date: IsoDate): string {
  const [y, m, d] = partsOf(date);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/** A day in short Italian form, e.g. "21 nov". */
export function formatItalianShortDate(date: IsoDate): string {
  const [, m, d] = partsOf(date);
  return `${d} ${SHORT_MONTHS[m - 1]}`;
}

/** The Italian weekday of a day, e.g. "sab" (short) or "sabato" (long). */
export function italianWeekday(date: IsoDate, style: 'short' | 'long' = 'short'): string {
  return (style === 'short' ? SHORT_WEEKDAYS : WEEKDAYS)[weekdayIndex(date)]!;
}
