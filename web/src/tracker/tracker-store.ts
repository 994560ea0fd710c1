import type { TrackerData } from '@sfida/core/tracker';
import { restoreTracker } from '@sfida/core/tracker-actions';
import { browserTimeZone } from '../lib/browser-time-zone';
import { STORAGE_KEYS, legacyTrackerKey } from './storage-keys';

/*
 * The tracker lives in the browser's local storage, one entry per signed-in user
 * (STORAGE_KEYS.tracker).
 *
 * One store per key, shared by every component: the parsed snapshot is cached together with the
 * raw text it came from, so re-reading (every second, and on `storage` events from other tabs)
 * costs one getItem and one string comparison when nothing changed, and never re-renders.
 */

/** Why the last write did not reach local storage. */
export type WriteProblem = 'quota' | 'unavailable';

export interface TrackerSnapshot {
  /** The stored tracker, or null when this browser holds none for the user. */
  tracker: TrackerData | null;
  /** True when the stored entry was damaged and had to be repaired on reading. */
  repaired: boolean;
}

export interface TrackerStore {
  readonly userId: string;
  subscribe(listener: () => void): () => void;
  getSnapshot(): TrackerSnapshot;
  /** Reads the entry again; listeners hear about it only when the raw text changed. */
  reread(): void;
  /** Stores `tracker` (and shows it even when the browser refuses to store it). */
  write(tracker: TrackerData): { ok: true } | { ok: false; problem: WriteProblem };
  /** Called with the problem whenever a write or a repair could not be stored. */
  onWriteProblem(listener: (problem: WriteProblem) => void): () => void;
  /**
   * Keeps the snapshot live while something shows it: re-reads every second
   * and on `storage` events from other tabs. Returns the release; the last release stops it.
   */
  retain(): () => void;
}

/** How often a shown tracker re-reads local storage: a change from another tab without a `storage` event shows within it. */
export const REREAD_INTERVAL_MS = 1000;

function browserStorage(): Storage | null {
  try {
    // globalThis rather than window: the build renders the tracker screens without a window (web/src/prerender).
    return globalThis.localStorage ?? null;
  } catch {
    // Some privacy modes throw on the mere access.
    return null;
  }
}

/** True for the error every browser throws (under a few names) when the storage quota is full. */
export function isQuotaError(error: unknown): boolean {
  if (!(error instanceof DOMException)) return false;
  return error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED' || error.code === 22 || error.code === 1014;
}

const EMPTY: TrackerSnapshot = { tracker: null, repaired: false };

function createTrackerStore(userId: string): TrackerStore {
  const key = STORAGE_KEYS.tracker(userId);
  const listeners = new Set<() => void>();
  const problemListeners = new Set<(problem: WriteProblem) => void>();
  // `raw` is the text last seen in storage; `snapshot` what it parsed to (or newer data
  // kept in memory when the browser refused to store it).
  let raw: string | null | undefined;
  let snapshot: TrackerSnapshot = EMPTY;
  let holders = 0;
  let stopLive: (() => void) | null = null;

  const emit = () => listeners.forEach((listener) => listener());
  const report = (problem: WriteProblem) => problemListeners.forEach((listener) => listener(problem));

  function setItem(storage: Storage, itemKey: string, value: string): WriteProblem | null {
    try {
      storage.setItem(itemKey, value);
      return null;
    } catch (error) {
      return isQuotaError(error) ? 'quota' : 'unavailable';
    }
  }

  /** Parses `text` into the snapshot; a damaged entry is repaired and written back at once. */
  function load(text: string | null): void {
    raw = text;
    if (text === null) {
      snapshot = EMPTY;
      return;
    }
    // A damaged part is dropped piece by piece (never the whole tracker) and the points history re-derived.
    const { data: tracker, repaired } = restoreTracker(text, new Date(), browserTimeZone());
    snapshot = { tracker, repaired };
    if (!repaired) return;
    const storage = browserStorage();
    if (!storage) return;
    // Keep the damaged original aside (best effort), then store the repaired tracker.
    setItem(storage, STORAGE_KEYS.trackerBackup(userId), text);
    const repairedText = JSON.stringify(tracker);
    const problem = setItem(storage, key, repairedText);
    // Reading can happen during a render: tell the listeners (a toast) afterwards.
    if (problem) queueMicrotask(() => report(problem));
    else raw = repairedText;
  }

  /** A tracker only an older version stored: moved to this version's key (migrated on reading). */
  function migrateLegacy(storage: Storage): string | null {
    const legacy = storage.getItem(legacyTrackerKey(userId));
    if (legacy === null) return null;
    if (setItem(storage, key, legacy) !== null) return legacy;
    storage.removeItem(legacyTrackerKey(userId));
    return legacy;
  }

  function reread(): void {
    const storage = browserStorage();
    const text = storage ? (storage.getItem(key) ?? (raw === undefined ? migrateLegacy(storage) : null)) : null;
    if (text === raw) return;
    load(text);
    emit();
  }

  return {
    userId,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot() {
      if (raw === undefined) reread();
      return snapshot;
    },
    reread,
    write(tracker) {
      const text = JSON.stringify(tracker);
      snapshot = { tracker, repaired: false };
      const storage = browserStorage();
      const problem: WriteProblem | null = storage ? setItem(storage, key, text) : 'unavailable';
      // On failure `raw` keeps the text still in storage, so the next re-read does not undo
      // the in-memory change; a change from another tab still wins.
      if (!problem) raw = text;
      else if (raw === undefined) raw = storage ? storage.getItem(key) : null;
      emit();
      if (problem) {
        report(problem);
        return { ok: false, problem };
      }
      return { ok: true };
    },
    onWriteProblem(listener) {
      problemListeners.add(listener);
      return () => problemListeners.delete(listener);
    },
    retain() {
      holders++;
      if (holders === 1) {
        const onStorage = (event: StorageEvent) => {
          // `key` is null when another tab cleared the whole storage.
          if (event.key === null || event.key === key) reread();
        };
        const interval = setInterval(reread, REREAD_INTERVAL_MS);
        window.addEventListener('storage', onStorage);
        stopLive = () => {
          clearInterval(interval);
          window.removeEventListener('storage', onStorage);
        };
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holders--;
        if (holders === 0) {
          stopLive?.();
          stopLive = null;
        }
      };
    },
  };
}

const stores = new Map<string, TrackerStore>();

/** The one store of `userId`'s tracker in this tab. */
export function trackerStoreFor(userId: string): TrackerStore {
  let store = stores.get(userId);
  if (!store) {
    store = createTrackerStore(userId);
    stores.set(userId, store);
  }
  return store;
}

/** Forgets `userId`'s store in this tab (sign-out): a later sign-in starts from what storage holds then. */
export function dropTrackerStore(userId: string): void {
  stores.delete(userId);
}

/** Forgets every cached store (tests start each case from what is in local storage). */
export function resetTrackerStores(): void {
  stores.clear();
}
