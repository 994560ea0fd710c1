/**
 * The part of the TC39 Temporal API this app uses, where the runtime has it (Chrome 144+, Firefox
 * 139+; not Safari yet, nor Node 24). TypeScript 5.9 has no types for it.
 *
 * Why bother: Temporal reads an instant's calendar day in a zone, and the browser's own zone,
 * without building an Intl formatter. The first Intl formatter of a page loads the browser's
 * locale data (15–60 ms on a fresh page on the development machine, which is faster than a
 * phone), and the dashboard's start-up needs only calendar days.
 */
export interface TemporalSubset {
  Now: { timeZoneId(): string };
  Instant: {
    fromEpochMilliseconds(epochMilliseconds: number): {
      toZonedDateTimeISO(timeZone: string): { toPlainDate(): { toString(): string } };
    };
  };
}

/** The runtime's Temporal, or undefined where it has none. */
export function runtimeTemporal(): TemporalSubset | undefined {
  return (globalThis as { Temporal?: TemporalSubset }).Temporal;
}
