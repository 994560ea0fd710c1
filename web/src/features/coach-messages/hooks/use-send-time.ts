import { useState } from 'react';
import { addDays, todayIn } from '@sfida/core/dates';
import { COHORT_TIME_ZONE, scheduleProblem } from '@sfida/core/scheduled-messages';

export type SendWhen = 'now' | 'later';

/** The time a scheduled message starts at: a common hour for a message of the day. */
const DEFAULT_TIME = '09:00';

/**
 * When a composed message goes: at once, or at a date and time on the cohort's clock (tomorrow at
 * 09:00 to begin with). `onChange` hears every change: the composer makes it another message.
 */
export function useSendTime(onChange: () => void) {
  const [when, setWhen] = useState<SendWhen>('now');
  const [date, setDate] = useState(() => addDays(todayIn(COHORT_TIME_ZONE, new Date()), 1));
  const [time, setTime] = useState(DEFAULT_TIME);
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      onChange();
    };
  return {
    when,
    date,
    time,
    timeZone: COHORT_TIME_ZONE,
    chooseWhen: changed(setWhen),
    changeDate: changed(setDate),
    changeTime: changed(setTime),
    /** Why the chosen moment cannot be (the past, a time a DST change skips…), as the server would say; null when it can. */
    problem: () => (when === 'later' ? scheduleProblem(date, time, COHORT_TIME_ZONE, new Date()) : null),
    /** Back to "Invia ora" once a message has gone or been scheduled. */
    reset: () => setWhen('now'),
  };
}
