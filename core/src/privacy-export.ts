import { formatterFor } from './zone-formatters';
import { localDateOf } from './dates';
import type { TrackerData } from './tracker';

// The data export's rules that do not need the server: its file names, its dates, and the rows of
// its two CSV files, read from a tracker.

/** dati.json's layout: raised whenever a section changes shape, so a reader can tell copies apart. */
export const EXPORT_SCHEMA_VERSION = 1;

/** The minimum time between two exports of one account. */
export const EXPORT_INTERVAL_MS = 60 * 1000;

export const privacyExportMessages = {
  tooSoon: 'Hai appena scaricato i tuoi dati: puoi richiederli di nuovo tra un minuto.',
};

/** The ZIP's name: the day of the export on the caller's calendar. */
export function exportFileName(now: Date, timeZone: string): string {
  return `sfida-8-settimane-dati-${localDateOf(now, timeZone)}.zip`;
}

const OFFSET_PARTS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'longOffset',
};

/** `instant` as ISO 8601 on the wall clock of `timeZone`, with its offset (`2031-03-02T10:15:00+01:00`). */
export function isoWithOffset(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(formatterFor(timeZone, OFFSET_PARTS).formatToParts(instant).map((part) => [part.type, part.value]));
  // Intl names the offset "GMT+01:00", or plain "GMT" where it is zero.
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : String(parts.timeZoneName).replace('GMT', '');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

/** A tracker of the export: the current one, or an archived season's. */
export interface SeasonTracker {
  season: number;
  tracker: TrackerData;
}

export const HABITS_CSV_HEADER = ['stagione', 'data', 'abitudine', 'stato'];

const COMPLETION_LABELS = { onTime: 'fatta', late: 'recuperata' } as const;

/** abitudini.csv's rows: one a habit a day it was ticked, season by season, in date order. */
export function habitRows(trackers: readonly SeasonTracker[]): Array<[number, string, string, string]> {
  const rows: Array<[number, string, string, string]> = [];
  for (const { season, tracker } of trackers) {
    for (const habit of tracker.habits) {
      for (const [day, kind] of Object.entries(tracker.completions[habit.id] ?? {})) rows.push([season, day, habit.name, COMPLETION_LABELS[kind]]);
    }
  }
  return rows.sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]) || a[2].localeCompare(b[2], 'it'));
}

export const CHECK_INS_CSV_HEADER = ['stagione', 'settimana', 'data', 'umore', 'riflessione'];

/** check-in.csv's rows: one a check-in, season by season, by week. */
export function checkInRows(trackers: readonly SeasonTracker[]): Array<[number, number, string, number, string]> {
  return trackers
    .flatMap(({ season, tracker }) => tracker.checkIns.map((c): [number, number, string, number, string] => [season, c.weekNumber, c.date, c.mood, c.reflection]))
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}
