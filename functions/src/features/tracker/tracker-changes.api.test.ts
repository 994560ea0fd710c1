import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { addHabit, submitCheckIn, toggleHabit } from '@sfida/core/tracker-actions';
import { applyTrackerChanges, trackerChanges, type TrackerChanges } from '@sfida/core/tracker-changes';
import { Client, PASSWORD, readDoc, registerParticipant, startTestApp, type TestApp } from '../../test-support/api-harness';
import { must, signedInCoach } from '../../test-support/cohort-fixtures';

// PATCH /api/users/me/progress: the sync of what changed (core's tracker-changes.ts). The merge,
// vouching and 412 rules are the PUT's (tracker.api.test.ts); here, that the changes reach the same
// result as the whole tracker would, and what is refused.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterEach(() => {
  app.setNow(null);
});
afterAll(async () => {
  await app.close();
});

const TZ = 'Europe/Rome';
/** Monday 15 September 2025, 10:00 in Rome. */
const START = '2025-09-15';
const START_INSTANT = new Date('2025-09-15T08:00:00Z');
const LATER = new Date(START_INSTANT.getTime() + 60 * 60_000);

interface Reply {
  changes?: TrackerChanges;
  tracker?: TrackerData;
  message?: string;
}

/** A participant whose challenge starts today, with one habit synced whole: their client, the copy stored and its tag. */
async function syncedParticipant() {
  app.setNow(START_INSTANT);
  const { client, email } = await registerParticipant(app, 'Partecipante Modifiche');
  expect((await client.post('/api/auth/start-challenge', { challengeStartDate: START })).status).toBe(200);
  const first = await client.request<{ tracker: TrackerData }>('PUT', '/api/users/me/progress', {
    json: must(addHabit(emptyTracker(TZ, START_INSTANT, START), 'Leggere', START_INSTANT, 'h1')),
  });
  expect(first.status).toBe(200);
  return { client, email, copy: first.body.tracker, tag: first.headers.get('etag')! };
}

const patch = (client: Client, changes: unknown, tag?: string) =>
  client.request<Reply>('PATCH', '/api/users/me/progress', { json: changes, headers: tag ? { 'if-match': tag } : {} });

describe('PATCH /api/users/me/progress', () => {
  test('the changes to the stored copy: stored as the whole tracker would be, the answer brings the browser to the stored copy', async () => {
    const { client, copy, tag } = await syncedParticipant();
    app.setNow(LATER);
    let mine = must(toggleHabit(copy, 'h1', START, LATER));
    mine = must(submitCheckIn(mine, { mood: 4, reflection: 'Buona settimana' }, LATER, 'c1'));
    const sent = trackerChanges(copy, mine);
    // A tick and a check-in: a few hundred bytes, not the tracker.
    expect(JSON.stringify(sent).length).toBeLessThan(1500);

    const reply = await patch(client, sent, tag);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.headers.get('etag')).toBe('"r2"');
    const result = applyTrackerChanges(applyTrackerChanges(copy, sent), reply.body.changes!);
    const stored = await client.get<TrackerData>('/api/users/me/progress');
    expect(result).toEqual(stored.body);
    // The server's points, not the browser's: 2 for the tick, 10 for the check-in.
    expect(result.pointsHistory.map((entry) => entry.points).sort((a, b) => a - b)).toEqual([2, 10]);
    expect((await readDoc(app, `progressSummaries/${(await client.get<{ user: { id: string } }>('/api/auth/session')).body.user.id}`))?.totalPoints).toBe(12);

    // The same changes sent whole by another participant store the same tracker.
    const other = await syncedParticipant();
    app.setNow(LATER);
    const whole = await other.client.request<{ tracker: TrackerData }>('PUT', '/api/users/me/progress', {
      json: applyTrackerChanges(other.copy, trackerChanges(copy, mine)),
      headers: { 'if-match': other.tag },
    });
    expect(whole.status).toBe(200);
    expect({ ...whole.body.tracker, habits: [] }).toEqual({ ...result, habits: [] });
  });

  test('what the server does not vouch for comes back in the answer: a tick for a day beyond the strip is undone', async () => {
    const { client, email, copy, tag } = await syncedParticipant();
    app.setNow(new Date(START_INSTANT.getTime() + 9 * 24 * 60 * 60_000));
    // Signed in again: the session of nine days ago has lapsed.
    expect((await client.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    const sent: TrackerChanges = { cells: [['h1', START, 'onTime', START_INSTANT.getTime() + 9 * 24 * 60 * 60_000]] };
    const reply = await patch(client, sent, tag);
    expect(reply.status).toBe(200);
    const result = applyTrackerChanges(applyTrackerChanges(copy, sent), reply.body.changes!);
    expect(result.completions).toEqual({});
    expect(result).toEqual((await client.get<TrackerData>('/api/users/me/progress')).body);
  });

  test('a stale revision: 412 with the stored copy; without If-Match: 428; before any copy: 412 asking for the whole', async () => {
    const { client, copy, tag } = await syncedParticipant();
    const tick = trackerChanges(copy, must(toggleHabit(copy, 'h1', START, START_INSTANT)));
    expect((await patch(client, tick, tag)).status).toBe(200);
    const stale = await patch(client, tick, tag);
    expect(stale).toMatchObject({ status: 412, body: { message: 'I tuoi progressi sono cambiati su un altro dispositivo: li uniamo e riproviamo.' } });
    expect(stale.headers.get('etag')).toBe('"r2"');
    expect(stale.body.tracker?.completions).toEqual({ h1: { [START]: 'onTime' } });
    expect(await patch(client, tick)).toMatchObject({ status: 428, body: { message: 'Manca la versione dei progressi su cui si basano le modifiche (If-Match).' } });

    const { client: fresh } = await registerParticipant(app, 'Senza Copia');
    expect(await patch(fresh, tick, '"r0"')).toMatchObject({
      status: 412,
      body: { message: 'Il server non ha ancora una copia dei tuoi progressi: la inviamo per intero.' },
    });
  });

  test('bad changes: 400 with an Italian message, the stored copy unchanged', async () => {
    const { client, copy, tag } = await syncedParticipant();
    const before = (await client.get<TrackerData>('/api/users/me/progress')).body;
    const habit = copy.habits[0]!;
    const cases: Array<[unknown, string]> = [
      [{ cells: [['h1', '2025-02-30', 'onTime', 1]] }, 'Data non valida: usa il formato AAAA-MM-GG'],
      [{ habits: [habit, habit] }, 'Abitudini duplicate'],
      [[1, 2], 'Richiesta non valida: il corpo deve essere un oggetto JSON'],
    ];
    for (const [changes, message] of cases) {
      const reply = await patch(client, changes, tag);
      expect(reply.status, JSON.stringify(changes)).toBe(400);
      expect(reply.body.message).toBe(message);
    }
    expect((await client.get<TrackerData>('/api/users/me/progress')).body).toEqual(before);
  });

  test('who may send: signed out 401; a coach reaches only their own copy', async () => {
    const { client, copy, tag } = await syncedParticipant();
    const tick = trackerChanges(copy, must(toggleHabit(copy, 'h1', START, START_INSTANT)));
    expect((await patch(new Client(app), tick, tag)).status).toBe(401);
    const coach = await signedInCoach(app);
    expect((await patch(coach.client, tick, tag)).status).toBe(412);
    expect((await client.get<TrackerData>('/api/users/me/progress')).body.completions).toEqual({});
  });
});
