// CSV as Excel opens it in an Italian locale: UTF-8 with a BOM (or accents come out garbled),
// `;` between fields (`,` is the decimal separator there), CRLF line ends, RFC 4180 quoting.

export type CsvValue = string | number | null;

const SEPARATOR = ';';
const LINE_END = '\r\n';
const BOM = '\uFEFF';

/** A text starting with one of these would be run as a formula by a spreadsheet (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[;"\r\n]/;

/**
 * One field: text that could start a formula gets a leading `'` (shown, but never run), then
 * quoted when it holds a separator, a quote or a line break, with its quotes doubled. Numbers are
 * written as they are: a negative number is not a formula. null is an empty field.
 */
export function csvField(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The whole file: the BOM, then each row on its own line, the last one ended too. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<CsvValue>>): string {
  return BOM + rows.map((row) => row.map(csvField).join(SEPARATOR) + LINE_END).join('');
}

/** A file name's part from the cohort's name: lower-case ASCII words joined by `-`. */
export function cohortSlug(name: string, fallback: string): string {
  const slugOf = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, 60)
      .replace(/^-+|-+$/g, '');
  return slugOf(name) || slugOf(fallback) || 'export';
}
