import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import { coachMessages } from '@sfida/core/coach';
import { inboxSchema, messageTexts, type AudiencePreview, type Inbox, type SentMessage } from '@sfida/core/cohort-messages';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { addHabit, savePlanner, setActionText, submitCheckIn, toggleHabit, weekActions } from '@sfida/core/tracker-actions';
import { Client, PASSWORD, registerParticipant, startTestApp, type TestApp } from '../../test-support/api-harness';
import { indexMembers, must, signedInCoach, updateMember, writeCohort } from '../../test-support/cohort-fixtures';
import { MESSAGES_PER_HOUR } from './service';

let app: TestApp;
/** Monday 23 March 2026; Europe/Rome moves to summer time on Sunday the 29th, New York did on the 8th. */
const START = '2026-03-23';
/** Wednesday of week 1, 10:00 in Rome. */
const WEEK1 = new Date('2026-03-25T09:00:00Z');

beforeAll(async () => {
  app = await startTestApp();
  app.setNow(WEEK1);
});
afterAll(async () => {
  await app.close();
});

const coach = (name = 'Coach Giulia') => signedInCoach(app, name);
/** A cohort as one created through the API is: with its member index, which a message to everyone reads. */
async function cohort(coachIds: string[]) {
  const cohortId = await writeCohort(app, { coachIds, startDate: START, name: 'Primavera' });
  await indexMembers(app, cohortId);
  return cohortId;
}

type Member = Awaited<ReturnType<typeof registerParticipant>>;

async function participant(cohortId: string, name: string, timeZone = 'Europe/Rome', start: string | null = START): Promise<Member> {
  const registered = await registerParticipant(app, name);
  await updateMember(app, registered.user.id, { cohortId, challengeStartDate: start, timeZone });
  return registered;
}

