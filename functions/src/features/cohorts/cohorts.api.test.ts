import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { randomBytes } from 'node:crypto';
import { coachMessages, withdrawalSchema, type CoachCohort } from '@sfida/core/coach';
import { NEW_COHORT_RULES, STORED_COHORT_RULES, cohortSettingsMessages } from '@sfida/core/cohort';
import type { CohortProgressAnswer } from '@sfida/core/cohort-progress';
import { addDays, mondayOf, todayIn } from '@sfida/core/dates';
import type { LeaderboardEntry } from '@sfida/core/progress-summary';
import { messages, type User } from '@sfida/core/user';
import { cohortRef } from '../../shared/cohort-repository';
import { ensureDefaultCohort } from '../../shared/default-cohort';
import { inviteCodeRef } from '../../shared/invite-codes';
import { ensureAccount, grantOwner } from '../account/admin';
import { authMessages } from '../auth/service';
import { Client, PASSWORD, readDoc, registerParticipant, startTestApp, uniqueEmail, type Reply, type TestApp } from '../../test-support/api-harness';
import { cohortMessages } from './service';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

/** A Monday ahead (the app runs on real time here): the cohort has not started yet. */
const START = mondayOf(addDays(todayIn('Europe/Rome', new Date()), 14));

async function ownerOf(cohortId = `altra-${randomBytes(4).toString('hex')}`) {
  const email = uniqueEmail('coach');
  const user = await ensureAccount(app.deps, { email, password: PASSWORD, name: 'Coach', role: 'OWNER', cohortId });
  const client = new Client(app);
  expect((await client.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  return { client, user, email };
}

async function newCohort(coach: Client, name = 'Autunno 2026'): Promise<CoachCohort> {
  const reply = await coach.post<CoachCohort>('/api/coach/cohorts', { name, startDate: START });
  expect(reply.status).toBe(201);
  return reply.body;
}

function register(code: string, client = new Client(app)) {
  const email = uniqueEmail();
  return client.post<User>('/api/auth/register', { name: 'Nuova Partecipante', email, password: PASSWORD, role: 'PARTICIPANT', secretCode: code });
}

const wrongCode = { status: 403, body: { message: messages.invalidInviteCode } };

describe('authorization of /api/coach/cohorts/{cohortId}/…', () => {
  type Call = (client: Client, cohortId: string) => Promise<Reply>;
  const calls: [string, Call, number][] = [
    ['PATCH', (c, id) => c.request('PATCH', `/api/coach/cohorts/${id}`, { json: { registrationOpen: true } }), 200],
    ['POST invite-code', (c, id) => c.post(`/api/coach/cohorts/${id}/invite-code`), 200],
    ['POST coaches', (c, id) => c.post(`/api/coach/cohorts/${id}/coaches`, { email: 'nessuno@test.sfida8.local' }), 404],
    ['POST withdraw', (c, id) => c.post(`/api/coach/cohorts/${id}/participants/nessuno/withdraw`), 404],
  ];

  test.each(calls)('%s: signed out 401, participant 403, another cohort\'s coach 403, unknown cohort 404, its coach passes', async (_name, call, passes) => {
    const coach = await ownerOf();
    const cohort = await newCohort(coach.client);
    const stranger = await ownerOf();
    await newCohort(stranger.client);
    const { client: participant } = await registerParticipant(app);

    expect((await call(new Client(app), cohort.id)).status).toBe(401);
    expect(await call(participant, cohort.id)).toMatchObject({ status: 403, body: { message: coachMessages.coachesOnly } });
    expect(await call(stranger.client, cohort.id)).toMatchObject({ status: 403, body: { message: coachMessages.notYourCohort } });
    expect(await call(coach.client, 'nessuna-coorte')).toMatchObject({ status: 404, body: { message: coachMessages.cohortNotFound } });
    // Past the access check: the call's own answer (404 for an unknown coach or participant).
    expect((await call(coach.client, cohort.id)).status).toBe(passes);
  });

  test('list and create: signed out 401, participant 403', async () => {
    const signedOut = new Client(app);
    expect((await signedOut.get('/api/coach/cohorts')).status).toBe(401);
    expect((await signedOut.post('/api/coach/cohorts', { name: 'X', startDate: START })).status).toBe(401);
    const { client } = await registerParticipant(app);
    expect(await client.get('/api/coach/cohorts')).toMatchObject({ status: 403, body: { message: coachMessages.coachesOnly } });
    // Refused before the body is judged.
    expect(await client.post('/api/coach/cohorts', {})).toMatchObject({ status: 403, body: { message: coachMessages.coachesOnly } });
  });
});

describe('POST /api/coach/cohorts', () => {
  test('creates an open cohort with a readable code of 3 random groups; registering with it puts the participant in it', async () => {
    const coach = await ownerOf();
    const cohort = await newCohort(coach.client, '  Àutunno bello ');
    expect(cohort).toMatchObject({ name: 'Àutunno bello', startDate: START, registrationOpen: true, participantCount: 0 });
    expect(cohort.inviteCode).toMatch(/^AUTUNNO(-[A-HJKMNP-Z2-9]{4}){3}$/);
    expect(await readDoc(app, `cohorts/${cohort.id}`)).toMatchObject({ coachIds: [coach.user.id], inviteCode: cohort.inviteCode });

    // Typed in lower case with spaces around: the same code.
    const reply = await register(`  ${cohort.inviteCode.toLowerCase()} `);
    expect(reply.status).toBe(201);
    expect(reply.body.cohortId).toBe(cohort.id);
    expect(await readDoc(app, `users/${reply.body.id}`)).toMatchObject({ cohortId: cohort.id, role: 'PARTICIPANT' });
    // Without its dashes, or with spaces for them: the same code too.
    for (const typed of [cohort.inviteCode.replaceAll('-', ''), cohort.inviteCode.replaceAll('-', ' ')]) {
      expect(await register(typed)).toMatchObject({ status: 201, body: { cohortId: cohort.id } });
    }

    const list = await coach.client.get<CoachCohort[]>('/api/coach/cohorts');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([{ ...cohort, participantCount: 3 }]);
  });

  test('the code falls back to SFIDA when the first word has no letters or digits; the slug is at most 10 characters', async () => {
    const coach = await ownerOf();
    expect((await newCohort(coach.client, '«» gruppo')).inviteCode).toMatch(/^SFIDA(-[A-HJKMNP-Z2-9]{4}){3}$/);
    expect((await newCohort(coach.client, 'Straordinariamente')).inviteCode).toMatch(/^STRAORDINA(-[A-HJKMNP-Z2-9]{4}){3}$/);
  });

  test.each([
    [{ name: 'Inverno', startDate: addDays(START, 1) }, coachMessages.startDateMonday],
    [{ name: '   ', startDate: START }, coachMessages.cohortNameRequired],
    [{ name: 'x'.repeat(81), startDate: START }, coachMessages.cohortNameTooLong],
    [{ name: 'Inverno', startDate: '14-09-2026' }, 'Data non valida: usa il formato AAAA-MM-GG'],
  ])('%o: 400', async (json, message) => {
    const coach = await ownerOf();
    expect(await coach.client.post('/api/coach/cohorts', json)).toMatchObject({ status: 400, body: { message } });
  });

  test('a coach sees only the cohorts they coach, latest start first', async () => {
    const coach = await ownerOf();
    const other = await ownerOf();
    await newCohort(other.client, 'Altrui');
    const early = (await coach.client.post<CoachCohort>('/api/coach/cohorts', { name: 'Primavera', startDate: addDays(START, -7) })).body;
    const late = await newCohort(coach.client, 'Autunno');
    const list = await coach.client.get<CoachCohort[]>('/api/coach/cohorts');
    expect(list.body.map((c) => c.id)).toEqual([late.id, early.id]);
  });
});

describe('POST /api/coach/cohorts/{cohortId}/invite-code', () => {
  test('the new code works at once and the old one is refused', async () => {
    const coach = await ownerOf();
    const cohort = await newCohort(coach.client);
    const reply = await coach.client.post<CoachCohort>(`/api/coach/cohorts/${cohort.id}/invite-code`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: cohort.id, name: cohort.name, registrationOpen: true });
    expect(reply.body.inviteCode).not.toBe(cohort.inviteCode);
    expect(reply.body.inviteCode).toMatch(/^AUTUNNO-/);

    expect(await register(cohort.inviteCode)).toMatchObject(wrongCode);
    expect((await inviteCodeRef(app.deps.db, cohort.inviteCode).get()).exists).toBe(false);
    const joined = await register(reply.body.inviteCode);
    expect(joined.status).toBe(201);
    expect(joined.body.cohortId).toBe(cohort.id);
  });

  test('a code made before the current shape keeps working as written until its coach replaces it', async () => {
    const coach = await ownerOf();
    const cohort = await newCohort(coach.client);
    const old = 'AUTUNNO-7K2Q';
    await inviteCodeRef(app.deps.db, old).create({ cohortId: cohort.id });
    await inviteCodeRef(app.deps.db, cohort.inviteCode).delete();
    await cohortRef(app.deps.db, cohort.id).update({ inviteCode: old });
    expect(await register(' autunno-7k2q ')).toMatchObject({ status: 201, body: { cohortId: cohort.id } });

    const replaced = await coach.client.post<CoachCohort>(`/api/coach/cohorts/${cohort.id}/invite-code`);
    expect(replaced.body.inviteCode).toMatch(/^AUTUNNO(-[A-HJKMNP-Z2-9]{4}){3}$/);
    expect(await register(old)).toMatchObject(wrongCode);
    expect((await inviteCodeRef(app.deps.db, old).get()).exists).toBe(false);
  });

  test('a lookup left behind by a replaced code is refused (the cohort\'s own code decides)', async () => {
    const coach = await ownerOf();
    const cohort = await newCohort(coach.client);
    await cohortRef(app.deps.db, cohort.id).update({ inviteCode: 'ALTRO-2222' });
    expect(await register(cohort.inviteCode)).toMatchObject(wrongCode);
  });
});

describe('PATCH /api/coach/cohorts/{cohortId}', () => {
  test('closing registration refuses the right code with its own message; reopening lets people in again', async () => {
    const coach = await ownerOf();
    const cohort = await newCohort(coach.client);
    const closed = await coach.client.request<CoachCohort>('PATCH', `/api/coach/cohorts/${cohort.id}`, { json: { registrationOpen: false } });
    expect(closed).toMatchObject({ status: 200, body: { ...cohort, registrationOpen: false } });
    expect(await register(cohort.inviteCode)).toMatchObject({ status: 403, body: { message: authMessages.registrationClosed } });

    await coach.client.request('PATCH', `/api/coach/cohorts/${cohort.id}`, { json: { registrationOpen: true } });
    expect((await register(cohort.inviteCode)).status).toBe(201);
  });

  test('renames the cohort; the code stays', async () => {
    const coach = await ownerOf();
    const cohort = await newCohort(coach.client);
    const reply = await coach.client.request<CoachCohort>('PATCH', `/api/coach/cohorts/${cohort.id}`, { json: { name: ' Inverno ' } });
    expect(reply).toMatchObject({ status: 200, body: { name: 'Inverno', inviteCode: cohort.inviteCode } });
    expect(await readDoc(app, `cohorts/${cohort.id}`)).toMatchObject({ name: 'Inverno', registrationOpen: true });
  });

  test.each([
    [{ name: '' }, coachMessages.cohortNameRequired],
    [{ registrationOpen: 'sì' }, 'Valore non valido per iscrizioni aperte'],
  ])('%o: 400', async (json, message) => {
    const coach = await ownerOf();
    const cohort = await newCohort(coach.client);
    expect(await coach.client.request('PATCH', `/api/coach/cohorts/${cohort.id}`, { json })).toMatchObject({ status: 400, body: { message } });
  });
});

describe('POST /api/coach/cohorts/{cohortId}/coaches', () => {
  test('adds another OWNER, who then sees and manages the cohort', async () => {
    const coach = await ownerOf();
    const cohort = await newCohort(coach.client);
    const second = await ownerOf();
    const reply = await coach.client.post(`/api/coach/cohorts/${cohort.id}/coaches`, { email: second.email.toUpperCase() });
    expect(reply.status).toBe(200);
    expect(await readDoc(app, `cohorts/${cohort.id}`)).toMatchObject({ coachIds: [coach.user.id, second.user.id] });
    expect((await second.client.get<CoachCohort[]>('/api/coach/cohorts')).body.map((c) => c.id)).toEqual([cohort.id]);
    expect((await second.client.post(`/api/coach/cohorts/${cohort.id}/invite-code`)).status).toBe(200);
  });

  test('no OWNER with that email (unknown, or a participant): 404', async () => {
    const coach = await ownerOf();
    const cohort = await newCohort(coach.client);
    const { email } = await registerParticipant(app);
    for (const address of [email, uniqueEmail('nessuno')]) {
      expect(await coach.client.post(`/api/coach/cohorts/${cohort.id}/coaches`, { email: address })).toMatchObject({
        status: 404,
        body: { message: cohortMessages.noSuchCoach },
      });
    }
    expect(await coach.client.post(`/api/coach/cohorts/${cohort.id}/coaches`, { email: 'non-una-email' })).toMatchObject({
      status: 400,
      body: { message: messages.emailInvalid },
    });
  });
});

describe('POST /api/coach/cohorts/{cohortId}/participants/{userId}/withdraw', () => {
  test('the participant keeps the account, leaves the ranking and loses its leaderboard', async () => {
    const coach = await ownerOf();
    const cohort = await newCohort(coach.client);
    const anna = new Client(app);
    const bruno = new Client(app);
    const annaUser = (await register(cohort.inviteCode, anna)).body;
    const brunoUser = (await register(cohort.inviteCode, bruno)).body;
    // Only who finished onboarding is on the ranking.
    expect((await bruno.post('/api/onboarding', { tempoAllenamento: 'MENO_UN_ANNO', luogoAllenamento: 'CASA', livelloAllenamento: 'PRINCIPIANTE' })).status).toBe(200);
    const leaderboard = `/api/cohorts/${cohort.id}/leaderboard`;
    // Another week than the one read below: an instance keeps a week's ranking for a few seconds.
    expect((await anna.get(`${leaderboard}?weekStart=2026-01-05`)).status).toBe(200);
    const annaScore = `weeklyScores/2026-01-05_${annaUser.id}`;
    await app.deps.db.doc(annaScore).set({ cohortId: cohort.id, weekStart: '2026-01-05', userId: annaUser.id, points: 12, totalPoints: 12, streakDays: 1, streakThrough: '2026-01-05' });

    const reply = await coach.client.post(`/api/coach/cohorts/${cohort.id}/participants/${annaUser.id}/withdraw`);
    expect(reply.status).toBe(200);
    const withdrawnAt = app.deps.clock().toISOString().slice(0, 10);
    expect(withdrawalSchema.parse(reply.body)).toMatchObject({ userId: annaUser.id, withdrawnAt: expect.stringContaining(withdrawnAt) });
    expect(await readDoc(app, `users/${annaUser.id}`)).toMatchObject({ cohortId: cohort.id, withdrawnAt: reply.body.withdrawnAt });
    // Her weekly scores go with her: the counts that rank the others no longer include her.
    expect(await readDoc(app, annaScore)).toBeUndefined();

    // Still signed in, the leaderboard of that cohort is closed to her and she is off everyone's.
    expect((await anna.get('/api/auth/me')).status).toBe(200);
    expect(await anna.get(leaderboard)).toMatchObject({ status: 403, body: { message: 'Non fai più parte di questa coorte' } });
    const seen = await bruno.get<{ entries: LeaderboardEntry[] }>(leaderboard);
    expect(seen.body.entries.map((e) => e.userId)).toEqual([brunoUser.id]);
    expect((await coach.client.get<CoachCohort[]>('/api/coach/cohorts')).body[0]!.participantCount).toBe(1);

    // Again: the first date stays.
    const again = await coach.client.post(`/api/coach/cohorts/${cohort.id}/participants/${annaUser.id}/withdraw`);
    expect(again.body).toEqual(reply.body);
  });

  test('someone not in the cohort, or a coach: 404', async () => {
    const coach = await ownerOf();
    const cohort = await newCohort(coach.client);
    const { user: outsider } = await registerParticipant(app);
    for (const userId of [outsider.id, coach.user.id]) {
      expect(await coach.client.post(`/api/coach/cohorts/${cohort.id}/participants/${userId}/withdraw`)).toMatchObject({
        status: 404,
        body: { message: coachMessages.participantNotFound },
      });
    }
  });
});

describe('the default cohort (INVITE_CODE)', () => {
  test('INVITE_CODE registers into config.inviteCohortId, which is a cohort with that code', async () => {
    const { user } = await registerParticipant(app);
    const { inviteCohortId, inviteCode } = app.deps.config;
    expect(user.cohortId).toBe(inviteCohortId);
    expect(await readDoc(app, `cohorts/${inviteCohortId}`)).toMatchObject({ name: 'Coorte principale', inviteCode, registrationOpen: true });
    expect(await readDoc(app, `inviteCodes/${inviteCodeRef(app.deps.db, inviteCode!).id}`)).toEqual({ cohortId: inviteCohortId });
  });

  test('the migration: the cohort with every OWNER as coach, users without a cohort moved in; twice changes nothing', async () => {
    const suffix = randomBytes(4).toString('hex');
    const config = { ...app.deps.config, inviteCohortId: `principale-${suffix}`, inviteCode: `Vecchio-${suffix}` };
    const deps = { ...app.deps, config };
    const owner = await ownerOf();
    const orphan = app.deps.db.collection('users').doc(`senza-coorte-${suffix}`);
    await orphan.set({ name: 'Vecchio account', email: uniqueEmail(), role: 'PARTICIPANT', createdAt: '2025-01-01T00:00:00.000Z' });
    const emptyCohort = app.deps.db.collection('users').doc(`coorte-vuota-${suffix}`);
    await emptyCohort.set({ name: 'Altro', email: uniqueEmail(), role: 'PARTICIPANT', cohortId: '' });

    const first = await ensureDefaultCohort(deps);
    expect(first.cohortCreated).toBe(true);
    expect(first.usersAssigned).toBeGreaterThanOrEqual(2);
    const cohort = await readDoc(app, `cohorts/${config.inviteCohortId}`);
    expect(cohort).toMatchObject({ name: 'Coorte principale', inviteCode: config.inviteCode, registrationOpen: true });
    expect(cohort!.coachIds).toContain(owner.user.id);
    expect((await orphan.get()).get('cohortId')).toBe(config.inviteCohortId);
    expect((await emptyCohort.get()).get('cohortId')).toBe(config.inviteCohortId);
    // The code answers in any case: it is stored as configured, looked up normalized.
    expect((await inviteCodeRef(app.deps.db, config.inviteCode.toUpperCase()).get()).get('cohortId')).toBe(config.inviteCohortId);

    const before = (await cohortRef(app.deps.db, config.inviteCohortId).get()).updateTime;
    const orphanBefore = (await orphan.get()).updateTime;
    expect(await ensureDefaultCohort(deps)).toEqual({ cohortCreated: false, usersAssigned: 0 });
    expect((await cohortRef(app.deps.db, config.inviteCohortId).get()).updateTime?.isEqual(before!)).toBe(true);
    expect((await orphan.get()).updateTime?.isEqual(orphanBefore!)).toBe(true);
  });

  test('a deployment without the cohort gets it at the first registration with INVITE_CODE; replaced, INVITE_CODE stops working', async () => {
    const suffix = randomBytes(4).toString('hex');
    const saved = { INVITE_CODE: process.env.INVITE_CODE, INVITE_COHORT_ID: process.env.INVITE_COHORT_ID };
    Object.assign(process.env, { INVITE_CODE: `PIGRO-${suffix}`, INVITE_COHORT_ID: `pigra-${suffix}` });
    const lazy = await startTestApp();
    Object.assign(process.env, saved);
    try {
      const owner = await ownerOf();
      const client = new Client(lazy);
      const email = uniqueEmail();
      const json = { name: 'Prima', email, password: PASSWORD, role: 'PARTICIPANT', secretCode: `pigro-${suffix}` };
      const reply = await client.post<User>('/api/auth/register', json);
      expect(reply.status).toBe(201);
      expect(reply.body.cohortId).toBe(`pigra-${suffix}`);
      const cohort = await readDoc(lazy, `cohorts/pigra-${suffix}`);
      expect(cohort!.coachIds).toContain(owner.user.id);

      await owner.client.post('/api/auth/logout');
      const coach = new Client(lazy);
      expect((await coach.post('/api/auth/login', { email: owner.email, password: PASSWORD })).status).toBe(200);
      expect((await coach.post(`/api/coach/cohorts/pigra-${suffix}/invite-code`)).status).toBe(200);
      const again = await new Client(lazy).post('/api/auth/register', { ...json, email: uniqueEmail() });
      expect(again).toMatchObject(wrongCode);
    } finally {
      await lazy.close();
    }
  });

  test('make-owner makes the new coach a coach of the default cohort', async () => {
    const { email } = await registerParticipant(app);
    const user = await grantOwner(app.deps, email);
    expect(user.role).toBe('OWNER');
    expect((await readDoc(app, `cohorts/${app.deps.config.inviteCohortId}`))!.coachIds).toContain(user.id);
  });
});

describe('a cohort that runs together', () => {
  // The app's clock, which runs a little ahead of the real one (see the harness).
  const romeToday = () => todayIn('Europe/Rome', app.deps.clock());
  const lastMonday = () => mondayOf(addDays(romeToday(), -7));

  test('a new cohort runs together unless its coach says otherwise; a start before this week asks for confirmation; one already over is refused', async () => {
    const coach = await ownerOf();
    expect(await newCohort(coach.client)).toMatchObject({ pace: 'together', communityLink: null, reservedEventsText: null, archivedAt: null });
    const own = await coach.client.post<CoachCohort>('/api/coach/cohorts', { name: 'A modo mio', startDate: START, pace: 'ownDay' });
    expect(own.body.pace).toBe('ownDay');
    expect(await coach.client.post('/api/coach/cohorts', { name: 'Partita', startDate: lastMonday() })).toMatchObject({
      status: 400,
      body: { message: coachMessages.startDateInPast },
    });
    const confirmed = await coach.client.post<CoachCohort>('/api/coach/cohorts', { name: 'Partita', startDate: lastMonday(), confirmPastStart: true });
    expect(confirmed.status).toBe(201);
    expect(await coach.client.post('/api/coach/cohorts', { name: 'Finita', startDate: mondayOf(addDays(romeToday(), -70)), confirmPastStart: true })).toMatchObject({
      status: 400,
      body: { message: cohortMessages.challengeAlreadyOver },
    });
  });

  test('a newcomer after the start joins the current week on their registration day, with no start of their own', async () => {
    const coach = await ownerOf();
    const started = (await coach.client.post<CoachCohort>('/api/coach/cohorts', { name: 'Insieme', startDate: lastMonday(), confirmPastStart: true })).body;
    const joined = await register(started.inviteCode);
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({ challengeStartDate: lastMonday(), challengeJoinedOn: romeToday() });
    const participant = new Client(app);
    expect((await participant.post('/api/auth/login', { email: (joined.body as User).email, password: PASSWORD })).status).toBe(200);
    expect(await participant.post('/api/auth/start-challenge', { challengeStartDate: romeToday() })).toMatchObject({ status: 409 });
    // Counted in the cohort's weekly figures from the week they joined in, before any sync.
    const progress = await coach.client.get<CohortProgressAnswer>(`/api/coach/cohorts/${started.id}/progress-by-week`);
    expect(progress.body.weeks.slice(0, 2).map((week) => week.participants)).toEqual([0, 1]);
    // Before the start, everyone registered gets the Monday and no first day of their own.
    const ahead = await newCohort(coach.client, 'Presto');
    const early = await register(ahead.inviteCode);
    expect(early.body).toMatchObject({ challengeStartDate: START });
    expect(early.body).not.toHaveProperty('challengeJoinedOn');
  });

  test('the pace changes until the start: turning together gives the Monday to everyone registered', async () => {
    const coach = await ownerOf();
    const own = (await coach.client.post<CoachCohort>('/api/coach/cohorts', { name: 'Ognuno', startDate: START, pace: 'ownDay' })).body;
    const registered = await register(own.inviteCode);
    expect(registered.body).toMatchObject({ challengeStartDate: null });
    const turned = await coach.client.request<CoachCohort>('PATCH', `/api/coach/cohorts/${own.id}`, { json: { pace: 'together' } });
    expect(turned.body.pace).toBe('together');
    expect(await readDoc(app, `users/${(registered.body as User).id}`)).toMatchObject({ challengeStartDate: START });

    const started = (await coach.client.post<CoachCohort>('/api/coach/cohorts', { name: 'Iniziata', startDate: lastMonday(), confirmPastStart: true })).body;
    expect(await coach.client.request('PATCH', `/api/coach/cohorts/${started.id}`, { json: { pace: 'ownDay' } })).toMatchObject({
      status: 409,
      body: { message: cohortSettingsMessages.paceLocked },
    });
  });
});

describe('cohort settings: the motivation rules', () => {
  test('a new cohort has every rule on; the default cohort, stored before the rules, has them off', async () => {
    const coach = await ownerOf();
    expect((await newCohort(coach.client)).rules).toEqual(NEW_COHORT_RULES);
    const participant = new Client(app);
    const registered = (await register(app.deps.config.inviteCode!, participant)).body as User;
    expect((await participant.get(`/api/cohorts/${registered.cohortId}`)).body).toMatchObject({ rules: STORED_COHORT_RULES });
  });

  test('the coach turns one rule off: the others stay, the stored cohort holds them all, its participants read them at once', async () => {
    const coach = await ownerOf();
    const cohort = await newCohort(coach.client);
    const participant = new Client(app);
    await register(cohort.inviteCode, participant);
    const changed = await coach.client.request<CoachCohort>('PATCH', `/api/coach/cohorts/${cohort.id}`, { json: { rules: { teamLeaderboard: false } } });
    expect(changed.status).toBe(200);
    const expected = { ...NEW_COHORT_RULES, teamLeaderboard: false };
    expect(changed.body.rules).toEqual(expected);
    expect((await readDoc(app, `cohorts/${cohort.id}`))!.rules).toEqual(expected);
    expect((await participant.get(`/api/cohorts/${cohort.id}`)).body).toMatchObject({ rules: expected });
    const back = await coach.client.request<CoachCohort>('PATCH', `/api/coach/cohorts/${cohort.id}`, { json: { rules: { teamLeaderboard: true, comebackBonus: false } } });
    expect(back.body.rules).toEqual({ ...NEW_COHORT_RULES, comebackBonus: false });
  });

  test.each([[{ rules: { comebackBonus: 'sì' } }], [{ rules: 'tutte' }]])('%o: 400, nothing stored', async (json) => {
    const coach = await ownerOf();
    const cohort = await newCohort(coach.client);
    const reply = await coach.client.request('PATCH', `/api/coach/cohorts/${cohort.id}`, { json });
    expect(reply.status).toBe(400);
    expect(typeof (reply.body as { message: unknown }).message).toBe('string');
    expect((await readDoc(app, `cohorts/${cohort.id}`))!.rules).toEqual(NEW_COHORT_RULES);
  });

  test('only a coach of the cohort changes its rules: signed out 401, a participant 403, another cohort\'s coach 403', async () => {
    const coach = await ownerOf();
    const cohort = await newCohort(coach.client);
    const member = new Client(app);
    await register(cohort.inviteCode, member);
    const stranger = await ownerOf();
    const json = { rules: { comebackBonus: false } };
    expect((await new Client(app).request('PATCH', `/api/coach/cohorts/${cohort.id}`, { json })).status).toBe(401);
    expect((await member.request('PATCH', `/api/coach/cohorts/${cohort.id}`, { json })).status).toBe(403);
    expect((await stranger.client.request('PATCH', `/api/coach/cohorts/${cohort.id}`, { json })).status).toBe(403);
    expect((await readDoc(app, `cohorts/${cohort.id}`))!.rules).toEqual(NEW_COHORT_RULES);
  });
});

describe('cohort settings: community link, reserved events, archive', () => {
  test.each([
    [{ communityLink: 'http://chat.example.it/gruppo' }, cohortSettingsMessages.communityLinkHttps],
    [{ communityLink: 'javascript:alert(1)' }, cohortSettingsMessages.communityLinkHttps],
    [{ communityLink: `https://chat.example.it/${'x'.repeat(500)}` }, cohortSettingsMessages.communityLinkTooLong],
    [{ reservedEventsText: '   ' }, cohortSettingsMessages.reservedEventsTextRequired],
    [{ pace: 'sometimes' }, null],
  ])('%o: 400 with an Italian message, nothing stored', async (json, message) => {
    const coach = await ownerOf();
    const cohort = await newCohort(coach.client);
    const reply = await coach.client.request('PATCH', `/api/coach/cohorts/${cohort.id}`, { json });
    expect(reply.status).toBe(400);
    if (message) expect(reply.body).toEqual({ message });
    expect(await readDoc(app, `cohorts/${cohort.id}`)).toMatchObject({ communityLink: null, reservedEventsText: null, pace: 'together' });
  });

  test('the community link and the reserved-events text are set, read by the participants, and cleared with null', async () => {
    const coach = await ownerOf();
    const cohort = await newCohort(coach.client);
    const set = await coach.client.request<CoachCohort>('PATCH', `/api/coach/cohorts/${cohort.id}`, {
      json: { communityLink: ' https://chat.example.it/gruppo ', reservedEventsText: 'Per chi ha il pacchetto Guida' },
    });
    expect(set.body).toMatchObject({ communityLink: 'https://chat.example.it/gruppo', reservedEventsText: 'Per chi ha il pacchetto Guida' });
    const participant = new Client(app);
    const registered = await register(cohort.inviteCode, participant);
    expect(registered.status).toBe(201);
    expect((await participant.get(`/api/cohorts/${cohort.id}`)).body).toEqual({
      id: cohort.id,
      name: cohort.name,
      startDate: START,
      pace: 'together',
      communityLink: 'https://chat.example.it/gruppo',
      reservedEventsText: 'Per chi ha il pacchetto Guida',
      rules: NEW_COHORT_RULES,
    });
    await coach.client.request('PATCH', `/api/coach/cohorts/${cohort.id}`, { json: { communityLink: null, reservedEventsText: null } });
    expect((await participant.get(`/api/cohorts/${cohort.id}`)).body).toMatchObject({ communityLink: null, reservedEventsText: null });
  });

  test('GET /api/cohorts/{cohortId}: signed out 401, a participant of another cohort 403, a withdrawn one 403, another cohort\'s coach 403, unknown 404', async () => {
    const coach = await ownerOf();
    const cohort = await newCohort(coach.client);
    const stranger = await ownerOf();
    const other = await newCohort(stranger.client);
    const outsider = new Client(app);
    await register(other.inviteCode, outsider);
    const member = new Client(app);
    const registered = (await register(cohort.inviteCode, member)).body as User;
    expect((await new Client(app).get(`/api/cohorts/${cohort.id}`)).status).toBe(401);
    expect((await outsider.get(`/api/cohorts/${cohort.id}`)).status).toBe(403);
    expect((await stranger.client.get(`/api/cohorts/${cohort.id}`)).status).toBe(403);
    expect((await coach.client.get('/api/cohorts/nessuna')).status).toBe(404);
    expect((await coach.client.get(`/api/cohorts/${cohort.id}`)).status).toBe(200);
    expect((await member.get(`/api/cohorts/${cohort.id}`)).status).toBe(200);
    await coach.client.post(`/api/coach/cohorts/${cohort.id}/participants/${registered.id}/withdraw`);
    expect((await member.get(`/api/cohorts/${cohort.id}`)).status).toBe(403);
  });

  test('an archived cohort is read-only, closed to registration and still listed with its date; it can be brought back', async () => {
    const coach = await ownerOf();
    const cohort = await newCohort(coach.client);
    const archived = await coach.client.request<CoachCohort>('PATCH', `/api/coach/cohorts/${cohort.id}`, { json: { archived: true } });
    expect(archived.body).toMatchObject({ registrationOpen: false });
    expect(archived.body.archivedAt).toEqual(expect.any(String));
    const readOnly = { status: 409, body: { message: cohortSettingsMessages.archived } };
    expect(await coach.client.request('PATCH', `/api/coach/cohorts/${cohort.id}`, { json: { name: 'Nuovo nome' } })).toMatchObject(readOnly);
    expect(await coach.client.request('PATCH', `/api/coach/cohorts/${cohort.id}`, { json: { archived: false, name: 'Nuovo nome' } })).toMatchObject(readOnly);
    expect(await coach.client.post(`/api/coach/cohorts/${cohort.id}/invite-code`)).toMatchObject(readOnly);
    expect(await register(cohort.inviteCode)).toMatchObject({ status: 403, body: { message: authMessages.registrationClosed } });
    // Its data stays readable: the roster and the export.
    expect((await coach.client.get(`/api/coach/cohorts/${cohort.id}/participants`)).status).toBe(200);
    expect((await coach.client.get(`/api/coach/cohorts/${cohort.id}/export.csv`)).status).toBe(200);
    const list = await coach.client.get<CoachCohort[]>('/api/coach/cohorts');
    expect(list.body.find((c) => c.id === cohort.id)?.archivedAt).toBe(archived.body.archivedAt);
    const back = await coach.client.request<CoachCohort>('PATCH', `/api/coach/cohorts/${cohort.id}`, { json: { archived: false } });
    expect(back.body).toMatchObject({ archivedAt: null, registrationOpen: false });
    expect((await coach.client.request('PATCH', `/api/coach/cohorts/${cohort.id}`, { json: { name: 'Nuovo nome' } })).status).toBe(200);
  });
});
