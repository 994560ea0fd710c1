import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { coachMessages } from '@sfida/core/coach';
import { inboxSchema, messageTexts, type SentMessage } from '@sfida/core/cohort-messages';
import { MAX_SCHEDULED, scheduledMessageSchema, scheduledMessagesSchema, scheduleTexts, skippedTimeText, type ScheduledMessage } from '@sfida/core/scheduled-messages';
import { userRef } from '../../shared/user-repository';
import { Client, registerParticipant, startTestApp, type TestApp } from '../../test-support/api-harness';
import { signedInCoach, writeCohort } from '../../test-support/cohort-fixtures';
import { runScheduledMessagesJob } from './scheduled-job';
import { claimVersion } from './scheduled-repository';

let app: TestApp;
/** Monday 23 March 2026; Europe/Rome moves to summer time on Sunday the 29th at 02:00, back on Sunday 25 October at 03:00. */
const START = '2026-03-23';
/** Saturday 28 March 2026, 10:00 in Rome (UTC+1). */
const SATURDAY = new Date('2026-03-28T09:00:00Z');

beforeAll(async () => {
  app = await startTestApp();
  app.setNow(SATURDAY);
});
afterAll(async () => {
  await app.close();
});

const coach = (name = 'Coach Giulia') => signedInCoach(app, name);
const cohort = (coachIds: string[]) => writeCohort(app, { coachIds, startDate: START, name: 'Primavera' });
type Member = Awaited<ReturnType<typeof registerParticipant>>;

async function participant(cohortId: string, name: string): Promise<Member> {
  const registered = await registerParticipant(app, name);
  await userRef(app.deps.db, registered.user.id).update({ cohortId, challengeStartDate: START, timeZone: 'Europe/Rome' });
  return registered;
}

const path = (cohortId: string) => `/api/coach/cohorts/${cohortId}/scheduled-messages`;
const schedule = (client: Client, cohortId: string, fields: Record<string, unknown> = {}) =>
  client.post<ScheduledMessage>(path(cohortId), { requestId: randomUUID(), segment: 'all', text: 'Ciao {nome}, buona domenica!', date: '2026-03-29', time: '09:00', ...fields });
const edit = (client: Client, cohortId: string, id: string, json: unknown) => client.request<ScheduledMessage>('PATCH', `${path(cohortId)}/${id}`, { json });
const cancel = (client: Client, cohortId: string, id: string) => client.request('DELETE', `${path(cohortId)}/${id}`);

async function waiting(client: Client, cohortId: string): Promise<ScheduledMessage[]> {
  const reply = await client.get(path(cohortId));
  expect(reply.status).toBe(200);
  return scheduledMessagesSchema.parse(reply.body).messages;
}

async function inboxTexts(member: Member): Promise<string[]> {
  // The copies are written by the message's tasks: the queue has run them by then.
  await app.tasks.idle();
  const reply = await member.client.get('/api/me/inbox');
  expect(reply.status).toBe(200);
  return inboxSchema.parse(reply.body).messages.map((message) => message.text);
}

/** Runs the job at `iso`, the app's clock there too. */
function runAt(iso: string) {
  app.setNow(new Date(iso));
  return runScheduledMessagesJob(app.deps, new Date(iso));
}

