import type { WeeklyKpi } from '@sfida/core/progress-summary';
import type { TrackerData } from '@sfida/core/tracker';
import { ApiError } from '../lib/api-client';
import { chooseTracker, type LocalOrigin } from './choose-tracker';
import { fetchMyTracker, putMyTracker, type ServerCopy } from './server-copy';
import { STORAGE_KEYS } from './storage-keys';
import type { TrackerStore } from './tracker-store';

/*
 * Keeps the server's copy of the tracker in step with this browser's, so coaches and the cohort
 * see real numbers and a new device gets the tracker back.
 *
 * - Start-up: the server copy is fetched first; with nothing stored here (new device, cleared
 *   browser) it is restored before the screens show an empty tracker. Then the local copy is sent
 *   if the server does not hold it yet (a change made here but never sent: the tab was closed during
 *   the pause, or the phone was offline).
 * - After each change: sent after a short pause (debounced), so a burst of toggles is one request.
 * - Back to the tab after a while (a laptop left open while the phone was used): with everything
 *   here already sent, a newer server copy is taken before this tab's next change could overwrite it.
 * - Offline or a server hiccup: the participant keeps working; sending is retried on `online` and
 *   with a growing pause. A 400 (data the server finds implausible) is reported, nothing is lost here.
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
  /** The server accepted the tracker and answered with the week's KPIs (null: none in the answer). */
  onSynced(weeklyKpi: WeeklyKpi | null): void;
  /** The server refused the tracker with this message. */
  onRejected(message: string): void;
}

const REJECTED_FALLBACK = 'Il server non ha accettato i dati del tracker.';

function readFlag(key: string): boolean {
  try {
    return globalThis.localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

function writeFlag(key: string, on: boolean): void {
  try {
    if (on) window.localStorage.setItem(key, '1');
    else window.localStorage.removeItem(key);
  } catch {
    // Best effort: without the flag the newer copy wins, which is still safe in most cases.
  }
}

export class TrackerSync {
  private state: SyncState = { phase: 'restoring', rejectedMessage: null };
  private readonly listeners = new Set<() => void>();
  private handlers: SyncHandlers | null = null;
  private started = false;
  /** True once the server copy has been looked at (found, or known to be missing). */
  private restoreDone = false;
  private restoring: Promise<void> | null = null;
  private sending = false;
  private sendAgain = false;
  private lastSentText: string | null = null;
  private rejectedText: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private retryDelay = FIRST_RETRY_MS;
  private stopped = false;
  /** Nothing was stored here at start-up: whatever gets written before the server answers is a new, unconfirmed copy. */
  private startedEmpty = false;
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
    this.startedEmpty = this.store.getSnapshot().tracker === null;
    window.addEventListener('online', this.onOnline);
    document.addEventListener('visibilitychange', this.onVisibility);
    void this.flush();
  }

  /** A local change was stored: send it after the debounce pause. */
  changed(): void {
    if (!this.restoreDone && this.startedEmpty) {
      // Written before the server could be asked: remember it until the copies are compared.
      writeFlag(STORAGE_KEYS.trackerUnconfirmed(this.store.userId), true);
    }
    if (this.state.phase === 'idle' || this.state.phase === 'rejected') this.setState({ phase: 'pending', rejectedMessage: null });
    this.schedule(SYNC_DEBOUNCE_MS);
  }

  /** Stops timers and listeners (sign-out, tests). */
  stop(): void {
    this.stopped = true;
    this.clearTimer();
    window.removeEventListener('online', this.onOnline);
    document.removeEventListener('visibilitychange', this.onVisibility);
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

  /**
   * Takes the server's copy when it is newer and everything here has been sent: another device
   * was used meanwhile. With a change still waiting here, nothing is replaced (the newer copy
   * wins at the next start, as before). Failures are left for the next return.
   */
  private async refresh(): Promise<void> {
    if (this.stopped || this.refreshing || !this.restoreDone || this.sending || this.timer !== null || this.state.phase !== 'idle') return;
    this.refreshing = true;
    try {
      const before = this.store.getSnapshot().tracker;
      const remote = await fetchMyTracker();
      const local = this.store.getSnapshot().tracker;
      // Changed here while the server answered: that change is the one to keep and send.
      if (!remote || !local || local !== before || this.timer !== null || this.sending) return;
      if (chooseTracker(local, remote, 'confirmed') !== 'remote') return;
      // A copy that had to be repaired is sent back whole.
      if (this.adopt(remote).repaired) this.changed();
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

  /** Stores the server's copy here. Already on the server: not sent back, unless it had to be repaired. */
  private adopt(remote: ServerCopy): { repaired: boolean } {
    const { tracker, repaired } = remote.read();
    this.store.write(tracker);
    if (!repaired) this.lastSentText = JSON.stringify(tracker);
    return { repaired };
  }

  /** Looks at the server copy once and keeps whichever copy should win. */
  private restore(): Promise<void> {
    this.restoring ??= (async () => {
      const unconfirmedFlag = STORAGE_KEYS.trackerUnconfirmed(this.store.userId);
      try {
        const remote = await fetchMyTracker();
        const snapshot = this.store.getSnapshot();
        const origin: LocalOrigin = readFlag(unconfirmedFlag) ? 'unconfirmed' : snapshot.repaired ? 'repaired' : 'confirmed';
        if (remote && chooseTracker(snapshot.tracker, remote, origin) === 'remote') {
          this.adopt(remote);
        } else if (remote && snapshot.tracker && origin === 'confirmed' && remote.updatedAt === snapshot.tracker.updatedAt) {
          // The server holds this very copy (every change stamps a new date): a returning
          // participant does not upload eight weeks of tracker at every start.
          this.lastSentText = JSON.stringify(snapshot.tracker);
        }
        writeFlag(unconfirmedFlag, false);
        this.restoreDone = true;
      } finally {
        this.restoring = null;
      }
    })();
    return this.restoring;
  }

  private async flush(): Promise<void> {
    if (this.stopped) return;
    if (this.sending) {
      this.sendAgain = true;
      return;
    }
    this.sending = true;
    try {
      if (!this.restoreDone) await this.restore();
      await this.send(this.store.getSnapshot().tracker);
    } catch (error) {
      this.handleFailure(error);
    } finally {
      this.sending = false;
      if (this.sendAgain) {
        this.sendAgain = false;
        this.schedule(0);
      }
    }
  }

  private async send(tracker: TrackerData | null): Promise<void> {
    const text = tracker === null ? null : JSON.stringify(tracker);
    // Refused before and unchanged since: the refusal stays on show, nothing is re-sent.
    if (text !== null && text === this.rejectedText) return;
    if (tracker === null || text === this.lastSentText) {
      this.setState({ phase: 'idle', rejectedMessage: null });
      return;
    }
    this.setState({ phase: 'pending', rejectedMessage: null });
    const weeklyKpi = await putMyTracker(tracker);
    this.lastSentText = text;
    this.rejectedText = null;
    this.retryDelay = FIRST_RETRY_MS;
    this.setState({ phase: 'idle', rejectedMessage: null });
    this.handlers?.onSynced(weeklyKpi);
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

/** Stops and forgets every engine (tests). */
export function resetTrackerSyncs(): void {
  engines.forEach((engine) => engine.stop());
  engines.clear();
}
