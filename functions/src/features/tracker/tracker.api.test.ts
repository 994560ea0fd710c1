import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { randomBytes } from 'node:crypto';
import { coachMessages } from '@sfida/core/coach';
import { emptyTracker, staleTrackerAnswerSchema, trackerSavedAnswerSchema, type TrackerData } from '@sfida/core/tracker';
import { addHabit, savePlanner, setActionText, submitCheckIn, toggleAction, toggleHabit, weekActions, type TrackerResult } from '@sfida/core/tracker-actions';
import { addDays, todayIn } from '@sfida/core/dates';
import { mergeTrackers } from '@sfida/core/tracker-merge';
import { compareHistoryEntries } from '@sfida/core/points';
import { rankEntries, type LeaderboardEntry, type WeeklyKpi } from '@sfida/core/progress-summary';
import type { WriteBatch } from 'firebase-admin/firestore';
import { ensureAccount } from '../account/admin';
import { userRef } from '../../shared/user-repository';
import { readStoredTracker } from '../../shared/tracker-repository';
import { writeCohort } from '../../test-support/cohort-fixtures';
import { backfillWeeklyScores } from './migrations';
import { countReads } from '../../test-support/read-counter';
import { Client, PASSWORD, readDoc, registerParticipant, startTestApp, uniqueEmail, type TestApp } from '../../test-support/api-harness';

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
const DAY = 24 * 60 * 60 * 1000;
/** Monday 15 September 2025, 10:00 in Rome. */
const START = '2025-09-15';
const START_INSTANT = new Date('2025-09-15T08:00:00Z');

function must(result: TrackerResult): TrackerData {
  if (!result.ok) throw new Error(result.message);
  return result.data;
}

/** A participant whose challenge starts today (START), signed in. */
async function startedParticipant(name = 'Partecipante Test') {
  app.setNow(START_INSTANT);
  const registered = await registerParticipant(app, name);
  // Onboarded, as every participant the leaderboard ranks.
  const onboarded = await registered.client.post('/api/onboarding', {
    tempoAllenamento: 'MENO_UN_ANNO',
    luogoAllenamento: 'CASA',
    livelloAllenamento: 'PRINCIPIANTE',
    schedaAssegnata: 'PRINCIPIANTE_CASA',
  });
  expect(onboarded.status, JSON.stringify(onboarded.body)).toBeLessThan(300);
  const reply = await registered.client.post('/api/auth/start-challenge', { challengeStartDate: START });
  expect(reply.status).toBe(200);
  return registered;
}

/** The tag of the last tracker answer each client got: it sends it back in If-Match, as the web app does. */
const trackerTags = new WeakMap<Client, string>();

interface SyncReply {
  tracker: TrackerData;
  message?: string;
}

async function sync(client: Client, data: unknown) {
  const tag = trackerTags.get(client);
  const reply = await client.request<SyncReply>('PUT', '/api/users/me/progress', { json: data, headers: tag ? { 'if-match': tag } : {} });
  const next = reply.headers.get('etag');
  if (next) trackerTags.set(client, next);
  // The answers the web app reads, in core's shapes.
  if (reply.status === 200) trackerSavedAnswerSchema.parse(reply.body);
  if (reply.status === 412) staleTrackerAnswerSchema.parse(reply.body);
  return reply;
}

/** The copy as the server keeps it: its history in the server's order. */
function asStored(data: TrackerData): TrackerData {
  return { ...data, pointsHistory: [...data.pointsHistory].sort(compareHistoryEntries) };
}

/** Day one: one habit ticked today and this week's check-in: 2 + 10 points. */
function dayOneTracker(now = START_INSTANT): TrackerData {
  let data = emptyTracker(TZ, now, START);
  data = must(addHabit(data, 'Meditare 10 minuti', now, 'h1'));
  data = must(toggleHabit(data, 'h1', todayIn(TZ, now), now));
  data = must(submitCheckIn(data, { mood: 4, reflection: 'Buona partenza' }, now, 'c1'));
  return data;
}

/** The weekly KPIs as GET /api/users/:userId/progress serves them (the sync's answer carries only the tracker). */
async function weeklyKpiOf(client: Client, uid: string, weekStart?: string): Promise<WeeklyKpi> {
  const reply = await client.get<{ weeklyKPI: WeeklyKpi }>(`/api/users/${uid}/progress${weekStart ? `?weekStart=${weekStart}` : ''}`);
  expect(reply.status).toBe(200);
  return reply.body.weeklyKPI;
}

async function storedProgress(uid: string) {
  return { progress: await readDoc(app, `progress/${uid}`), summary: await readDoc(app, `progressSummaries/${uid}`) };
}