describe('who may schedule, list, edit and cancel', () => {
  test('signed out 401, a participant of the cohort or of another 403, a coach of another cohort 403 (404 for its id), its coach 2xx', async () => {
    app.setNow(SATURDAY);
    const mine = await coach();
    const other = await coach('Coach Altro');
    const cohortId = await cohort([mine.user.id]);
    const otherCohort = await cohort([other.user.id]);
    const member = await participant(cohortId, 'Paola Neri');
    const stranger = await participant(otherCohort, 'Luca Altrove');
    const created = await schedule(mine.client, cohortId);
    expect(created.status).toBe(201);
    const id = created.body.id;
    const changed = { segment: 'all', text: 'Testo nuovo', date: '2026-03-30', time: '08:00' };
    type Call = [method: string, url: string, body?: unknown];
    const calls: Call[] = [
      ['POST', path(cohortId), { requestId: randomUUID(), segment: 'all', text: 'Ciao', date: '2026-03-29', time: '10:00' }],
      ['GET', path(cohortId)],
      ['PATCH', `${path(cohortId)}/${id}`, changed],
      ['DELETE', `${path(cohortId)}/${id}`],
    ];
    const call = (client: Client, [method, url, json]: Call) => client.request(method, url, json === undefined ? {} : { json });
    for (const entry of calls) {
      const name = `${entry[0]} ${entry[1]}`;
      expect((await call(new Client(app), entry)).status, name).toBe(401);
      expect(await call(member.client, entry), name).toMatchObject({ status: 403, body: { message: coachMessages.coachesOnly } });
      expect(await call(stranger.client, entry), name).toMatchObject({ status: 403, body: { message: coachMessages.coachesOnly } });
      expect(await call(other.client, entry), name).toMatchObject({ status: 403, body: { message: coachMessages.notYourCohort } });
      expect([200, 201, 204], name).toContain((await call(mine.client, entry)).status);
    }
    // A message is found only under its own cohort: a coach cannot reach another cohort's through theirs.
    const theirs = await schedule(other.client, otherCohort);
    expect(await edit(mine.client, cohortId, theirs.body.id, changed)).toMatchObject({ status: 404, body: { message: scheduleTexts.notFound } });
    expect(await edit(other.client, otherCohort, id, changed)).toMatchObject({ status: 404, body: { message: scheduleTexts.notFound } });
    expect((await cancel(other.client, otherCohort, id)).status).toBe(404);
    expect((await waiting(other.client, otherCohort)).map((message) => message.id)).toEqual([theirs.body.id]);
    // Nothing here was sent: the participants' inboxes are empty.
    expect(await inboxTexts(member)).toEqual([]);
  });
});

describe('the date and time, on the cohort\'s clock (Rome)', () => {
  test('the past is refused, 02:30 of the night summer time begins does not exist, the October 02:30 that happens twice is the first', async () => {
    app.setNow(SATURDAY);
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);

    expect(await schedule(mine.client, cohortId, { date: '2026-03-28', time: '09:59' })).toMatchObject({ status: 400, body: { message: scheduleTexts.inThePast } });
    expect(await schedule(mine.client, cohortId, { date: '2026-03-29', time: '02:30' })).toMatchObject({
      status: 400,
      body: { message: skippedTimeText('2026-03-29', '02:30', 'Europe/Rome') },
    });
    expect(await schedule(mine.client, cohortId, { date: '2026-02-30' })).toMatchObject({ status: 400, body: { message: scheduleTexts.dateRequired } });
    expect(await schedule(mine.client, cohortId, { time: '9' })).toMatchObject({ status: 400, body: { message: scheduleTexts.timeRequired } });
    expect(await schedule(mine.client, cohortId, { text: ' ' })).toMatchObject({ status: 400, body: { message: messageTexts.textRequired } });

    // The hours around the change: 01:59 is still winter time (UTC+1), 03:00 already summer time (UTC+2).
    expect((await schedule(mine.client, cohortId, { date: '2026-03-29', time: '01:59' })).body).toMatchObject({ dueAt: '2026-03-29T00:59:00.000Z', timeZone: 'Europe/Rome' });
    expect((await schedule(mine.client, cohortId, { date: '2026-03-29', time: '03:00' })).body).toMatchObject({ dueAt: '2026-03-29T01:00:00.000Z' });
    const october = await schedule(mine.client, cohortId, { date: '2026-10-25', time: '02:30' });
    expect(october).toMatchObject({ status: 201, body: { date: '2026-10-25', time: '02:30', dueAt: '2026-10-25T00:30:00.000Z' } });
    scheduledMessageSchema.parse(october.body);
    // An edit is checked the same way.
    expect(await edit(mine.client, cohortId, october.body.id, { segment: 'all', text: 'Ciao', date: '2026-03-29', time: '02:15' })).toMatchObject({
      status: 400,
      body: { message: skippedTimeText('2026-03-29', '02:15', 'Europe/Rome') },
    });
    expect((await waiting(mine.client, cohortId)).map((message) => message.dueAt)).toEqual([
      '2026-03-29T00:59:00.000Z',
      '2026-03-29T01:00:00.000Z',
      '2026-10-25T00:30:00.000Z',
    ]);
  });
});

