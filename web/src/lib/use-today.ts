import { useEffect, useState } from 'react';
import { todayIn } from '@sfida/core/dates';
import type { IsoDate } from '@sfida/core/iso-date';
import { useAuth } from './auth';
import { browserTimeZone } from './browser-time-zone';

/** Today in `timeZone` (the participant's; this browser's by default) right now. */
export function currentDay(timeZone: string = browserTimeZone()): IsoDate {
  return todayIn(timeZone, new Date());
}

const CHECK_EVERY_MS = 30_000;

/**
 * Today's date in the participant's zone (the one the server counts their days in), kept current
 * across midnight (a screen left open overnight moves to the new day).
 */
export function useToday(): IsoDate {
  const zone = useAuth().user?.timeZone ?? browserTimeZone();
  const [today, setToday] = useState(() => currentDay(zone));
  useEffect(() => {
    const check = () => setToday(currentDay(zone));
    check();
    const interval = setInterval(check, CHECK_EVERY_MS);
    // Coming back to a phone that slept: timers may have been paused.
    document.addEventListener('visibilitychange', check);
    return () => {
      clearInterval(interval);
      document.removeEventListener('visibilitychange', check);
    };
  }, [zone]);
  return today;
}
