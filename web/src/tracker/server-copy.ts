import type { WeeklyKpi } from '@sfida/core/progress-summary';
import { storedUpdatedAt, type TrackerData } from '@sfida/core/tracker';
import { restoreTracker } from '@sfida/core/tracker-actions';
import { ApiError, apiFetch } from '../lib/api-client';
import { browserTimeZone } from '../lib/browser-time-zone';
import { weeklyKpiAnswerSchema } from './server-summaries';

/*
 * The participant's own tracker on the server: the browser sends it after every change and
 * fetches it back on a new device or after the browser was cleared.
 */

/** The server's copy of the tracker, fully checked only if it is used. */
export interface ServerCopy {
  /** When it was last changed (as the full check would read it). */
  updatedAt: string;
  /**
   * The copy, through the same tolerant reading as local storage: a copy that fails today's
   * schema still restores what it can. Checking all eight weeks is worth skipping on a phone
   * when this browser's copy wins anyway (the usual case).
   */
  read(): { tracker: TrackerData; repaired: boolean };
}

/**
 * The tracker saved on the server, or null when there is none yet (204; an API from before that
 * change answered 404). Other failures throw.
 */
export async function fetchMyTracker(signal?: AbortSignal): Promise<ServerCopy | null> {
  let raw: unknown;
  try {
    raw = await apiFetch<unknown>('/api/users/me/progress', { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
  if (raw === undefined) return null;
  let checked: ReturnType<ServerCopy['read']> | null = null;
  return {
    updatedAt: storedUpdatedAt(raw),
    read: () => {
      if (!checked) {
        const { data: tracker, repaired } = restoreTracker(raw, new Date(), browserTimeZone());
        checked = { tracker, repaired };
      }
      return checked;
    },
  };
}

/**
 * Sends the whole tracker; the server checks it is plausible (400 with a message when not). An
 * accepted tracker is answered with this week's KPIs, or null when the answer holds none (the
 * upload succeeded all the same).
 */
export async function putMyTracker(tracker: TrackerData, signal?: AbortSignal): Promise<WeeklyKpi | null> {
  const answer = await apiFetch<unknown>('/api/users/me/progress', { method: 'PUT', body: tracker, signal });
  const parsed = weeklyKpiAnswerSchema.safeParse(answer);
  return parsed.success ? parsed.data.weeklyKPI : null;
}
