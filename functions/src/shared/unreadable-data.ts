// No single participant's stored data may break a page about other people: each read path that
// summarises many participants reads each one through `readOrFallback`, so one whose data cannot
// be summarised shows as a row marked unreadable, is logged once, and everyone else is unaffected.

/** Participants already logged by this instance (bounded: a new list once it is full). */
const reported = new Set<string>();
const REPORTED_LIMIT = 10_000;

/** Logs, once per participant and instance, that their stored data could not be summarised. */
export function reportUnreadable(userId: string, error: unknown): void {
  if (reported.has(userId)) return;
  if (reported.size >= REPORTED_LIMIT) reported.clear();
  reported.add(userId);
  console.warn(`Stored data of participant ${userId} could not be summarised:`, error instanceof Error ? error.message : error);
}

/** `read()`, or `fallback()` when it throws for this participant's data. */
export function readOrFallback<T>(userId: string, read: () => T, fallback: () => T): T {
  try {
    return read();
  } catch (error) {
    reportUnreadable(userId, error);
    return fallback();
  }
}