/** Syncs a tracker built at `now` (the participant's first sync). */
async function syncAt(member: Member, timeZone: string, now: Date, build: (data: TrackerData) => TrackerData) {
  app.setNow(now);
  const reply = await member.client.put('/api/users/me/progress', build(emptyTracker(timeZone, now, START)));
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

async function preview(client: Client, cohortId: string, audience: object) {
  return client.post<AudiencePreview>(`/api/coach/cohorts/${cohortId}/messages/preview`, audience);
}

async function inbox(member: Member): Promise<Inbox> {
  // The copies are written by the message's tasks: the queue has run them by then.
  await app.tasks.idle();
  const reply = await member.client.get('/api/me/inbox');
  expect(reply.status).toBe(200);
  return inboxSchema.parse(reply.body);
}

const names = (result: AudiencePreview) => result.recipients.map((recipient) => recipient.name);

describe('who may message a cohort', () => {
  test('signed out 401, participant 403, its coach 2xx, another coach 403; each participant reads and marks only their own messages', async () => {
    const mine = await coach();
    const other = await coach();
    const cohortId = await cohort([mine.user.id]);
    const member = await participant(cohortId, 'Paola Neri');
    const neighbour = await participant(cohortId, 'Luca Verdi');
    const send = { requestId: randomUUID(), text: 'Ciao {nome}!', segment: 'all' };
    const calls: Array<[string, string, object | undefined]> = [
      ['POST', `/api/coach/cohorts/${cohortId}/messages/preview`, { segment: 'all' }],
      ['POST', `/api/coach/cohorts/${cohortId}/messages`, send],
      ['GET', `/api/coach/cohorts/${cohortId}/messages`, undefined],
    ];
    const call = (client: Client, [method, path, body]: (typeof calls)[number]) => (method === 'GET' ? client.get(path) : client.post(path, body));
    for (const entry of calls) {
      expect((await call(new Client(app), entry)).status, entry[1]).toBe(401);
      expect(await call(member.client, entry), entry[1]).toMatchObject({ status: 403, body: { message: coachMessages.coachesOnly } });
      expect(await call(other.client, entry), entry[1]).toMatchObject({ status: 403, body: { message: coachMessages.notYourCohort } });
      expect([200, 201], entry[1]).toContain((await call(mine.client, entry)).status);
    }

    expect((await new Client(app).get('/api/me/inbox')).status).toBe(401);
    const [received] = (await inbox(member)).messages;
    expect(received).toMatchObject({ text: 'Ciao Paola!', coachName: 'Coach Giulia', read: false });
    // Another participant's copy is not theirs to mark.
    expect(await neighbour.client.post(`/api/me/messages/${received!.id}/read`)).toMatchObject({ status: 404, body: { message: messageTexts.messageNotFound } });
    expect((await new Client(app).post(`/api/me/messages/${received!.id}/read`)).status).toBe(401);
    expect((await member.client.post(`/api/me/messages/${received!.id}/read`)).status).toBe(204);
    expect(await inbox(member)).toMatchObject({ unreadMessages: 0, messages: [{ read: true }] });
    expect((await inbox(neighbour)).messages.map((message) => message.text)).toEqual(['Ciao Luca!']);
  });
});

describe('segments, each on the participant\'s own calendar day', () => {
  // Sunday 29 March 2026, 22:30 UTC: already Monday 30 in Rome (summer time since 03:00 that day,
  // UTC+2), still Sunday 29 in New York (UTC-4). Week 2 has begun in Rome, not in New York.
  const NIGHT = new Date('2026-03-29T22:30:00Z');

  test('"chi non ha fatto il check-in", "chi ieri non ha spuntato", "chi non ha il planner" across the DST change', async () => {
    // Everyone signs in on Sunday afternoon (a session idles out after 3 days).
    app.setNow(new Date('2026-03-29T17:00:00Z'));
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);

    // Rome: checked in and planned week 1, ticked Sunday 29 (their yesterday); week 2 has nothing yet.
    const rome = await participant(cohortId, 'Anna Roma');
    await syncAt(rome, 'Europe/Rome', new Date('2026-03-29T18:00:00Z'), (data) => {
      let next = must(addHabit(data, 'Camminare', new Date('2026-03-23T07:00:00Z'), 'h1'));
      next = must(toggleHabit(next, 'h1', '2026-03-29', new Date('2026-03-29T18:00:00Z')));
      return planAndCheckIn(next, new Date('2026-03-29T18:00:00Z'));
    });
    // New York: still in week 1, checked in and planned it; ticked Saturday 28 (their yesterday) but not
    // Sunday 29, which is Rome's yesterday.
    const newYork = await participant(cohortId, 'Bruno New York', 'America/New_York');
    await syncAt(newYork, 'America/New_York', new Date('2026-03-29T18:00:00Z'), (data) => {
      let next = must(addHabit(data, 'Leggere', new Date('2026-03-23T12:00:00Z'), 'h1'));
      next = must(toggleHabit(next, 'h1', '2026-03-28', new Date('2026-03-29T18:00:00Z')));
      return planAndCheckIn(next, new Date('2026-03-29T18:00:00Z'));
    });
    // Rome, never synced: in every segment once started.
    await participant(cohortId, 'Carla Silenziosa');
    // Not started yet: only in "all".
    await participant(cohortId, 'Dario Futuro', 'Europe/Rome', '2026-04-06');
    // Withdrawn: in none.
    const gone = await participant(cohortId, 'Elena Ritirata');
    await updateMember(app, gone.user.id, { withdrawnAt: WEEK1.toISOString() });

    app.setNow(NIGHT);
    const mineAgain = new Client(app);
    expect((await mineAgain.post('/api/auth/login', { email: mine.user.email, password: PASSWORD })).status).toBe(200);
    const of = async (segment: string) => names((await preview(mineAgain, cohortId, { segment })).body);
    expect(await of('all')).toEqual(['Anna Roma', 'Bruno New York', 'Carla Silenziosa', 'Dario Futuro']);
    // The preview fills the placeholders as the send does: week 2 has begun in Rome, not in New York.
    expect((await preview(mineAgain, cohortId, { segment: 'all' })).body.recipients.map((r) => r.placeholders)).toEqual([
      { nome: 'Anna', settimana: 2 },
      { nome: 'Bruno', settimana: 1 },
      { nome: 'Carla', settimana: 2 },
      { nome: 'Dario', settimana: 1 },
    ]);
    expect(await of('noCheckIn')).toEqual(['Anna Roma', 'Carla Silenziosa']);
    expect(await of('noPlanner')).toEqual(['Anna Roma', 'Carla Silenziosa']);
    // Rome's yesterday is Sunday 29 (ticked); New York's is Saturday 28 (ticked). Carla ticked nothing.
    expect(await of('noHabitsYesterday')).toEqual(['Carla Silenziosa']);

    // An hour earlier (21:30 UTC, 23:30 in Rome) it is Sunday everywhere: week 1, all checked in.
    app.setNow(new Date('2026-03-29T21:30:00Z'));
    expect(await of('noCheckIn')).toEqual(['Carla Silenziosa']);
    // Rome's yesterday is then Saturday 28, which Anna did not tick.
    expect(await of('noHabitsYesterday')).toEqual(['Anna Roma', 'Carla Silenziosa']);

    // The message reaches exactly the segment, with {nome} and {settimana} filled for each.
    app.setNow(NIGHT);
    const sent = await mineAgain.post<SentMessage>(`/api/coach/cohorts/${cohortId}/messages`, {
      requestId: randomUUID(),
      segment: 'noCheckIn',
      text: 'Ciao {nome}, manca il check-in della settimana {settimana}.',
    });
    expect(sent).toMatchObject({ status: 201, body: { recipientCount: 2, segment: 'noCheckIn' } });
    expect((await inbox(rome)).messages.map((m) => m.text)).toEqual(['Ciao Anna, manca il check-in della settimana 2.']);
    expect((await inbox(newYork)).messages).toEqual([]);
    app.setNow(WEEK1);
  });
});

