/** The browser's own time zone: every "today" is a calendar day there, never a UTC day. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
