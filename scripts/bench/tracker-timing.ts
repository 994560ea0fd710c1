import { mondayOf, todayIn } from '@sfida/core/dates';
import type { TrackerData } from '@sfida/core/tracker';
import type * as TrackerStoreModuleNs from '../../web/src/tracker/tracker-store';
import { NOT_AVAILABLE, type Row } from './results';
import { BENCH_TIME_ZONE } from './tracker-fixture';

const GOAL_MS = 1;
type TrackerStoreModule = typeof TrackerStoreModuleNs;

/** Median of `iterations` timed calls of `fn` (after a warm-up), in milliseconds. */
export function medianMs(fn: () => unknown, iterations: number, warmup = Math.min(200, iterations)): number {
  let sink: unknown;
  for (let i = 0; i < warmup; i++) sink = fn();
  const samples = new Float64Array(iterations);
  for (let i = 0; i < iterations; i++) {
    const start = process.hrtime.bigint();
    sink = fn();
    samples[i] = Number(process.hrtime.bigint() - start) / 1e6;
  }
  if (sink === Symbol.for('never')) console.log(sink); // keeps the result alive
  samples.sort();
  return samples[Math.floor(iterations / 2)]!;
}

function row(figure: string, value: number | null, note?: string): Row {
  return {
    section: 'Tracker',
    figure,
    value,
    baseline: null,
    unit: 'ms',
    goal: '< 1 ms',
    ok: value === null ? null : value < GOAL_MS,
    ...(note ? { note } : {}),
  };
}

/**
 * Points, streaks and badges for a full eight-week tracker, exactly as the dashboard
 * derives them, and the dashboard's one-second re-read of local storage when nothing changed.
 */
export async function measureTracker(tracker: TrackerData | null, fixtureProblem?: string): Promise<Row[]> {
  if (!tracker) {
    const note = `${NOT_AVAILABLE}: ${fixtureProblem ?? 'no tracker fixture'}`;
    return [
      row('points, streaks, badges (8 weeks × 10 habits)', null, note),
      row('weekly summary, summarizeTracker (same tracker)', null, note),
      row('one-second re-read, nothing changed', null, note),
    ];
  }
  return [...(await measureDerivations(tracker)), await measureReread(tracker)];
}

async function measureDerivations(tracker: TrackerData): Promise<Row[]> {
  const figure = 'points, streaks, badges (8 weeks × 10 habits)';
  const summaryFigure = 'weekly summary, summarizeTracker (same tracker)';
  const now = new Date();
  const today = todayIn(BENCH_TIME_ZONE, now);
  const weekStart = mondayOf(today);
  const start = tracker.challengeStartDate;
  const rows: Row[] = [];
  try {
    const points = await import('@sfida/core/points');
    const streaks = await import('@sfida/core/streaks');
    const badges = await import('@sfida/core/badges');
    // withReconciledHistory = expectedAwards + reconcileHistory: what every reducer runs.
    const parts = {
      reconcile: () => points.withReconciledHistory(tracker, now),
      total: () => points.totalPoints(tracker.pointsHistory),
      streak: () => streaks.bestCurrentStreak(tracker, today),
      badges: () => badges.evaluateBadges(tracker, today),
    };
    const value = medianMs(() => Object.values(parts).map((part) => part()), 300, 30);
    const breakdown = Object.entries(parts)
      .map(([name, part]) => `${name} ${formatMs(medianMs(part, 200, 20))}`)
      .join(', ');
    rows.push(row(figure, value, `withReconciledHistory + totalPoints + bestCurrentStreak + evaluateBadges (${breakdown})`));
  } catch (error) {
    rows.push(row(figure, null, `${NOT_AVAILABLE}: ${(error as Error).message.split('\n')[0]}`));
  }
  try {
    const summary = await import('@sfida/core/progress-summary');
    const points = await import('@sfida/core/points');
    const value = medianMs(() => summary.summarizeTracker(tracker, { challengeStartDate: start, today, weekStart }), 300, 30);
    const calendarWeek = medianMs(() => points.pointsInCalendarWeek(tracker.pointsHistory, weekStart, tracker.timeZone), 200, 20);
    rows.push(row(summaryFigure, value, `of which pointsInCalendarWeek ${formatMs(calendarWeek)} (${tracker.pointsHistory.length} history entries)`));
  } catch (error) {
    rows.push(row(summaryFigure, null, `${NOT_AVAILABLE}: ${(error as Error).message.split('\n')[0]}`));
  }
  return rows;
}

const formatMs = (ms: number) => (ms < 1 ? `${Math.round(ms * 1000)} µs` : `${ms.toFixed(1)} ms`);

/** A localStorage that keeps bytes and decodes a fresh string on every read, as a browser does (no shared string to compare by pointer). */
class MemoryStorage {
  private readonly items = new Map<string, Buffer>();
  get length() {
    return this.items.size;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.items.get(key)?.toString('utf8') ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, Buffer.from(String(value), 'utf8'));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  clear(): void {
    this.items.clear();
  }
}

async function measureReread(tracker: TrackerData): Promise<Row> {
  const figure = 'one-second re-read, nothing changed';
  // The store reads globalThis.localStorage (the build renders it without a window); Node has none without a flag.
  const globals = globalThis as unknown as { localStorage?: unknown };
  const previous = Object.getOwnPropertyDescriptor(globals, 'localStorage');
  const storage = new MemoryStorage();
  Object.defineProperty(globals, 'localStorage', { value: storage, configurable: true, writable: true });
  try {
    // The web app's tracker store (web/src/tracker/): its reread() is what the dashboard's timer calls.
    const store: Partial<TrackerStoreModule> = await import('../../web/src/tracker/tracker-store');
    const { STORAGE_KEYS } = await import('../../web/src/tracker/storage-keys');
    if (!store.trackerStoreFor) throw new Error('trackerStoreFor not exported');
    storage.setItem(STORAGE_KEYS.tracker('bench-user'), JSON.stringify(tracker));
    const trackerStore = store.trackerStoreFor('bench-user');
    const first = trackerStore.getSnapshot();
    if (!first.tracker) throw new Error('the store did not read the stored tracker');
    let notified = 0;
    trackerStore.subscribe(() => notified++);
    const value = medianMs(() => trackerStore.reread(), 20_000, 1000);
    const bytes = Buffer.byteLength(JSON.stringify(tracker));
    const note = `trackerStoreFor(user).reread() on a ${Math.round(bytes / 1024)} KB tracker; ${notified === 0 ? 'no re-render triggered' : `${notified} listener calls (expected 0)`}`;
    return row(figure, value, note);
  } catch (error) {
    return row(figure, null, `${NOT_AVAILABLE}: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    if (previous) Object.defineProperty(globals, 'localStorage', previous);
    else delete globals.localStorage;
  }
}
