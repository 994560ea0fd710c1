import { addDays, DAYS_PER_WEEK } from '@sfida/core/dates';
import type { IsoDate } from '@sfida/core/iso-date';
import type { TrackerData } from '@sfida/core/tracker';
import { currentWeekStrip } from '@sfida/core/tracker-actions';

/** The days the week strips show: the current challenge week, or the last 7 days before the start (all locked). */
export function stripDaysFor(data: TrackerData, today: IsoDate): IsoDate[] {
  const week = currentWeekStrip(data, new Date());
  if (week.length > 0) return week;
  return Array.from({ length: DAYS_PER_WEEK }, (_, i) => addDays(today, i - (DAYS_PER_WEEK - 1)));
}
