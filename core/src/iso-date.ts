import * as z from 'zod/mini';

/** A calendar day written as YYYY-MM-DD (no time, no zone). */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when `value` is a real calendar day in YYYY-MM-DD form (rejects 2025-02-30). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  if (m < 1 || m > 12 || d < 1) return false;
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= daysInMonth;
}

export const isoDateSchema = z
  .string({ error: 'Data non valida' })
  .check(z.refine(isIsoDate, { error: 'Data non valida: usa il formato AAAA-MM-GG' }));
