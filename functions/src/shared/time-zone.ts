import type { Request } from 'express';
import { HOME_TIME_ZONE, isValidTimeZone } from '@sfida/core/dates';

/** The participant's time zone from `X-Time-Zone` (an IANA name), else Europe/Rome. */
export function requestTimeZone(req: Request): string {
  const value = req.get('x-time-zone');
  return value && value.length <= 64 && isValidTimeZone(value) ? value : HOME_TIME_ZONE;
}
