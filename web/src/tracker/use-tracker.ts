import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { withReconciledHistory } from '@sfida/core/points';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { setChallengeStartDate, setTrackerRules, type TrackerResult } from '@sfida/core/tracker-actions';
import type { CohortRules } from '@sfida/core/cohort';
import { mergeTrackers } from '@sfida/core/tracker-merge';
import type { User } from '@sfida/core/user';
import { useAuth } from '../lib/auth';
import { useCohortInfo } from '../lib/cohort-info';
import { notify } from '../lib/notices';
import { invalidateServerSummaries } from './server-summaries';
import { removeTrackerAtSignOut } from './sign-out';
import type { IsoDate } from '@sfida/core/iso-date';
import { trackerStoreFor, type TrackerStore, type WriteProblem } from './tracker-store';
import { trackerSyncFor, type SyncState } from './tracker-sync';

export interface UseTracker {
  /** The participant's tracker (an empty one when nothing is stored yet). */
  tracker: TrackerData;
  /** True while a new device waits for the server's copy: show a spinner, not an empty tracker. */
  restoring: boolean;
  /** Stores a reducer's successful result (and schedules the sync); returns the result unchanged. */
  apply<R extends TrackerResult>(result: R): R;
  /** A late joiner's first day (User.challengeJoinedOn): the habit days before it are not theirs. */
  firstDay: IsoDate | null;
}

const WRITE_PROBLEMS: Record<WriteProblem, { title: string; description: string }> = {
  quota: {
    title: 'Memoria del browser piena',
    description:
      'Non è stato possibile salvare le ultime modifiche su questo dispositivo: libera spazio nel browser. Verranno comunque inviate al server appena possibile.',
  },
  unavailable: {
    title: 'Salvataggio non disponibile',
    description:
      'Il browser non permette di salvare dati su questo dispositivo (navigazione privata?). Le modifiche verranno inviate al server appena possibile.',
  },
};

// One notice listener per store, however many components show the tracker.
const noticesWired = new WeakSet<TrackerStore>();
function wireNotices(store: TrackerStore): void {
  if (noticesWired.has(store)) return;
  noticesWired.add(store);
  store.onWriteProblem((problem) => notify({ ...WRITE_PROBLEMS[problem], type: 'error' }));
}

function requireUser(user: User | null): User {
  // Tracker screens only render under the signed-in guard.
  if (!user) throw new Error('useTracker needs a signed-in user');
  return user;
}

/** The tracker with the start date and the cohort's rules the server gave (rules not known yet: the tracker's own). */
function withServerSettings(data: TrackerData, startDate: IsoDate | null, rules: CohortRules | undefined, now: Date): TrackerData {
  const withStart = setChallengeStartDate(data, startDate, now);
  return rules ? setTrackerRules(withStart, rules, now) : withStart;
}

/**
 * The signed-in participant's tracker, live: changes from this tab, other tabs and the server's
 * restore all show up. Pass every change through `apply(reducer(...))`.
 */
export function useTracker(): UseTracker {
  const user = requireUser(useAuth().user);
  const queryClient = useQueryClient();
  const store = trackerStoreFor(user.id);
  const sync = trackerSyncFor(store);
  wireNotices(store);
  removeTrackerAtSignOut();

  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  // Only whether this device waits for the server's copy (nothing stored here, restore under way):
  // every send changes the sync's state, and so does the end of a returning device's start-up
  // check, and the screens that show the tracker, costly to render, need not re-render for
  // either (see useTrackerSync for the notices).
  const subscribeToRestore = useCallback(
    (onChange: () => void) => {
      const fromStore = store.subscribe(onChange);
      const fromSync = sync.subscribe(onChange);
      return () => {
        fromStore();
        fromSync();
      };
    },
    [store, sync],
  );
  const isRestoring = () => store.getSnapshot().tracker === null && sync.getState().phase === 'restoring';
  const restoring = useSyncExternalStore(subscribeToRestore, isRestoring, isRestoring);

  useEffect(() => store.retain(), [store]);

  useEffect(() => {
    sync.setHandlers({
      onSynced: () => void invalidateServerSummaries(queryClient),
      onRejected: (message) =>
        notify({
          type: 'error',
          title: 'Sincronizzazione non riuscita',
          description: `${message} I tuoi dati restano salvati su questo dispositivo.`,
        }),
    });
    sync.start();
  }, [store, sync, queryClient]);

  // The start date is the server's (the session's user): the stored copy's is never read. The
  // wire format still carries it, so whatever a reducer stores next holds the server's date.
  const startDate = user.challengeStartDate;
  // The zone is the server's too (the participant's, set in the profile): the days the screens
  // show are the days the server counts.
  const zone = user.timeZone;
  // The cohort's rules are the server's too (docs/decisions/036): while its answer is not here, the
  // ones the last sync copied in stand; the server vouches by its own reading of them anyway.
  const rules = useCohortInfo(user.cohortId, user.role === 'PARTICIPANT' && user.cohortId !== '').data?.rules;
  const empty = useMemo(() => emptyTracker(zone, new Date(), startDate), [zone, startDate]);
  const tracker = useMemo(
    () => withServerSettings(snapshot.tracker ?? empty, startDate, rules, new Date()),
    [snapshot.tracker, empty, startDate, rules],
  );

  const apply = useCallback(
    <R extends TrackerResult>(result: R): R => {
      if (result.ok) {
        // Another tab may have written in the last second: its change is merged, not overwritten.
        const shown = store.getSnapshot().tracker;
        store.reread();
        const latest = store.getSnapshot().tracker;
        store.write(latest && latest !== shown ? mergeTrackers(latest, result.data, new Date()) : result.data);
        sync.changed();
      }
      return result;
    },
    [store, sync],
  );

  // A tracker kept in another zone (the profile's zone changed, or a copy from before the server
  // kept it) moves to the participant's zone, its points re-placed in their weeks. Not while the
  // server's copy is being looked at: then once that look has ended.
  const stored = snapshot.tracker;
  useEffect(() => {
    const moveToZone = () => {
      const current = store.getSnapshot().tracker;
      if (!current || sync.getState().phase === 'restoring') return;
      if (current.timeZone === zone) return;
      const now = new Date();
      const withStart = withServerSettings(current, startDate, rules, now);
      apply({ ok: true, data: withReconciledHistory({ ...withStart, timeZone: zone, updatedAt: now.toISOString() }, now), awarded: 0 });
    };
    if (sync.getState().phase !== 'restoring') {
      moveToZone();
      return;
    }
    const stopWaiting = sync.subscribe(() => {
      if (sync.getState().phase === 'restoring') return;
      stopWaiting();
      queueMicrotask(moveToZone); // outside the sync's own notification
    });
    return stopWaiting;
  }, [store, sync, stored, zone, startDate, rules, apply]);

  return { tracker, restoring, apply, firstDay: user.challengeJoinedOn ?? null };
}

/** The sync's state (offline, refused…) for the notices about it. */
export function useTrackerSync(): SyncState {
  const user = requireUser(useAuth().user);
  const sync = trackerSyncFor(trackerStoreFor(user.id));
  return useSyncExternalStore(sync.subscribe, sync.getState, sync.getState);
}
