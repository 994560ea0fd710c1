import type { TrackerData } from '@sfida/core/tracker';
import { restoreTracker } from '@sfida/core/tracker-actions';
import { readApiResponse } from '../lib/api-client';
import { browserTimeZone } from '../lib/browser-time-zone';

/*
 * The participant's own tracker on the server. Each stored copy has a revision, named by the
 * answer's ETag; a PUT names the revision it was based on in If-Match, so that a copy sent from a
 * stale base is refused (412, with the stored copy to merge with) instead of overwriting another
 * device's work. See docs/decisions/015.
 */

const PATH = '/api/users/me/progress';

/** The server's copy and its revision tag. */
export interface ServerCopy {
  /** Read through the same tolerant reading as local storage. */
  tracker: TrackerData;
  /** The copy failed today's schema and had to be repaired on reading. */
  repaired: boolean;
  /** The revision's tag, for If-Match (null if a proxy dropped it). */
  tag: string | null;
}

function copyOf(raw: unknown, tag: string | null): ServerCopy {
  const { data: tracker, repaired } = restoreTracker(raw, new Date(), browserTimeZone());
  return { tracker, repaired, tag };
}

/**
 * The tracker saved on the server, or null when there is none yet (204; an API from before that
 * change answered 404). Other failures throw.
 */
export async function fetchMyTracker(signal?: AbortSignal): Promise<ServerCopy | null> {
  const response = await fetch(PATH, { headers: { Accept: 'application/json' }, credentials: 'include', signal });
  if (response.status === 404) return null;
  const raw = await readApiResponse<unknown>(response);
  if (raw === undefined) return null;
  return copyOf(raw, response.headers.get('etag'));
}

export type PutOutcome =
  /** Stored: the copy as the server vouches for it (its kinds, weeks and points). */
  | { stored: true; copy: ServerCopy }
  /** Another device wrote first: the stored copy, to merge with and send again. */
  | { stored: false; copy: ServerCopy };

/** Sends the whole tracker based on revision `tag` (none before the first copy exists); other failures throw `ApiError`. */
export async function putMyTracker(tracker: TrackerData, tag: string | null, signal?: AbortSignal): Promise<PutOutcome> {
  const response = await fetch(PATH, {
    method: 'PUT',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...(tag ? { 'If-Match': tag } : {}) },
    body: JSON.stringify(tracker),
    credentials: 'include',
    signal,
  });
  if (response.status === 412) {
    const body = (await response.json().catch(() => null)) as { tracker?: unknown } | null;
    if (body?.tracker !== undefined) return { stored: false, copy: copyOf(body.tracker, response.headers.get('etag')) };
  }
  const answer = await readApiResponse<{ tracker?: unknown }>(response);
  // An answer without the copy (an older API) leaves this browser's copy as the one stored.
  const copy = answer?.tracker !== undefined ? copyOf(answer.tracker, response.headers.get('etag')) : { tracker, repaired: false, tag: response.headers.get('etag') };
  return { stored: true, copy };
}
