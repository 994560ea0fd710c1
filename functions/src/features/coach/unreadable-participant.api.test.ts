import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { parse } from 'csv-parse/sync';
import { checkInQueueSchema } from '@sfida/core/check-in-threads';
import { coachMessages, participantDetailSchema, rosterPageSchema } from '@sfida/core/coach';
import { DEVICE_CLOCK_SKEW_MS } from '@sfida/core/change-stamps';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { addHabit, submitCheckIn, toggleHabit } from '@sfida/core/tracker-actions';
import { userRef } from '../../shared/user-repository';
import type { Client} from '../../test-support/api-harness';
import { registerParticipant, startTestApp, type TestApp } from '../../test-support/api-harness';
import { forgetRosterDigest, must, signedInCoach, writeCohort } from '../../test-support/cohort-fixtures';
import { trackerRef } from '../../shared/tracker-repository';

// One participant's stored data must never break a page about other people: a change stamp from
// far in the future (the largest integer the sync schema takes, past what a date can hold) once
// made the roster, every participant page and the export answer 500 for the whole cohort.

let app: TestApp;
/** Monday 15 September 2025, the cohort's start; the tests run on its Thursday, 10:00 in Rome. */
const START = '2025-09-15';
const NOW = new Date('2025-09-18T08:00:00Z');
const TODAY = '2025-09-18';
const TZ = 'Europe/Rome';
const BEYOND_ANY_DATE = Number.MAX_SAFE_INTEGER;

beforeAll(async () => {
  app = await startTestApp();
  app.setNow(NOW);
});
afterAll(async () => {
  await app.close();
});

async function participant(cohortId: string, name: string) {
  const registered = await registerParticipant(app, name);
  await userRef(app.deps.db, registered.user.id).update({ cohortId, challengeStartDate: START });
  return registered;
}

async function sync(client: Client, tracker: TrackerData) {
  return client.put<{ tracker: TrackerData; message?: string }>('/api/users/me/progress', tracker);
}

/** A habit ticked today and a check-in: what an ordinary participant has on their Thursday. */
function ordinaryWeek(mood: number): TrackerData {
  let data = must(addHabit(emptyTracker(TZ, NOW, START), 'Camminare', NOW, 'h1'));
  data = must(toggleHabit(data, 'h1', TODAY, NOW));
  return must(submitCheckIn(data, { mood, reflection: 'Settimana così così' }, NOW, 'c1'));
}

async function storedTracker(uid: string): Promise<TrackerData> {
  return JSON.parse((await trackerRef(app.deps.db, uid).get()).get('data') as string) as TrackerData;
}

describe('a change stamp is a moment the server can vouch for', () => {
  test('a stamp past any date is kept as the server\'s now, a stamp for a missing action is dropped, and the cohort\'s pages still answer', async () => {
    const coach = await signedInCoach(app);
    const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate: START });
    const honest = await participant(cohortId, 'Anna Onesta');
    expect((await sync(honest.client, ordinaryWeek(4))).status).toBe(200);
    const attacker = await participant(cohortId, 'Bruno Attacco');
    const forged = ordinaryWeek(3);
    forged.changedAt.habitDays.h1![TODAY] = BEYOND_ANY_DATE;
    forged.changedAt.actions['1'] = { ghost: 8_640_000_000_000_001 };
    const reply = await sync(attacker.client, forged);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);

    // The rest of the same sync is kept; the stamp is the server's now, the ghost is gone.
    const stored = await storedTracker(attacker.user.id);
    expect(stored.completions.h1).toEqual({ [TODAY]: 'onTime' });
    expect(stored.changedAt.habitDays.h1![TODAY]).toBe(NOW.getTime());
    expect(stored.changedAt.actions['1']).toBeUndefined();
    expect(reply.body.tracker.changedAt.habitDays.h1![TODAY]).toBeLessThanOrEqual(NOW.getTime() + DEVICE_CLOCK_SKEW_MS);

    const roster = await coach.client.get(`/api/coach/cohorts/${cohortId}/participants`);
    expect(roster.status, JSON.stringify(roster.body)).toBe(200);
    const rows = rosterPageSchema.parse(roster.body).rows;
    const attackerRow = rows.find((row) => row.userId === attacker.user.id)!;
    expect(attackerRow.lastActivity).toBe(TODAY);
    expect(attackerRow.unreadable).toBeUndefined();
    for (const who of [honest, attacker]) {
      expect((await coach.client.get(`/api/coach/cohorts/${cohortId}/participants/${who.user.id}`)).status).toBe(200);
    }
    expect((await coach.client.get(`/api/coach/cohorts/${cohortId}/export.csv`)).status).toBe(200);
  });

  test('a copy stored before stamps were bounded is repaired when read: its day is the day it was stored', async () => {
    const coach = await signedInCoach(app);
    const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate: START });
    const old = await participant(cohortId, 'Carla Vecchia');
    const poisoned = ordinaryWeek(4);
    poisoned.changedAt.habitDays.h1![TODAY] = BEYOND_ANY_DATE;
    // As the server stored it before the fix: straight to Firestore, the sync's own checks bypassed.
    await trackerRef(app.deps.db, old.user.id).set({ data: JSON.stringify(poisoned), revision: 1, cohortId, updatedAt: NOW.toISOString(), threadWeeks: [] });
    // Before roster digests too.
    await forgetRosterDigest(app, old.user.id);

    const roster = await coach.client.get(`/api/coach/cohorts/${cohortId}/participants`);
    expect(roster.status, JSON.stringify(roster.body)).toBe(200);
    expect(rosterPageSchema.parse(roster.body).rows[0]).toMatchObject({ userId: old.user.id, lastActivity: TODAY, totalPoints: 12 });
    const detail = participantDetailSchema.parse((await coach.client.get(`/api/coach/cohorts/${cohortId}/participants/${old.user.id}`)).body);
    expect(detail.tracker?.changedAt.habitDays.h1?.[TODAY]).toBe(NOW.getTime());
  });
});