describe('PUT /api/users/me/progress', () => {
  test('stores the tracker and the summary, and answers the copy it vouches for', async () => {
    const { client, user } = await startedParticipant();
    const data = dayOneTracker();
    const reply = await sync(client, data);
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body)).toEqual(['tracker']);
    expect(await weeklyKpiOf(client, user.id)).toMatchObject({ weekStart: START, weekPoints: 12, totalPoints: 12, streakDays: 1, checkInThisWeek: true, currentWeek: 1 });
    const { progress, summary } = await storedProgress(user.id);
    // The head keeps its points history packed beside the rest.
    expect(JSON.parse(progress!.data as string)).toEqual({ ...asStored(data), pointsHistory: [] });
    expect(readStoredTracker(progress!.data as string, progress!.updatedAt, progress!.points)).toEqual(asStored(data));
    expect(progress!.closed).toBeNull();
    expect(reply.body.tracker).toEqual(asStored(data));
    expect(summary).toMatchObject({ cohortId: user.cohortId, totalPoints: 12, streakDays: 1, streakThrough: START, pointsByWeek: { [START]: 12 } });

    const restored = await client.get<TrackerData>('/api/users/me/progress');
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual(asStored(data));
  });

  test('the server\'s start date wins over the browser\'s', async () => {
    const { client, user } = await startedParticipant();
    const data = { ...emptyTracker(TZ, START_INSTANT, '2025-09-01') };
    expect((await sync(client, data)).status).toBe(200);
    const { progress } = await storedProgress(user.id);
    expect(JSON.parse(progress!.data as string).challengeStartDate).toBe(START);
  });

  test('a full eight weeks with ten habits fits the size cap', async () => {
    const { client, email, user } = await startedParticipant();
    let now = START_INSTANT;
    let data = emptyTracker(TZ, now, START);
    for (let h = 0; h < 10; h++) data = must(addHabit(data, `Abitudine numero ${h + 1} con un nome lungo`, now, `h${h}`));
    let reply: Awaited<ReturnType<typeof sync>> | undefined;
    for (let day = 0; day < 56; day++) {
      now = new Date(START_INSTANT.getTime() + day * DAY);
      const today = todayIn(TZ, now);
      for (let h = 0; h < 10; h++) data = must(toggleHabit(data, `h${h}`, today, now));
      if (day % 7 === 0) {
        const week = day / 7 + 1;
        for (const [i, action] of weekActions(data, week).entries()) {
          data = must(setActionText(data, week, action.id, `Azione concreta ${i + 1} della settimana ${week} da completare`, now));
          data = must(toggleAction(data, week, action.id, now));
        }
        data = must(savePlanner(data, week, now));
        data = must(submitCheckIn(data, { mood: 3, reflection: 'r'.repeat(300) }, now));
      }
      // Synced as it goes, as the app does: the server sees each day's ticks on their day.
      if (day % 7 === 6 || day === 55 || day % 7 === 0) {
        app.setNow(now);
        if ((await client.get('/api/auth/me')).status === 401) expect((await client.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
        reply = await sync(client, data);
        expect(reply.status).toBe(200);
        data = reply.body.tracker;
      }
    }
    const size = Buffer.byteLength(JSON.stringify(data));
    expect(size).toBeLessThan(512 * 1024);
    expect(await weeklyKpiOf(client, user.id)).toMatchObject({ streakDays: 56, currentWeek: 8 });

    // A new device downloads it gzipped when it can (fetch undoes the coding), as is otherwise.
    const gzipped = await client.get<TrackerData>('/api/users/me/progress', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.body).toEqual(data);
    const plain = await client.get<TrackerData>('/api/users/me/progress', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Number(plain.headers.get('content-length'))).toBe(size);
    expect(plain.body).toEqual(data);
    // A small answer is not worth compressing.
    const session = await client.get('/api/auth/me', { 'accept-encoding': 'gzip' });
    expect(session.status).toBe(200);
    expect(session.headers.get('content-encoding')).toBeNull();
  });

  describe('implausible or invalid data: 400 with a message, stored data unchanged', () => {
    const cases: Array<[string, (data: TrackerData) => TrackerData, string]> = [
      [
        'completions for a habit that does not exist',
        (d) => ({ ...d, completions: { ...d.completions, fantasma: { [START]: 'onTime' } } }),
        'Completamenti per un’abitudine sconosciuta.',
      ],
      ['a schema violation', (d) => ({ ...d, version: 3 }) as unknown as TrackerData, expect.any(String) as unknown as string],
    ];

    test.each(cases)('%s', async (_label, tamper, message) => {
      const { client, user } = await startedParticipant();
      expect((await sync(client, dayOneTracker())).status).toBe(200);
      const before = await storedProgress(user.id);
      const reply = await sync(client, tamper(dayOneTracker()));
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ message });
      expect(await storedProgress(user.id)).toEqual(before);
    });

    test('activity before the challenge has started', async () => {
      app.setNow(START_INSTANT);
      const { client, user } = await registerParticipant(app);
      const reply = await sync(client, dayOneTracker());
      expect(reply).toMatchObject({ status: 400, body: { message: 'La challenge non è ancora iniziata.' } });
      expect(await storedProgress(user.id)).toEqual({ progress: undefined, summary: undefined });
    });
  });

  test('a megabyte is refused (413), stored data unchanged', async () => {
    const { client, user } = await startedParticipant();
    await sync(client, dayOneTracker());
    const before = await storedProgress(user.id);
    const huge = { ...dayOneTracker(), padding: 'x'.repeat(1024 * 1024) };
    expect(await sync(client, huge)).toMatchObject({ status: 413, body: { message: 'Richiesta troppo grande' } });
    expect(await storedProgress(user.id)).toEqual(before);
  });

  test('GET before any sync: 204 without a body (not an error); not signed in: 401', async () => {
    const { client } = await registerParticipant(app);
    const reply = await client.get('/api/users/me/progress');
    expect(reply.status).toBe(204);
    expect(reply.body).toBe('');
    expect((await new Client(app).get('/api/users/me/progress')).status).toBe(401);
    expect((await new Client(app).put('/api/users/me/progress', dayOneTracker())).status).toBe(401);
  });

  test('GET of the own copy: kept by the browser with revalidation; unchanged → 304 without a body, changed → the new copy', async () => {
    const { client } = await startedParticipant();
    const data = dayOneTracker();
    expect((await sync(client, data)).status).toBe(200);

    const first = await client.get<TrackerData>('/api/users/me/progress');
    expect(first.status).toBe(200);
    expect(first.body).toEqual(asStored(data));
    const tag = first.headers.get('etag');
    expect(tag).toBe('"r1"');
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(first.headers.get('vary')).toMatch(/cookie/i);
    expect(first.headers.get('vary')).toMatch(/accept-encoding/i);

    // As the browser's revalidation arrives through Firebase Hosting, which adds "no-cache".
    const revalidate = { 'if-none-match': tag!, 'cache-control': 'no-cache, no-store' };
    const unchanged = await client.get('/api/users/me/progress', revalidate);
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.get('etag')).toBe(tag);

    const later = new Date(START_INSTANT.getTime() + 60_000);
    const changed = must(addHabit(data, 'Camminare', later, 'h2'));
    expect((await sync(client, changed)).status).toBe(200);
    const after = await client.get<TrackerData>('/api/users/me/progress', revalidate);
    expect(after.status).toBe(200);
    expect(after.body.habits.map((habit) => habit.name)).toEqual(['Meditare 10 minuti', 'Camminare']);
    expect(after.headers.get('etag')).not.toBe(tag);
  });
});

