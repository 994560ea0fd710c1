import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { coachMessages } from '@sfida/core/coach';
import { seasonInvitationAnswerSchema, type SeasonInvitationAnswer } from '@sfida/core/season-invitations';
import { seasonTexts } from '@sfida/core/seasons';
import { checkInThreadId } from '@sfida/core/check-in-threads';
import { conversationListSchema, conversationSchema, conversationTexts } from '@sfida/core/conversations';
import { inboxSchema } from '@sfida/core/cohort-messages';
import { emptyTracker, parseStoredTracker, staleTrackerAnswerSchema, type TrackerData } from '@sfida/core/tracker';
import { cohortRef } from '../../shared/cohort-repository';
import { memberIndexRef } from '../../shared/member-index-repository';
import { teamRef } from '../../shared/team-repository';
import { summaryRef, trackerRef } from '../../shared/tracker-repository';
import { userRef } from '../../shared/user-repository';
import { ensureAccount } from '../account/admin';
import { Client, PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../test-support/api-harness';
import { pdfText } from '../../test-support/pdf-text';
import { indexMembers, must, signedInCoach, updateMember, writeCohort } from '../../test-support/cohort-fixtures';
import { submitCheckIn } from '@sfida/core/tracker-actions';
import { threadRef } from '../../shared/check-in-thread-repository';
import { archivedSeasonRef } from '../../shared/season-archive-repository';
import { invitationRef } from './repository';

let app: TestApp;
/** Monday 5 January 2026: the finished cohort's start (its day 56 is 1 March). */
const START = '2026-01-05';
/** Tuesday 10 March 2026, 11:00 in Rome: day 65 of the finished cohort. */
const NOW = new Date('2026-03-10T10:00:00Z');
/** The new season's Monday. */
const NEXT_MONDAY = '2026-03-16';

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});
beforeEach(() => {
  app.setNow(NOW);
});

interface Participant {
  id: string;
  email: string;
  client: Client;
}

