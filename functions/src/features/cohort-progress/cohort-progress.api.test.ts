import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'csv-parse/sync';
import { coachMessages } from '@sfida/core/coach';
import { cohortProgressAnswerSchema, cohortProgressMessages, type CohortProgressAnswer } from '@sfida/core/cohort-progress';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { addHabit, savePlanner, setActionText, submitCheckIn, toggleHabit, weekActions } from '@sfida/core/tracker-actions';
import { trackerChanges } from '@sfida/core/tracker-changes';
import { userRef } from '../../shared/user-repository';
import { WEEK_STAT_SHARDS, weekStatsCollection } from '../../shared/week-stats-repository';
import { Client, readDoc, registerParticipant, startTestApp, type TestApp } from '../../test-support/api-harness';
import { countReads } from '../../test-support/read-counter';
import { must, signedInCoach, writeCohort } from '../../test-support/cohort-fixtures';
import { rebuildWeekStats } from './migrations';

// "Andamento": the cohort's counters follow each sync (PUT and PATCH) in the sync's own batch, a
// withdrawal takes a participant out, the migration rebuilds them; the page reads only the counters.

let app: TestApp;
/** Monday 15 September 2025, the cohorts' start; the tests run on its Thursday, 10:00 in Rome. */
const START = '2025-09-15';
const NOW = new Date('2025-09-18T08:00:00Z');
const TZ = 'Europe/Rome';

beforeAll(async () => {
  app = await startTestApp();
  app.setNow(NOW);
});
afterAll(async () => {
  await app.close();
});

const coach = (name?: string) => signedInCoach(app, name);
const cohort = (coachIds: string[], name?: string) => writeCohort(app, { coachIds, startDate: START, name });
const progressPath = (cohortId: string, query = '') => `/api/coach/cohorts/${cohortId}/progress-by-week${query}`;

/** A participant registered through the API, moved into `cohortId`, whose challenge started on START. */
async function participant(cohortId: string, name: string) {
  const registered = await registerParticipant(app, name);
  await userRef(app.deps.db, registered.user.id).update({ cohortId, challengeStartDate: START });
  return registered;
}

/** Syncs a whole tracker (with the stored revision's tag after the first): the reply's tag. */
async function sync(client: Client, tracker: TrackerData, tag?: string): Promise<string> {
  const reply = await client.request('PUT', '/api/users/me/progress', { json: tracker, headers: tag ? { 'if-match': tag } : {} });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.headers.get('etag')!;
}

/** A habit ticked today and a check-in of week 1 with `mood`. */
function activeWeek(mood: 1 | 2 | 3 | 4 | 5): TrackerData {
  let data = must(addHabit(emptyTracker(TZ, NOW, START), 'Camminare', NOW, 'h1'));
  data = must(toggleHabit(data, 'h1', '2025-09-18', NOW));
  return must(submitCheckIn(data, { mood, reflection: 'Bene' }, NOW, 'c1'));
}

async function progress(client: Client, cohortId: string, query = ''): Promise<CohortProgressAnswer> {
  const reply = await client.get(progressPath(cohortId, query));
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return cohortProgressAnswerSchema.parse(reply.body);
}

describe('who may read a cohort’s progress', () => {
  test('signed out 401, participant 403, its coach 200, another coach 403, an unknown cohort 404 (JSON and CSV)', async () => {
    const mine = await coach();
    const other = await coach();
    const cohortId = await cohort([mine.user.id]);
    await cohort([other.user.id]);
    const member = await participant(cohortId, 'Paola');
    for (const path of [progressPath(cohortId), `/api/coach/cohorts/${cohortId}/progress-by-week.csv`]) {
      expect((await new Client(app).get(path)).status, path).toBe(401);
      expect(await member.client.get(path), path).toMatchObject({ status: 403, body: { message: coachMessages.coachesOnly } });
      expect((await mine.client.get(path)).status, path).toBe(200);
      expect(await other.client.get(path), path).toMatchObject({ status: 403, body: { message: coachMessages.notYourCohort } });
      const unknown = path.replace(cohortId, 'coorte-che-non-esiste');
      expect(await mine.client.get(unknown), unknown).toMatchObject({ status: 404, body: { message: coachMessages.cohortNotFound } });
    }
  });
});

