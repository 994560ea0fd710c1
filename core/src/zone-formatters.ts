/** The key of a set of options: the same options, spelled in any order, share one key. */
const optionKeys = new WeakMap<Intl.DateTimeFormatOptions, string>();

function optionsKey(options: Intl.DateTimeFormatOptions): string {
  let key = optionKeys.get(options);
  if (key === undefined) {
    key = JSON.stringify(Object.entries(options).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    optionKeys.set(options, key);
  }
  return key;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One cached Intl formatter per locale, zone and options: building one is slow (the first of a
 * page loads the locale data, see ./temporal), reading with it is fast. `timeZone` undefined is
 * the runtime's own zone. Throws a RangeError for a zone the runtime does not know.
 */
export function formatterFor(timeZone: string | undefined, options: Intl.DateTimeFormatOptions, locale = 'en-CA'): Intl.DateTimeFormat {
  const key = `${locale}\u0000${timeZone ?? ''}\u0000${optionsKey(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, timeZone === undefined ? options : { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}
