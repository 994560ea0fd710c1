import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkInQueueSchema, checkInThreadId } from '@sfida/core/check-in-threads';
import { todayIn } from '@sfida/core/dates';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { addHabit, savePlanner, setActionText, submitCheckIn, toggleHabit, weekActions } from '@sfida/core/tracker-actions';
import { MAX_BULK, bulkAnswerSchema, bulkMessages } from '@sfida/core/bulk';
import { triageMessages, triagePageSchema } from '@sfida/core/triage';
import { coachMessages } from '@sfida/core/coach';
import { threadById } from '../../shared/check-in-thread-repository';
import { userRef } from '../../shared/user-repository';
import { Client, PASSWORD, registerParticipant, startTestApp, type TestApp } from '../../test-support/api-harness';
import { must, signedInCoach, writeCohort } from '../../test-support/cohort-fixtures';

// One reply handles a person everywhere (core's contact.ts): a reply to a check-in, a message in the
// conversation and "Contattato" each clear what they clear in "Da fare oggi" and read the check-ins,
// in the write of the contact itself.

let app: TestApp;
const START = '2025-09-15';
/** Thursday of week 1, 10:00 in Rome: an unsaved planner already shows. */
const NOW = new Date('2025-09-18T08:00:00Z');
const TZ = 'Europe/Rome';

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

/** A participant of `cohortId` who started with it and synced a week-1 check-in at mood 1; `active`: planner saved, a habit ticked today. */
async function lowMoodParticipant(cohortId: string, name: string, active = true) {
  const registered = await registerParticipant(app, name);
  await userRef(app.deps.db, registered.user.id).update({ cohortId, createdAt: '2025-09-08T08:00:00.000Z', challengeStartDate: START });
  const now = app.deps.clock();
  let d: TrackerData = emptyTracker(TZ, now, START);
  if (active) {
    d = must(addHabit(d, 'Camminare', now, 'h1'));
    d = must(toggleHabit(d, 'h1', todayIn(TZ, now), now));
    for (const [i, action] of weekActions(d, 1).slice(0, 3).entries()) d = must(setActionText(d, 1, action.id, `Azione ${i + 1}`, now));
    d = must(savePlanner(d, 1, now));
  }
  d = must(submitCheckIn(d, { mood: 1, reflection: 'Settimana dura' }, now, 'c1'));
  const reply = await registered.client.put('/api/users/me/progress', d);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { ...registered, tracker: d, threadId: checkInThreadId(registered.user.id, 1) };
}

async function triageOf(client: Client, cohortId: string) {
  const reply = await client.get(`/api/coach/triage?cohortId=${cohortId}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return triagePageSchema.parse(reply.body);
}

async function queueOf(client: Client, cohortId: string) {
  const reply = await client.get(`/api/coach/check-ins?view=queue&cohortId=${cohortId}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return checkInQueueSchema.parse(reply.body);
}

/** Each listed participant's reasons, by name. */
const reasonsByName = (page: Awaited<ReturnType<typeof triageOf>>) => Object.fromEntries(page.items.map((item) => [item.name, item.reasons.map((r) => r.code)]));

async function setUp() {
  app.setNow(NOW);
  const coach = await signedInCoach(app, 'Giulia');
  const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate: START });
  return { coach, cohortId };
}

