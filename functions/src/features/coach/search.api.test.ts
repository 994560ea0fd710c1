import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { coachMessages } from '@sfida/core/coach';
import { SEARCH_LIMIT, searchAnswerSchema, searchMessages } from '@sfida/core/participant-search';
import { userRef } from '../../shared/user-repository';
import { Client, registerParticipant, startTestApp, type TestApp } from '../../test-support/api-harness';
import { signedInCoach, writeCohort } from '../../test-support/cohort-fixtures';
import { countReads } from '../../test-support/read-counter';
import { backfillSearchNames } from './migrations';

let app: TestApp;
const START = '2025-09-15';

beforeAll(async () => {
  app = await startTestApp();
  app.setNow(new Date('2025-09-18T08:00:00Z'));
});
afterAll(async () => {
  await app.close();
});

async function member(cohortId: string, name: string) {
  const registered = await registerParticipant(app, name);
  await userRef(app.deps.db, registered.user.id).update({ cohortId });
  return registered;
}

async function search(client: Client, q: string) {
  const reply = await client.get(`/api/coach/search?q=${encodeURIComponent(q)}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return searchAnswerSchema.parse(reply.body);
}

describe('the coach’s search across their cohorts', () => {
  test('who may: signed out 401, a participant 403; a coach finds only the participants of their own cohorts', async () => {
    const coach = await signedInCoach(app);
    const other = await signedInCoach(app);
    const mine = await writeCohort(app, { coachIds: [coach.user.id], startDate: START, name: 'Autunno' });
    const theirs = await writeCohort(app, { coachIds: [other.user.id], startDate: START, name: 'Inverno' });
    const ours = await member(mine, 'Zelda Mia');
    const stranger = await member(theirs, 'Zelda Altra');
    expect((await new Client(app).get('/api/coach/search?q=zelda')).status).toBe(401);
    expect(await ours.client.get('/api/coach/search?q=zelda')).toMatchObject({ status: 403, body: { message: coachMessages.coachesOnly } });
    expect((await search(coach.client, 'zelda')).results.map((r) => r.name)).toEqual(['Zelda Mia']);
    // The other cohort's coach finds theirs; an email of someone not in the caller's cohorts finds nothing.
    expect((await search(other.client, 'zelda')).results.map((r) => r.name)).toEqual(['Zelda Altra']);
    expect((await search(coach.client, stranger.email)).results).toEqual([]);
  });

  test('by email in another of the coach’s cohorts: the person, and which cohort', async () => {
    const coach = await signedInCoach(app);
    const autunno = await writeCohort(app, { coachIds: [coach.user.id], startDate: START, name: 'Autunno' });
    const inverno = await writeCohort(app, { coachIds: [coach.user.id], startDate: START, name: 'Inverno' });
    await member(autunno, 'Anna Rossi');
    const bruno = await member(inverno, 'Bruno Verdi');
    const answer = await search(coach.client, `  ${bruno.email.toUpperCase()} `);
    expect(answer).toEqual({
      results: [{ userId: bruno.user.id, name: 'Bruno Verdi', email: bruno.email, cohortId: inverno, cohortName: 'Inverno' }],
      more: false,
    });
  });

  test('by the start of the name, whatever its case and accents, in every cohort; at most 10 and "more"', async () => {
    const coach = await signedInCoach(app);
    const autunno = await writeCohort(app, { coachIds: [coach.user.id], startDate: START, name: 'Autunno' });
    const inverno = await writeCohort(app, { coachIds: [coach.user.id], startDate: START, name: 'Inverno' });
    await member(autunno, 'Élodie Blanc');
    await member(inverno, 'elodie Noir');
    await member(inverno, 'Noemi Elo');
    expect((await search(coach.client, 'ELO')).results.map((r) => [r.name, r.cohortName])).toEqual([
      ['Élodie Blanc', 'Autunno'],
      ['elodie Noir', 'Inverno'],
    ]);
    for (let i = 0; i < SEARCH_LIMIT + 1; i++) await member(autunno, `Tanti ${String(i).padStart(2, '0')}`);
    const many = await search(coach.client, 'tanti');
    expect(many.results).toHaveLength(SEARCH_LIMIT);
    expect(many.more).toBe(true);
  });

  test('a change of name is found by the new name; the migration gives older accounts their copy', async () => {
    const coach = await signedInCoach(app);
    const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate: START });
    const person = await member(cohortId, 'Vecchio Nome');
    expect((await person.client.put('/api/auth/profile', { name: 'Ùltimo Nome' })).status).toBe(200);
    expect((await search(coach.client, 'ultimo')).results.map((r) => r.name)).toEqual(['Ùltimo Nome']);
    expect((await search(coach.client, 'vecchio')).results).toEqual([]);
    // An account stored before the search has no copy of its name.
    const older = await member(cohortId, 'Quirino Antico');
    await userRef(app.deps.db, older.user.id).update({ searchName: null });
    expect((await search(coach.client, 'quirino')).results).toEqual([]);
    await backfillSearchNames(app.deps);
    expect((await search(coach.client, 'quirino')).results.map((r) => r.name)).toEqual(['Quirino Antico']);
  });

  test('a short or long query gets a clear 400; the reads stay bounded', async () => {
    const coach = await signedInCoach(app);
    const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate: START });
    for (let i = 0; i < 15; i++) await member(cohortId, `Rita ${i}`);
    expect(await coach.client.get('/api/coach/search?q=a')).toMatchObject({ status: 400, body: { message: searchMessages.queryTooShort } });
    expect(await coach.client.get(`/api/coach/search?q=${'a'.repeat(101)}`)).toMatchObject({ status: 400, body: { message: searchMessages.queryTooLong } });
    const { reads } = await countReads(app.deps.db, () => search(coach.client, 'rita'));
    expect(reads).toBeLessThanOrEqual(SEARCH_LIMIT + 1 + 4);
  });
});
