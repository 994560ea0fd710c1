import type { TrackerData } from '@sfida/core/tracker';
import { restoreTracker } from '@sfida/core/tracker-actions';
import { applyTrackerChanges, changesToSend, syncChangesAnswerSchema } from '@sfida/core/tracker-changes';
import { readApiResponse } from '../lib/api-client';
import { browserTimeZone } from '../lib/browser-time-zone';

/*
 * The participant's own tracker on the server. Each stored copy has a revision, named by the
 * answer's ETag; a PUT (the whole tracker) or a PATCH (what changed from that revision) names the
 * revision it was based on in If-Match, so that a change sent from a stale base is refused (412,
 * with the stored copy to merge with) instead of overwriting another device's work. See
 * docs/decisions/015.
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

export type SyncOutcome =
  /** Stored: the copy as the server vouches for it (its kinds, weeks and points). */
  | { stored: true; copy: ServerCopy }
  /** Another device wrote first: the stored copy, to merge with and send again. */
  | { stored: false; copy: ServerCopy };

/** Sends the whole tracker based on revision `tag` (none before the first copy exists); other failures throw `ApiError`. */
export async function putMyTracker(tracker: TrackerData, tag: string | null, signal?: AbortSignal): Promise<SyncOutcome> {
  const response = await fetch(PATH, {
    method: 'PUT',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...(tag ? { 'If-Match': tag } : {}) },
    body: JSON.stringify(tracker),
    credentials: 'include',
    signal,
  });
  const stale = await staleCopy(response);
  if (stale) return stale;
  const answer = await readApiResponse<{ tracker?: unknown }>(response);
  // An answer without the copy (an older API) leaves this browser's copy as the one stored.
  const copy = answer?.tracker !== undefined ? copyOf(answer.tracker, response.headers.get('etag')) : { tracker, repaired: false, tag: response.headers.get('etag') };
  return { stored: true, copy };
}

/** A 412 that carries the stored copy: another device wrote first. Null for any other answer (its body left unread). */
async function staleCopy(response: Response): Promise<SyncOutcome | null> {
  if (response.status !== 412) return null;
  const body = (await response.clone().json().catch(() => null)) as { tracker?: unknown } | null;
  return body?.tracker !== undefined ? { stored: false, copy: copyOf(body.tracker, response.headers.get('etag')) } : null;
}

/**
 * Sends only what changed from `base` (the server's copy of revision `base.tag`) to `tracker`
 * (core's tracker-changes.ts): the server answers with the changes its vouching made, which bring
 * this browser to the copy it stored. Null when the server holds no copy to change (412 without
 * one): then the tracker is sent whole. Other failures throw `ApiError`.
 */
export async function patchMyTracker(base: { tracker: TrackerData; tag: string }, tracker: TrackerData, signal?: AbortSignal): Promise<SyncOutcome | null> {
  const sent = changesToSend(base.tracker, tracker);
  const response = await fetch(PATH, {
    method: 'PATCH',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'If-Match': base.tag },
    body: JSON.stringify(sent),
    credentials: 'include',
    signal,
  });
  const stale = await staleCopy(response);
  if (stale) return stale;
  if (response.status === 412) return null;
  const answer = await readApiResponse(response, syncChangesAnswerSchema);
  const stored = applyTrackerChanges(applyTrackerChanges(base.tracker, sent), answer.changes);
  return { stored: true, copy: { tracker: stored, repaired: false, tag: response.headers.get('etag') } };
}
