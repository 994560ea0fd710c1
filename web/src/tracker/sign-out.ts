import { addSignOutStep, type SignOutStep } from '../lib/sign-out-steps';
import { withTimeout } from '../lib/with-timeout';
import { STORAGE_KEYS, legacyTrackerKey } from './storage-keys';
import { dropTrackerStore, trackerStoreFor } from './tracker-store';
import { dropTrackerSync, trackerSyncFor } from './tracker-sync';

/*
 * At sign-out the tracker leaves this browser: on a shared computer the next person must not find
 * it. The server's copy gives it back at the next sign-in. What the server does not hold yet is
 * sent first; if that fails (offline, refused), the participant chooses between staying and losing it.
 */

/** How long a sign-out waits for the last changes to reach the server before asking. */
export const SIGN_OUT_SYNC_TIMEOUT_MS = 5000;

export const UNSYNCED_SIGN_OUT_QUESTION = 'Alcune modifiche non sono ancora salvate sul server: se esci ora le perderai. Esci comunque?';

/** True once the server holds this browser's copy of `userId`'s tracker (or there is none here). */
async function sentToServer(userId: string): Promise<boolean> {
  const store = trackerStoreFor(userId);
  store.reread();
  if (store.getSnapshot().tracker === null) return true;
  return withTimeout(trackerSyncFor(store).syncNow(), SIGN_OUT_SYNC_TIMEOUT_MS, false);
}

function removeItem(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing could have been stored either.
  }
}

const trackerSignOut: Required<SignOutStep> = {
  async confirm(user) {
    return (await sentToServer(user.id)) || window.confirm(UNSYNCED_SIGN_OUT_QUESTION);
  },
  forget(user) {
    // The engine first: a request still under way must not write the tracker back.
    dropTrackerSync(user.id);
    dropTrackerStore(user.id);
    // The repaired tracker's damaged original too: it is the participant's data as much as the tracker.
    [STORAGE_KEYS.tracker, STORAGE_KEYS.trackerBackup, STORAGE_KEYS.trackerSynced, legacyTrackerKey].forEach((key) => removeItem(key(user.id)));
  },
};

let registered = false;

/** Makes every sign-out in this tab send, then remove, the tracker (once; later calls do nothing). */
export function removeTrackerAtSignOut(): void {
  if (registered) return;
  registered = true;
  addSignOutStep(trackerSignOut);
}

/**
 * The step for a sign-out that begins where no tracker screen has run in this tab (which
 * registers it itself): null when one has, so the tracker is sent and removed once.
 */
export function trackerSignOutUnlessRegistered(): Required<SignOutStep> | null {
  return registered ? null : trackerSignOut;
}
