import { describe, expect, it } from 'vitest';
import { todayIn } from '@sfida/core/dates';
import type { TrackerData } from '@sfida/core/tracker';
import { checkTrackerPlausible } from '@sfida/core/tracker-plausibility';
import { vouchTracker } from '@sfida/core/tracker-vouch';
import { applyTrackerChanges, changesToSend } from '@sfida/core/tracker-changes';
import { syncBodies } from './sync-participant';
import { BENCH_TIME_ZONE, eightWeekDays, lastDayChallengeStart } from './tracker-fixture';

const ticks = (tracker: TrackerData) => Object.values(tracker.completions).reduce((sum, days) => sum + Object.keys(days).length, 0);

describe('syncBodies', () => {
  it('sends, in turn, a change of today that the server takes every time, on eight weeks synced once a day', async () => {
    const start = lastDayChallengeStart();
    const vouch = (sent: TrackerData, stored: TrackerData | null, now: Date) => vouchTracker(sent, stored, { challengeStartDate: start, timeZone: BENCH_TIME_ZONE, now });
    // As seed-sync.ts seeds it: one sync a day, with the server's clock at that day.
    const days = await eightWeekDays(start, 1);
    let stored: TrackerData | null = null;
    for (const day of days) stored = vouch(day.data, stored, day.now);
    expect(ticks(stored!)).toBe(ticks(days.at(-1)!.data));
    expect(stored!.checkIns).toHaveLength(8);

    const now = new Date();
    const today = todayIn(BENCH_TIME_ZONE, now);
    const tickedToday = (tracker: TrackerData) => tracker.completions.h1?.[today] !== undefined;
    const bodies = syncBodies(stored!, now);
    // What the participant sends (sync-participant.ts): each change from the copy the other leaves.
    const changes = [changesToSend(stored!, bodies[0]), changesToSend(bodies[0], bodies[1])];
    for (let sync = 0; sync < 4; sync++) {
      const sent = applyTrackerChanges(stored!, changes[sync % 2]!);
      const next = vouch(sent, stored, now);
      expect(checkTrackerPlausible(next, { challengeStartDate: start, now })).toEqual({ ok: true });
      expect(tickedToday(next)).toBe(tickedToday(sent));
      expect(tickedToday(next)).not.toBe(tickedToday(stored!));
      stored = next;
    }
  });
});
