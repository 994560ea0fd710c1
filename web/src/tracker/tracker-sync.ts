import { mergeTrackers } from '@sfida/core/tracker-merge';
import { ApiError } from '../lib/api-client';
import type { TrackerData } from '@sfida/core/tracker';
import { fetchMyTracker, patchMyTracker, putMyTracker, type ServerCopy } from './server-copy';
import { STORAGE_KEYS } from './storage-keys';
import type { TrackerStore } from './tracker-store';

/*
 * Keeps this browser's tracker and the server's copy in step, so coaches and the cohort see real
 * numbers, a new device gets the tracker back, and two devices never lose each other's work
 * (docs/decisions/015).
 *
 * - Start-up: the server's copy is fetched first and merged into this browser's (with nothing
 *   stored here, it is simply taken, before the screens show an empty tracker). What the merge
 *   holds that the server does not is then sent.
 * - After each change: sent after a short pause (debounced), so a burst of toggles is one request.
 *   Each send names the revision it was based on and carries only what changed from it (the whole
 *   tracker before the server holds a copy); the server answers with what its vouching changed
 *   (the kinds, weeks and points it vouches for), which brings this tab to the copy it stored,
 *   merged with any change made during the request. Another device wrote first: the server's copy comes back with a 412, is
 *   merged, and the result is sent again at once.
 * - Back to the tab after a while: the server's copy is fetched and merged again.
 * - Each accepted upload is announced to the user's other tabs (STORAGE_KEYS.trackerSynced), so
 *   that they too ask again for what the server computes from it.
 * - Offline or a server hiccup: the participant keeps working; sending is retried on `online` and
 *   with a growing pause. A 400 (data the server refuses) is reported, nothing is lost here.
 *
 * One engine per signed-in user and tab, alive as long as the tab: a change made just before
 * leaving a tracker screen is still sent.
 */

/** Pause after the last change before sending. */
export const SYNC_DEBOUNCE_MS = 1500;
/** How long the tab must have been away before the server copy is looked at again. */
export const REFRESH_AFTER_HIDDEN_MS = 60_000;
const FIRST_RETRY_MS = 2000;
const MAX_RETRY_MS = 60_000;

export type SyncPhase =
  /** Asking the server for its copy (start-up). */
  | 'restoring'
  /** Everything sent (or nothing to send). */
  | 'idle'
  /** A change waits to be sent, or is being sent. */
  | 'pending'
  /** The server could not be reached: retrying. */
  | 'offline'
  /** The server refused the data (400): kept here, not sent again until it changes. */
  | 'rejected';

export interface SyncState {
  phase: SyncPhase;
  /** The server's message for a refused upload. */
  rejectedMessage: string | null;
}

export interface SyncHandlers {
  /** The server accepted the tracker, sent from this tab or another of the user's. */
  onSynced(): void;
  /** The server refused the tracker with this message. */
  onRejected(message: string): void;
}

const REJECTED_FALLBACK = 'Il server non ha accettato i dati del tracker.';
/** 412s in a row (another device writing as fast) before sending waits like a failure. */
const MAX_MERGE_ROUNDS = 5;

export class TrackerSync {
  private state: SyncState = { phase: 'restoring', rejectedMessage: null };
  private readonly listeners = new Set<() => void>();
  private handlers: SyncHandlers | null = null;
  private started = false;
  /** True once the server copy has been looked at (found, or known to be missing). */
  private restoreDone = false;
  private restoring: Promise<void> | null = null;
  /** The restore-and-send under way, if any. */
  private inFlight: Promise<void> | null = null;
  private sendAgain = false;
  /** The revision of the server's copy this tab last saw (null: none stored yet, or not known). */
  private serverTag: string | null = null;
  /** The server's copy as this tab last saw it, as text: equal to the local copy means nothing to send. */
  private serverText: string | null = null;
  /** That copy itself (null when unknown or repaired on reading): the base a change is sent from. */
  private serverCopy: TrackerData | null = null;
  private rejectedText: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private retryDelay = FIRST_RETRY_MS;
  private stopped = false;
  /** When the tab was last hidden (Date.now()), or null while it is shown. */
  private hiddenSince: number | null = null;
  private refreshing = false;

