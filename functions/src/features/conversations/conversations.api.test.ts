import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import { checkInThreadId } from '@sfida/core/check-in-threads';
import { coachMessages } from '@sfida/core/coach';
import { inboxSchema } from '@sfida/core/cohort-messages';
import {
  CONVERSATION_LIST_PAGE,
  MAX_CONVERSATION_MESSAGE,
  TIMELINE_PAGE,
  coachConversationPath,
  coachConversationSchema,
  conversationListSchema,
  conversationSchema,
  conversationTexts,
  timelineItemSchema,
  type CoachConversation,
  type Conversation,
  type ConversationList,
} from '@sfida/core/conversations';
import { notificationsResponseSchema, type NotificationSettings } from '@sfida/core/notifications';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { addHabit, submitCheckIn, toggleHabit } from '@sfida/core/tracker-actions';
import { voiceNoteMessages, voiceNoteUploadAnswerSchema, type VoiceNote } from '@sfida/core/voice-notes';
import { userRef } from '../../shared/user-repository';
import { Client, PASSWORD, readDoc, registerParticipant, startTestApp, type TestApp } from '../../test-support/api-harness';
import { ensureAccount } from '../account/admin';
import { must, signedInCoach, writeCohort } from '../../test-support/cohort-fixtures';
import { BrowserDevice, startPushService, type PushServiceStandIn } from '../../test-support/push-service';
import { fixture } from '../voice-notes/fixtures';
import { CONVERSATION_MESSAGES_PER_WINDOW } from './service';

let app: TestApp;
let pushService: PushServiceStandIn;
/** Monday 23 March 2026, the cohorts' start. */
const START = '2026-03-23';
const TZ = 'Europe/Rome';
/** Wednesday of week 1, 10:00 in Rome. */
const WEEK1 = new Date('2026-03-25T09:00:00Z');

beforeAll(async () => {
  pushService = await startPushService();
  app = await startTestApp({ pushAgent: pushService.agent });
  app.setNow(WEEK1);
});
afterAll(async () => {
  await app.close();
  await pushService.close();
});

const coach = (name = 'Giulia Coach') => signedInCoach(app, name);
const cohort = (coachIds: string[], name = 'Primavera') => writeCohort(app, { coachIds, startDate: START, name });

type Member = Awaited<ReturnType<typeof registerParticipant>>;

async function participant(cohortId: string, name: string): Promise<Member> {
  const registered = await registerParticipant(app, name);
  await userRef(app.deps.db, registered.user.id).update({ cohortId, challengeStartDate: START, timeZone: TZ });
  return registered;
}

const threadPath = (cohortId: string, userId: string) => `/api/coach/cohorts/${cohortId}/participants/${userId}/conversation`;

