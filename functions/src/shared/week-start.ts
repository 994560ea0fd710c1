import { mondayOf, todayIn } from '@sfida/core/dates';
import { isIsoDate } from '@sfida/core/iso-date';
import { badRequest } from './http-error';

/** `?weekStart=`: a Monday as YYYY-MM-DD; this week's Monday (in `timeZone`) when absent. */
export function weekStartParam(value: unknown, timeZone: string, now: Date): string {
  if (value === undefined || value === '') return mondayOf(todayIn(timeZone, now));
  if (typeof value !== 'string' || !isIsoDate(value) || mondayOf(value) !== value) {
    throw badRequest('weekStart deve essere un lunedì nel formato AAAA-MM-GG');
  }
  return value;
}
