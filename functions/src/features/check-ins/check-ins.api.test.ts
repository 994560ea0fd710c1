import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  DEFAULT_REPLY_TEMPLATES,
  MAX_ANSWER,
  checkInQueueSchema,
  checkInThreadId,
  threadMessages,
  type CheckInCard,
  type CheckInQueue,
  type OwnThread,
} from '@sfida/core/check-in-threads';
import { inboxSchema, type Inbox } from '@sfida/core/cohort-messages';
import { coachMessages } from '@sfida/core/coach';
import { conversationListSchema, conversationTexts } from '@sfida/core/conversations';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { addHabit, savePlanner, setActionText, submitCheckIn, toggleAction, toggleHabit, weekActions } from '@sfida/core/tracker-actions';
import { cohortRef } from '../../shared/cohort-repository';
import { userRef } from '../../shared/user-repository';
import { Client, PASSWORD, readDoc, registerParticipant, startTestApp, type TestApp } from '../../test-support/api-harness';
import { must, signedInCoach, updateMember, writeCohort } from '../../test-support/cohort-fixtures';
import { BrowserDevice, startPushService, type PushServiceStandIn } from '../../test-support/push-service';

let app: TestApp;
let pushService: PushServiceStandIn;
/** Monday 15 September 2025, the cohorts' start. Week 1 runs to the 21st, week 2 from the 22nd. */
const START = '2025-09-15';
const TZ = 'Europe/Rome';
/** Thursday of week 1, 10:00 in Rome. */
const WEEK1 = new Date('2025-09-18T08:00:00Z');

beforeAll(async () => {
  pushService = await startPushService();
  app = await startTestApp({ pushAgent: pushService.agent });
  app.setNow(WEEK1);
});
afterAll(async () => {
  await app.close();
  await pushService.close();
});

const coach = (name?: string) => signedInCoach(app, name);
const cohort = (coachIds: string[], name?: string) => writeCohort(app, { coachIds, startDate: START, name });

type Member = Awaited<ReturnType<typeof registerParticipant>> & { tag?: string; tracker: TrackerData };

/** A participant of `cohortId` whose challenge started with the cohort. */
async function participant(cohortId: string, name: string): Promise<Member> {
  const registered = await registerParticipant(app, name);
  await userRef(app.deps.db, registered.user.id).update({ cohortId, challengeStartDate: START });
  return { ...registered, tracker: emptyTracker(TZ, WEEK1, START) };
}