describe('points the server vouches for: no more than an honest participant', () => {
  test('the clock skew that opens next week minutes early pays its points in next week, not in this one', async () => {
    // Sunday 21 September, 20:00 in Rome: all of week 1 (planner, 5 actions, check-in) and today's habit.
    const sunday = new Date('2025-09-21T18:00:00Z');
    app.setNow(sunday);
    const { client, user } = await registerParticipant(app, 'Settimana Anticipata');
    // Started on Monday the 15th: a past day, which only the database takes.
    await app.deps.db.doc(`users/${user.id}`).update({ challengeStartDate: START });
    let data = emptyTracker(TZ, sunday, START);
    data = must(addHabit(data, 'Leggere', new Date('2025-09-15T09:00:00Z'), 'h1'));
    data = must(toggleHabit(data, 'h1', '2025-09-21', sunday));
    for (const [i, action] of weekActions(data, 1).entries()) data = must(setActionText(data, 1, action.id, `Azione ${i + 1}`, sunday));
    for (const action of weekActions(data, 1)) data = must(toggleAction(data, 1, action.id, sunday));
    data = must(savePlanner(data, 1, sunday));
    data = must(submitCheckIn(data, { mood: 4, reflection: 'Prima settimana' }, sunday, 'c1'));
    expect((await sync(client, data)).status).toBe(200);
    const weekOne = (await storedProgress(user.id)).summary!.pointsByWeek as Record<string, number>;
    expect(weekOne).toEqual({ [START]: 52 });

    // 23:56: with five minutes of skew, Monday (week 2) is "tomorrow" on time. Week 2's planner,
    // five actions, check-in and Monday's tick arrive now, and count on Monday 22 September.
    const lateSunday = new Date('2025-09-21T21:56:00Z');
    app.setNow(lateSunday);
    const stamp = lateSunday.getTime() + 4 * 60 * 1000;
    const monday = '2025-09-22';
    const forged: TrackerData = {
      ...data,
      completions: { h1: { ...data.completions.h1, [monday]: 'onTime' } },
      changedAt: {
        habitDays: { h1: { ...data.changedAt.habitDays.h1, [monday]: stamp } },
        actions: { ...data.changedAt.actions, '2': Object.fromEntries([1, 2, 3, 4, 5].map((n) => [`w2-a${n}`, stamp])) },
      },
      weeklyActions: { ...data.weeklyActions, '2': [1, 2, 3, 4, 5].map((n) => ({ id: `w2-a${n}`, text: `Azione ${n}`, completed: true })) },
      savedPlannerWeeks: [1, 2],
      checkIns: [...data.checkIns, { id: 'c2', mood: 5, reflection: 'Seconda settimana', date: monday, weekNumber: 2, submittedAt: new Date(stamp).toISOString() }],
    };
    const reply = await sync(client, forged);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const { summary } = await storedProgress(user.id);
    // Week 1 holds what an honest week 1 can; week 2's 72 points wait for week 2.
    expect(summary!.pointsByWeek).toEqual({ [START]: 52, [monday]: 72 });
    expect(await weeklyKpiOf(client, user.id, START)).toMatchObject({ weekStart: START, weekPoints: 52 });
  });
});

