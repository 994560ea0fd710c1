import { mondayOf, todayIn } from '@sfida/core/dates';

/** The week a `?weekStart=` named (core's weekStartParam), or the Monday of today in `timeZone` when it named none. */
export function weekOrThisWeek(weekStart: string | null, timeZone: string, now: Date): string {
  return weekStart ?? mondayOf(todayIn(timeZone, now));
}
