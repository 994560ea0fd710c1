import { todayIn } from '@sfida/core/dates';
import type { TrackerData } from '@sfida/core/tracker';
import { toggleHabit } from '@sfida/core/tracker-actions';
import { changesToSend } from '@sfida/core/tracker-changes';
import { appOrigins, benchProfile } from '../stack/profiles';

// One participant's device in the sync row's load, as the web app syncs (web/src/tracker/): it reads
// the server's copy and its revision tag, then sends what it changed (PATCH, core's
// tracker-changes.ts), naming the revision it was based on in If-Match, and after each 200 takes the
// answer's tag as its base. The change is a habit ticked for today, then unticked, then ticked
// again…: each PATCH a real sync the server vouches for and writes.

/** The app's origin on the bench stack: a state-changing call must name it. */
export const BENCH_ORIGIN = appOrigins(benchProfile).split(',')[0]!;

/** Headers of a PUT of the participant's tracker; `ifMatch` is the revision it was based on (none for a first upload). */
export function progressHeaders(cookie: string, ifMatch?: string): Record<string, string> {
  return { Cookie: `__session=${cookie}`, Origin: BENCH_ORIGIN, 'Content-Type': 'application/json', ...(ifMatch ? { 'If-Match': ifMatch } : {}) };
}

export interface SyncParticipant {
  /** Size of what it sends, in bytes. */
  bodyBytes: number;
  /** The next PUT: its headers and body. */
  request(): { method: 'PATCH'; headers: Record<string, string>; body: string };
  /** The answer to the last PUT: its status and ETag. */
  answered(status: number, etag: string | undefined): void;
}

/**
 * The two trackers a participant sends in turn, from the server's copy: its first habit ticked for
 * today (or unticked, if it was ticked), then back. Each is the other with one change, so once the
 * server stores one, sending the other is the next sync.
 */
export function syncBodies(copy: TrackerData, now: Date): [TrackerData, TrackerData] {
  const habit = copy.habits.find((h) => h.archivedAt === undefined);
  if (!habit) throw new Error('the participant has no habit to tick');
  const today = todayIn(copy.timeZone, now);
  const toggle = (data: TrackerData) => {
    const result = toggleHabit(data, habit.id, today, now);
    if (!result.ok) throw new Error(`toggling ${habit.id} for ${today} refused: ${result.message}`);
    return result.data;
  };
  const toggled = toggle(copy);
  return [toggled, toggle(toggled)];
}

/** Reads the participant's copy from `url` (GET /api/users/me/progress) and prepares the two trackers it sends in turn. */
export async function startSyncParticipant(url: string, cookie: string): Promise<SyncParticipant> {
  const response = await fetch(url, { headers: { Cookie: `__session=${cookie}`, Accept: 'application/json' }, signal: AbortSignal.timeout(60_000) });
  const storedTag = response.headers.get('etag');
  if (response.status !== 200 || !storedTag) throw new Error(`GET ${new URL(url).pathname} answered ${response.status}${storedTag ? '' : ' without an ETag'}`);
  let tag = storedTag;
  const copy = (await response.json()) as TrackerData;
  const [first, second] = syncBodies(copy, new Date());
  // Each the change from the copy the other one leaves on the server (the server's points aside, which it writes itself).
  const bodies = [JSON.stringify(changesToSend(copy, first)), JSON.stringify(changesToSend(first, second))] as const;
  let turn: 0 | 1 = 0;
  return {
    bodyBytes: Buffer.byteLength(bodies[0]),
    request: () => ({ method: 'PATCH', headers: progressHeaders(cookie, tag), body: bodies[turn] }),
    answered(status, etag) {
      if (etag) tag = etag;
      if (status === 200) turn = turn === 0 ? 1 : 0;
    },
  };
}