describe('one participant whose data cannot be summarised', () => {
  test('shows as "dati non leggibili" on the roster, the participant page, the export, the check-in queue and the segments, logged once; the others are unaffected', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const coach = await signedInCoach(app);
      const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate: START });
      const honest = await participant(cohortId, 'Anna Onesta');
      expect((await sync(honest.client, ordinaryWeek(2))).status).toBe(200);
      const broken = await participant(cohortId, 'Dario Guasto');
      expect((await sync(broken.client, ordinaryWeek(1))).status).toBe(200);
      // Stored data no summary can be made from: a zone no runtime knows (written before zones were checked).
      await userRef(app.deps.db, broken.user.id).update({ timeZone: 'Marte/Olympus_Mons' });

      const roster = await coach.client.get(`/api/coach/cohorts/${cohortId}/participants`);
      expect(roster.status, JSON.stringify(roster.body)).toBe(200);
      const rows = rosterPageSchema.parse(roster.body).rows;
      expect(rows.find((row) => row.userId === broken.user.id)).toMatchObject({ unreadable: true, attention: [], totalPoints: 0, lastActivity: null });
      expect(rows.find((row) => row.userId === honest.user.id)).toMatchObject({ totalPoints: 12, lastMood: 2, lastActivity: TODAY });
      expect(rows.find((row) => row.userId === honest.user.id)!.unreadable).toBeUndefined();

      const page = await coach.client.get(`/api/coach/cohorts/${cohortId}/participants/${broken.user.id}`);
      expect(page.status).toBe(200);
      expect(participantDetailSchema.parse(page.body)).toMatchObject({ row: { unreadable: true }, tracker: null });

      const csv = await fetch(`${app.baseUrl}/api/coach/cohorts/${cohortId}/export.csv`, {
        headers: { cookie: `__session=${coach.client.cookie}`, 'x-forwarded-for': `${coach.client.address}, ${coach.client.connection}` },
      });
      expect(csv.status).toBe(200);
      const lines = parse(await csv.text(), { bom: true, delimiter: ';' }) as string[][];
      const brokenLine = lines.find((line) => line[0] === broken.user.id)!;
      expect(brokenLine[3]).toBe(`attivo (${coachMessages.unreadableData})`);
      // No figures; the package, from the user document that was read, is still there.
      expect(brokenLine.slice(4, -1).every((cell) => cell === '')).toBe(true);
      expect(brokenLine.at(-1)).toBe('Base');
      expect(lines.find((line) => line[0] === honest.user.id)![6]).toBe('12');

      const queue = await coach.client.get('/api/coach/check-ins');
      expect(queue.status, JSON.stringify(queue.body)).toBe(200);
      const cards = checkInQueueSchema.parse(queue.body).cards.filter((card) => card.cohortId === cohortId);
      expect(cards.find((card) => card.userId === broken.user.id)).toMatchObject({ mood: 1, unreadable: true, habitsPercent: null });
      expect(cards.find((card) => card.userId === honest.user.id)).toMatchObject({ mood: 2, habitsPercent: 100 });

      // A segment that reads the tracker leaves them out; 'all' still reaches them.
      const all = await coach.client.post<{ count: number }>(`/api/coach/cohorts/${cohortId}/messages/preview`, { segment: 'all' });
      expect(all).toMatchObject({ status: 200, body: { count: 2 } });
      const noPlanner = await coach.client.post<{ count: number; recipients: Array<{ userId: string }> }>(`/api/coach/cohorts/${cohortId}/messages/preview`, {
        segment: 'noPlanner',
      });
      expect(noPlanner.status).toBe(200);
      expect(noPlanner.body.recipients.map((r) => r.userId)).toEqual([honest.user.id]);

      const logged = warn.mock.calls.filter((call) => String(call[0]).includes(broken.user.id));
      expect(logged).toHaveLength(1);
    } finally {
      warn.mockRestore();
    }
  });
});
