import { useEffect, useState } from 'react';
import { todayIn } from '@sfida/core/dates';
import type { IsoDate } from '@sfida/core/iso-date';
import { browserTimeZone } from './browser-time-zone';

/** Today in the participant's zone right now. */
export function currentDay(): IsoDate {
  return todayIn(browserTimeZone(), new Date());
}

const CHECK_EVERY_MS = 30_000;

/** Today's date, kept current across midnight (a screen left open overnight moves to the new day). */
export function useToday(): IsoDate {
  const [today, setToday] = useState(currentDay);
  useEffect(() => {
    const check = () => setToday(currentDay());
    const interval = setInterval(check, CHECK_EVERY_MS);
    // Coming back to a phone that slept: timers may have been paused.
    document.addEventListener('visibilitychange', check);
    return () => {
      clearInterval(interval);
      document.removeEventListener('visibilitychange', check);
    };
  }, []);
  return today;
}
