import { isNamedTimeZone } from '@sfida/core/dates';
import { runtimeTemporal } from '@sfida/core/temporal';

/**
 * The browser's own time zone: every "today" is a calendar day there, never a UTC day. Through
 * Temporal where the browser has it: Intl's answer costs a fresh page its locale data
 * (@sfida/core/temporal), and the dashboard asks once a second.
 */
export function browserTimeZone(): string {
  const zone = runtimeTemporal()?.Now.timeZoneId();
  return zone && isNamedTimeZone(zone) ? zone : Intl.DateTimeFormat().resolvedOptions().timeZone;
}