  constructor(private readonly store: TrackerStore) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): SyncState => this.state;

  setHandlers(handlers: SyncHandlers | null): void {
    this.handlers = handlers;
  }

  /** Restores and sends once; later calls do nothing. */
  start(): void {
    if (this.started) return;
    this.started = true;
    window.addEventListener('online', this.onOnline);
    window.addEventListener('storage', this.onStorage);
    document.addEventListener('visibilitychange', this.onVisibility);
    void this.flush();
  }

  /** A local change was stored: send it after the debounce pause. */
  changed(): void {
    if (this.state.phase === 'idle' || this.state.phase === 'rejected') this.setState({ phase: 'pending', rejectedMessage: null });
    this.schedule(SYNC_DEBOUNCE_MS);
  }

  /** Stops timers and listeners (sign-out, tests). */
  stop(): void {
    this.stopped = true;
    this.clearTimer();
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('storage', this.onStorage);
    document.removeEventListener('visibilitychange', this.onVisibility);
  }

  /**
   * Sends what this browser holds now, without the pause, and waits for the answer (sign-out).
   * Resolves true when the server then holds exactly this browser's copy (or there is none here).
   */
  async syncNow(): Promise<boolean> {
    while (this.inFlight) await this.inFlight;
    this.clearTimer();
    await this.flush();
    const tracker = this.store.getSnapshot().tracker;
    return tracker === null || JSON.stringify(tracker) === this.serverText;
  }

  /** Looks at the server's copy now, as on a return to the tab (a new season started on the server: its copy replaces this one). */
  refreshNow(): Promise<void> {
    return this.refresh();
  }

  /** Another tab of the user's had its upload accepted. */
  private readonly onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.trackerSynced(this.store.userId) && event.newValue !== null) this.handlers?.onSynced();
  };

  /** Tells the user's other tabs (a `storage` event there) that the server has accepted an upload. */
  private announceSynced(): void {
    try {
      localStorage.setItem(STORAGE_KEYS.trackerSynced(this.store.userId), new Date().toISOString());
    } catch {
      // Storage full or blocked: the other tabs only miss a refresh of the leaderboard.
    }
  }

  private readonly onOnline = () => {
    this.retryDelay = FIRST_RETRY_MS;
    this.schedule(0);
  };

  private readonly onVisibility = () => {
    if (document.visibilityState === 'hidden') {
      this.hiddenSince ??= Date.now();
      // Leaving the tab (or the phone locking) sends what is pending now rather than after the pause.
      if (this.timer !== null) this.schedule(0);
      return;
    }
    const away = this.hiddenSince === null ? 0 : Date.now() - this.hiddenSince;
    this.hiddenSince = null;
    if (away >= REFRESH_AFTER_HIDDEN_MS) void this.refresh();
  };

  /** Merges in what another device sent meanwhile; failures are left for the next return. */
  private async refresh(): Promise<void> {
    if (this.stopped || this.refreshing || !this.restoreDone || this.inFlight) return;
    this.refreshing = true;
    try {
      const remote = await fetchMyTracker();
      // Holding something the server lacks (a change made here meanwhile): send the merge.
      if (remote && !this.stopped && this.takeIn(remote)) this.changed();
    } catch {
      // Offline or a hiccup: this tab keeps its copy; the next return tries again.
    } finally {
      this.refreshing = false;
    }
  }

  private setState(next: SyncState): void {
    if (next.phase === this.state.phase && next.rejectedMessage === this.state.rejectedMessage) return;
    this.state = next;
    this.listeners.forEach((listener) => listener());
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delay);
  }

  private retryLater(): void {
    this.setState({ phase: 'offline', rejectedMessage: null });
    this.schedule(this.retryDelay);
    this.retryDelay = Math.min(this.retryDelay * 2, MAX_RETRY_MS);
  }

  /**
   * Takes the server's copy in: merged with this browser's (or simply kept, with nothing here).
   * A copy that had to be repaired on reading is not what the server holds: it is sent back.
   * Returns whether this browser now holds something the server does not.
   */
  private takeIn(remote: ServerCopy, sentText?: string): boolean {
    this.serverTag = remote.tag;
    this.serverText = remote.repaired ? null : JSON.stringify(remote.tracker);
    this.serverCopy = remote.repaired ? null : remote.tracker;
    this.store.reread();
    const local = this.store.getSnapshot().tracker;
    // Unchanged here since it was sent: the server's copy is exactly what to keep.
    const unchanged = local === null || (sentText !== undefined && JSON.stringify(local) === sentText);
    const next = unchanged ? remote.tracker : mergeTrackers(local, remote.tracker, new Date());
    const nextText = JSON.stringify(next);
    if (local === null || nextText !== JSON.stringify(local)) this.store.write(next);
    return nextText !== this.serverText;
  }

  /** Looks at the server copy once and merges it in. */
  private restore(): Promise<void> {
    this.restoring ??= (async () => {
      try {
        const remote = await fetchMyTracker();
        if (this.stopped) return;
        if (remote) this.takeIn(remote);
        else {
          this.serverTag = null;
          this.serverCopy = null;
        }
        this.restoreDone = true;
      } finally {
        this.restoring = null;
      }
    })();
    return this.restoring;
  }

  private flush(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.inFlight) {
      this.sendAgain = true;
      return this.inFlight;
    }
    this.inFlight = this.restoreAndSend().finally(() => {
      this.inFlight = null;
      if (this.sendAgain) {
        this.sendAgain = false;
        this.schedule(0);
      }
    });
    return this.inFlight;
  }

  private async restoreAndSend(): Promise<void> {
    try {
      if (!this.restoreDone) await this.restore();
      if (this.stopped) return;
      await this.send();
    } catch (error) {
      this.handleFailure(error);
    }
  }

  private async send(): Promise<void> {
    for (let round = 0; ; round++) {
      const tracker = this.store.getSnapshot().tracker;
      const text = tracker === null ? null : JSON.stringify(tracker);
      // Refused before and unchanged since: the refusal stays on show, nothing is re-sent.
      if (text !== null && text === this.rejectedText) return;
      if (tracker === null || text === this.serverText) {
        this.setState({ phase: 'idle', rejectedMessage: null });
        return;
      }
      if (round >= MAX_MERGE_ROUNDS) {
        this.retryLater();
        return;
      }
      this.setState({ phase: 'pending', rejectedMessage: null });
      // What changed from the server's copy when this tab holds it, else the whole tracker.
      const base = this.serverCopy && this.serverTag ? { tracker: this.serverCopy, tag: this.serverTag } : null;
      const outcome = (base && (await patchMyTracker(base, tracker))) || (await putMyTracker(tracker, this.serverTag));
      if (this.stopped) return;
      this.takeIn(outcome.copy, outcome.stored ? text! : undefined);
      if (!outcome.stored) continue;
      this.rejectedText = null;
      this.retryDelay = FIRST_RETRY_MS;
      this.handlers?.onSynced();
      this.announceSynced();
    }
  }

  private handleFailure(error: unknown): void {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      // Signed out meanwhile: nothing to retry until the next sign-in.
      this.setState({ phase: 'idle', rejectedMessage: null });
      return;
    }
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && this.restoreDone) {
      const message = error.serverMessage ?? REJECTED_FALLBACK;
      const tracker = this.store.getSnapshot().tracker;
      this.rejectedText = tracker === null ? null : JSON.stringify(tracker);
      this.setState({ phase: 'rejected', rejectedMessage: message });
      this.handlers?.onRejected(message);
      return;
    }
    // Offline (fetch throws a TypeError), a 5xx, or the restore could not be done: try again later.
    this.retryLater();
  }
}

const engines = new Map<string, TrackerSync>();

/** The sync engine of `store`'s user in this tab (created on first use). */
export function trackerSyncFor(store: TrackerStore): TrackerSync {
  let engine = engines.get(store.userId);
  if (!engine) {
    engine = new TrackerSync(store);
    engines.set(store.userId, engine);
  }
  return engine;
}

/** Stops and forgets `userId`'s engine in this tab (sign-out). */
export function dropTrackerSync(userId: string): void {
  engines.get(userId)?.stop();
  engines.delete(userId);
}

/** Stops and forgets every engine (tests). */
export function resetTrackerSyncs(): void {
  engines.forEach((engine) => engine.stop());
  engines.clear();
}
