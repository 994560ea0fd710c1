const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * "12 novembre, 18:30": when a coach wrote or a participant answered. In `timeZone` (the
 * participant's own) or, without one, the browser's. One formatter per zone, built once.
 */
export function formatDayTime(instant: string, timeZone?: string): string {
  const key = timeZone ?? '';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', ...(timeZone ? { timeZone } : {}) });
    formats.set(key, format);
  }
  return format.format(new Date(instant));
}