async function own(member: Member, query = ''): Promise<Conversation> {
  const reply = await member.client.get(`/api/me/conversation${query}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return conversationSchema.parse(reply.body);
}

async function asCoach(client: Client, cohortId: string, userId: string, query = ''): Promise<CoachConversation> {
  const reply = await client.get(`${threadPath(cohortId, userId)}${query}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return coachConversationSchema.parse(reply.body);
}

async function list(client: Client, query = ''): Promise<ConversationList> {
  const reply = await client.get(`/api/coach/conversations${query}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return conversationListSchema.parse(reply.body);
}

/** Sends as the participant; the answer's status must be `status`. */
async function write(member: Member, text: string, status = 201, extra: object = {}) {
  const reply = await member.client.post('/api/me/conversation/messages', { requestId: randomUUID(), text, ...extra });
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  return reply;
}

async function answer(client: Client, cohortId: string, userId: string, text: string, status = 201) {
  const reply = await client.post(`${threadPath(cohortId, userId)}/messages`, { requestId: randomUUID(), text });
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  return reply;
}

const texts = (conversation: Conversation) => conversation.items.map((item) => item.text);

/** Records a voice note as the web app uploads it: the participant's own (`/api/me/voice-notes`) or a coach's for a participant. */
async function recorded(client: Client, path = '/api/me/voice-notes'): Promise<VoiceNote> {
  const reply = await client.request('POST', path, { body: Buffer.from(fixture('live.webm')), headers: { 'content-type': 'audio/webm' } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return voiceNoteUploadAnswerSchema.parse(reply.body).voiceNote;
}

const coachVoiceNotes = (cohortId: string, userId: string) => `/api/coach/cohorts/${cohortId}/participants/${userId}/voice-notes`;

describe('who may read and write a conversation', () => {
  test('the coach routes: signed out 401, participants 403, the cohort\'s coach 2xx, another coach 403; an unknown participant 404', async () => {
    const mine = await coach();
    const other = await coach('Altro Coach');
    const cohortId = await cohort([mine.user.id]);
    const otherCohortId = await cohort([other.user.id], 'Autunno');
    const member = await participant(cohortId, 'Paola Neri');
    const stranger = await participant(otherCohortId, 'Luca Verdi');
    const path = threadPath(cohortId, member.user.id);
    type Call = [method: 'GET' | 'POST', path: string, body?: object];
    const calls: Call[] = [
      ['GET', path],
      ['POST', `${path}/messages`, { requestId: randomUUID(), text: 'Ciao Paola' }],
      ['POST', `${path}/read`],
      ['GET', `/api/coach/conversations?cohortId=${cohortId}`],
    ];
    const call = (client: Client, [method, target, body]: Call) => (method === 'GET' ? client.get(target) : client.post(target, body));
    for (const entry of calls) {
      expect((await call(new Client(app), entry)).status, entry[1]).toBe(401);
      expect(await call(member.client, entry), entry[1]).toMatchObject({ status: 403, body: { message: coachMessages.coachesOnly } });
      expect(await call(stranger.client, entry), entry[1]).toMatchObject({ status: 403, body: { message: coachMessages.coachesOnly } });
      expect(await call(other.client, entry), entry[1]).toMatchObject({ status: 403, body: { message: coachMessages.notYourCohort } });
      expect([200, 201, 204], entry[1]).toContain((await call(mine.client, entry)).status);
    }
    // The list of all the coach's cohorts: another coach's holds nothing of this cohort.
    expect((await new Client(app).get('/api/coach/conversations')).status).toBe(401);
    expect(await member.client.get('/api/coach/conversations')).toMatchObject({ status: 403, body: { message: coachMessages.coachesOnly } });
    expect((await list(other.client)).conversations).toEqual([]);
    expect((await list(mine.client)).conversations.map((c) => c.userId)).toEqual([member.user.id]);
    // A participant of another cohort is not reached through this one.
    expect(await mine.client.get(threadPath(cohortId, stranger.user.id))).toMatchObject({ status: 404, body: { message: coachMessages.participantNotFound } });
    await answer(mine.client, cohortId, stranger.user.id, 'Ciao', 404);
    expect((await own(stranger)).items).toEqual([]);
  });

  test('the participant routes: signed out 401, coaches 403; each participant reads and writes only their own thread', async () => {
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const otherCohortId = await cohort([(await coach('Altro Coach')).user.id], 'Autunno');
    const member = await participant(cohortId, 'Paola Neri');
    const neighbour = await participant(cohortId, 'Anna Blu');
    const stranger = await participant(otherCohortId, 'Luca Verdi');
    const body = { requestId: randomUUID(), text: 'Ciao coach' };
    for (const [method, path] of [
      ['GET', '/api/me/conversation'],
      ['POST', '/api/me/conversation/messages'],
      ['POST', '/api/me/conversation/read'],
    ] as const) {
      const signedOut = method === 'GET' ? await new Client(app).get(path) : await new Client(app).post(path, body);
      expect(signedOut.status, path).toBe(401);
      const byCoach = method === 'GET' ? await mine.client.get(path) : await mine.client.post(path, body);
      expect(byCoach, path).toMatchObject({ status: 403, body: { message: conversationTexts.participantsOnly } });
    }
    await write(member, 'Ciao coach, sono Paola');
    await write(stranger, 'Ciao, sono Luca');
    expect(texts(await own(member))).toEqual(['Ciao coach, sono Paola']);
    expect(texts(await own(neighbour))).toEqual([]);
    expect(texts(await own(stranger))).toEqual(['Ciao, sono Luca']);
    // Reading one's thread touches no one else's.
    expect((await neighbour.client.post('/api/me/conversation/read')).status).toBe(204);
    expect((await asCoach(mine.client, cohortId, member.user.id)).conversation.items.map((i) => i.text)).toEqual(['Ciao coach, sono Paola']);
  });
});

describe('a two-way conversation', () => {
  test('unread for the other side until read, with read receipts on both sides, the coach list unread first', async () => {
    app.setNow(WEEK1);
    const mine = await coach('Giulia Coach');
    const colleague = await coach('Marco Coach');
    const cohortId = await cohort([mine.user.id, colleague.user.id]);
    const paola = await participant(cohortId, 'Paola Neri');
    const luca = await participant(cohortId, 'Luca Verdi');

    await write(luca, 'Domanda sul planner');
    app.advance(60_000);
    const sent = await write(paola, 'Ciao Giulia, ho una domanda');
    const item = timelineItemSchema.parse(sent.body);
    expect(item).toMatchObject({ kind: 'message', from: 'participant', authorName: 'Paola Neri', seen: false, voiceNote: null });

    // Both unread; the latest first. Then a coach reads Luca's: Paola's stays first, Luca's after.
    let threads = await list(mine.client);
    expect(threads.conversations.map((c) => [c.name, c.unread, c.lastPreview])).toEqual([
      ['Paola Neri', 1, { from: 'participant', text: 'Ciao Giulia, ho una domanda' }],
      ['Luca Verdi', 1, { from: 'participant', text: 'Domanda sul planner' }],
    ]);
    expect(threads.unreadTotal).toBe(2);
    expect((await colleague.client.post(`${threadPath(cohortId, luca.user.id)}/read`)).status).toBe(204);
    app.advance(60_000);
    await write(luca, 'Scusa, un’altra cosa');
    expect((await colleague.client.post(`${threadPath(cohortId, luca.user.id)}/read`)).status).toBe(204);
    threads = await list(mine.client);
    expect(threads.conversations.map((c) => [c.name, c.unread])).toEqual([
      ['Paola Neri', 1],
      ['Luca Verdi', 0],
    ]);
    expect(threads.unreadTotal).toBe(1);
    // Read by one coach is read for the cohort's coaches; Luca sees who read it.
    expect((await own(luca)).items.map((i) => i.seen)).toEqual([true, true]);
    expect(await own(luca)).toMatchObject({ coachReadBy: 'Marco Coach' });

    // Paola's message has no receipt until a coach reads it; the coach's answer reads it too.
    expect((await own(paola)).items[0]).toMatchObject({ id: item.id, seen: false });
    app.advance(60_000);
    await answer(mine.client, cohortId, paola.user.id, 'Ciao Paola, dimmi pure');
    expect((await own(paola)).items.map((i) => [i.from, i.text, i.seen])).toEqual([
      ['coach', 'Ciao Paola, dimmi pure', false],
      ['participant', 'Ciao Giulia, ho una domanda', true],
    ]);
    // The coach's message counts on the participant's badge until they read the thread.
    expect(inboxSchema.parse((await paola.client.get('/api/me/inbox')).body).unreadMessages).toBe(1);
    expect((await paola.client.post('/api/me/conversation/read')).status).toBe(204);
    expect(inboxSchema.parse((await paola.client.get('/api/me/inbox')).body).unreadMessages).toBe(0);
    const seenByPaola = await asCoach(mine.client, cohortId, paola.user.id);
    expect(seenByPaola.conversation.items[0]).toMatchObject({ text: 'Ciao Paola, dimmi pure', seen: true });
    expect(seenByPaola.conversation.participantReadAt).toBe(app.deps.clock().toISOString());
  });

  test("the inbox names the coach's latest one-to-one message, to that participant only, still after they answer; a check-in reply is not one", async () => {
    app.setNow(WEEK1);
    const mine = await coach('Giulia Coach');
    const colleague = await coach('Marco Coach');
    const cohortId = await cohort([mine.user.id, colleague.user.id]);
    const paola = await participant(cohortId, 'Paola Neri');
    const luca = await participant(cohortId, 'Luca Verdi');
    const latest = async (member: Member) => inboxSchema.parse((await member.client.get('/api/me/inbox')).body).latestPersonal;

    expect(await latest(paola)).toBeNull();
    await write(paola, 'Ciao, una domanda');
    // Her own message is not one from the coach.
    expect(await latest(paola)).toBeNull();
    app.advance(60_000);
    await answer(mine.client, cohortId, paola.user.id, 'Ciao Paola, eccomi');
    app.advance(60_000);
    await answer(colleague.client, cohortId, paola.user.id, 'Ti scrivo anche io');
    const at = app.deps.clock().toISOString();
    expect(await latest(paola)).toEqual({ text: 'Ti scrivo anche io', coachName: 'Marco Coach', at, unread: true });
    expect(await latest(luca)).toBeNull();
    // Read, then answered: still the coach's newest, no longer unread.
    expect((await paola.client.post('/api/me/conversation/read')).status).toBe(204);
    app.advance(60_000);
    await write(paola, 'Grazie!');
    expect(await latest(paola)).toEqual({ text: 'Ti scrivo anche io', coachName: 'Marco Coach', at, unread: false });
    // The one route the card reads: signed out 401 (the coach's own inbox holds no conversation).
    expect((await new Client(app).get('/api/me/inbox')).status).toBe(401);

    // A check-in reply stays the thread's (the inbox's threads), not a one-to-one message.
    let tracker: TrackerData = emptyTracker(TZ, WEEK1, START);
    tracker = must(addHabit(tracker, 'Camminare', WEEK1, 'h1'));
    tracker = must(submitCheckIn(tracker, { mood: 3, reflection: 'Bene' }, WEEK1));
    expect((await luca.client.put('/api/users/me/progress', tracker)).status).toBe(200);
    expect((await mine.client.post(`/api/coach/check-ins/${checkInThreadId(luca.user.id, 1)}/reply`, { text: 'Bravo Luca' })).status).toBe(200);
    const lucaInbox = inboxSchema.parse((await luca.client.get('/api/me/inbox')).body);
    expect(lucaInbox.latestPersonal).toBeNull();
    expect(lucaInbox.threads[0]?.reply).toMatchObject({ text: 'Bravo Luca' });
  });

  test('one timeline: check-ins with the reply and the answer, cohort messages, answers quoting them; the answer to a reply is unread for the coaches', async () => {
    app.setNow(WEEK1);
    const mine = await coach('Giulia Coach');
    const cohortId = await cohort([mine.user.id]);
    const paola = await participant(cohortId, 'Paola Neri');

    // A check-in, synced as the web app does.
    let tracker: TrackerData = emptyTracker(TZ, WEEK1, START);
    tracker = must(addHabit(tracker, 'Camminare', WEEK1, 'h1'));
    tracker = must(toggleHabit(tracker, 'h1', '2026-03-25', WEEK1));
    tracker = must(submitCheckIn(tracker, { mood: 2, reflection: 'Settimana dura' }, WEEK1));
    expect((await paola.client.put('/api/users/me/progress', tracker)).status).toBe(200);
    app.advance(60_000);
    const reply = await mine.client.post(`/api/coach/check-ins/${checkInThreadId(paola.user.id, 1)}/reply`, { text: 'Ti ascolto, Paola' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    app.advance(60_000);
    const sent = await mine.client.post(`/api/coach/cohorts/${cohortId}/messages`, { requestId: randomUUID(), text: 'Ciao {nome}, domani si parte!', segment: 'all' });
    expect(sent.status).toBe(201);
    // The copies are written by the message's tasks.
    await app.tasks.idle();

    // The reply moved the thread, and nothing is unread for the coach yet.
    expect((await list(mine.client)).conversations).toMatchObject([{ userId: paola.user.id, unread: 0, lastPreview: { from: 'coach', text: 'Ti ascolto, Paola' } }]);
    let timeline = await own(paola);
    expect(timeline.items.map((i) => [i.kind, i.from, i.text, i.seen])).toEqual([
      ['cohortMessage', 'coach', 'Ciao Paola, domani si parte!', false],
      ['checkInReply', 'coach', 'Ti ascolto, Paola', false],
      ['checkIn', 'participant', 'Settimana dura', true],
    ]);
    expect(timeline.items[2]).toMatchObject({ weekNumber: 1, mood: 2 });

    // Reading the thread opens the reply ("letto" on the coach's card).
    expect((await paola.client.post('/api/me/conversation/read')).status).toBe(204);
    const cards = await mine.client.get<{ cards: Array<{ replySeenAt: string | null }> }>(`/api/coach/cohorts/${cohortId}/participants/${paola.user.id}/check-ins`);
    expect(cards.body.cards[0]!.replySeenAt).not.toBeNull();

    // Answering the reply: unread for the coach until opened.
    app.advance(60_000);
    expect((await paola.client.post('/api/me/check-ins/1/answer', { text: 'Grazie, va meglio' })).status).toBe(200);
    expect((await list(mine.client)).conversations).toMatchObject([{ unread: 1, lastPreview: { from: 'participant', text: 'Grazie, va meglio' } }]);
    expect((await list(mine.client)).unreadTotal).toBe(1);
    // Answering the cohort message from the thread quotes it.
    timeline = await own(paola);
    const cohortMessage = timeline.items.find((i) => i.kind === 'cohortMessage')!;
    app.advance(60_000);
    await write(paola, 'Ci sarò!', 201, { replyTo: cohortMessage.id });
    for (const replyTo of ['inbox-di-un-altro', 'message-a/b', 'reply-9', 'qualcosa']) {
      expect((await write(paola, 'E questo?', 400, { replyTo })).body, replyTo).toEqual({ message: conversationTexts.replyToNotFound });
    }

    const coachView = await asCoach(mine.client, cohortId, paola.user.id);
    expect(coachView.conversation.items.map((i) => [i.kind, i.text, i.replyTo?.excerpt ?? null])).toEqual([
      ['message', 'Ci sarò!', 'Ciao Paola, domani si parte!'],
      ['checkInAnswer', 'Grazie, va meglio', null],
      ['cohortMessage', 'Ciao Paola, domani si parte!', null],
      ['checkInReply', 'Ti ascolto, Paola', null],
      ['checkIn', 'Settimana dura', null],
    ]);
    // The week at a glance: habits ticked Wednesday, the mood of the check-in.
    expect(coachView.week).toEqual({ weekNumber: 1, habitsPercent: 100, mood: { weekNumber: 1, mood: 2 }, planner: null });
    expect((await list(mine.client)).conversations[0]).toMatchObject({ unread: 2 });
    expect((await mine.client.post(`${threadPath(cohortId, paola.user.id)}/read`)).status).toBe(204);
    expect((await list(mine.client)).conversations[0]).toMatchObject({ unread: 0 });
  });
});

describe('voice notes in the conversation', () => {
  test('the participant sends a voice note; the coach sees it with its length, hears it, and answers with one', async () => {
    app.setNow(WEEK1);
    const mine = await coach('Giulia Coach');
    const cohortId = await cohort([mine.user.id]);
    const paola = await participant(cohortId, 'Paola Neri');
    const coachPhone = new BrowserDevice(pushService);
    expect((await mine.client.post('/api/me/push-subscriptions', coachPhone.subscription)).status).toBe(201);

    const note = await recorded(paola.client);
    const sent = await write(paola, '', 201, { voiceNoteId: note.id });
    expect(timelineItemSchema.parse(sent.body)).toMatchObject({ kind: 'message', from: 'participant', text: '', voiceNote: note });
    // A voice note alone is "Nota vocale" in the coach's list and on their phone.
    expect((await list(mine.client)).conversations).toMatchObject([{ userId: paola.user.id, unread: 1, lastPreview: { from: 'participant', text: 'Nota vocale' } }]);
    await expect.poll(() => coachPhone.received.at(-1)?.body).toBe('Nota vocale');

    const seen = await asCoach(mine.client, cohortId, paola.user.id);
    expect(seen.conversation.items[0]).toMatchObject({ text: '', voiceNote: { id: note.id, mime: 'audio/webm', durationMs: note.durationMs } });
    expect(note.durationMs).toBeGreaterThan(0);
    const audio = await mine.client.request('GET', `/api/voice-notes/${note.id}`);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/webm');

    // The coach answers with a voice note and a text; a text alone still works.
    app.advance(60_000);
    const answerNote = await recorded(mine.client, coachVoiceNotes(cohortId, paola.user.id));
    const answered = await mine.client.post(`${threadPath(cohortId, paola.user.id)}/messages`, { requestId: randomUUID(), text: 'Ascolta qui', voiceNoteId: answerNote.id });
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);
    app.advance(60_000);
    await write(paola, 'Grazie, ascoltata!');
    const timeline = await own(paola);
    expect(timeline.items.map((i) => [i.from, i.text, i.voiceNote?.id ?? null])).toEqual([
      ['participant', 'Grazie, ascoltata!', null],
      ['coach', 'Ascolta qui', answerNote.id],
      ['participant', '', note.id],
    ]);
    expect((await paola.client.request('GET', `/api/voice-notes/${answerNote.id}`)).status).toBe(200);
    // Quoting a voice note alone quotes "Nota vocale".
    app.advance(60_000);
    await write(paola, 'Ti rispondo', 201, { replyTo: timeline.items[2]!.id });
    expect((await own(paola)).items[0]!.replyTo).toEqual({ id: timeline.items[2]!.id, authorName: 'Paola Neri', excerpt: 'Nota vocale' });
  });

  test('the check-in\'s voice note and the coach\'s voice reply show in the timeline', async () => {
    app.setNow(WEEK1);
    const mine = await coach('Giulia Coach');
    const cohortId = await cohort([mine.user.id]);
    const paola = await participant(cohortId, 'Paola Neri');
    const note = await recorded(paola.client);
    const tracker = must(submitCheckIn(emptyTracker(TZ, WEEK1, START), { mood: 3, reflection: 'Ascolta', voiceNoteId: note.id }, WEEK1));
    expect((await paola.client.put('/api/users/me/progress', tracker)).status).toBe(200);
    app.advance(60_000);
    const replyNote = await recorded(mine.client, coachVoiceNotes(cohortId, paola.user.id));
    const reply = await mine.client.post(`/api/coach/check-ins/${checkInThreadId(paola.user.id, 1)}/reply`, { text: '', voiceNoteId: replyNote.id });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect((await asCoach(mine.client, cohortId, paola.user.id)).conversation.items.map((i) => [i.kind, i.voiceNote?.id ?? null])).toEqual([
      ['checkInReply', replyNote.id],
      ['checkIn', note.id],
    ]);
  });

  test('a borrowed note is refused: another participant\'s, another coach\'s, someone else\'s check-in note; nothing is written', async () => {
    app.setNow(WEEK1);
    const mine = await coach('Giulia Coach');
    const colleague = await coach('Marco Coach');
    const cohortId = await cohort([mine.user.id, colleague.user.id]);
    const paola = await participant(cohortId, 'Paola Neri');
    const luca = await participant(cohortId, 'Luca Verdi');

    // Luca's note of his check-in, synced with it.
    const lucasNote = await recorded(luca.client);
    const tracker = must(submitCheckIn(emptyTracker(TZ, WEEK1, START), { mood: 4, reflection: 'Bene', voiceNoteId: lucasNote.id }, WEEK1));
    expect((await luca.client.put('/api/users/me/progress', tracker)).status).toBe(200);
    const forPaolaByColleague = await recorded(colleague.client, coachVoiceNotes(cohortId, paola.user.id));
    const forLucaByMe = await recorded(mine.client, coachVoiceNotes(cohortId, luca.user.id));
    const paolasOwn = await recorded(paola.client);
    const refused = { message: voiceNoteMessages.invalid };

    for (const [what, voiceNoteId] of [
      ['another participant\'s check-in note', lucasNote.id],
      ['a coach\'s note for her', forPaolaByColleague.id],
      ['a coach\'s note for another participant', forLucaByMe.id],
      ['a note that does not exist', '0'.repeat(32)],
    ] as const) {
      expect((await write(paola, 'Senti qui', 400, { voiceNoteId })).body, what).toEqual(refused);
    }
    for (const [what, voiceNoteId] of [
      ['another coach\'s recording', forPaolaByColleague.id],
      ['the participant\'s own note', paolasOwn.id],
      ['a note recorded for another participant', forLucaByMe.id],
      ['someone else\'s check-in note', lucasNote.id],
    ] as const) {
      const reply = await mine.client.post(`${threadPath(cohortId, paola.user.id)}/messages`, { requestId: randomUUID(), text: 'Ecco', voiceNoteId });
      expect(reply, what).toMatchObject({ status: 400, body: refused });
    }
    expect((await write(paola, '', 400, { voiceNoteId: 'non-una-nota' })).body).toEqual(refused);
    expect((await own(paola)).items).toEqual([]);
    // Refused notes cost nothing of the rate: her own note still goes.
    await write(paola, '', 201, { voiceNoteId: paolasOwn.id });
  });

  test('a double tap with a voice note writes one message; the same request id with another note is refused', async () => {
    app.setNow(WEEK1);
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const paola = await participant(cohortId, 'Paola Neri');
    const [note, other] = [await recorded(paola.client), await recorded(paola.client)];
    const request = { requestId: randomUUID(), text: '', voiceNoteId: note.id };
    const [first, second] = await Promise.all([
      paola.client.post('/api/me/conversation/messages', request),
      paola.client.post('/api/me/conversation/messages', request),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(second.body).toMatchObject({ id: (first.body as { id: string }).id, voiceNote: note });
    expect(await paola.client.post('/api/me/conversation/messages', { ...request, voiceNoteId: other.id })).toMatchObject({
      status: 409,
      body: { message: conversationTexts.requestReused },
    });
    expect(await paola.client.post('/api/me/conversation/messages', { requestId: request.requestId, text: '' })).toMatchObject({
      status: 400,
      body: { message: conversationTexts.textRequired },
    });
    expect((await own(paola)).items.map((i) => i.voiceNote?.id)).toEqual([note.id]);
  });
});

describe('the limits', () => {
  test('a double tap writes one message; a request id used for another text is refused', async () => {
    app.setNow(WEEK1);
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const paola = await participant(cohortId, 'Paola Neri');
    const request = { requestId: randomUUID(), text: 'Una volta sola' };
    const [first, second] = await Promise.all([
      paola.client.post('/api/me/conversation/messages', request),
      paola.client.post('/api/me/conversation/messages', request),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(second.body).toMatchObject({ id: (first.body as { id: string }).id });
    expect(await paola.client.post('/api/me/conversation/messages', request)).toMatchObject({ status: 200, body: { text: 'Una volta sola' } });
    expect(texts(await own(paola))).toEqual(['Una volta sola']);
    expect((await list(mine.client)).conversations[0]).toMatchObject({ unread: 1 });
    expect(await paola.client.post('/api/me/conversation/messages', { ...request, text: 'Un altro testo' })).toMatchObject({
      status: 409,
      body: { message: conversationTexts.requestReused },
    });
    // The coach's double tap too.
    app.advance(1000);
    const coachRequest = { requestId: randomUUID(), text: 'Ricevuto' };
    expect((await mine.client.post(`${threadPath(cohortId, paola.user.id)}/messages`, coachRequest)).status).toBe(201);
    expect((await mine.client.post(`${threadPath(cohortId, paola.user.id)}/messages`, coachRequest)).status).toBe(200);
    expect(texts(await own(paola))).toEqual(['Ricevuto', 'Una volta sola']);
  });

  test('2,000 characters; then a clear message', async () => {
    app.setNow(WEEK1);
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const paola = await participant(cohortId, 'Paola Neri');
    await write(paola, 'è'.repeat(MAX_CONVERSATION_MESSAGE));
    expect((await write(paola, 'a'.repeat(MAX_CONVERSATION_MESSAGE + 1), 400)).body).toEqual({ message: conversationTexts.textTooLong });
    expect((await answer(mine.client, cohortId, paola.user.id, 'a'.repeat(MAX_CONVERSATION_MESSAGE + 1), 400)).body).toEqual({ message: conversationTexts.textTooLong });
    expect((await write(paola, '   ', 400)).body).toEqual({ message: conversationTexts.textRequired });
  });

  test('each sender is rate-limited with an Italian 429; the other side still writes', async () => {
    app.setNow(new Date('2026-03-25T12:00:00Z'));
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const paola = await participant(cohortId, 'Paola Neri');
    for (let i = 0; i < CONVERSATION_MESSAGES_PER_WINDOW; i++) await write(paola, `Messaggio ${i + 1}`);
    const refused = await write(paola, 'Uno di troppo', 429);
    expect(refused.body).toEqual({ message: conversationTexts.tooManyMessages });
    await answer(mine.client, cohortId, paola.user.id, 'Calma, ci sono');
    // The window over, Paola writes again.
    app.advance(10 * 60 * 1000);
    await write(paola, 'Eccomi di nuovo');
  });

  test('a cohort with no coach yet: nobody to write to', async () => {
    app.setNow(WEEK1);
    const cohortId = await cohort([]);
    const paola = await participant(cohortId, 'Paola Neri');
    expect((await write(paola, 'C’è qualcuno?', 409)).body).toEqual({ message: conversationTexts.noCoach });
    expect((await own(paola)).items).toEqual([]);
  });

  test('a withdrawn participant\'s thread is read-only for both sides, and still readable', async () => {
    app.setNow(WEEK1);
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const paola = await participant(cohortId, 'Paola Neri');
    await write(paola, 'Prima del ritiro');
    expect((await mine.client.post(`/api/coach/cohorts/${cohortId}/participants/${paola.user.id}/withdraw`)).status).toBe(200);
    expect((await write(paola, 'Dopo il ritiro', 409)).body).toEqual({ message: conversationTexts.readOnly });
    expect((await answer(mine.client, cohortId, paola.user.id, 'Ciao', 409)).body).toEqual({ message: conversationTexts.readOnly });
    expect(await own(paola)).toMatchObject({ readOnly: true, items: [{ text: 'Prima del ritiro' }] });
    expect((await asCoach(mine.client, cohortId, paola.user.id)).conversation).toMatchObject({ readOnly: true });
    expect((await list(mine.client)).conversations).toMatchObject([{ userId: paola.user.id, readOnly: true }]);
  });
});

describe('a move to another cohort', () => {
  test('an operator\'s move takes the conversation along: the new cohort\'s coach lists it and answers, the old one no longer does', async () => {
    const giulia = await coach('Giulia Coach');
    const marco = await coach('Marco Coach');
    const before = await cohort([giulia.user.id], 'Autunno');
    const after = await cohort([marco.user.id], 'Inverno');
    const member = await participant(before, 'Elena Spostata');
    await write(member, 'Ciao Giulia');
    expect((await list(giulia.client)).conversations.map((item) => item.userId)).toContain(member.user.id);

    await ensureAccount(app.deps, { email: member.email, password: PASSWORD, name: 'Elena Spostata', role: 'PARTICIPANT', cohortId: after });

    expect(await readDoc(app, `conversations/${member.user.id}`)).toMatchObject({ cohortId: after, coachUnread: 1 });
    expect((await list(marco.client)).conversations.map((item) => item.userId)).toContain(member.user.id);
    expect((await list(giulia.client)).conversations.map((item) => item.userId)).not.toContain(member.user.id);
    await answer(marco.client, after, member.user.id, 'Benvenuta in Inverno');
    await answer(giulia.client, before, member.user.id, 'Ci sono ancora', 404);
  });
});

describe('pages', () => {
  test('the timeline pages by time, each page bounded, all items once', async () => {
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const paola = await participant(cohortId, 'Paola Neri');
    // One message a minute from each side, within their rate limits: 40 in all.
    const base = new Date('2026-03-26T08:00:00Z').getTime();
    for (let i = 0; i < 40; i++) {
      app.setNow(new Date(base + i * 60_000));
      if (i % 2 === 0) await write(paola, `P${i}`);
      else await answer(mine.client, cohortId, paola.user.id, `C${i}`);
    }
    const first = await own(paola);
    expect(first.items).toHaveLength(TIMELINE_PAGE);
    expect(first.items[0]!.text).toBe('C39');
    expect(first.nextBefore).toBe(first.items.at(-1)!.at);
    const second = await asCoach(mine.client, cohortId, paola.user.id, `?before=${encodeURIComponent(first.nextBefore!)}`);
    expect(second.conversation.nextBefore).toBeNull();
    const all = [...first.items, ...second.conversation.items].map((i) => i.text);
    expect(all).toEqual(Array.from({ length: 40 }, (_, i) => (39 - i) % 2 === 0 ? `P${39 - i}` : `C${39 - i}`));
    expect((await paola.client.get('/api/me/conversation?before=ieri')).body).toEqual({ message: conversationTexts.before });
  });

  test('the coach list pages across cohorts and filters by cohort', async () => {
    app.setNow(new Date('2026-03-27T08:00:00Z'));
    const mine = await coach();
    const spring = await cohort([mine.user.id], 'Primavera');
    const autumn = await cohort([mine.user.id], 'Autunno');
    const members: Member[] = [];
    for (let i = 0; i < CONVERSATION_LIST_PAGE + 2; i++) {
      const member = await participant(i % 2 === 0 ? spring : autumn, `Persona ${String(i).padStart(2, '0')}`);
      app.advance(1000);
      await write(member, `Ciao da ${i}`);
      members.push(member);
    }
    const first = await list(mine.client);
    expect(first.conversations).toHaveLength(CONVERSATION_LIST_PAGE);
    expect(first.unreadTotal).toBe(CONVERSATION_LIST_PAGE + 2);
    expect(first.conversations[0]).toMatchObject({ name: `Persona ${CONVERSATION_LIST_PAGE + 1}`, cohortName: 'Autunno' });
    const second = await list(mine.client, `?cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.nextCursor).toBeNull();
    expect([...first.conversations, ...second.conversations].map((c) => c.userId)).toEqual(members.map((m) => m.user.id).reverse());

    const onlySpring = await list(mine.client, `?cohortId=${spring}`);
    expect(onlySpring.conversations.every((c) => c.cohortName === 'Primavera')).toBe(true);
    expect(onlySpring.conversations).toHaveLength((CONVERSATION_LIST_PAGE + 2) / 2);
    expect(onlySpring.unreadTotal).toBe((CONVERSATION_LIST_PAGE + 2) / 2);
    expect((await mine.client.get('/api/coach/conversations?cursor=domani')).body).toEqual({ message: conversationTexts.cursor });
  });
});

