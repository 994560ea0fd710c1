import type { Request } from 'express';
import { isValidTimeZone } from '@sfida/core/dates';

/** The program's home zone: where a participant's zone is unknown, "today" is Rome's. */
export const DEFAULT_TIME_ZONE = 'Europe/Rome';

/** The participant's time zone from `X-Time-Zone` (an IANA name), else Europe/Rome. */
export function requestTimeZone(req: Request): string {
  const value = req.get('x-time-zone');
  return value && value.length <= 64 && isValidTimeZone(value) ? value : DEFAULT_TIME_ZONE;
}