async function participant(cohortId: string, name: string, challengeStartDate = START): Promise<Participant> {
  const email = uniqueEmail('stagione');
  const user = await ensureAccount(app.deps, { email, password: PASSWORD, name, role: 'PARTICIPANT', cohortId, challengeStartDate });
  await userRef(app.deps.db, user.id).update({ onboardingCompletato: true });
  const client = new Client(app);
  expect((await client.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  return { id: user.id, email, client };
}

/** The tracker a participant kept in the eight weeks: two habits (one archived) and ticks in week 1. */
function oldSeasonTracker(): TrackerData {
  const base = emptyTracker('Europe/Rome', new Date('2026-01-04T10:00:00Z'), START);
  return {
    ...base,
    habits: [
      { id: 'h-walk', name: 'Camminare 30 minuti', createdAt: '2026-01-04T10:00:00.000Z' },
      { id: 'h-read', name: 'Leggere', createdAt: '2026-01-04T10:00:00.000Z', archivedAt: '2026-01-06T10:00:00.000Z' },
    ],
    completions: { 'h-walk': { '2026-01-05': 'onTime', '2026-01-06': 'onTime' } },
    changedAt: { habitDays: { 'h-walk': { '2026-01-05': 1767607200000, '2026-01-06': 1767693600000 } }, actions: {} },
  };
}

async function put(client: Client, data: TrackerData, tag: string | null) {
  return client.request<{ tracker: TrackerData; message?: string }>('PUT', '/api/users/me/progress', { json: data, headers: tag ? { 'if-match': tag } : {} });
}

async function invitationOf(client: Client): Promise<SeasonInvitationAnswer['invitation']> {
  const reply = await client.get('/api/me/season-invitation');
  expect(reply.status).toBe(200);
  return seasonInvitationAnswerSchema.parse(reply.body).invitation;
}

describe('Nuova stagione', () => {
  let coach: Awaited<ReturnType<typeof signedInCoach>>;
  let otherCoach: Awaited<ReturnType<typeof signedInCoach>>;
  let finished: string;
  let together: string;
  let ownDay: string;
  let started: string;
  let notMine: string;
  let anna: Participant;
  let bruno: Participant;
  let carla: Participant;
  let dario: Participant;
  let teamId: string;

  beforeAll(async () => {
    app.setNow(NOW);
    coach = await signedInCoach(app, 'Coach Giulia');
    otherCoach = await signedInCoach(app, 'Coach Marco');
    finished = await writeCohort(app, { coachIds: [coach.user.id], startDate: START, name: 'Inverno' });
    together = await writeCohort(app, { coachIds: [coach.user.id], startDate: NEXT_MONDAY, name: 'Primavera' });
    await cohortRef(app.deps.db, together).update({ pace: 'together' });
    ownDay = await writeCohort(app, { coachIds: [coach.user.id], startDate: NEXT_MONDAY, name: 'Primavera libera' });
    await cohortRef(app.deps.db, ownDay).update({ pace: 'ownDay' });
    // Started on 2 March: in its second week on 10 March.
    started = await writeCohort(app, { coachIds: [coach.user.id], startDate: '2026-03-02', name: 'Già partita' });
    notMine = await writeCohort(app, { coachIds: [otherCoach.user.id], startDate: NEXT_MONDAY, name: 'Di Marco' });
    for (const id of [finished, together, ownDay]) await indexMembers(app, id);

    anna = await participant(finished, 'Anna');
    bruno = await participant(finished, 'Bruno');
    carla = await participant(finished, 'Carla');
    // Dario joined late: on day 8 of his own challenge, not finished.
    dario = await participant(finished, 'Dario', '2026-03-02');
    await updateMember(app, carla.id, { withdrawnAt: '2026-02-01T10:00:00.000Z' });
    teamId = `squadra-${anna.id}`;
    await teamRef(app.deps.db, teamId).set({ cohortId: finished, name: 'Lupi', memberIds: [anna.id, bruno.id], createdAt: '2026-01-05T08:00:00.000Z' });

    // Anna's eight weeks, synced as the app does on 6 January: two on-time ticks.
    app.setNow(new Date('2026-01-06T18:00:00Z'));
    const first = await put(anna.client, oldSeasonTracker(), null);
    expect(first.status).toBe(200);
    app.setNow(NOW);
  });

  test('the coach route: signed out 401, a participant 403, a coach of another cohort 403, an unknown cohort 404', async () => {
    const body = { targetCohortId: together };
    expect((await new Client(app).post(`/api/coach/cohorts/${finished}/new-season`, body)).status).toBe(401);
    const asParticipant = await anna.client.post(`/api/coach/cohorts/${finished}/new-season`, body);
    expect(asParticipant.status).toBe(403);
    expect(asParticipant.body).toEqual({ message: coachMessages.coachesOnly });
    const asOther = await otherCoach.client.post(`/api/coach/cohorts/${finished}/new-season`, body);
    expect(asOther.status).toBe(403);
    expect(asOther.body).toEqual({ message: coachMessages.notYourCohort });
    const unknown = await coach.client.post('/api/coach/cohorts/nessuna-coorte/new-season', body);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: coachMessages.cohortNotFound });
    expect((await invitationRef(app.deps.db, anna.id, together).get()).exists).toBe(false);
  });

  test('a bad target is refused in Italian: none, this cohort, unknown, another coach\'s, already past its first week', async () => {
    const post = (json: unknown) => coach.client.post(`/api/coach/cohorts/${finished}/new-season`, json);
    expect(await post({})).toMatchObject({ status: 400, body: { message: seasonTexts.targetRequired } });
    expect(await post({ targetCohortId: 'a/b' })).toMatchObject({ status: 400, body: { message: seasonTexts.targetRequired } });
    expect(await post({ targetCohortId: finished })).toMatchObject({ status: 400, body: { message: seasonTexts.sameCohort } });
    expect(await post({ targetCohortId: 'coorte-inesistente' })).toMatchObject({ status: 404, body: { message: seasonTexts.targetNotFound } });
    expect(await post({ targetCohortId: notMine })).toMatchObject({ status: 403, body: { message: seasonTexts.targetNotYours } });
    expect(await post({ targetCohortId: started })).toMatchObject({ status: 400, body: { message: seasonTexts.targetStarted } });
    // The other coach, inviting from their own cohort into this coach's: not theirs either.
    const empty = await writeCohort(app, { coachIds: [otherCoach.user.id], startDate: START });
    const reply = await otherCoach.client.post(`/api/coach/cohorts/${empty}/new-season`, { targetCohortId: together });
    expect(reply).toMatchObject({ status: 403, body: { message: seasonTexts.targetNotYours } });
    const nobody = await otherCoach.client.post(`/api/coach/cohorts/${empty}/new-season`, { targetCohortId: notMine });
    expect(nobody).toMatchObject({ status: 400, body: { message: seasonTexts.nobodyFinished } });
  });

  test('the coach invites those who finished, not withdrawn: once each, however often they ask', async () => {
    const reply = await coach.client.post(`/api/coach/cohorts/${finished}/new-season`, { targetCohortId: together });
    expect(reply).toMatchObject({ status: 200, body: { invited: 2 } });
    const again = await coach.client.post(`/api/coach/cohorts/${finished}/new-season`, { targetCohortId: together });
    expect(again).toMatchObject({ status: 200, body: { invited: 0 } });
    expect((await invitationRef(app.deps.db, carla.id, together).get()).exists).toBe(false);
    expect((await invitationRef(app.deps.db, dario.id, together).get()).exists).toBe(false);
    expect(await invitationOf(anna.client)).toEqual({ targetCohortId: together, cohortName: 'Primavera', startDate: NEXT_MONDAY, pace: 'together' });
    expect(await invitationOf(dario.client)).toBeNull();
    expect((await new Client(app).get('/api/me/season-invitation')).status).toBe(401);
    // The second target, invited later: the newest is shown first.
    app.setNow(new Date(NOW.getTime() + 60_000));
    expect(await coach.client.post(`/api/coach/cohorts/${finished}/new-season`, { targetCohortId: ownDay })).toMatchObject({ status: 200, body: { invited: 2 } });
  });

  test('only the invitee answers: another participant finds no invitation of theirs', async () => {
    const reply = await dario.client.post(`/api/me/season-invitation/${together}/accept`);
    expect(reply).toMatchObject({ status: 404, body: { message: seasonTexts.invitationNotFound } });
    expect((await new Client(app).post(`/api/me/season-invitation/${together}/accept`)).status).toBe(401);
    // Declining reads the invitation alone: the same answers.
    expect(await dario.client.post(`/api/me/season-invitation/${together}/decline`)).toMatchObject({ status: 404, body: { message: seasonTexts.invitationNotFound } });
    expect((await invitationRef(app.deps.db, anna.id, together).get()).get('status')).toBe('pending');
  });

  test('accepting moves Anna into the new cohort with her habits and none of her old ticks; the old season is archived', async () => {
    const reply = await anna.client.post(`/api/me/season-invitation/${together}/accept`);
    expect(reply).toMatchObject({ status: 200, body: { cohortId: together, season: 2, challengeStartDate: NEXT_MONDAY } });
    const { db } = app.deps;
    const user = (await userRef(db, anna.id).get()).data()!;
    expect(user).toMatchObject({ cohortId: together, challengeStartDate: NEXT_MONDAY, challengeJoinedOn: null });
    expect(JSON.parse(user.weekStats as string)).toMatchObject({ cohortId: together });
    const [oldIndex, newIndex] = await Promise.all([memberIndexRef(db, finished).get(), memberIndexRef(db, together).get()]);
    expect(oldIndex.get('ids')).not.toContain(anna.id);
    expect(newIndex.get('ids')).toContain(anna.id);
    expect((await teamRef(db, teamId).get()).get('memberIds')).toEqual([bruno.id]);
    expect((await summaryRef(db, anna.id).get()).data()).toMatchObject({ cohortId: together, totalPoints: 0, pointsByWeek: {}, ranked: true });

    const stored = await trackerRef(db, anna.id).get();
    const fresh = parseStoredTracker(stored.get('data') as string).data;
    expect(fresh.season).toBe(2);
    expect(fresh.challengeStartDate).toBe(NEXT_MONDAY);
    expect(fresh.habits.map((habit) => [habit.id, habit.name])).toEqual([['h-walk', 'Camminare 30 minuti']]);
    expect(fresh.completions).toEqual({});
    expect(fresh.pointsHistory).toEqual([]);
    expect(stored.get('revision')).toBe(2);

    const archive = (await archivedSeasonRef(db, anna.id, 1).get()).data()!;
    expect(archive).toMatchObject({ season: 1, cohortId: finished, challengeStartDate: START });
    expect(archive.totalPoints).toBeGreaterThan(0);
    expect(parseStoredTracker(archive.data as string).data.completions['h-walk']).toEqual({ '2026-01-05': 'late', '2026-01-06': 'onTime' });

    // The certificate stays the finished season's, from its archive, while the new one has not ended.
    const certificate = await fetch(`${app.baseUrl}/api/me/certificate.pdf`, { headers: { cookie: `__session=${anna.client.cookie}` } });
    expect(certificate.status).toBe(200);
    const text = (await pdfText(new Uint8Array(await certificate.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(text).toContain('dal 5 gennaio 2026 al 1 marzo 2026');
    expect(text).toContain('Anna ha portato a termine la Sfida 8 settimane');

    // Answered: no longer shown, and not taken twice; the invitation to the other cohort, from a cohort she left, is not shown.
    expect(await invitationOf(anna.client)).toBeNull();
    expect(await anna.client.post(`/api/me/season-invitation/${together}/accept`)).toMatchObject({ status: 409, body: { message: seasonTexts.invitationClosed } });
    expect(await anna.client.post(`/api/me/season-invitation/${ownDay}/accept`)).toMatchObject({ status: 409, body: { message: seasonTexts.movedElsewhere } });
  });

  test('the old season\'s copy, sent by a browser after accepting, never brings its ticks back', async () => {
    const old = oldSeasonTracker();
    // The browser's last tag is from before: the new season comes back to replace its copy.
    const stale = await put(anna.client, old, '"r1"');
    expect(stale.status).toBe(412);
    expect(staleTrackerAnswerSchema.parse(stale.body).tracker.season).toBe(2);
    // Even naming the current revision, a copy of the finished season is refused.
    const named = await put(anna.client, old, stale.headers.get('etag'));
    expect(named.status).toBe(412);
    expect(named.body.message).toMatch(/nuova stagione/);
    const data = parseStoredTracker((await trackerRef(app.deps.db, anna.id).get()).get('data') as string).data;
    expect(data.completions).toEqual({});
    expect(data.season).toBe(2);
  });

  test('"No, grazie" closes one invitation; accepting one to a cohort where each starts on their own day leaves the start to choose', async () => {
    expect(await invitationOf(bruno.client)).toMatchObject({ targetCohortId: ownDay });
    const declined = await bruno.client.post(`/api/me/season-invitation/${ownDay}/decline`);
    expect(declined.status).toBe(200);
    expect(seasonInvitationAnswerSchema.parse(declined.body).invitation).toMatchObject({ targetCohortId: together });
    expect(await bruno.client.post(`/api/me/season-invitation/${ownDay}/accept`)).toMatchObject({ status: 409, body: { message: seasonTexts.invitationClosed } });
    expect(await bruno.client.post(`/api/me/season-invitation/${ownDay}/decline`)).toMatchObject({ status: 409, body: { message: seasonTexts.invitationClosed } });
    expect(await invitationOf(bruno.client)).toMatchObject({ targetCohortId: together });
    expect(await bruno.client.post(`/api/me/season-invitation/${together}/accept`)).toMatchObject({ status: 200, body: { challengeStartDate: NEXT_MONDAY } });

    // Dario finishes later, and is invited to the cohort run from each one's own day.
    app.setNow(new Date('2026-05-05T10:00:00Z'));
    // Two months on, both sign in again.
    for (const client of [coach.client, dario.client]) client.cookie = null;
    expect((await coach.client.post('/api/auth/login', { email: coach.user.email, password: PASSWORD })).status).toBe(200);
    expect((await dario.client.post('/api/auth/login', { email: dario.email, password: PASSWORD })).status).toBe(200);
    const late = await writeCohort(app, { coachIds: [coach.user.id], startDate: '2026-05-11', name: 'Estate' });
    await cohortRef(app.deps.db, late).update({ pace: 'ownDay' });
    expect(await coach.client.post(`/api/coach/cohorts/${finished}/new-season`, { targetCohortId: late })).toMatchObject({ status: 200, body: { invited: 1 } });
    expect(await dario.client.post(`/api/me/season-invitation/${late}/accept`)).toMatchObject({ status: 200, body: { cohortId: late, season: 2, challengeStartDate: null } });
    expect((await userRef(app.deps.db, dario.id).get()).get('challengeStartDate')).toBeNull();
  });
});

describe('A new season\'s check-ins', () => {
  test('week 1 of the new season opens a thread of its own: the last season\'s week 1, and the coach\'s reply to it, stay as they were', async () => {
    const { db } = app.deps;
    app.setNow(NOW);
    const coach = await signedInCoach(app, 'Coach Sara');
    const winter = await writeCohort(app, { coachIds: [coach.user.id], startDate: START, name: 'Inverno bis' });
    const spring = await writeCohort(app, { coachIds: [coach.user.id], startDate: NEXT_MONDAY, name: 'Primavera bis' });
    await cohortRef(db, spring).update({ pace: 'together' });
    for (const id of [winter, spring]) await indexMembers(app, id);
    const elena = await participant(winter, 'Elena');

    // Sunday of her first season's week 1: a check-in, and the coach's reply.
    app.setNow(new Date('2026-01-11T17:00:00Z'));
    const winterWeek = must(submitCheckIn(emptyTracker('Europe/Rome', new Date('2026-01-04T10:00:00Z'), START), { mood: 3, reflection: 'Inverno: si parte' }, app.deps.clock(), 'c-winter'));
    expect((await put(elena.client, winterWeek, null)).status).toBe(200);
    const firstId = checkInThreadId(elena.id, 1);
    expect(firstId).toBe(`${elena.id}_w1`);
    expect((await coach.client.post(`/api/coach/check-ins/${firstId}/reply`, { text: 'Brava Elena, inverno' })).status).toBe(200);

    app.setNow(NOW);
    expect((await coach.client.post(`/api/coach/cohorts/${winter}/new-season`, { targetCohortId: spring })).body).toEqual({ invited: 1 });
    expect(await elena.client.post(`/api/me/season-invitation/${spring}/accept`)).toMatchObject({ status: 200, body: { season: 2 } });
    expect((await userRef(db, elena.id).get()).get('season')).toBe(2);

    // Sunday of the new season's week 1, from the copy the server gave back.
    app.setNow(new Date('2026-03-22T17:00:00Z'));
    // Twelve days on, both sign in again.
    for (const [client, email] of [[elena.client, elena.email], [coach.client, coach.user.email]] as const) {
      client.cookie = null;
      expect((await client.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    }
    const stale = await put(elena.client, winterWeek, '"r1"');
    expect(stale.status).toBe(412);
    const springCopy = staleTrackerAnswerSchema.parse(stale.body).tracker;
    const springWeek = must(submitCheckIn(springCopy, { mood: 2, reflection: 'Primavera: fatica' }, app.deps.clock(), 'c-spring'));
    expect((await put(elena.client, springWeek, stale.headers.get('etag'))).status).toBe(200);

    const secondId = checkInThreadId(elena.id, 1, 2);
    expect(secondId).toBe(`${elena.id}_s2_w1`);
    const [first, second] = await Promise.all([threadRef(db, firstId).get(), threadRef(db, secondId).get()]);
    expect(first.data()).toMatchObject({ cohortId: winter, weekNumber: 1, reflection: 'Inverno: si parte', status: 'replied', reply: { text: 'Brava Elena, inverno' } });
    expect(first.get('season')).toBeUndefined();
    expect(second.data()).toMatchObject({ cohortId: spring, weekNumber: 1, season: 2, reflection: 'Primavera: fatica', status: 'open', reply: null });

    // The coach's queue names the new thread by its own id, and a reply to it lands on it alone.
    const queue = await coach.client.get<{ cards: Array<{ id: string; reflection: string }> }>(`/api/coach/check-ins?cohortId=${spring}`);
    expect(queue.body.cards.map((card) => [card.id, card.reflection])).toEqual([[secondId, 'Primavera: fatica']]);
    expect((await coach.client.post(`/api/coach/check-ins/${secondId}/reply`, { text: 'Ci sono, primavera' })).status).toBe(200);
    expect((await threadRef(db, firstId).get()).get('reply')).toMatchObject({ text: 'Brava Elena, inverno' });

    // The check-in screens show this season's week 1; her "seen" and her answer reach it, not the old one.
    const inbox = inboxSchema.parse((await elena.client.get('/api/me/inbox')).body);
    expect(inbox.threads.map((thread) => [thread.weekNumber, thread.reply?.text])).toEqual([[1, 'Ci sono, primavera']]);
    expect((await elena.client.post('/api/me/check-ins/1/answer', { text: 'Grazie!' })).status).toBe(200);
    expect((await threadRef(db, secondId).get()).get('answer')).toMatchObject({ text: 'Grazie!' });
    expect((await threadRef(db, firstId).get()).get('answer')).toBeNull();

    // Her conversation keeps both seasons, each item with an id of its own, and either can be quoted.
    const conversation = conversationSchema.parse((await elena.client.get('/api/me/conversation')).body);
    const ids = conversation.items.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['checkin-1', 'reply-1', 'checkin-s2w1', 'reply-s2w1', 'answer-s2w1']));
    for (const [replyTo, excerpt] of [['checkin-1', 'Inverno: si parte'], ['checkin-s2w1', 'Primavera: fatica'], ['reply-1', 'Brava Elena, inverno']]) {
      const sent = await elena.client.post<{ message: { replyTo: { excerpt: string } | null } }>('/api/me/conversation/messages', { requestId: `quote-${replyTo}`, text: `Rispondo a ${replyTo}`, replyTo });
      expect(sent.status, `${replyTo} ${JSON.stringify(sent.body)}`).toBe(201);
      expect(JSON.stringify(sent.body)).toContain(excerpt);
    }
    expect((await elena.client.post('/api/me/conversation/messages', { requestId: 'quote-checkin-s1w1', text: 'Nessuna', replyTo: 'checkin-s1w1' })).status).toBe(400);
  });

  test('accepting moves the conversation with the participant; a coach of the old cohort only no longer replies to its check-ins', async () => {
    const { db } = app.deps;
    app.setNow(NOW);
    const sara = await signedInCoach(app, 'Coach Sara');
    const marco = await signedInCoach(app, 'Coach Marco');
    const luca = await signedInCoach(app, 'Coach Luca');
    // Marco runs the winter only, Luca the spring only; Sara both.
    const winter = await writeCohort(app, { coachIds: [sara.user.id, marco.user.id], startDate: START, name: 'Inverno ter' });
    const spring = await writeCohort(app, { coachIds: [sara.user.id, luca.user.id], startDate: NEXT_MONDAY, name: 'Primavera ter' });
    await cohortRef(db, spring).update({ pace: 'together' });
    for (const id of [winter, spring]) await indexMembers(app, id);
    const franca = await participant(winter, 'Franca');

    // Her winter: a check-in no coach answered yet, and a message to her coaches.
    app.setNow(new Date('2026-01-11T17:00:00Z'));
    const winterWeek = must(submitCheckIn(emptyTracker('Europe/Rome', new Date('2026-01-04T10:00:00Z'), START), { mood: 2, reflection: 'Inverno duro' }, app.deps.clock(), 'c-winter'));
    expect((await put(franca.client, winterWeek, null)).status).toBe(200);
    expect((await franca.client.post('/api/me/conversation/messages', { requestId: 'inverno-1', text: 'Ciao coach' })).status).toBe(201);
    const listed = async (client: Client, cohortId: string) =>
      conversationListSchema.parse((await client.get(`/api/coach/conversations?cohortId=${cohortId}`)).body).conversations.map((c) => c.userId);
    expect(await listed(marco.client, winter)).toEqual([franca.id]);

    app.setNow(NOW);
    expect((await sara.client.post(`/api/coach/cohorts/${winter}/new-season`, { targetCohortId: spring })).body).toEqual({ invited: 1 });
    expect(await franca.client.post(`/api/me/season-invitation/${spring}/accept`)).toMatchObject({ status: 200, body: { season: 2 } });

    // The thread is now the spring's: its coaches list it, the winter's no longer do.
    expect((await db.doc(`conversations/${franca.id}`).get()).get('cohortId')).toBe(spring);
    expect(await listed(luca.client, spring)).toEqual([franca.id]);
    expect(await listed(marco.client, winter)).toEqual([]);

    // The winter's check-in: Marco, no longer her coach, cannot reply; Sara, who is, can, and the thread stays the spring's.
    const winterId = checkInThreadId(franca.id, 1);
    expect(await marco.client.post(`/api/coach/check-ins/${winterId}/reply`, { text: 'Da Marco' })).toMatchObject({ status: 409, body: { message: conversationTexts.readOnly } });
    expect((await threadRef(db, winterId).get()).get('reply')).toBeNull();
    expect((await sara.client.post(`/api/coach/check-ins/${winterId}/reply`, { text: 'Da Sara' })).status).toBe(200);
    expect((await db.doc(`conversations/${franca.id}`).get()).get('cohortId')).toBe(spring);
    expect(await listed(marco.client, winter)).toEqual([]);
  });
});
