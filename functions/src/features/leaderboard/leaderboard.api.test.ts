import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { LeaderboardEntry } from '@sfida/core/progress-summary';
import { coachMessages } from '@sfida/core/coach';
import { ensureAccount } from '../account/admin';
import { countReads } from '../../test-support/read-counter';
import { Client, PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../test-support/api-harness';
import { writeCohort } from '../../test-support/cohort-fixtures';

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

/** Monday 15 September 2025, 10:00 in Rome. */
const START = '2025-09-15';
const START_INSTANT = new Date('2025-09-15T08:00:00Z');
const ONBOARDING = { tempoAllenamento: 'MENO_UN_ANNO', luogoAllenamento: 'CASA', livelloAllenamento: 'PRINCIPIANTE' } as const;

type Reply = { entries: LeaderboardEntry[] };

function newCohort(): string {
  app.setNow(START_INSTANT);
  return `coorte-${randomBytes(4).toString('hex')}`;
}

/** A participant of `cohortId`, signed in; onboarded unless told otherwise. */
async function memberOf(cohortId: string, name: string, onboarded = true) {
  const email = uniqueEmail();
  const onboarding = onboarded ? ONBOARDING : undefined;
  const user = await ensureAccount(app.deps, { email, password: PASSWORD, name, role: 'PARTICIPANT', cohortId, challengeStartDate: START, onboarding });
  const client = new Client(app);
  expect((await client.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  return { client, user };
}

/** Members as a sync and the onboarding leave them: user, summary and, with week points, the week's score. */
async function seedMembers(cohortId: string, members: Array<{ uid: string; name: string; week: number; total: number; onboarded?: boolean }>) {
  const db = app.deps.db;
  for (let first = 0; first < members.length; first += 100) {
    const batch = db.batch();
    for (const { uid, name, week, total, onboarded = true } of members.slice(first, first + 100)) {
      batch.set(db.doc(`users/${uid}`), { name, email: `${uid}@x.it`, role: 'PARTICIPANT', cohortId, onboardingCompletato: onboarded });
      const score = { cohortId, totalPoints: total, streakDays: 1, streakThrough: START };
      batch.set(db.doc(`progressSummaries/${uid}`), { ...score, pointsByWeek: week > 0 ? { [START]: week } : {}, ranked: true });
      if (week > 0) batch.set(db.doc(`weeklyScores/${START}_${uid}`), { ...score, weekStart: START, userId: uid, points: week });
    }
    await batch.commit();
  }
}

/** A coach (OWNER) signed in, whose own account sits in `cohortId` (which says nothing about what they coach). */
async function coachIn(cohortId: string) {
  const email = uniqueEmail('coach');
  const user = await ensureAccount(app.deps, { email, password: PASSWORD, name: 'Coach', role: 'OWNER', cohortId });
  const client = new Client(app);
  expect((await client.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  return { client, user };
}

const rows = (reply: { body: Reply }) => reply.body.entries.map((e) => [e.displayName, e.weekPoints, e.totalPoints, e.rank, e.isMe]);

describe('who may read a cohort\'s leaderboard', () => {
  test('signed out 401; its participants and its coaches 200; a participant or a coach of another cohort 403, whatever cohort their own account sits in', async () => {
    app.setNow(START_INSTANT);
    const homeOfA = `casa-${randomBytes(4).toString('hex')}`;
    const coachA = await coachIn(homeOfA);
    // The coach of A whose own account sits in B: B is not theirs to read.
    const coachAInB = await coachIn(homeOfA);
    const coachB = await coachIn(homeOfA);
    const cohortA = await writeCohort(app, { coachIds: [coachA.user.id, coachAInB.user.id], startDate: START });
    const cohortB = await writeCohort(app, { coachIds: [coachB.user.id], startDate: START });
    await app.deps.db.doc(`users/${coachAInB.user.id}`).update({ cohortId: cohortB });
    expect((await coachAInB.client.post('/api/auth/login', { email: coachAInB.user.email, password: PASSWORD })).status).toBe(200);
    const memberA = await memberOf(cohortA, 'Anna');
    const memberB = await memberOf(cohortB, 'Bruno');

    for (const scope of ['week', 'final']) {
      const url = (cohortId: string) => `/api/cohorts/${cohortId}/leaderboard?weekStart=${START}&scope=${scope}`;
      const rowsFor = async (client: Client, cohortId: string) => {
        const reply = await client.get<Reply>(url(cohortId));
        expect(reply.status, `${scope} ${JSON.stringify(reply.body)}`).toBe(200);
        return rows(reply);
      };
      expect(await new Client(app).get(url(cohortB)), scope).toMatchObject({ status: 401, body: { message: expect.any(String) } });
      expect(await rowsFor(memberB.client, cohortB), scope).toEqual([['Bruno', 0, 0, 1, true]]);
      expect(await memberA.client.get(url(cohortB)), scope).toMatchObject({ status: 403, body: { message: 'Puoi vedere solo la classifica della tua coorte' } });
      // A coach sees the cohort's rows, without one of their own.
      expect(await rowsFor(coachB.client, cohortB), scope).toEqual([['Bruno', 0, 0, 1, false]]);
      expect(await rowsFor(coachA.client, cohortA), scope).toEqual([['Anna', 0, 0, 1, false]]);
      expect(await rowsFor(coachAInB.client, cohortA), scope).toEqual([['Anna', 0, 0, 1, false]]);
      for (const stranger of [coachA, coachAInB, coachB]) {
        const other = stranger === coachB ? cohortA : cohortB;
        expect(await stranger.client.get(url(other)), scope).toMatchObject({ status: 403, body: { message: coachMessages.notYourCohort } });
      }
      // As on the coach's own routes, a cohort that does not exist.
      expect(await coachB.client.get(url('coorte-che-non-esiste')), scope).toMatchObject({ status: 404, body: { message: coachMessages.cohortNotFound } });
    }
  });
});

describe('GET /api/cohorts/:cohortId/leaderboard', () => {
  test('a participant who never finished onboarding is not listed, and sees the ranking without a row of their own', async () => {
    const cohortId = newCohort();
    const anna = await memberOf(cohortId, 'Anna');
    const newcomer = await memberOf(cohortId, 'Nuovo Arrivato', false);
    // One synced before answering the questionnaire, one never did anything.
    await seedMembers(cohortId, [
      { uid: `prima-${cohortId}`, name: 'Senza Questionario', week: 40, total: 40, onboarded: false },
      { uid: `pronta-${cohortId}`, name: 'Bea', week: 3, total: 3 },
    ]);
    await app.deps.db.doc(`users/mai-${cohortId}`).set({ name: 'Mai Iniziato', role: 'PARTICIPANT', cohortId, onboardingCompletato: false });

    const url = `/api/cohorts/${cohortId}/leaderboard?weekStart=${START}`;
    expect(rows(await anna.client.get<Reply>(url))).toEqual([
      ['Bea', 3, 3, 1, false],
      ['Anna', 0, 0, 2, true],
    ]);
    const seenByNewcomer = await newcomer.client.get<Reply>(url);
    expect(seenByNewcomer.status).toBe(200);
    expect(rows(seenByNewcomer)).toEqual([
      ['Bea', 3, 3, 1, false],
      ['Anna', 0, 0, 2, false],
    ]);
  });

  test('names show the first name and the surname initial, the caller\'s own too', async () => {
    const cohortId = newCohort();
    const me = await memberOf(cohortId, 'Marco Rossi');
    await seedMembers(cohortId, [
      { uid: `russo-${cohortId}`, name: 'Marco Russo', week: 10, total: 10 },
      { uid: `desantis-${cohortId}`, name: 'Maria Luisa De Santis', week: 5, total: 5 },
    ]);
    const reply = await me.client.get<Reply>(`/api/cohorts/${cohortId}/leaderboard?weekStart=${START}`);
    expect(rows(reply)).toEqual([
      ['Marco R.', 10, 10, 1, false],
      ['Maria D.', 5, 5, 2, false],
      ['Marco R.', 0, 0, 3, true],
    ]);
    // The whole surname never reaches another member.
    expect(JSON.stringify(reply.body)).not.toMatch(/Russo|Santis|Rossi/);
  });

  test('the ranking below the top 50 by page, each page reading about its own rows and those above it', async () => {
    const cohortId = newCohort();
    const me = await memberOf(cohortId, 'Ultima Arrivata');
    await seedMembers(
      cohortId,
      Array.from({ length: 130 }, (_, i) => ({ uid: `finto-${cohortId}-${String(i).padStart(3, '0')}`, name: `Membro ${i}`, week: 200 - i, total: 500 })),
    );
    const url = `/api/cohorts/${cohortId}/leaderboard?weekStart=${START}`;

    const first = await me.client.get<Reply>(url);
    expect(first.body.entries.map((e) => e.rank)).toEqual([...Array.from({ length: 50 }, (_, i) => i + 1), 131]);
    const { result: second, reads } = await countReads(app.deps.db, () => me.client.get<Reply>(`${url}&page=2`));
    expect(second.body.entries.map((e) => e.rank)).toEqual([...Array.from({ length: 50 }, (_, i) => i + 51), 131]);
    expect(second.body.entries[0]).toMatchObject({ displayName: 'Membro 50', weekPoints: 150, isMe: false });
    expect(second.body.entries[50]).toMatchObject({ userId: me.user.id, isMe: true });
    // Two pages of scores and their users (and a few more), the caller's documents, a count or two.
    expect(reads).toBeLessThanOrEqual(2 * (2 * 50 + 6) + 20);

    const third = await me.client.get<Reply>(`${url}&page=3`);
    expect(third.body.entries.map((e) => e.rank)).toEqual(Array.from({ length: 31 }, (_, i) => i + 101));
    expect(third.body.entries.at(-1)).toMatchObject({ userId: me.user.id, isMe: true });
    // Past the end: only the caller's own row.
    expect(rows(await me.client.get<Reply>(`${url}&page=4`))).toEqual([['Ultima A.', 0, 0, 131, true]]);
  });

  test.each(['0', '21', '-1', '1.5', 'due', '0002'])('page=%s: 400', async (page) => {
    const cohortId = newCohort();
    const me = await memberOf(cohortId, 'Anna');
    expect(await me.client.get(`/api/cohorts/${cohortId}/leaderboard?page=${page}`)).toMatchObject({
      status: 400,
      body: { message: 'page deve essere un numero intero da 1 a 20' },
    });
  });

  test('scope=final: the final ranking by total points, whatever the week', async () => {
    const cohortId = newCohort();
    const me = await memberOf(cohortId, 'Anna');
    await seedMembers(cohortId, [
      { uid: `settimana-${cohortId}`, name: 'Bruno', week: 20, total: 30 },
      { uid: `totale-${cohortId}`, name: 'Carla', week: 0, total: 80 },
      { uid: `pari-${cohortId}`, name: 'Dario', week: 0, total: 30 },
    ]);
    await app.deps.db.doc(`progressSummaries/${me.user.id}`).set({ cohortId, totalPoints: 10, streakDays: 0, streakThrough: START, pointsByWeek: {}, ranked: true });
    const url = `/api/cohorts/${cohortId}/leaderboard?weekStart=${START}`;
    expect(rows(await me.client.get<Reply>(`${url}&scope=final`))).toEqual([
      ['Carla', 0, 80, 1, false],
      ['Bruno', 0, 30, 2, false],
      ['Dario', 0, 30, 2, false],
      ['Anna', 0, 10, 4, true],
    ]);
    expect(rows(await me.client.get<Reply>(`${url}&scope=week`))[0]).toEqual(['Bruno', 20, 30, 1, false]);
    expect(await me.client.get(`${url}&scope=totale`)).toMatchObject({
      status: 400,
      body: { message: 'scope deve essere week (la classifica della settimana) o final (la classifica finale)' },
    });
  });

  test('scope=final below the rows read: the rank counted from the totals', async () => {
    const cohortId = newCohort();
    const me = await memberOf(cohortId, 'Zeno');
    await seedMembers(
      cohortId,
      Array.from({ length: 60 }, (_, i) => ({ uid: `finto-${cohortId}-${String(i).padStart(2, '0')}`, name: `Membro ${i}`, week: i % 2, total: 100 + i })),
    );
    const entries = (await me.client.get<Reply>(`/api/cohorts/${cohortId}/leaderboard?scope=final`)).body.entries;
    expect(entries).toHaveLength(51);
    expect(entries[0]).toMatchObject({ displayName: 'Membro 59', totalPoints: 159, weekPoints: 0, rank: 1 });
    expect(entries[50]).toMatchObject({ userId: me.user.id, rank: 61, isMe: true });
  });
});