describe('GET /api/coach/cohorts/:cohortId/progress-by-week', () => {
  test('each sync updates the counters; the same sync again counts nothing twice; two participants make the shares', async () => {
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const anna = await participant(cohortId, 'Anna');
    const bruno = await participant(cohortId, 'Bruno');

    const annaTracker = activeWeek(4);
    const tag = await sync(anna.client, annaTracker);
    let weeks = (await progress(mine.client, cohortId)).weeks;
    // Only Anna has synced: Bruno's start is not known to the counters yet. Her habit, made today
    // (Thursday, day 4 of week 1), has had one day so far: never the three still to come.
    expect(weeks[0]).toMatchObject({ week: 1, participants: 1, active: 1, checkIns: 1, habitDaysTicked: 1, habitDaysPossible: 1, habitDaysRate: 1, activeRate: 1, averageMood: 4 });
    expect(weeks[0]).toMatchObject({ inProgress: 1, daysSoFar: 4 });
    expect(weeks[1]).toMatchObject({ week: 2, participants: 0, activeRate: null });
    // The contribution is kept with the participant, for the next sync's difference.
    expect(JSON.parse(String((await readDoc(app, `users/${anna.user.id}`))?.weekStats))).toMatchObject({ cohortId, counters: { w1_active: 1 } });

    // The same tracker again (a retry, another device): nothing changes.
    const again = await sync(anna.client, annaTracker, tag);
    expect((await progress(mine.client, cohortId)).weeks[0]).toMatchObject({ participants: 1, active: 1, checkIns: 1, habitDaysTicked: 1 });

    // Bruno syncs a planner only (saved, not a check-in): active, no check-in.
    let brunoTracker = emptyTracker(TZ, NOW, START);
    for (const [i, slot] of weekActions(brunoTracker, 1).entries()) brunoTracker = must(setActionText(brunoTracker, 1, slot.id, `Azione ${i + 1}`, NOW));
    brunoTracker = must(savePlanner(brunoTracker, 1, NOW));
    await sync(bruno.client, brunoTracker);
    weeks = (await progress(mine.client, cohortId)).weeks;
    expect(weeks[0]).toMatchObject({ participants: 2, active: 2, checkIns: 1, planners: 1, activeRate: 1, checkInRate: 0.5, plannerRate: 0.5, averageMood: 4 });

    // Anna unticks today by PATCH: the tick leaves the counters, the rest stays.
    const unticked = must(toggleHabit(annaTracker, 'h1', '2025-09-18', NOW));
    const reply = await anna.client.request('PATCH', '/api/users/me/progress', { json: trackerChanges(annaTracker, unticked), headers: { 'if-match': again } });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect((await progress(mine.client, cohortId)).weeks[0]).toMatchObject({ participants: 2, active: 2, checkIns: 1, habitDaysTicked: 0 });
  });

  test('a participant who starts the challenge is counted from their start, before any sync', async () => {
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const { client, user } = await registerParticipant(app, 'Nuova');
    await userRef(app.deps.db, user.id).update({ cohortId });
    expect((await progress(mine.client, cohortId)).weeks[0]).toMatchObject({ participants: 0 });
    // Her first day is today, Thursday: her week 1 has begun, her week 2 not yet.
    expect((await client.post('/api/auth/start-challenge', { challengeStartDate: '2025-09-18' })).status).toBe(200);
    const weeks = (await progress(mine.client, cohortId)).weeks;
    expect(weeks[0]).toMatchObject({ participants: 1, active: 0, activeRate: 0 });
    expect(weeks[1]).toMatchObject({ participants: 0 });
    // Her first sync adds her week's activity to the same count.
    let data = must(addHabit(emptyTracker(TZ, NOW, '2025-09-18'), 'Camminare', NOW, 'h1'));
    data = must(toggleHabit(data, 'h1', '2025-09-18', NOW));
    await sync(client, data);
    // Her week began today: one day of it so far.
    expect((await progress(mine.client, cohortId)).weeks[0]).toMatchObject({ participants: 1, active: 1, habitDaysTicked: 1, habitDaysPossible: 1, daysSoFar: 1 });
  });

  test('spreads a cohort’s counters over shards, written with increments in a set with merge', async () => {
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const members = await Promise.all(['Uno', 'Due', 'Tre', 'Quattro', 'Cinque', 'Sei'].map((name) => participant(cohortId, name)));
    for (const member of members) await sync(member.client, activeWeek(3));
    const shards = await weekStatsCollection(app.deps.db, cohortId).get();
    expect(shards.size).toBeGreaterThan(1);
    const sum = shards.docs.reduce((total, doc) => total + (doc.get('w1_active') ?? 0), 0);
    expect(sum).toBe(6);
    expect((await progress(mine.client, cohortId)).weeks[0]).toMatchObject({ participants: 6, active: 6, averageMood: 3 });
  });

  test('a withdrawn participant leaves every week’s figures, and a later sync of theirs adds nothing', async () => {
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const anna = await participant(cohortId, 'Anna');
    const bruno = await participant(cohortId, 'Bruno');
    await sync(anna.client, activeWeek(5));
    const brunoTag = await sync(bruno.client, activeWeek(1));
    expect((await progress(mine.client, cohortId)).weeks[0]).toMatchObject({ participants: 2, checkIns: 2, averageMood: 3 });

    expect((await mine.client.post(`/api/coach/cohorts/${cohortId}/participants/${bruno.user.id}/withdraw`)).status).toBe(200);
    expect((await progress(mine.client, cohortId)).weeks[0]).toMatchObject({ participants: 1, active: 1, checkIns: 1, averageMood: 5 });
    expect((await readDoc(app, `users/${bruno.user.id}`))?.weekStats).toBeNull();
    // Withdrawing twice takes nothing out twice.
    expect((await mine.client.post(`/api/coach/cohorts/${cohortId}/participants/${bruno.user.id}/withdraw`)).status).toBe(200);
    expect((await progress(mine.client, cohortId)).weeks[0]).toMatchObject({ participants: 1 });

    const more = must(toggleHabit(activeWeek(1), 'h1', '2025-09-17', NOW));
    await sync(bruno.client, more, brunoTag);
    expect((await progress(mine.client, cohortId)).weeks[0]).toMatchObject({ participants: 1, active: 1, checkIns: 1, habitDaysTicked: 1, averageMood: 5 });
  });

  test('compares with another cohort of the caller’s at the same weeks, never with one of another coach', async () => {
    const mine = await coach();
    const other = await coach();
    const cohortId = await cohort([mine.user.id], 'Autunno');
    const september = await cohort([mine.user.id], 'Settembre');
    const theirs = await cohort([other.user.id], 'Altrui');
    await sync((await participant(cohortId, 'Anna')).client, activeWeek(4));
    await participant(september, 'Sara');
    await sync((await participant(september, 'Teo')).client, activeWeek(2));
    await sync((await participant(september, 'Ugo')).client, emptyTracker(TZ, NOW, START));

    const answer = await progress(mine.client, cohortId, `?compareWith=${september}`);
    expect(answer).toMatchObject({ cohortId, name: 'Autunno', comparison: { cohortId: september, name: 'Settembre' } });
    expect(answer.weeks[0]).toMatchObject({ participants: 1, activeRate: 1 });
    // Sara never synced: the counters know two of September's three.
    expect(answer.comparison!.weeks[0]).toMatchObject({ participants: 2, active: 1, activeRate: 0.5 });
    expect((await progress(mine.client, cohortId)).comparison).toBeNull();

    expect(await mine.client.get(progressPath(cohortId, `?compareWith=${theirs}`))).toMatchObject({ status: 403, body: { message: coachMessages.notYourCohort } });
    expect(await mine.client.get(progressPath(cohortId, '?compareWith=coorte-che-non-esiste'))).toMatchObject({ status: 404, body: { message: coachMessages.cohortNotFound } });
    expect(await mine.client.get(progressPath(cohortId, '?compareWith=a%2Fb'))).toMatchObject({ status: 400, body: { message: cohortProgressMessages.compareWith } });
  });

  test('reads a fixed few documents whatever the cohort’s size: never the trackers nor the participants', async () => {
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const names = Array.from({ length: 14 }, (_, i) => `Partecipante ${i + 1}`);
    for (const name of names) await sync((await participant(cohortId, name)).client, activeWeek(4));
    const { result, reads, read } = await countReads(app.deps.db, () => mine.client.get<CohortProgressAnswer>(progressPath(cohortId)));
    expect(result.body.weeks[0]).toMatchObject({ participants: 14, active: 14 });
    // The session, the caller, the cohort and its shards: fewer than the participants' trackers alone.
    expect(reads, read.join('\n')).toBeLessThanOrEqual(3 + WEEK_STAT_SHARDS);
  });
});