describe('the sync protocol: no lost update between devices', () => {
  async function secondDevice(email: string) {
    const client = new Client(app);
    expect((await client.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    return client;
  }

  async function download(client: Client): Promise<TrackerData> {
    const reply = await client.get<TrackerData>('/api/users/me/progress');
    expect(reply.status).toBe(200);
    trackerTags.set(client, reply.headers.get('etag')!);
    return reply.body;
  }

  test('a stale copy gets 412 with the stored copy and its tag; merged and sent again, both changes are kept', async () => {
    const { client: phone, email, user } = await startedParticipant();
    let base = must(addHabit(emptyTracker(TZ, START_INSTANT, START), 'Leggere', START_INSTANT, 'h1'));
    base = must(addHabit(base, 'Correre', START_INSTANT, 'h2'));
    expect((await sync(phone, base)).status).toBe(200);
    const laptop = await secondDevice(email);
    const laptopCopy = await download(laptop);

    const later = new Date(START_INSTANT.getTime() + 60_000);
    const phoneReply = await sync(phone, must(toggleHabit(base, 'h1', START, later)));
    expect(phoneReply.status).toBe(200);
    expect(phoneReply.headers.get('etag')).toBe('"r2"');

    // An hour later the laptop, still holding revision 1, sends its own change.
    app.setNow(new Date(START_INSTANT.getTime() + 60 * 60_000));
    const laptopChange = must(toggleHabit(laptopCopy, 'h2', START, new Date(START_INSTANT.getTime() + 60 * 60_000)));
    const stale = await sync(laptop, laptopChange);
    expect(stale.status).toBe(412);
    expect(stale.body.message).toBe('I tuoi progressi sono cambiati su un altro dispositivo: li uniamo e riproviamo.');
    expect(stale.headers.get('etag')).toBe('"r2"');
    expect(stale.body.tracker.completions).toEqual({ h1: { [START]: 'onTime' } });

    const merged = await sync(laptop, mergeTrackers(laptopChange, stale.body.tracker, app.deps.clock()));
    expect(merged.status).toBe(200);
    expect(merged.headers.get('etag')).toBe('"r3"');
    const stored = await download(phone);
    expect(stored.completions).toEqual({ h1: { [START]: 'onTime' }, h2: { [START]: 'onTime' } });
    expect((await weeklyKpiOf(laptop, user.id, START)).weekPoints).toBe(4);
  });

  test('without If-Match a stored copy is never overwritten', async () => {
    const { client, user } = await startedParticipant();
    expect((await sync(client, dayOneTracker())).status).toBe(200);
    const before = await storedProgress(user.id);
    const blind = await client.put<SyncReply>('/api/users/me/progress', emptyTracker(TZ, START_INSTANT, START));
    expect(blind.status).toBe(412);
    expect(blind.body.tracker).toEqual(asStored(dayOneTracker()));
    expect(await storedProgress(user.id)).toEqual(before);
  });

  test('two devices writing at once from one revision: one lands, the other merges; both changes survive 10 rounds of 10', async () => {
    const { client: phone, email } = await startedParticipant();
    expect((await sync(phone, emptyTracker(TZ, START_INSTANT, START))).status).toBe(200);
    const laptop = await secondDevice(email);
    let phoneCopy = await download(phone);
    let laptopCopy = await download(laptop);
    for (let round = 0; round < 10; round++) {
      const at = new Date(START_INSTANT.getTime() + (round + 1) * 1000);
      phoneCopy = must(addHabit(phoneCopy, `Telefono ${round}`, at, `p${round}`));
      laptopCopy = must(addHabit(laptopCopy, `Portatile ${round}`, new Date(at.getTime() + 1), `l${round}`));
      const replies = await Promise.all([sync(phone, phoneCopy), sync(laptop, laptopCopy)]);
      expect(replies.map((reply) => reply.status).sort()).toEqual([200, 412]);
      const [winner, loser] = replies[0]!.status === 200 ? ['phone', 'laptop'] : ['laptop', 'phone'];
      const lost = replies.find((reply) => reply.status === 412)!;
      if (loser === 'phone') phoneCopy = mergeTrackers(phoneCopy, lost.body.tracker, at);
      else laptopCopy = mergeTrackers(laptopCopy, lost.body.tracker, at);
      const retry = await sync(loser === 'phone' ? phone : laptop, loser === 'phone' ? phoneCopy : laptopCopy);
      expect(retry.status, `round ${round}, ${winner} first`).toBe(200);
      phoneCopy = await download(phone);
      laptopCopy = await download(laptop);
      expect(phoneCopy.habits.map((habit) => habit.id)).toEqual(expect.arrayContaining([`p${round}`, `l${round}`]));
      expect(phoneCopy.habits).toHaveLength(2 * (round + 1));
    }
  });

  test("the attacker's request: a month of on-time ticks, a far-east zone, 750-point entries, counted at its honest value", async () => {
    // Week 5 of a challenge that began on START; nothing synced before.
    const { client, user, email } = await startedParticipant();
    app.setNow(new Date(START_INSTANT.getTime() + 30 * DAY));
    expect((await client.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    const zone = 'Pacific/Kiritimati';
    let data = emptyTracker(zone, START_INSTANT, START);
    for (let h = 0; h < 20; h++) data = must(addHabit(data, `Abitudine ${h}`, START_INSTANT, `h${h}`));
    const completions: TrackerData['completions'] = {};
    for (let h = 0; h < 20; h++) {
      completions[`h${h}`] = Object.fromEntries(Array.from({ length: 31 }, (_, i) => [addDays(START, i), 'onTime' as const]));
    }
    const forged: TrackerData = {
      ...data,
      completions,
      pointsHistory: [
        { points: 750, reason: 'Regalo', timestamp: new Date(START_INSTANT.getTime() + 16 * DAY).toISOString(), weekNumber: 3, kind: 'streakBonus', ref: 'streakBonus:h0:x:30' },
        { points: 750, reason: 'Regalo', timestamp: new Date(START_INSTANT.getTime() + 23 * DAY).toISOString(), weekNumber: 4, kind: 'streakBonus', ref: 'streakBonus:h1:x:30' },
      ],
    };
    const reply = await sync(client, forged);
    expect(reply.status).toBe(200);
    // Today's 20 ticks (+40) and the 7-day bonus the back-filled strip completes (+100); no more.
    expect((await weeklyKpiOf(client, user.id)).totalPoints).toBe(140);
    expect(reply.body.tracker.timeZone).toBe('Europe/Rome');
    expect(Object.keys(reply.body.tracker.completions.h0!)).toHaveLength(7);
    const { summary } = await storedProgress(user.id);
    expect(summary).toMatchObject({ totalPoints: 140, streakDays: 7, timeZone: 'Europe/Rome' });
  });
});

async function ownerOf(cohortId: string) {
  const email = uniqueEmail('coach');
  const user = await ensureAccount(app.deps, { email, password: PASSWORD, name: 'Coach', role: 'OWNER', cohortId });
  const client = new Client(app);
  expect((await client.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  return { client, user };
}

describe('GET /api/users/:userId/progress', () => {
  test('the participant themself: weeklyKPI for the requested week', async () => {
    const { client, user } = await startedParticipant();
    await sync(client, dayOneTracker());
    const reply = await client.get<{ weeklyKPI: WeeklyKpi }>(`/api/users/${user.id}/progress?cohortId=${user.cohortId}&weekStart=${START}`);
    expect(reply.status).toBe(200);
    expect(reply.body.weeklyKPI).toMatchObject({ weekStart: START, weekPoints: 12, totalPoints: 12, streakDays: 1 });
    const nextWeek = await client.get<{ weeklyKPI: WeeklyKpi }>(`/api/users/${user.id}/progress?weekStart=${addDays(START, 7)}`);
    expect(nextWeek.body.weeklyKPI).toMatchObject({ weekPoints: 0, totalPoints: 12 });
  });

  test('defaults to this week; zeros before any sync', async () => {
    const { client, user } = await startedParticipant();
    const reply = await client.get<{ weeklyKPI: WeeklyKpi }>(`/api/users/${user.id}/progress`);
    expect(reply.body.weeklyKPI).toMatchObject({ weekStart: START, weekPoints: 0, totalPoints: 0, streakDays: 0 });
  });

  test("another participant's progress: 403", async () => {
    const { user: other, client: otherClient } = await startedParticipant();
    await sync(otherClient, dayOneTracker());
    const { client } = await startedParticipant();
    expect(await client.get(`/api/users/${other.id}/progress`)).toMatchObject({ status: 403, body: { message: 'Non puoi vedere i progressi di un altro partecipante' } });
    expect((await client.get(`/api/users/utente-inesistente/progress`)).status).toBe(403);
  });

  test('who may read it: signed out 401; the participant and their cohort\'s coaches 200; another participant or another cohort\'s coach 403', async () => {
    app.setNow(START_INSTANT);
    const homeOfA = `casa-${randomBytes(4).toString('hex')}`;
    const coachA = await ownerOf(homeOfA);
    // The coach of A whose own account sits in B: B's participants are not theirs to read.
    const coachAInB = await ownerOf(homeOfA);
    const coachB = await ownerOf(homeOfA);
    const cohortA = await writeCohort(app, { coachIds: [coachA.user.id, coachAInB.user.id], startDate: START });
    const cohortB = await writeCohort(app, { coachIds: [coachB.user.id], startDate: START });
    await userRef(app.deps.db, coachAInB.user.id).update({ cohortId: cohortB });
    expect((await coachAInB.client.post('/api/auth/login', { email: coachAInB.user.email, password: PASSWORD })).status).toBe(200);
    const inCohort = async (cohortId: string) => {
      const { client, user, email } = await startedParticipant();
      await userRef(app.deps.db, user.id).update({ cohortId });
      expect((await client.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
      return { client, user };
    };
    const member = await inCohort(cohortB);
    const sameCohort = await inCohort(cohortB);
    const otherCohort = await inCohort(cohortA);
    await sync(member.client, dayOneTracker());
    const url = `/api/users/${member.user.id}/progress?weekStart=${START}`;

    expect(await new Client(app).get(url)).toMatchObject({ status: 401, body: { message: expect.any(String) } });
    expect(await member.client.get(url)).toMatchObject({ status: 200, body: { weeklyKPI: { weekPoints: 12, totalPoints: 12 } } });
    for (const other of [sameCohort, otherCohort]) {
      expect(await other.client.get(url)).toMatchObject({ status: 403, body: { message: 'Non puoi vedere i progressi di un altro partecipante' } });
    }
    expect(await coachB.client.get(url)).toMatchObject({ status: 200, body: { weeklyKPI: { weekPoints: 12, totalPoints: 12 } } });
    for (const stranger of [coachA, coachAInB]) {
      expect(await stranger.client.get(url)).toMatchObject({ status: 403, body: { message: coachMessages.notYourCohort } });
    }
    // A coach's own account is not a participant of the cohorts they coach.
    expect((await coachB.client.get(`/api/users/${coachAInB.user.id}/progress`)).status).toBe(403);
  });

  test.each(['2025-09-16', '15-09-2025', '2025-02-30', 'lunedi'])('weekStart=%s: 400', async (weekStart) => {
    const { client, user } = await startedParticipant();
    expect(await client.get(`/api/users/${user.id}/progress?weekStart=${weekStart}`)).toMatchObject({
      status: 400,
      body: { message: 'weekStart deve essere un lunedì nel formato AAAA-MM-GG' },
    });
  });
});

describe('GET /api/cohorts/:cohortId/leaderboard', () => {
  async function memberOf(cohortId: string, name: string) {
    const email = uniqueEmail();
    const onboarding = { tempoAllenamento: 'MENO_UN_ANNO', luogoAllenamento: 'CASA', livelloAllenamento: 'PRINCIPIANTE' } as const;
    const user = await ensureAccount(app.deps, { email, password: PASSWORD, name, role: 'PARTICIPANT', cohortId, challengeStartDate: START, onboarding });
    const client = new Client(app);
    expect((await client.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    return { client, user, email };
  }

  test('ranks the cohort for the week; members without progress appear with zeros', async () => {
    app.setNow(START_INSTANT);
    const cohortId = `coorte-${randomBytes(4).toString('hex')}`;
    const anna = await memberOf(cohortId, 'Anna');
    const bruno = await memberOf(cohortId, 'Bruno');
    const carla = await memberOf(cohortId, 'Carla');
    await ownerOf(cohortId);
    await sync(anna.client, dayOneTracker());
    let brunoData = emptyTracker(TZ, START_INSTANT, START);
    brunoData = must(addHabit(brunoData, 'Camminare', START_INSTANT, 'h1'));
    brunoData = must(toggleHabit(brunoData, 'h1', START, START_INSTANT));
    await sync(bruno.client, brunoData);

    const reply = await carla.client.get<{ entries: LeaderboardEntry[] }>(`/api/cohorts/${cohortId}/leaderboard?weekStart=${START}`);
    expect(reply.status).toBe(200);
    expect(reply.body.entries).toEqual([
      { userId: anna.user.id, displayName: 'Anna', weekPoints: 12, totalPoints: 12, streakDays: 1, rank: 1, isMe: false },
      { userId: bruno.user.id, displayName: 'Bruno', weekPoints: 2, totalPoints: 2, streakDays: 1, rank: 2, isMe: false },
      { userId: carla.user.id, displayName: 'Carla', weekPoints: 0, totalPoints: 0, streakDays: 0, rank: 3, isMe: true },
    ]);

    // Next week: week points reset, totals stay; a streak not kept up goes back to 0.
    app.setNow(new Date(START_INSTANT.getTime() + 7 * DAY));
    await anna.client.post('/api/auth/login', { email: anna.email, password: PASSWORD });
    const later = await anna.client.get<{ entries: LeaderboardEntry[] }>(`/api/cohorts/${cohortId}/leaderboard`);
    expect(later.body.entries.map((e) => [e.displayName, e.weekPoints, e.totalPoints, e.streakDays, e.isMe])).toEqual([
      ['Anna', 0, 12, 0, true],
      ['Bruno', 0, 2, 0, false],
      ['Carla', 0, 0, 0, false],
    ]);
  });

  test('top 50 plus the caller\'s own row', async () => {
    app.setNow(START_INSTANT);
    const cohortId = `coorte-${randomBytes(4).toString('hex')}`;
    const me = await memberOf(cohortId, 'Zeta Ultima');
    const batch = app.deps.db.batch();
    for (let i = 0; i < 55; i++) {
      const uid = `finto-${cohortId}-${i}`;
      batch.set(app.deps.db.doc(`users/${uid}`), { name: `Membro ${i}`, email: `m${i}@x.it`, role: 'PARTICIPANT', cohortId, onboardingCompletato: true });
      const score = { cohortId, totalPoints: 100 + i, streakDays: 3, streakThrough: START };
      batch.set(app.deps.db.doc(`progressSummaries/${uid}`), { ...score, pointsByWeek: { [START]: 10 + i }, ranked: true });
      batch.set(app.deps.db.doc(`weeklyScores/${START}_${uid}`), { ...score, weekStart: START, userId: uid, points: 10 + i });
    }
    await batch.commit();
    const reply = await me.client.get<{ entries: LeaderboardEntry[] }>(`/api/cohorts/${cohortId}/leaderboard?weekStart=${START}`);
    expect(reply.body.entries).toHaveLength(51);
    expect(reply.body.entries[0]).toMatchObject({ displayName: 'Membro 54', weekPoints: 64, rank: 1, streakDays: 3 });
    expect(reply.body.entries[49]!.rank).toBe(50);
    expect(reply.body.entries[50]).toMatchObject({ userId: me.user.id, rank: 56, isMe: true, weekPoints: 0 });
  });

  test("the caller's own row is always fresh: a sync shows at once, ranked among the others", async () => {
    app.setNow(START_INSTANT);
    const cohortId = `coorte-${randomBytes(4).toString('hex')}`;
    const anna = await memberOf(cohortId, 'Anna');
    const bruno = await memberOf(cohortId, 'Bruno');
    let brunoData = emptyTracker(TZ, START_INSTANT, START);
    brunoData = must(addHabit(brunoData, 'Camminare', START_INSTANT, 'h1'));
    brunoData = must(toggleHabit(brunoData, 'h1', START, START_INSTANT));
    await sync(bruno.client, brunoData);
    const url = `/api/cohorts/${cohortId}/leaderboard?weekStart=${START}`;
    const rows = (reply: { body: { entries: LeaderboardEntry[] } }) =>
      reply.body.entries.map((e) => [e.displayName, e.weekPoints, e.totalPoints, e.streakDays, e.rank, e.isMe]);

    // Both read the cohort before Anna syncs (the instance may now reuse this ranking for a while).
    expect(rows(await anna.client.get(url))).toEqual([
      ['Bruno', 2, 2, 1, 1, false],
      ['Anna', 0, 0, 0, 2, true],
    ]);
    expect(rows(await bruno.client.get(url))).toEqual([
      ['Bruno', 2, 2, 1, 1, true],
      ['Anna', 0, 0, 0, 2, false],
    ]);

    expect((await sync(anna.client, dayOneTracker())).status).toBe(200);
    expect(rows(await anna.client.get(url))).toEqual([
      ['Anna', 12, 12, 1, 1, true],
      ['Bruno', 2, 2, 1, 2, false],
    ]);
    // Bruno's own row stays right whatever the instance remembers of Anna's.
    const seenByBruno = (await bruno.client.get<{ entries: LeaderboardEntry[] }>(url)).body.entries;
    expect(seenByBruno.filter((e) => e.isMe)).toEqual([
      { userId: bruno.user.id, displayName: 'Bruno', weekPoints: 2, totalPoints: 2, streakDays: 1, rank: expect.any(Number), isMe: true },
    ]);
    expect(seenByBruno).toHaveLength(2);
  });

  test('a sync keeps one weekly score per week with points, each with the current total and streak', async () => {
    const { client, user, email } = await startedParticipant();
    await sync(client, dayOneTracker());
    expect(await readDoc(app, `weeklyScores/${START}_${user.id}`)).toEqual({
      cohortId: user.cohortId,
      weekStart: START,
      userId: user.id,
      points: 12,
      totalPoints: 12,
      streakDays: 1,
      streakThrough: START,
    });

    // A week later a tick: this week's score appears and last week's takes the new total.
    const later = new Date(START_INSTANT.getTime() + 7 * DAY);
    app.setNow(later);
    const nextWeek = addDays(START, 7);
    await client.post('/api/auth/login', { email, password: PASSWORD });
    const stored = (await client.get<TrackerData>('/api/users/me/progress')).body;
    await sync(client, must(toggleHabit(stored, 'h1', nextWeek, later)));
    expect(await readDoc(app, `weeklyScores/${nextWeek}_${user.id}`)).toMatchObject({ points: 2, totalPoints: 14, streakDays: 1, streakThrough: nextWeek });
    expect(await readDoc(app, `weeklyScores/${START}_${user.id}`)).toMatchObject({ points: 12, totalPoints: 14 });

    // Unticked: the week without points loses its score.
    const unticked = (await client.get<TrackerData>('/api/users/me/progress')).body;
    await sync(client, must(toggleHabit(unticked, 'h1', nextWeek, later)));
    expect(await readDoc(app, `weeklyScores/${nextWeek}_${user.id}`)).toBeUndefined();
    expect(await readDoc(app, `weeklyScores/${START}_${user.id}`)).toMatchObject({ points: 12, totalPoints: 12 });
  });

  test('a cohort of 300: a bounded number of documents read, the same ranks as ranking everyone', async () => {
    app.setNow(START_INSTANT);
    const cohortId = `coorte-${randomBytes(4).toString('hex')}`;
    const db = app.deps.db;
    const scored = await memberOf(cohortId, 'Con Punti');
    const zeroWeek = await memberOf(cohortId, 'Senza Punti Settimana');
    const neverSynced = await memberOf(cohortId, 'Mai Sincronizzato');
    const everyone: Array<Omit<LeaderboardEntry, 'rank' | 'isMe'>> = [];
    const withdrawn = new Set<string>();
    const seed = (batch: WriteBatch, uid: string, name: string, week: number, total: number, ranked = true) => {
      everyone.push({ userId: uid, displayName: name, weekPoints: week, totalPoints: total, streakDays: 0 });
      const score = { cohortId, totalPoints: total, streakDays: 2, streakThrough: addDays(START, -5) };
      batch.set(db.doc(`progressSummaries/${uid}`), { ...score, pointsByWeek: week > 0 ? { [START]: week } : {}, ranked });
      if (week > 0 && ranked) batch.set(db.doc(`weeklyScores/${START}_${uid}`), { ...score, weekStart: START, userId: uid, points: week });
    };
    for (let first = 0; first < 300; first += 100) {
      const batch = db.batch();
      for (let i = first; i < first + 100; i++) {
        const uid = `finto-${cohortId}-${String(i).padStart(3, '0')}`;
        const member = { name: `Membro ${i}`, email: `m${i}@x.it`, role: 'PARTICIPANT', cohortId, onboardingCompletato: true };
        // Some never synced, some withdrawn (their summary unranked and no scores, as the withdrawal leaves them).
        if (i % 10 === 9) {
          batch.set(db.doc(`users/${uid}`), member);
          everyone.push({ userId: uid, displayName: member.name, weekPoints: 0, totalPoints: 0, streakDays: 0 });
        } else if (i % 50 === 3) {
          withdrawn.add(uid);
          batch.set(db.doc(`users/${uid}`), { ...member, withdrawnAt: START_INSTANT.toISOString() });
          batch.set(db.doc(`progressSummaries/${uid}`), { cohortId, totalPoints: 999, streakDays: 0, streakThrough: START, pointsByWeek: { [START]: 99 }, ranked: false });
        } else {
          batch.set(db.doc(`users/${uid}`), member);
          seed(batch, uid, member.name, i % 3 === 0 ? 0 : (i * 13) % 40, (i * 37) % 200);
        }
      }
      await batch.commit();
    }
    const batch = db.batch();
    seed(batch, scored.user.id, 'Con Punti', 5, 20);
    seed(batch, zeroWeek.user.id, 'Senza Punti Settimana', 0, 30);
    everyone.push({ userId: neverSynced.user.id, displayName: 'Mai Sincronizzato', weekPoints: 0, totalPoints: 0, streakDays: 0 });
    await batch.commit();
    const expected = rankEntries(everyone.map((row) => ({ ...row, isMe: false })));
    const url = `/api/cohorts/${cohortId}/leaderboard?weekStart=${START}`;

    for (const caller of [scored, zeroWeek, neverSynced]) {
      const { result: reply, reads } = await countReads(app.deps.db, () => caller.client.get<{ entries: LeaderboardEntry[] }>(url));
      // The top and the caller's row, whatever the cohort's size (the whole cohort would be about 600).
      expect(reads).toBeLessThanOrEqual(200);
      const entries = reply.body.entries;
      expect(entries).toHaveLength(51);
      const score = (e: LeaderboardEntry) => [e.weekPoints, e.totalPoints, e.rank];
      expect(entries.slice(0, 50).map(score)).toEqual(expected.filter((e) => e.userId !== caller.user.id).slice(0, 50).map(score));
      expect(entries[50]).toMatchObject({ userId: caller.user.id, isMe: true, rank: expected.find((e) => e.userId === caller.user.id)!.rank });
      expect(entries.filter((e) => withdrawn.has(e.userId))).toEqual([]);
      expect(entries[50]!.rank).toBeGreaterThan(50);
    }
  });

  test('the migration writes the weekly scores of the stored summaries, ranked as the leaderboard ranks', async () => {
    app.setNow(START_INSTANT);
    const cohortId = `coorte-${randomBytes(4).toString('hex')}`;
    const db = app.deps.db;
    const me = await memberOf(cohortId, 'Zeta');
    const nextWeek = addDays(START, 7);
    const summary = { cohortId, totalPoints: 30, streakDays: 1, streakThrough: nextWeek, pointsByWeek: { [START]: 20, [nextWeek]: 10 } };
    const batch = db.batch();
    batch.set(db.doc(`users/vecchio-${cohortId}`), { name: 'Vecchio', role: 'PARTICIPANT', cohortId, onboardingCompletato: true });
    batch.set(db.doc(`progressSummaries/vecchio-${cohortId}`), summary);
    batch.set(db.doc(`users/ritirato-${cohortId}`), { name: 'Ritirato', role: 'PARTICIPANT', cohortId, withdrawnAt: START_INSTANT.toISOString() });
    batch.set(db.doc(`progressSummaries/ritirato-${cohortId}`), summary);
    await batch.commit();

    expect((await backfillWeeklyScores(app.deps)).scores).toBeGreaterThanOrEqual(2);
    expect(await readDoc(app, `progressSummaries/vecchio-${cohortId}`)).toMatchObject({ ranked: true });
    expect(await readDoc(app, `progressSummaries/ritirato-${cohortId}`)).toMatchObject({ ranked: false });
    const score = { cohortId, userId: `vecchio-${cohortId}`, totalPoints: 30, streakDays: 1, streakThrough: nextWeek };
    expect(await readDoc(app, `weeklyScores/${START}_vecchio-${cohortId}`)).toEqual({ ...score, weekStart: START, points: 20 });
    expect(await readDoc(app, `weeklyScores/${nextWeek}_vecchio-${cohortId}`)).toEqual({ ...score, weekStart: nextWeek, points: 10 });
    expect(await readDoc(app, `weeklyScores/${START}_ritirato-${cohortId}`)).toBeUndefined();
    // Twice: the same documents.
    await backfillWeeklyScores(app.deps);
    expect(await readDoc(app, `weeklyScores/${START}_vecchio-${cohortId}`)).toEqual({ ...score, weekStart: START, points: 20 });
    expect(await readDoc(app, `progressSummaries/ritirato-${cohortId}`)).toMatchObject({ ranked: false });

    const reply = await me.client.get<{ entries: LeaderboardEntry[] }>(`/api/cohorts/${cohortId}/leaderboard?weekStart=${START}`);
    expect(reply.body.entries.map((e) => [e.displayName, e.weekPoints, e.totalPoints, e.rank])).toEqual([
      ['Vecchio', 20, 30, 1],
      ['Zeta', 0, 0, 2],
    ]);
  });

  // Who else may read it (the coaches of the cohort, by its coachIds): leaderboard.api.test.ts.
  test("another cohort's leaderboard: 403", async () => {
    const { client } = await registerParticipant(app);
    expect(await client.get('/api/cohorts/altra-coorte/leaderboard')).toMatchObject({ status: 403, body: { message: 'Puoi vedere solo la classifica della tua coorte' } });
  });

  test('bad weekStart: 400; not signed in: 401', async () => {
    const { client, user } = await registerParticipant(app);
    expect((await client.get(`/api/cohorts/${user.cohortId}/leaderboard?weekStart=2025-09-17`)).status).toBe(400);
    expect((await new Client(app).get(`/api/cohorts/${user.cohortId}/leaderboard`)).status).toBe(401);
  });
});

