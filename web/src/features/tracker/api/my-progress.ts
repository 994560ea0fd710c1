import type { TrackerData } from '@sfida/core/tracker';
import { restoreTracker } from '@sfida/core/tracker-actions';
import { ApiError, apiFetch } from '../../../lib/api-client';

/*
 * The participant's own tracker on the server: the browser sends it after every change and
 * fetches it back on a new device or after the browser was cleared.
 */

/**
 * The tracker saved on the server, or null when there is none yet (204; an API from before that
 * change answered 404). Other failures throw.
 */
export async function fetchMyTracker(signal?: AbortSignal): Promise<{ data: TrackerData; repaired: boolean } | null> {
  try {
    const raw = await apiFetch<unknown>('/api/users/me/progress', { signal });
    if (raw === undefined) return null;
    // The same tolerant reading as local storage: a copy that fails today's schema still restores what it can.
    return restoreTracker(raw, new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Sends the whole tracker; the server checks it is plausible (400 with a message when not). */
export async function putMyTracker(data: TrackerData, signal?: AbortSignal): Promise<void> {
  await apiFetch<unknown>('/api/users/me/progress', { method: 'PUT', body: data, signal });
}