describe('sent once, when its time comes, to who is in the audience then', () => {
  test('edited before its time, sent by the job once its instant has passed; then neither editable nor cancellable', async () => {
    app.setNow(SATURDAY);
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const anna = await participant(cohortId, 'Anna Presente');
    const leaving = await participant(cohortId, 'Bruno Ritirato');

    const created = await schedule(mine.client, cohortId, { text: 'Ciao {nome}', date: '2026-03-29', time: '09:00' });
    expect(created).toMatchObject({ status: 201, body: { status: 'scheduled', segment: 'all', dueAt: '2026-03-29T07:00:00.000Z', coachName: 'Coach Giulia' } });
    const { id } = created.body;
    // Edited: text and time (Sunday 10:00 in Rome, summer time).
    const edited = await edit(mine.client, cohortId, id, { segment: 'all', text: 'Buona domenica {nome}!', date: '2026-03-29', time: '10:00' });
    expect(edited).toMatchObject({ status: 200, body: { id, text: 'Buona domenica {nome}!', time: '10:00', dueAt: '2026-03-29T08:00:00.000Z' } });

    // After scheduling, one participant joins and one withdraws: recipients are who is there when it goes.
    const late = await participant(cohortId, 'Carla Arrivata');
    await userRef(app.deps.db, leaving.user.id).update({ withdrawnAt: SATURDAY.toISOString() });

    // Before its time: nothing goes.
    await runAt('2026-03-29T07:59:00Z');
    expect((await waiting(mine.client, cohortId)).map((message) => [message.id, message.status])).toEqual([[id, 'scheduled']]);

    await runAt('2026-03-29T08:02:00Z');
    expect(await inboxTexts(anna)).toEqual(['Buona domenica Anna!']);
    expect(await inboxTexts(late)).toEqual(['Buona domenica Carla!']);
    expect(await inboxTexts(leaving)).toEqual([]);
    // Off the waiting list, into "Messaggi inviati" under the same id, sent when the job sent it.
    expect(await waiting(mine.client, cohortId)).toEqual([]);
    const sent = await mine.client.get<{ messages: SentMessage[] }>(`/api/coach/cohorts/${cohortId}/messages`);
    expect(sent.body.messages).toEqual([
      { id, text: 'Buona domenica {nome}!', segment: 'all', recipientCount: 2, readCount: 0, coachName: 'Coach Giulia', sentAt: '2026-03-29T08:02:00.000Z' },
    ]);

    expect(await edit(mine.client, cohortId, id, { segment: 'all', text: 'Troppo tardi', date: '2026-03-30', time: '10:00' })).toMatchObject({
      status: 409,
      body: { message: scheduleTexts.alreadySent },
    });
    expect(await cancel(mine.client, cohortId, id)).toMatchObject({ status: 409, body: { message: scheduleTexts.alreadySent } });
    // A later run sends nothing again.
    await runAt('2026-03-29T08:07:00Z');
    expect(await inboxTexts(anna)).toEqual(['Buona domenica Anna!']);
  });

  test('two overlapping runs send it once; a retry of the scheduling schedules nothing new', async () => {
    app.setNow(SATURDAY);
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const members = await Promise.all(['Uno', 'Due', 'Tre'].map((name) => participant(cohortId, `${name} Partecipante`)));
    const body = { requestId: randomUUID(), segment: 'all', text: 'Una volta sola', date: '2026-03-28', time: '12:00' };
    const [a, b] = await Promise.all([mine.client.post<ScheduledMessage>(path(cohortId), body), mine.client.post<ScheduledMessage>(path(cohortId), body)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.id).toBe(b.body.id);
    expect(await mine.client.post(path(cohortId), { ...body, text: 'Un altro testo' })).toMatchObject({ status: 409, body: { message: messageTexts.requestReused } });
    expect(await waiting(mine.client, cohortId)).toHaveLength(1);

    const at = new Date('2026-03-28T11:01:00Z');
    app.setNow(at);
    await Promise.all([runScheduledMessagesJob(app.deps, at), runScheduledMessagesJob(app.deps, at), runScheduledMessagesJob(app.deps, at)]);
    for (const member of members) expect(await inboxTexts(member)).toEqual(['Una volta sola']);
    expect((await app.deps.db.collection('inboxMessages').where('messageId', '==', a.body.id).get()).size).toBe(3);
    expect((await app.deps.db.collection('cohortMessages').where('cohortId', '==', cohortId).get()).size).toBe(1);
    // A late retry of the scheduling still names that message, now sent.
    expect(await mine.client.post(path(cohortId), body)).toMatchObject({ status: 200, body: { id: a.body.id, status: 'sent' } });
  });

  test('a run cut short after taking a message leaves it `sending`; a later run sends it, once', async () => {
    app.setNow(SATURDAY);
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const member = await participant(cohortId, 'Dora Paziente');
    const { body } = await schedule(mine.client, cohortId, { text: 'Meglio tardi', date: '2026-03-28', time: '12:00' });
    // What a run does first, then stops (a crash): the message is taken, nothing is sent.
    const taken = new Date('2026-03-28T11:00:30Z');
    expect(await claimVersion(app.deps.db, body.id, 1, 'send', { status: 'sending', claimedAt: Timestamp.fromDate(taken) }, taken)).toBe(true);
    expect((await waiting(mine.client, cohortId)).map((message) => message.status)).toEqual(['sending']);
    expect(await cancel(mine.client, cohortId, body.id)).toMatchObject({ status: 409, body: { message: scheduleTexts.alreadySent } });

    // A minute later the run that took it may still be at work: left alone.
    await runAt('2026-03-28T11:01:30Z');
    expect(await inboxTexts(member)).toEqual([]);
    await runAt('2026-03-28T11:10:00Z');
    await runAt('2026-03-28T11:20:00Z');
    expect(await inboxTexts(member)).toEqual(['Meglio tardi']);
    expect(await waiting(mine.client, cohortId)).toEqual([]);
  });
});

describe('a bounded list', () => {
  test(`at most ${MAX_SCHEDULED} messages wait per cohort, listed soonest first`, async () => {
    app.setNow(SATURDAY);
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    for (let n = MAX_SCHEDULED; n >= 1; n--) {
      expect((await schedule(mine.client, cohortId, { text: `Messaggio ${n}`, date: `2026-04-${String(n).padStart(2, '0')}` })).status).toBe(201);
    }
    expect(await schedule(mine.client, cohortId, { text: 'Uno di troppo' })).toMatchObject({ status: 409, body: { message: scheduleTexts.tooMany } });
    const listed = await waiting(mine.client, cohortId);
    expect(listed.map((message) => message.text)).toEqual(Array.from({ length: MAX_SCHEDULED }, (_, i) => `Messaggio ${i + 1}`));
  });
});

describe('cancelled, or not sent', () => {
  test('a cancelled message never goes; cancelling twice is fine, editing it then is refused', async () => {
    app.setNow(SATURDAY);
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const member = await participant(cohortId, 'Elena Attenta');
    const { body } = await schedule(mine.client, cohortId, { text: 'Non partirà', date: '2026-03-28', time: '12:00' });
    expect((await cancel(mine.client, cohortId, body.id)).status).toBe(204);
    expect((await cancel(mine.client, cohortId, body.id)).status).toBe(204);
    expect(await waiting(mine.client, cohortId)).toEqual([]);
    expect(await edit(mine.client, cohortId, body.id, { segment: 'all', text: 'Riprovo', date: '2026-03-28', time: '13:00' })).toMatchObject({
      status: 409,
      body: { message: scheduleTexts.cancelled },
    });
    await runAt('2026-03-28T11:30:00Z');
    expect(await inboxTexts(member)).toEqual([]);
  });

  test('nobody in the audience when it goes: listed as not sent, with why, until the coach removes it', async () => {
    app.setNow(SATURDAY);
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const picked = await participant(cohortId, 'Fabio Scelto');
    const { body } = await schedule(mine.client, cohortId, { segment: 'picked', userIds: [picked.user.id], text: 'Solo per te', date: '2026-03-28', time: '12:00' });
    expect(body).toMatchObject({ segment: 'picked', userIds: [picked.user.id] });
    await userRef(app.deps.db, picked.user.id).update({ withdrawnAt: SATURDAY.toISOString() });

    await runAt('2026-03-28T11:05:00Z');
    expect(await waiting(mine.client, cohortId)).toMatchObject([{ id: body.id, status: 'failed', failure: `Non inviato: ${messageTexts.noRecipients}` }]);
    expect(await edit(mine.client, cohortId, body.id, { segment: 'all', text: 'Riprovo', date: '2026-03-28', time: '13:00' })).toMatchObject({
      status: 409,
      body: { message: scheduleTexts.notSent },
    });
    expect((await cancel(mine.client, cohortId, body.id)).status).toBe(204);
    expect(await waiting(mine.client, cohortId)).toEqual([]);
  });
});

describe('to the participants with a coaches’ tag', () => {
  test('the tag is kept with the message, an edit keeps it, and the job reaches who has it when it goes', async () => {
    app.setNow(SATURDAY);
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const anna = await participant(cohortId, 'Anna Premium');
    const bruno = await participant(cohortId, 'Bruno Altro');
    const tagUrl = (userId: string) => `/api/coach/cohorts/${cohortId}/participants/${userId}/tags`;
    expect((await mine.client.request('PATCH', tagUrl(anna.user.id), { json: { add: ['premium'] } })).status).toBe(200);

    expect(await schedule(mine.client, cohortId, { segment: 'tag' })).toMatchObject({ status: 400, body: { message: messageTexts.pickTag } });
    const created = await schedule(mine.client, cohortId, { segment: 'tag', tag: 'Premium', text: 'Ciao {nome}' });
    expect(created).toMatchObject({ status: 201, body: { segment: 'tag', tag: 'premium' } });
    const { id } = created.body;
    expect(await edit(mine.client, cohortId, id, { segment: 'tag', text: 'Ciao {nome}' , date: '2026-03-29', time: '09:00' })).toMatchObject({
      status: 400,
      body: { message: messageTexts.pickTag },
    });
    expect(await edit(mine.client, cohortId, id, { segment: 'tag', tag: 'premium', text: 'Buona domenica {nome}', date: '2026-03-29', time: '10:00' })).toMatchObject({
      status: 200,
      body: { segment: 'tag', tag: 'premium' },
    });
    // Tagged after it was scheduled: reached too, since the audience is worked out when it goes.
    expect((await mine.client.request('PATCH', tagUrl(bruno.user.id), { json: { add: ['premium'] } })).status).toBe(200);
    const other = await participant(cohortId, 'Carla Senza');

    await runAt('2026-03-29T08:02:00Z');
    expect(await inboxTexts(anna)).toEqual(['Buona domenica Anna']);
    expect(await inboxTexts(bruno)).toEqual(['Buona domenica Bruno']);
    expect(await inboxTexts(other)).toEqual([]);
    const sent = await mine.client.get<{ messages: SentMessage[] }>(`/api/coach/cohorts/${cohortId}/messages`);
    expect(sent.body.messages).toMatchObject([{ id, segment: 'tag', tag: 'premium', recipientCount: 2 }]);
  });
});