describe('push notifications', () => {
  test('a message is pushed to the other side, under each one\'s setting', async () => {
    app.setNow(WEEK1);
    const mine = await coach('Giulia Coach');
    const cohortId = await cohort([mine.user.id]);
    const paola = await participant(cohortId, 'Paola Neri');
    const coachPhone = new BrowserDevice(pushService);
    const paolaPhone = new BrowserDevice(pushService);
    for (const [client, device] of [
      [mine.client, coachPhone],
      [paola.client, paolaPhone],
    ] as const) {
      expect((await client.post('/api/me/push-subscriptions', device.subscription)).status).toBe(201);
    }

    await write(paola, 'Ciao Giulia, posso chiederti una cosa?');
    await answer(mine.client, cohortId, paola.user.id, 'Certo Paola!');
    await expect.poll(() => coachPhone.received).toEqual([
      {
        title: 'Messaggio da Paola Neri',
        body: 'Ciao Giulia, posso chiederti una cosa?',
        url: coachConversationPath(cohortId, paola.user.id),
        tag: `conversazione-${paola.user.id}`,
      },
    ]);
    await expect.poll(() => paolaPhone.received).toEqual([{ title: 'Messaggio da Giulia Coach', body: 'Certo Paola!', url: '/messaggi', tag: 'conversazione' }]);

    // An answer to a check-in reply is a message of the thread too.
    let tracker: TrackerData = emptyTracker(TZ, WEEK1, START);
    tracker = must(submitCheckIn(tracker, { mood: 3, reflection: 'Normale' }, WEEK1));
    expect((await paola.client.put('/api/users/me/progress', tracker)).status).toBe(200);
    expect((await mine.client.post(`/api/coach/check-ins/${checkInThreadId(paola.user.id, 1)}/reply`, { text: 'Ok!' })).status).toBe(200);
    expect((await paola.client.post('/api/me/check-ins/1/answer', { text: 'Grazie della risposta' })).status).toBe(200);
    await expect.poll(() => coachPhone.received.at(-1)).toEqual({
      title: 'Messaggio da Paola Neri',
      body: 'Grazie della risposta',
      url: coachConversationPath(cohortId, paola.user.id),
      tag: `conversazione-${paola.user.id}`,
    });

    // "Messaggi dai partecipanti" off: the coach's phone stays quiet.
    const settings = notificationsResponseSchema.parse((await mine.client.get('/api/me/notifications')).body).settings;
    expect(settings.participantMessages).toBe(true);
    const off: NotificationSettings = { ...settings, participantMessages: false };
    expect((await mine.client.put('/api/me/notifications', { settings: off })).status).toBe(200);
    await write(paola, 'Grazie!');
    // A push that follows it does arrive, so the one that did not was never sent.
    await answer(mine.client, cohortId, paola.user.id, 'Prego!');
    await expect.poll(() => paolaPhone.received.at(-1)?.body).toBe('Prego!');
    expect(coachPhone.received).toHaveLength(2);
  });
});