describe('a contact clears the person where the coach did not make it', () => {
  test('a reply to a low-mood check-in: out of "Da fare oggi" for the mood, the check-in no longer to read; other reasons stay', async () => {
    const { coach, cohortId } = await setUp();
    const anna = await lowMoodParticipant(cohortId, 'Anna');
    const bruno = await lowMoodParticipant(cohortId, 'Bruno', false);
    expect(reasonsByName(await triageOf(coach.client, cohortId))).toEqual({ Anna: ['lowMood'], Bruno: ['lowMood', 'noPlanner'] });
    expect((await queueOf(coach.client, cohortId)).total).toBe(2);

    for (const { threadId } of [anna, bruno]) {
      const reply = await coach.client.post(`/api/coach/check-ins/${threadId}/reply`, { text: 'Ci sentiamo domani, forza!' });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    }
    // A written contact answers the mood, not the planner: Bruno stays for that alone.
    expect(reasonsByName(await triageOf(coach.client, cohortId))).toEqual({ Bruno: ['noPlanner'] });
    expect((await queueOf(coach.client, cohortId)).total).toBe(0);
  });

  test('a coach’s message in the conversation: out of "Da fare oggi" for the mood, and the check-in read by that coach', async () => {
    const { coach, cohortId } = await setUp();
    const carla = await lowMoodParticipant(cohortId, 'Carla');
    expect(reasonsByName(await triageOf(coach.client, cohortId))).toEqual({ Carla: ['lowMood'] });
    const sent = await coach.client.post(`/api/coach/cohorts/${cohortId}/participants/${carla.user.id}/conversation/messages`, {
      requestId: 'richiesta-0001',
      text: 'Come va oggi?',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect((await triageOf(coach.client, cohortId)).items).toEqual([]);
    expect((await queueOf(coach.client, cohortId)).total).toBe(0);
    expect(await threadById(app.deps.db, carla.threadId)).toMatchObject({ status: 'read', handled: true, handledBy: { id: coach.user.id, name: 'Giulia' } });
    expect((await triageOf(coach.client, cohortId)).day.checkInsRead).toBe(1);
    // The reply the check-in no longer needs: it was read, as after "Segna come letto".
    expect((await coach.client.post(`/api/coach/check-ins/${carla.threadId}/reply`, { text: 'Ciao' })).status).toBe(409);
  });

  test('the participant’s own message is no contact: the check-in stays to read, the mood in "Da fare oggi"', async () => {
    const { coach, cohortId } = await setUp();
    const dario = await lowMoodParticipant(cohortId, 'Dario');
    const sent = await dario.client.post('/api/me/conversation/messages', { requestId: 'richiesta-0002', text: 'Sono stanco' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(reasonsByName(await triageOf(coach.client, cohortId))).toEqual({ Dario: ['lowMood'] });
    expect((await queueOf(coach.client, cohortId)).total).toBe(1);
  });

  test('"Contattato" (a call): every reason of the item cleared, and the check-in read in the same write', async () => {
    const { coach, cohortId } = await setUp();
    const elena = await lowMoodParticipant(cohortId, 'Elena', false);
    expect(reasonsByName(await triageOf(coach.client, cohortId))).toEqual({ Elena: ['lowMood', 'noPlanner'] });
    const reply = await coach.client.post(`/api/coach/cohorts/${cohortId}/participants/${elena.user.id}/contacted`, {});
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toEqual({ userId: elena.user.id, open: 0 });
    expect((await triageOf(coach.client, cohortId)).items).toEqual([]);
    expect((await queueOf(coach.client, cohortId)).total).toBe(0);
    expect(await threadById(app.deps.db, elena.threadId)).toMatchObject({ status: 'read', handledBy: { id: coach.user.id } });
    expect((await triageOf(coach.client, cohortId)).day).toMatchObject({ contacted: 1, checkInsRead: 1 });
  });

  test('a reply to an older check-in leaves the latest check-in’s low mood open', async () => {
    const { coach, cohortId } = await setUp();
    const franco = await lowMoodParticipant(cohortId, 'Franco');
    // Week 2: a second low check-in, synced a week later.
    app.setNow(new Date('2025-09-25T08:00:00Z'));
    for (const who of [coach, franco]) expect((await who.client.post('/api/auth/login', { email: who.user.email, password: PASSWORD })).status).toBe(200);
    const now = app.deps.clock();
    let d = must(toggleHabit(franco.tracker, 'h1', todayIn(TZ, now), now));
    for (const [i, action] of weekActions(d, 2).slice(0, 3).entries()) d = must(setActionText(d, 2, action.id, `Azione ${i + 1}`, now));
    d = must(savePlanner(d, 2, now));
    d = must(submitCheckIn(d, { mood: 2, reflection: 'Ancora dura' }, now, 'c2'));
    const stored = await franco.client.get('/api/users/me/progress');
    const synced = await franco.client.request('PUT', '/api/users/me/progress', { json: d, headers: { 'If-Match': stored.headers.get('etag') ?? '' } });
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    const reply = await coach.client.post(`/api/coach/check-ins/${franco.threadId}/reply`, { text: 'Sulla prima settimana…' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reasonsByName(await triageOf(coach.client, cohortId))).toEqual({ Franco: ['lowMood'] });
    // A reply answers its own check-in: the later one is still to read.
    expect((await queueOf(coach.client, cohortId)).cards.map((card) => card.weekNumber)).toEqual([2]);
  });
});

describe('"Contattato" and "Rimanda a…" on several people at once', () => {
  test('who may: signed out 401, a participant 403; people outside the coach’s cohorts fail one by one, the rest are done', async () => {
    const { coach, cohortId } = await setUp();
    const other = await signedInCoach(app);
    const theirs = await writeCohort(app, { coachIds: [other.user.id], startDate: START });
    const mine = await lowMoodParticipant(cohortId, 'Gino');
    const stranger = await lowMoodParticipant(theirs, 'Ines');
    const body = { action: 'contacted', userIds: [mine.user.id, stranger.user.id, 'nessuno-cosi'] };
    expect((await new Client(app).post('/api/coach/triage/bulk', body)).status).toBe(401);
    expect(await mine.client.post('/api/coach/triage/bulk', body)).toMatchObject({ status: 403, body: { message: coachMessages.coachesOnly } });
    const reply = await coach.client.post('/api/coach/triage/bulk', body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(bulkAnswerSchema.parse(reply.body)).toEqual({
      results: [
        { userId: mine.user.id, ok: true, open: 0 },
        { userId: stranger.user.id, ok: false, message: coachMessages.participantNotFound },
        { userId: 'nessuno-cosi', ok: false, message: coachMessages.participantNotFound },
      ],
      done: 1,
      failed: 2,
    });
    // The other coach's participant is untouched, and still theirs to read.
    expect(reasonsByName(await triageOf(other.client, theirs))).toEqual({ Ines: ['lowMood'] });
    expect((await queueOf(other.client, theirs)).total).toBe(1);
  });

  test('three marked contacted in one request, each out of the list with its check-in read; the coach’s day counts three', async () => {
    const { coach, cohortId } = await setUp();
    const people = [await lowMoodParticipant(cohortId, 'Luca', false), await lowMoodParticipant(cohortId, 'Marta'), await lowMoodParticipant(cohortId, 'Nino')];
    expect((await triageOf(coach.client, cohortId)).total).toBe(3);
    const reply = await coach.client.post('/api/coach/triage/bulk', { action: 'contacted', userIds: people.map((p) => p.user.id) });
    expect(bulkAnswerSchema.parse(reply.body)).toMatchObject({ done: 3, failed: 0 });
    const page = await triageOf(coach.client, cohortId);
    expect(page.items).toEqual([]);
    expect(page.day).toMatchObject({ contacted: 3, checkInsRead: 3 });
    expect((await queueOf(coach.client, cohortId)).total).toBe(0);
  });

  test('"Rimanda a…" for several: hidden until the day; a day out of range fails for each, with the message', async () => {
    const { coach, cohortId } = await setUp();
    const people = [await lowMoodParticipant(cohortId, 'Olga'), await lowMoodParticipant(cohortId, 'Piero')];
    const ids = people.map((p) => p.user.id);
    const tooFar = await coach.client.post('/api/coach/triage/bulk', { action: 'snooze', until: '2026-03-01', userIds: ids });
    expect(bulkAnswerSchema.parse(tooFar.body)).toMatchObject({ done: 0, failed: 2, results: [{ message: triageMessages.snoozeDateTooFar }, { message: triageMessages.snoozeDateTooFar }] });
    const reply = await coach.client.post('/api/coach/triage/bulk', { action: 'snooze', until: '2025-09-22', userIds: ids });
    expect(bulkAnswerSchema.parse(reply.body)).toMatchObject({ done: 2, failed: 0 });
    expect((await triageOf(coach.client, cohortId)).items).toEqual([]);
    // Snoozing is no contact: the check-ins are still to read.
    expect((await queueOf(coach.client, cohortId)).total).toBe(2);
  });

  test('bad requests: none, more than 100, a snooze without its day, an unknown action; a clear Italian 400', async () => {
    const { coach } = await setUp();
    const post = (body: unknown) => coach.client.post('/api/coach/triage/bulk', body);
    expect(await post({ action: 'contacted', userIds: [] })).toMatchObject({ status: 400, body: { message: bulkMessages.empty } });
    const many = Array.from({ length: MAX_BULK + 1 }, (_, i) => `utente-${String(i).padStart(22, '0')}`);
    expect(await post({ action: 'contacted', userIds: many })).toMatchObject({ status: 400, body: { message: bulkMessages.tooMany } });
    expect(await post({ action: 'snooze', userIds: ['abc'] })).toMatchObject({ status: 400, body: { message: triageMessages.bulkUntilRequired } });
    expect(await post({ action: 'archivia', userIds: ['abc'] })).toMatchObject({ status: 400, body: { message: triageMessages.bulkActionInvalid } });
  });
});