describe('GET /api/coach/cohorts/:cohortId/progress-by-week.csv', () => {
  test('the same figures, one line a week, the compared cohort’s after, as Excel reads them in Italian', async () => {
    const mine = await coach();
    const cohortId = await cohort([mine.user.id], 'Autunno 2025');
    const september = await cohort([mine.user.id], 'Settembre');
    await sync((await participant(cohortId, 'Anna')).client, activeWeek(4));
    await sync((await participant(cohortId, 'Bruno')).client, must(submitCheckIn(emptyTracker(TZ, NOW, START), { mood: 3, reflection: 'Così' }, NOW, 'c1')));

    const reply = await mine.client.get(`/api/coach/cohorts/${cohortId}/progress-by-week.csv?compareWith=${september}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toBe('attachment; filename="andamento-autunno-2025.csv"');
    const rows: string[][] = parse(String(reply.body).replace(/^\uFEFF/, ''), { delimiter: ';' });
    expect(rows[0]).toEqual([
      'coorte',
      'settimana',
      'partecipanti',
      'attivi',
      'attivi_percento',
      'check_in',
      'check_in_percento',
      'giorni_abitudine_spuntati',
      'giorni_abitudine',
      'abitudini_spuntate_percento',
      'planner_salvati',
      'planner_percento',
      'umore_medio',
      'giorni_finora',
    ]);
    expect(rows).toHaveLength(1 + 8 + 8);
    // Week 1 is on its 4th day: its habit-days are those so far, and the line says how many days that is.
    expect(rows[1]).toEqual(['Autunno 2025', '1', '2', '2', '100', '2', '100', '1', '1', '100', '0', '0', '3,5', '4']);
    expect(rows[2]).toEqual(['Autunno 2025', '2', '0', '0', '', '0', '', '0', '0', '', '0', '', '', '']);
    expect(rows[9]).toEqual(['Settembre', '1', '0', '0', '', '0', '', '0', '0', '', '0', '', '', '']);
  });
});

describe('rebuildWeekStats (npm run migrate-cohorts)', () => {
  test('counts everyone from their user document and tracker, those who never synced too, and running it again changes nothing', async () => {
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    await sync((await participant(cohortId, 'Anna')).client, activeWeek(4));
    const neverSynced = await participant(cohortId, 'Bruno');
    const gone = await participant(cohortId, 'Carla');
    await sync(gone.client, activeWeek(1));
    await userRef(app.deps.db, gone.user.id).update({ withdrawnAt: NOW.toISOString() });
    // Counters from before the migration, wrong on purpose: the rebuild replaces them.
    await weekStatsCollection(app.deps.db, cohortId).doc('shard-3').set({ w1_active: 40 });

    await rebuildWeekStats(app.deps);
    const expected = { participants: 2, active: 1, checkIns: 1, averageMood: 4, habitDaysPossible: 1 };
    expect((await progress(mine.client, cohortId)).weeks[0]).toMatchObject(expected);
    expect((await readDoc(app, `users/${neverSynced.user.id}`))?.weekStats).toEqual(expect.stringContaining('"m_20250915_w1_Europe_2fRome":1'));
    await rebuildWeekStats(app.deps);
    expect((await progress(mine.client, cohortId)).weeks[0]).toMatchObject(expected);
  });
});
