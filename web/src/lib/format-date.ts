// Built on first use: creating an Intl formatter is costly and only the profile needs this one.
let longDate: Intl.DateTimeFormat | null = null;

/** "1 settembre 2025" from an ISO timestamp or a YYYY-MM-DD day (read as a calendar day, not UTC). */
export function formatItalianDate(value: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? value : (longDate ??= new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric' })).format(date);
}