/** Changes the participant's tracker and syncs it as the web app does (If-Match with the last tag). */
async function sync(member: Member, change: (data: TrackerData) => TrackerData) {
  const next = change(member.tracker);
  const reply = await member.client.request<{ tracker: TrackerData }>('PUT', '/api/users/me/progress', {
    json: next,
    headers: member.tag ? { 'if-match': member.tag } : {},
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  member.tag = reply.headers.get('etag') ?? undefined;
  member.tracker = reply.body.tracker;
}

const checkIn = (mood: number, reflection: string, now = WEEK1) => (data: TrackerData) => must(submitCheckIn(data, { mood, reflection }, now));

async function queue(client: Client, view = 'queue'): Promise<CheckInQueue> {
  const reply = await client.get(`/api/coach/check-ins?view=${view}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return checkInQueueSchema.parse(reply.body);
}

async function inbox(member: Member): Promise<Inbox> {
  const reply = await member.client.get('/api/me/inbox');
  expect(reply.status).toBe(200);
  return inboxSchema.parse(reply.body);
}

describe('who may read and answer check-ins', () => {
  test('the coach side: signed out 401, participant 403, the cohort\'s coach 200, another coach 403 or nothing of it', async () => {
    const mine = await coach();
    const other = await coach();
    const cohortId = await cohort([mine.user.id]);
    await cohort([other.user.id]);
    const member = await participant(cohortId, 'Paola Neri');
    await sync(member, checkIn(3, 'Una settimana normale'));
    const threadId = checkInThreadId(member.user.id, 1);

    const reads = ['/api/coach/check-ins', '/api/coach/reply-templates', `/api/coach/cohorts/${cohortId}/participants/${member.user.id}/check-ins`];
    for (const path of reads) {
      expect((await new Client(app).get(path)).status, path).toBe(401);
      expect(await member.client.get(path), path).toMatchObject({ status: 403, body: { message: coachMessages.coachesOnly } });
      expect((await mine.client.get(path)).status, path).toBe(200);
    }
    // Another coach's queue simply does not hold this cohort's check-ins; naming the cohort is refused.
    expect((await queue(other.client)).cards.map((card) => card.id)).not.toContain(threadId);
    expect((await other.client.get(`/api/coach/check-ins?cohortId=${cohortId}`)).status).toBe(403);
    expect((await other.client.get(reads[2]!)).status).toBe(403);

    for (const action of ['reply', 'read']) {
      const path = `/api/coach/check-ins/${threadId}/${action}`;
      const body = action === 'reply' ? { text: 'Ciao!' } : undefined;
      expect((await new Client(app).post(path, body)).status, path).toBe(401);
      expect(await member.client.post(path, body), path).toMatchObject({ status: 403, body: { message: coachMessages.coachesOnly } });
      expect(await other.client.post(path, body), path).toMatchObject({ status: 403, body: { message: coachMessages.notYourCohort } });
    }
    expect((await mine.client.post(`/api/coach/check-ins/${checkInThreadId('nessuno', 1)}/read`)).status).toBe(404);
    expect((await mine.client.post('/api/coach/check-ins/non-un-id/read')).status).toBe(404);
    expect((await new Client(app).put('/api/coach/reply-templates', { templates: [] })).status).toBe(401);
    expect((await member.client.put('/api/coach/reply-templates', { templates: [] })).status).toBe(403);
  });

  test('the participant side: signed out 401; each reads and answers only their own threads', async () => {
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const writer = await participant(cohortId, 'Sara Bianchi');
    const neighbour = await participant(cohortId, 'Luca Verdi');
    await sync(writer, checkIn(2, 'Fatica'));
    await mine.client.post(`/api/coach/check-ins/${checkInThreadId(writer.user.id, 1)}/reply`, { text: 'Ti ascolto' });

    for (const path of ['/api/me/check-ins/1/seen', '/api/me/check-ins/1/answer']) {
      expect((await new Client(app).post(path, { text: 'x' })).status, path).toBe(401);
      // The route is the caller's own week: the neighbour has no check-in there, the coach neither.
      expect(await neighbour.client.post(path, { text: 'x' }), path).toMatchObject({ status: 404, body: { message: threadMessages.checkInNotFound } });
      expect((await mine.client.post(path, { text: 'x' })).status, path).toBe(404);
    }
    expect((await new Client(app).get('/api/me/inbox')).status).toBe(401);
    expect((await inbox(neighbour)).threads).toEqual([]);
    expect((await inbox(writer)).threads).toHaveLength(1);
    expect(await writer.client.post('/api/me/check-ins/22/seen')).toMatchObject({ status: 400 });
  });
});

describe('the coach\'s queue', () => {
  test('every unanswered check-in of the coach\'s cohorts, lowest mood first then oldest, with trend, reflection and the week\'s figures', async () => {
    const mine = await coach('Giulia Coach');
    const first = await cohort([mine.user.id], 'Autunno');
    const second = await cohort([mine.user.id], 'Inverno');
    const notMine = await cohort([(await coach()).user.id]);

    const calm = await participant(first, 'Anna Calma');
    app.setNow(new Date('2025-09-18T07:00:00Z'));
    await sync(calm, checkIn(4, 'Tutto bene'));
    const lowEarly = await participant(second, 'Bruno Giù');
    app.setNow(new Date('2025-09-18T07:10:00Z'));
    await sync(lowEarly, (data) => {
      let next = must(addHabit(data, 'Camminare', new Date('2025-09-15T06:00:00Z'), 'h1'));
      next = must(toggleHabit(next, 'h1', '2025-09-15', WEEK1));
      next = must(toggleHabit(next, 'h1', '2025-09-16', WEEK1));
      for (const [i, text] of ['Preparare il pranzo', 'Dormire alle 23', 'Camminare 20 minuti'].entries()) {
        next = must(setActionText(next, 1, weekActions(next, 1)[i]!.id, text, WEEK1));
      }
      next = must(toggleAction(next, 1, weekActions(next, 1)[0]!.id, WEEK1));
      next = must(savePlanner(next, 1, WEEK1));
      return checkIn(2, 'Settimana pesante, ma ci provo.\nDomani va meglio.')(next);
    });
    const lowLate = await participant(first, 'Carla Giù');
    app.setNow(new Date('2025-09-18T07:20:00Z'));
    await sync(lowLate, checkIn(2, 'Stanca'));
    const lowest = await participant(first, 'Dario Triste');
    app.setNow(new Date('2025-09-18T07:30:00Z'));
    await sync(lowest, checkIn(1, 'Molto giù'));
    const outsider = await participant(notMine, 'Elena Altrove');
    await sync(outsider, checkIn(1, 'Non è della mia coorte'));
    app.setNow(WEEK1);

    const view = await queue(mine.client);
    expect(view.cards.map((card) => card.name)).toEqual(['Dario Triste', 'Bruno Giù', 'Carla Giù', 'Anna Calma']);
    expect(view.total).toBe(4);
    const bruno = view.cards[1]!;
    expect(bruno).toMatchObject<Partial<CheckInCard>>({
      id: checkInThreadId(lowEarly.user.id, 1),
      cohortId: second,
      cohortName: 'Inverno',
      weekNumber: 1,
      mood: 2,
      reflection: 'Settimana pesante, ma ci provo.\nDomani va meglio.',
      date: '2025-09-18',
      moods: [{ weekNumber: 1, mood: 2 }],
      // Monday and Tuesday of Monday to Wednesday (today, Thursday, counts once ticked).
      habitsPercent: 67,
      planner: { planned: 3, completed: 1 },
      status: 'open',
      handledBy: null,
      reply: null,
    });
    // One cohort only, when named.
    const secondOnly = checkInQueueSchema.parse((await mine.client.get(`/api/coach/check-ins?cohortId=${second}`)).body);
    expect(secondOnly.cards.map((card) => card.name)).toEqual(['Bruno Giù']);
    expect((await mine.client.get('/api/coach/check-ins?view=tutti')).status).toBe(400);
  });

  test('the mood trend covers the weeks before, and a later week\'s check-in has its own thread', async () => {
    const cohortId = await cohort([]);
    const member = await participant(cohortId, 'Franco Su');
    // Saturday of week 1, then Monday of week 2: within the session's idle time.
    const saturday = new Date('2025-09-20T08:00:00Z');
    const week2 = new Date('2025-09-22T08:00:00Z');
    try {
      app.setNow(saturday);
      await sync(member, checkIn(4, 'Prima settimana', saturday));
      app.setNow(week2);
      await sync(member, checkIn(2, 'Seconda settimana', week2));
      // A coach signed in now (a session idles out after 3 days).
      const mine = await coach();
      await cohortRef(app.deps.db, cohortId).update({ coachIds: [mine.user.id] });
      const cards = (await queue(mine.client)).cards.filter((card) => card.userId === member.user.id);
      expect(cards.map((card) => [card.weekNumber, card.moods])).toEqual([
        [2, [{ weekNumber: 1, mood: 4 }, { weekNumber: 2, mood: 2 }]],
        [1, [{ weekNumber: 1, mood: 4 }]],
      ]);
    } finally {
      app.setNow(WEEK1);
    }
  });
});

describe('replying', () => {
  test('a coach replies; a co-coach sees who handled it and cannot handle it again; the participant opens the reply and answers once', async () => {
    const giulia = await coach('Giulia Coach');
    const marco = await coach('Marco Coach');
    const cohortId = await cohort([giulia.user.id, marco.user.id]);
    const member = await participant(cohortId, 'Sara Bianchi');
    await sync(member, checkIn(2, 'Settimana difficile'));
    const threadId = checkInThreadId(member.user.id, 1);

    // Before any reply the participant has nothing to answer.
    expect(await member.client.post('/api/me/check-ins/1/answer', { text: 'Ciao' })).toMatchObject({ status: 409, body: { message: threadMessages.noReplyYet } });
    expect(await giulia.client.post(`/api/coach/check-ins/${threadId}/reply`, { text: '   ' })).toMatchObject({ status: 400, body: { message: threadMessages.replyRequired } });
    expect(await giulia.client.post(`/api/coach/check-ins/${threadId}/reply`, { text: 'x'.repeat(1001) })).toMatchObject({
      status: 400,
      body: { message: threadMessages.replyTooLong },
    });

    const replied = await giulia.client.post<CheckInCard>(`/api/coach/check-ins/${threadId}/reply`, { text: 'Ciao Sara, ti leggo.' });
    expect(replied.status).toBe(200);
    expect(replied.body).toMatchObject({ status: 'replied', handledBy: 'Giulia Coach', reply: { text: 'Ciao Sara, ti leggo.', coachName: 'Giulia Coach' } });

    const again = await marco.client.post(`/api/coach/check-ins/${threadId}/read`);
    expect(again).toMatchObject({ status: 409, body: { message: `${threadMessages.alreadyHandled} (Giulia Coach)` } });
    expect((await queue(marco.client)).cards.map((card) => card.id)).not.toContain(threadId);
    const recent = (await queue(marco.client, 'recent')).cards.find((card) => card.id === threadId);
    expect(recent).toMatchObject({ status: 'replied', handledBy: 'Giulia Coach', replySeenAt: null, answer: null });

    // The participant's inbox: the reply, not yet opened.
    const [thread] = (await inbox(member)).threads;
    expect(thread).toMatchObject<Partial<OwnThread>>({ weekNumber: 1, status: 'replied', reply: { text: 'Ciao Sara, ti leggo.', coachName: 'Giulia Coach', at: WEEK1.toISOString() }, replySeenAt: null });

    const seen = await member.client.post<OwnThread>('/api/me/check-ins/1/seen');
    expect(seen.status).toBe(200);
    expect(seen.body.replySeenAt).toBe(WEEK1.toISOString());
    expect((await queue(giulia.client, 'recent')).cards.find((card) => card.id === threadId)?.replySeenAt).toBe(WEEK1.toISOString());

    expect(await member.client.post('/api/me/check-ins/1/answer', { text: 'x'.repeat(MAX_ANSWER + 1) })).toMatchObject({
      status: 400,
      body: { message: threadMessages.answerTooLong },
    });
    const answered = await member.client.post<OwnThread>('/api/me/check-ins/1/answer', { text: 'Grazie, mi aiuta.' });
    expect(answered).toMatchObject({ status: 200, body: { answer: { text: 'Grazie, mi aiuta.' } } });
    expect(await member.client.post('/api/me/check-ins/1/answer', { text: 'Un\'altra cosa' })).toMatchObject({
      status: 409,
      body: { message: threadMessages.alreadyAnswered },
    });
    const withAnswer = (await queue(giulia.client, 'recent')).cards.find((card) => card.id === threadId);
    expect(withAnswer?.answer?.text).toBe('Grazie, mi aiuta.');
    // The participant page shows the same thread.
    const page = await giulia.client.get<{ cards: CheckInCard[] }>(`/api/coach/cohorts/${cohortId}/participants/${member.user.id}/check-ins`);
    expect(page.body.cards.map((card) => [card.weekNumber, card.status, card.answer?.text])).toEqual([[1, 'replied', 'Grazie, mi aiuta.']]);
  });

  test('marked read without a reply: handled, shown to the participant as read', async () => {
    const mine = await coach('Giulia Coach');
    const cohortId = await cohort([mine.user.id]);
    const member = await participant(cohortId, 'Teo Bassi');
    await sync(member, checkIn(5, 'Benissimo'));
    const read = await mine.client.post<CheckInCard>(`/api/coach/check-ins/${checkInThreadId(member.user.id, 1)}/read`);
    expect(read.body).toMatchObject({ status: 'read', handledBy: 'Giulia Coach', reply: null });
    expect((await inbox(member)).threads).toEqual([{ weekNumber: 1, status: 'read', handledBy: 'Giulia Coach', reply: null, replySeenAt: null, answer: null }]);
    expect(await member.client.post('/api/me/check-ins/1/seen')).toMatchObject({ status: 409, body: { message: threadMessages.noReplyYet } });
  });

  test('two coaches handling the same check-in at once: exactly one of them does (10 rounds)', async () => {
    const giulia = await coach('Giulia');
    const marco = await coach('Marco');
    const cohortId = await cohort([giulia.user.id, marco.user.id]);
    for (let round = 0; round < 10; round++) {
      const member = await participant(cohortId, `Corsa ${round}`);
      await sync(member, checkIn(3, 'Gara'));
      const path = `/api/coach/check-ins/${checkInThreadId(member.user.id, 1)}`;
      const answers = await Promise.all([giulia.client.post(`${path}/reply`, { text: 'Da Giulia' }), marco.client.post(`${path}/reply`, { text: 'Da Marco' })]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const stored = await readDoc(app, `checkInThreads/${checkInThreadId(member.user.id, 1)}`);
      const winner = answers.find((answer) => answer.status === 200)!.body as CheckInCard;
      expect((stored?.reply as { text: string }).text).toBe(winner.reply?.text);
    }
  });

  test('a reply survives re-syncs, a second device and its own later edits; a check-in synced late gets its thread then', async () => {
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const member = await participant(cohortId, 'Ugo Fermo');
    // Written on Monday, synced only on Thursday.
    const monday = new Date('2025-09-15T18:00:00Z');
    const written = checkIn(2, 'Scritto lunedì', monday)(member.tracker);
    expect(await readDoc(app, `checkInThreads/${checkInThreadId(member.user.id, 1)}`)).toBeUndefined();
    await sync(member, () => written);
    const threadId = checkInThreadId(member.user.id, 1);
    expect(await readDoc(app, `checkInThreads/${threadId}`)).toMatchObject({ date: '2025-09-15', receivedAt: WEEK1.toISOString(), status: 'open' });
    await mine.client.post(`/api/coach/check-ins/${threadId}/reply`, { text: 'Ricevuto' });

    // More syncs from this device, with other changes.
    await sync(member, (data) => must(addHabit(data, 'Leggere', WEEK1, 'h-leggere')));
    await sync(member, (data) => must(toggleHabit(data, 'h-leggere', '2025-09-18', WEEK1)));
    // A second device that never saw the check-in sends its own for the same week: the first one sent stays.
    const other = new Client(app);
    expect((await other.post('/api/auth/login', { email: member.email, password: PASSWORD })).status).toBe(200);
    const otherDevice = must(submitCheckIn(emptyTracker(TZ, WEEK1, START), { mood: 5, reflection: 'Dall\'altro telefono' }, WEEK1));
    const fromOther = await other.request<{ tracker: TrackerData }>('PUT', '/api/users/me/progress', { json: otherDevice, headers: { 'if-match': '*' } });
    expect(fromOther.status).toBe(200);
    expect(fromOther.body.tracker.checkIns.map((c) => c.reflection)).toEqual(['Scritto lunedì']);

    const thread = await readDoc(app, `checkInThreads/${threadId}`);
    expect(thread).toMatchObject({ mood: 2, reflection: 'Scritto lunedì', status: 'replied', reply: { text: 'Ricevuto' } });
    expect((await inbox(member)).threads[0]?.reply?.text).toBe('Ricevuto');
  });

  test('a tracker stored before threads existed gets its check-ins\' threads at its next sync', async () => {
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const member = await participant(cohortId, 'Vera Prima');
    await sync(member, checkIn(3, 'Da prima'));
    const threadId = checkInThreadId(member.user.id, 1);
    // As the data stood before: no thread, and no list of weeks with one.
    await app.deps.db.doc(`checkInThreads/${threadId}`).delete();
    const progress = (await readDoc(app, `progress/${member.user.id}`))!;
    delete progress.threadWeeks;
    await app.deps.db.doc(`progress/${member.user.id}`).delete();
    await app.deps.db.doc(`progress/${member.user.id}`).set(progress);

    await sync(member, (data) => must(addHabit(data, 'Correre', WEEK1, 'h-correre')));
    expect(await readDoc(app, `checkInThreads/${threadId}`)).toMatchObject({ reflection: 'Da prima', status: 'open', cohortId });
    expect((await readDoc(app, `progress/${member.user.id}`))?.threadWeeks).toEqual([1]);
  });
});

describe('who may still write in a check-in thread', () => {
  /** The participants whose threads the coach's conversation list shows. */
  async function listed(client: Client): Promise<string[]> {
    const reply = await client.get('/api/coach/conversations');
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return conversationListSchema.parse(reply.body).conversations.map((c) => c.userId);
  }

  test('a withdrawn participant\'s thread is read-only, as their conversation: no reply (nothing pushed), no answer; still readable, still marked read', async () => {
    const mine = await coach('Giulia Coach');
    const cohortId = await cohort([mine.user.id]);
    const replied = await participant(cohortId, 'Paola Neri');
    const waiting = await participant(cohortId, 'Sara Bianchi');
    const phone = new BrowserDevice(pushService);
    expect((await waiting.client.post('/api/me/push-subscriptions', phone.subscription)).status).toBe(201);
    await sync(replied, checkIn(2, 'Fatica'));
    await sync(waiting, checkIn(3, 'Così così'));
    const repliedId = checkInThreadId(replied.user.id, 1);
    const waitingId = checkInThreadId(waiting.user.id, 1);
    expect((await mine.client.post(`/api/coach/check-ins/${repliedId}/reply`, { text: 'Ti ascolto' })).status).toBe(200);
    for (const member of [replied, waiting]) {
      expect((await mine.client.post(`/api/coach/cohorts/${cohortId}/participants/${member.user.id}/withdraw`)).status).toBe(200);
    }

    expect(await mine.client.post(`/api/coach/check-ins/${waitingId}/reply`, { text: 'Come va?' })).toMatchObject({ status: 409, body: { message: conversationTexts.readOnly } });
    expect(await replied.client.post('/api/me/check-ins/1/answer', { text: 'Grazie' })).toMatchObject({ status: 409, body: { message: conversationTexts.readOnly } });
    expect(await readDoc(app, `checkInThreads/${waitingId}`)).toMatchObject({ status: 'open', handled: false, reply: null });
    expect(await readDoc(app, `checkInThreads/${repliedId}`)).toMatchObject({ answer: null });
    expect(await readDoc(app, `conversations/${waiting.user.id}`)).toBeUndefined();
    // Reading writes nothing in the conversation: the reply can be opened, the check-in marked read.
    expect((await replied.client.post('/api/me/check-ins/1/seen')).status).toBe(200);
    expect(await mine.client.post(`/api/coach/check-ins/${waitingId}/read`)).toMatchObject({ status: 200, body: { status: 'read' } });
    // A reply's push is sent before the reply answers: none reached Sara's phone.
    expect(phone.received).toEqual([]);
  });

  test('a participant moved to another cohort: the old cohort\'s coach no longer replies; their answer goes to the new coaches\' conversation list and phones', async () => {
    // Saturday of week 1, then Monday of week 2: within the sessions' idle time.
    const saturday = new Date('2025-09-20T08:00:00Z');
    const week2Day = new Date('2025-09-22T08:00:00Z');
    app.setNow(saturday);
    try {
      const giulia = await coach('Giulia Coach');
      const marco = await coach('Marco Coach');
      const before = await cohort([giulia.user.id], 'Autunno');
      const after = await cohort([marco.user.id], 'Inverno');
      const member = await participant(before, 'Carla Rossi');
      const giuliaPhone = new BrowserDevice(pushService);
      const marcoPhone = new BrowserDevice(pushService);
      expect((await giulia.client.post('/api/me/push-subscriptions', giuliaPhone.subscription)).status).toBe(201);
      expect((await marco.client.post('/api/me/push-subscriptions', marcoPhone.subscription)).status).toBe(201);
      // Week 1 answered by Giulia; week 2 still open when Carla moves.
      await sync(member, checkIn(2, 'Prima settimana', saturday));
      const week1 = checkInThreadId(member.user.id, 1);
      expect((await giulia.client.post(`/api/coach/check-ins/${week1}/reply`, { text: 'Brava Carla' })).status).toBe(200);
      app.setNow(week2Day);
      await sync(member, checkIn(3, 'Seconda settimana', week2Day));
      const week2 = checkInThreadId(member.user.id, 2);
      await updateMember(app, member.user.id, { cohortId: after });

      expect(await giulia.client.post(`/api/coach/check-ins/${week2}/reply`, { text: 'Ci sono' })).toMatchObject({ status: 409, body: { message: conversationTexts.readOnly } });
      expect(await readDoc(app, `checkInThreads/${week2}`)).toMatchObject({ status: 'open', reply: null });

      expect((await member.client.post('/api/me/check-ins/1/answer', { text: 'Grazie, ora sono in Inverno' })).status).toBe(200);
      expect(await readDoc(app, `conversations/${member.user.id}`)).toMatchObject({ cohortId: after, coachUnread: 1 });
      expect(await listed(marco.client)).toContain(member.user.id);
      expect(await listed(giulia.client)).not.toContain(member.user.id);
      await expect.poll(() => marcoPhone.received.map((push) => push.body)).toEqual(['Grazie, ora sono in Inverno']);
      // Giulia's phone had the alert of Carla's hard week 1, while Carla was hers; not the answer.
      expect(giuliaPhone.received.map((push) => push.title)).toEqual(['Check-in da leggere']);
    } finally {
      app.setNow(WEEK1);
    }
  });

  test('a coach of both cohorts still replies to a check-in of the old one, and the conversation follows the participant', async () => {
    const giulia = await coach('Giulia Coach');
    const before = await cohort([giulia.user.id], 'Autunno');
    const after = await cohort([giulia.user.id], 'Inverno');
    const member = await participant(before, 'Dario Neri');
    await sync(member, checkIn(2, 'Fatica'));
    await updateMember(app, member.user.id, { cohortId: after });
    const threadId = checkInThreadId(member.user.id, 1);
    expect((await giulia.client.post(`/api/coach/check-ins/${threadId}/reply`, { text: 'Ti seguo anche qui' })).status).toBe(200);
    expect(await readDoc(app, `conversations/${member.user.id}`)).toMatchObject({ cohortId: after });
    const inAfter = conversationListSchema.parse((await giulia.client.get(`/api/coach/conversations?cohortId=${after}`)).body);
    expect(inAfter.conversations.map((c) => c.userId)).toEqual([member.user.id]);
  });
});

describe('"Segna come letti" and the mood filter', () => {
  test('several check-ins marked read at once; one another coach handled is listed, not an error; the coach\'s day counts them', async () => {
    const mine = await coach('Giulia');
    const other = await coach();
    const cohortId = await cohort([mine.user.id]);
    const otherCohort = await cohort([other.user.id]);
    const members = await Promise.all(['Anna', 'Bruno', 'Carla'].map((name) => participant(cohortId, name)));
    for (const [i, member] of members.entries()) await sync(member, checkIn(i + 1, `Settimana ${i + 1}`));
    const outsider = await participant(otherCohort, 'Ugo');
    await sync(outsider, checkIn(3, 'Altrove'));
    const ids = members.map((m) => checkInThreadId(m.user.id, 1));
    const path = '/api/coach/check-ins/read';

    // The matrix: signed out 401, a participant 403, another coach's thread in the list 403 and nothing changes.
    expect((await new Client(app).post(path, { threadIds: ids })).status).toBe(401);
    expect(await members[0]!.client.post(path, { threadIds: ids })).toMatchObject({ status: 403, body: { message: coachMessages.coachesOnly } });
    const mixed = [ids[0]!, checkInThreadId(outsider.user.id, 1)];
    expect(await mine.client.post(path, { threadIds: mixed })).toMatchObject({ status: 403, body: { message: coachMessages.notYourCohort } });
    expect(await readDoc(app, `checkInThreads/${ids[0]}`)).toMatchObject({ handled: false });
    for (const bad of [[], Array.from({ length: 51 }, (_, i) => `x${i}`), 'tutti']) {
      expect(await mine.client.post(path, { threadIds: bad })).toMatchObject({ status: 400, body: { message: 'Scegli da 1 a 50 check-in' } });
    }

    expect((await mine.client.post(`/api/coach/check-ins/${ids[2]}/read`, {})).status).toBe(200);
    const reply = await mine.client.post(path, { threadIds: [...ids, ids[0]] });
    expect(reply).toMatchObject({ status: 200, body: { read: [ids[0], ids[1]], alreadyHandled: [ids[2]] } });
    for (const id of ids) expect(await readDoc(app, `checkInThreads/${id}`)).toMatchObject({ handled: true, status: 'read' });
    const day = await readDoc(app, `coachDays/${mine.user.id}_2025-09-18`);
    expect(day).toMatchObject({ checkInsRead: 2 });
  });

  test('the queue filtered by a band of moods', async () => {
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const members = await Promise.all(['Uno', 'Due', 'Tre', 'Quattro', 'Cinque'].map((name) => participant(cohortId, name)));
    for (const [i, member] of members.entries()) await sync(member, checkIn(i + 1, `Umore ${i + 1}`));
    const moods = async (band: string) => {
      const reply = await mine.client.get(`/api/coach/check-ins?cohortId=${cohortId}&mood=${band}`);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const parsed = checkInQueueSchema.parse(reply.body);
      return { moods: parsed.cards.map((c) => c.mood), total: parsed.total };
    };
    expect(await moods('low')).toEqual({ moods: [1, 2], total: 2 });
    expect(await moods('mid')).toEqual({ moods: [3], total: 1 });
    expect(await moods('high')).toEqual({ moods: [4, 5], total: 2 });
    expect(await moods('')).toEqual({ moods: [1, 2, 3, 4, 5], total: 5 });
    expect(await mine.client.get('/api/coach/check-ins?mood=triste')).toMatchObject({ status: 400, body: { message: 'mood deve essere "low", "mid" o "high"' } });
  });
});

describe('reply templates', () => {
  test('the defaults until the coach saves their own; a bad template is refused in Italian and nothing is lost', async () => {
    const mine = await coach();
    expect((await mine.client.get('/api/coach/reply-templates')).body).toEqual({ templates: DEFAULT_REPLY_TEMPLATES });
    const own = [{ id: 't1', title: 'Bentornato', text: 'Ciao {nome}, bentornato nella settimana {settimana}!' }];
    expect(await mine.client.put('/api/coach/reply-templates', { templates: own })).toMatchObject({ status: 200, body: { templates: own } });
    expect(await mine.client.put('/api/coach/reply-templates', { templates: [{ id: 't2', title: ' ', text: 'Testo' }] })).toMatchObject({
      status: 400,
      body: { message: threadMessages.templateTitleRequired },
    });
    const tooMany = Array.from({ length: 21 }, (_, i) => ({ id: `t${i}`, title: `Modello ${i}`, text: 'Testo' }));
    expect(await mine.client.put('/api/coach/reply-templates', { templates: tooMany })).toMatchObject({ status: 400, body: { message: threadMessages.tooManyTemplates } });
    expect((await mine.client.get('/api/coach/reply-templates')).body).toEqual({ templates: own });
    // Another coach still has the defaults.
    expect((await (await coach()).client.get('/api/coach/reply-templates')).body).toEqual({ templates: DEFAULT_REPLY_TEMPLATES });
  });
});