function planAndCheckIn(data: TrackerData, now: Date): TrackerData {
  let next = data;
  for (const [i, text] of ['Uno', 'Due', 'Tre'].entries()) next = must(setActionText(next, 1, weekActions(next, 1)[i]!.id, text, now));
  next = must(savePlanner(next, 1, now));
  return must(submitCheckIn(next, { mood: 3, reflection: 'Settimana uno' }, now));
}

describe('sending', () => {
  test('a retry or a double click sends once; a reused request id with other text is refused', async () => {
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const members = await Promise.all(['Uno', 'Due', 'Tre'].map((name) => participant(cohortId, `${name} Partecipante`)));
    const body = { requestId: randomUUID(), segment: 'all', text: 'Buona settimana a tutti!' };
    const path = `/api/coach/cohorts/${cohortId}/messages`;

    const [a, b] = await Promise.all([mine.client.post<SentMessage>(path, body), mine.client.post<SentMessage>(path, body)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.id).toBe(b.body.id);
    const retry = await mine.client.post<SentMessage>(path, body);
    expect(retry).toMatchObject({ status: 200, body: { id: a.body.id, recipientCount: 3 } });
    for (const member of members) expect((await inbox(member)).messages.map((m) => m.text)).toEqual(['Buona settimana a tutti!']);
    const copies = await app.deps.db.collection('inboxMessages').where('messageId', '==', a.body.id).get();
    expect(copies.size).toBe(3);

    expect(await mine.client.post(path, { ...body, text: 'Un altro testo' })).toMatchObject({ status: 409, body: { message: messageTexts.requestReused } });
    const listed = await mine.client.get<{ messages: SentMessage[] }>(path);
    expect(listed.body.messages.map((m) => [m.text, m.recipientCount])).toEqual([['Buona settimana a tutti!', 3]]);
  });

  test('"Letto da N di M": each recipient’s first read counts once, a read again counts nothing', async () => {
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const members = await Promise.all(['Uno', 'Due', 'Tre'].map((name) => participant(cohortId, `${name} Lettore`)));
    const path = `/api/coach/cohorts/${cohortId}/messages`;
    const sent = await mine.client.post<SentMessage>(path, { requestId: randomUUID(), segment: 'all', text: 'Letto?' });
    expect(sent.status).toBe(201);
    const counts = async () => (await mine.client.get<{ messages: SentMessage[] }>(path)).body.messages.map((m) => [m.readCount, m.recipientCount]);
    expect(await counts()).toEqual([[0, 3]]);
    const [first, second] = members;
    const [copy] = (await inbox(first!)).messages;
    // Two reads of the same copy one after the other. (Two at once rely on the write's condition on the
    // copy's version, which production checks and the local emulator does not: not tested here.)
    for (let i = 0; i < 2; i++) expect((await first!.client.post(`/api/me/messages/${copy!.id}/read`)).status).toBe(204);
    expect(await counts()).toEqual([[1, 3]]);
    const [theirs] = (await inbox(second!)).messages;
    expect((await second!.client.post(`/api/me/messages/${theirs!.id}/read`)).status).toBe(204);
    expect(await counts()).toEqual([[2, 3]]);
  });

  test('a hand-picked list: only the cohort\'s participants, withdrawn ones left out; nobody to reach is said so', async () => {
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const elsewhere = await cohort([mine.user.id]);
    const picked = await participant(cohortId, 'Scelta Uno');
    const notPicked = await participant(cohortId, 'Non Scelto');
    const gone = await participant(cohortId, 'Ritirata');
    await updateMember(app, gone.user.id, { withdrawnAt: WEEK1.toISOString() });
    const stranger = await participant(elsewhere, 'Altra Coorte');

    expect((await preview(mine.client, cohortId, { segment: 'picked', userIds: [picked.user.id, gone.user.id] })).body).toEqual({
      count: 1,
      // Signed in a moment ago: the app reaches them, so no email.
      emailCount: 0,
      recipients: [{ userId: picked.user.id, name: 'Scelta Uno', placeholders: { nome: 'Scelta', settimana: 1 } }],
    });
    expect(await preview(mine.client, cohortId, { segment: 'picked', userIds: [stranger.user.id] })).toMatchObject({
      status: 400,
      body: { message: coachMessages.participantNotFound },
    });
    expect(await preview(mine.client, cohortId, { segment: 'picked', userIds: [] })).toMatchObject({ status: 400, body: { message: messageTexts.pickSomeone } });
    expect(await preview(mine.client, cohortId, { segment: 'tutti' })).toMatchObject({ status: 400 });

    const path = `/api/coach/cohorts/${cohortId}/messages`;
    expect(await mine.client.post(path, { requestId: randomUUID(), segment: 'picked', userIds: [picked.user.id], text: ' ' })).toMatchObject({
      status: 400,
      body: { message: messageTexts.textRequired },
    });
    expect(await mine.client.post(path, { requestId: randomUUID(), segment: 'picked', userIds: [gone.user.id], text: 'Ciao' })).toMatchObject({
      status: 400,
      body: { message: messageTexts.noRecipients },
    });
    expect((await mine.client.post(path, { requestId: randomUUID(), segment: 'picked', userIds: [picked.user.id], text: 'Solo per te' })).status).toBe(201);
    expect((await inbox(picked)).messages.map((m) => m.text)).toEqual(['Solo per te']);
    expect((await inbox(notPicked)).messages).toEqual([]);
    expect((await inbox(gone)).messages).toEqual([]);
  });

  test(`at most ${MESSAGES_PER_HOUR} messages an hour per coach, retries not counted; newest first in the participant's inbox`, async () => {
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const member = await participant(cohortId, 'Lettrice Assidua');
    const path = `/api/coach/cohorts/${cohortId}/messages`;
    for (let n = 1; n <= MESSAGES_PER_HOUR; n++) {
      app.setNow(new Date(WEEK1.getTime() + n * 1000));
      const body = { requestId: randomUUID(), segment: 'all', text: `Messaggio ${n}` };
      expect((await mine.client.post(path, body)).status).toBe(201);
      // A retry does not use up the hour.
      expect((await mine.client.post(path, body)).status).toBe(200);
    }
    expect(await mine.client.post(path, { requestId: randomUUID(), segment: 'all', text: 'Uno di troppo' })).toMatchObject({
      status: 429,
      body: { message: messageTexts.tooManyMessages },
    });
    const received = await inbox(member);
    expect(received.unreadMessages).toBe(MESSAGES_PER_HOUR);
    expect(received.messages.slice(0, 2).map((m) => m.text)).toEqual([`Messaggio ${MESSAGES_PER_HOUR}`, `Messaggio ${MESSAGES_PER_HOUR - 1}`]);
    app.setNow(WEEK1);
  });
});
