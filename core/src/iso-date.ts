import * as z from 'zod/mini';

/** A calendar day written as YYYY-MM-DD (no time, no zone). */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** February's 29th exists: the Gregorian leap years. */
function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/**
 * True when `value` is a real calendar day in YYYY-MM-DD form (rejects 2025-02-30). Counted, not
 * built as a Date: schemas check every day of every stored digest and tracker with it.
 */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  if (m < 1 || m > 12 || d < 1) return false;
  return d <= (m === 2 && isLeapYear(y) ? 29 : DAYS_IN_MONTH[m - 1]!);
}

export const isoDateSchema = z
  .string({ error: 'Data non valida' })
  .check(z.refine(isIsoDate, { error: 'Data non valida: usa il formato AAAA-MM-GG' }));
