import { TRACKER_SCHEMA_VERSION } from '@sfida/core/tracker';

/*
 * Every key the app writes to the browser's local storage. Each is per signed-in user, so two
 * people sharing a browser never see or overwrite each other's data, and carries the tracker's
 * schema version: a future v2 reads v1 once, migrates it and writes its own keys.
 */

const PREFIX = `sfida8:v${TRACKER_SCHEMA_VERSION}`;

export const STORAGE_KEYS = {
  /** A user's tracker. */
  tracker: (userId: string) => `${PREFIX}:tracker:${userId}`,
  /** The unreadable original of a repaired tracker, kept aside so that a repair never destroys anything for good. */
  trackerBackup: (userId: string) => `${PREFIX}:tracker-corrupt:${userId}`,
  /**
   * Rewritten (with the time) each time the server accepts the tracker from one of the user's
   * tabs: the other tabs hear it as a `storage` event and ask again for what the server computes
   * from it (the leaderboard).
   */
  trackerSynced: (userId: string) => `${PREFIX}:tracker-synced:${userId}`,
} as const;

/** Where version 1 kept a user's tracker: read once, migrated to the current key, then removed. */
export const legacyTrackerKey = (userId: string) => `sfida8:v1:tracker:${userId}`;
