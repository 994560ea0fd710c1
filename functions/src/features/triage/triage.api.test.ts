import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { coachMessages } from '@sfida/core/coach';
import { todayIn } from '@sfida/core/dates';
import { MAX_NOTE, noteTexts } from '@sfida/core/participant-notes';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { addHabit, savePlanner, setActionText, submitCheckIn, toggleHabit, weekActions } from '@sfida/core/tracker-actions';
import { triageActionAnswerSchema, triageMessages, triagePageSchema, type TriagePage } from '@sfida/core/triage';
import { visibleTextMessages } from '@sfida/core/visible-text';
import { cohortRef } from '../../shared/cohort-repository';
import { userRef } from '../../shared/user-repository';
import { Client, PASSWORD, registerParticipant, startTestApp, type TestApp } from '../../test-support/api-harness';
import { countReads } from '../../test-support/read-counter';
import { backfillTriage } from './migrations';
import { saveTriage, triageRowOf } from './repository';
import { must, signedInCoach, writeCohort } from '../../test-support/cohort-fixtures';

let app: TestApp;
/** Monday 15 September 2025, the cohorts' start; the tests begin on its Thursday, 10:00 in Rome. */
const START = '2025-09-15';
const NOW = new Date('2025-09-18T08:00:00Z');
const TZ = 'Europe/Rome';

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

const cohort = (coachIds: string[], name?: string) => writeCohort(app, { coachIds, startDate: START, name });

/** A participant registered a week before the cohort began, then moved into `cohortId`. */
async function participant(cohortId: string, name: string) {
  const registered = await registerParticipant(app, name);
  await userRef(app.deps.db, registered.user.id).update({ cohortId, createdAt: '2025-09-08T08:00:00.000Z' });
  return registered;
}

/** Starts the participant with the cohort and syncs the tracker `build` makes through the API. */
async function startAndSync({ client, user }: { client: Client; user: { id: string } }, build: (data: TrackerData) => TrackerData) {
  await userRef(app.deps.db, user.id).update({ challengeStartDate: START });
  const reply = await client.put('/api/users/me/progress', build(emptyTracker(TZ, app.deps.clock(), START)));
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

/** A week-1 check-in at `mood`, the planner saved and a habit ticked today: active, only the mood may need the coach. */
function checkedIn(mood: number) {
  return (data: TrackerData) => {
    const now = app.deps.clock();
    let d = must(addHabit(data, 'Camminare', now, 'h1'));
    d = must(toggleHabit(d, 'h1', todayIn(TZ, now), now));
    for (const [i, action] of weekActions(d, 1).slice(0, 3).entries()) d = must(setActionText(d, 1, action.id, `Azione ${i + 1}`, now));
    d = must(savePlanner(d, 1, now));
    return must(submitCheckIn(d, { mood, reflection: 'Settimana così' }, now, 'c1'));
  };
}

/** Signs the coach in again: a session lapses after days without use, and these tests move the clock by days. */
async function again(coach: { client: Client; user: { email: string } }) {
  const login = await coach.client.post('/api/auth/login', { email: coach.user.email, password: PASSWORD });
  expect(login.status).toBe(200);
}

async function triage(client: Client, query = ''): Promise<TriagePage> {
  const reply = await client.get<TriagePage>(`/api/coach/triage${query}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return triagePageSchema.parse(reply.body);
}

const names = (page: TriagePage) => page.items.map((item) => item.name);

describe('who may use the triage', () => {
  test('the page: signed out 401, a participant 403, a coach their own cohorts, another coach’s cohort 403, an unknown one 404', async () => {
    app.setNow(NOW);
    const mine = await signedInCoach(app);
    const other = await signedInCoach(app);
    const cohortId = await cohort([mine.user.id]);
    const theirs = await cohort([other.user.id]);
    const member = await participant(cohortId, 'Paola');
    expect((await new Client(app).get('/api/coach/triage')).status).toBe(401);
    expect(await member.client.get('/api/coach/triage')).toMatchObject({ status: 403, body: { message: coachMessages.coachesOnly } });
    expect((await mine.client.get(`/api/coach/triage?cohortId=${cohortId}`)).status).toBe(200);
    expect(await mine.client.get(`/api/coach/triage?cohortId=${theirs}`)).toMatchObject({ status: 403, body: { message: coachMessages.notYourCohort } });
    expect(await mine.client.get('/api/coach/triage?cohortId=coorte-che-non-esiste')).toMatchObject({ status: 404, body: { message: coachMessages.cohortNotFound } });
    expect(await mine.client.get('/api/coach/triage?limit=0')).toMatchObject({ status: 400, body: { message: triageMessages.limitInvalid } });
    expect(await mine.client.get('/api/coach/triage?limit=151')).toMatchObject({ status: 400, body: { message: triageMessages.limitInvalid } });
  });

  test('acting on a participant: signed out 401, participants 403, the cohort’s coach 200, another coach 403, someone not in the cohort 404', async () => {
    app.setNow(NOW);
    const mine = await signedInCoach(app);
    const other = await signedInCoach(app);
    const cohortId = await cohort([mine.user.id]);
    const otherCohort = await cohort([other.user.id]);
    const member = await participant(cohortId, 'Paola');
    const outsider = await participant(otherCohort, 'Ugo');
    for (const [action, body] of [
      ['contacted', {}],
      ['snooze', { until: '2025-09-20' }],
    ] as const) {
      const path = `/api/coach/cohorts/${cohortId}/participants/${member.user.id}/${action}`;
      expect((await new Client(app).post(path, body)).status, path).toBe(401);
      expect(await member.client.post(path, body), path).toMatchObject({ status: 403, body: { message: coachMessages.coachesOnly } });
      expect(await outsider.client.post(path, body), path).toMatchObject({ status: 403, body: { message: coachMessages.coachesOnly } });
      expect(await other.client.post(path, body), path).toMatchObject({ status: 403, body: { message: coachMessages.notYourCohort } });
      const reply = await mine.client.post(path, body);
      expect(reply.status, path).toBe(200);
      expect(triageActionAnswerSchema.parse(reply.body).userId).toBe(member.user.id);
      const stranger = `/api/coach/cohorts/${cohortId}/participants/${outsider.user.id}/${action}`;
      expect(await mine.client.post(stranger, body), stranger).toMatchObject({ status: 404, body: { message: coachMessages.participantNotFound } });
    }
  });
});

describe('Da fare oggi', () => {
  test('all the coach’s cohorts in one list, most urgent group first, filterable by cohort, with who, where and why', async () => {
    app.setNow(NOW);
    const coach = await signedInCoach(app);
    const autunno = await cohort([coach.user.id], 'Autunno');
    const inverno = await cohort([coach.user.id], 'Inverno');
    await participant(autunno, 'Nina Ferma');
    const low = await participant(inverno, 'Lia Giù');
    await startAndSync(low, checkedIn(1));
    const fine = await participant(autunno, 'Bea Bene');
    await startAndSync(fine, checkedIn(4));
    const idle = await participant(autunno, 'Ivo Fermo');
    await userRef(app.deps.db, idle.user.id).update({ challengeStartDate: START });

    const page = await triage(coach.client);
    expect(names(page)).toEqual(['Lia Giù', 'Ivo Fermo', 'Nina Ferma']);
    expect(page.total).toBe(3);
    expect(page.items.map((item) => item.group)).toEqual(['mood', 'inactive', 'notStarted']);
    expect(page.items[0]).toMatchObject({ cohortName: 'Inverno', email: low.email, lastMood: 1, lastActivity: '2025-09-18' });
    expect(page.items[0]!.reasons.map((r) => r.code)).toEqual(['lowMood']);
    expect(page.items[1]!.reasons.map((r) => r.code)).toEqual(['noPlanner', 'noActivity']);

    expect(names(await triage(coach.client, `?cohortId=${autunno}`))).toEqual(['Ivo Fermo', 'Nina Ferma']);
    // An archived cohort leaves the coach's day; asked for by name, it still answers.
    await cohortRef(app.deps.db, inverno).update({ archivedAt: NOW.toISOString() });
    expect(names(await triage(coach.client))).toEqual(['Ivo Fermo', 'Nina Ferma']);
    expect(names(await triage(coach.client, `?cohortId=${inverno}`))).toEqual(['Lia Giù']);
    await cohortRef(app.deps.db, inverno).update({ archivedAt: null });
    const firstTwo = await triage(coach.client, '?limit=2');
    expect(names(firstTwo)).toEqual(['Lia Giù', 'Ivo Fermo']);
    expect(firstTwo.total).toBe(3);
  });

  test('"Non ha iniziato" only from the second day after the later of the cohort’s start and the registration', async () => {
    app.setNow(new Date('2025-09-16T08:00:00Z'));
    const coach = await signedInCoach(app);
    const cohortId = await cohort([coach.user.id]);
    await participant(cohortId, 'Nina Ferma');
    const late = await participant(cohortId, 'Leo Tardi');
    await userRef(app.deps.db, late.user.id).update({ createdAt: '2025-09-17T08:00:00.000Z' });
    expect(names(await triage(coach.client))).toEqual([]);
    app.setNow(new Date('2025-09-17T08:00:00Z'));
    expect(names(await triage(coach.client))).toEqual(['Nina Ferma']);
    app.setNow(new Date('2025-09-19T08:00:00Z'));
    expect(names(await triage(coach.client))).toEqual(['Leo Tardi', 'Nina Ferma']);
  });

  test('a sync that brings a new reason shows at the next look; one that settles it clears the item', async () => {
    app.setNow(NOW);
    const coach = await signedInCoach(app);
    const cohortId = await cohort([coach.user.id]);
    const member = await participant(cohortId, 'Sara');
    await startAndSync(member, (d) => d);
    expect((await triage(coach.client)).items[0]!.reasons.map((r) => r.code)).toEqual(['noPlanner', 'noActivity']);
    // The local tracker lives on; the sync sends it whole with the revision the server holds.
    const stored = await member.client.get('/api/users/me/progress');
    const reply = await member.client.request('PUT', '/api/users/me/progress', {
      json: checkedIn(2)(emptyTracker(TZ, app.deps.clock(), START)),
      headers: { 'If-Match': stored.headers.get('etag') ?? '' },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const page = await triage(coach.client);
    expect(page.items.map((item) => item.reasons.map((r) => r.code))).toEqual([['lowMood']]);
  });

  test('the note of "Contattato" follows the text rules of a coach\'s note: nothing is stored otherwise', async () => {
    app.setNow(NOW);
    const coach = await signedInCoach(app, 'Giulia Coach');
    const cohortId = await cohort([coach.user.id]);
    const idle = await participant(cohortId, 'Ivo Fermo');
    await userRef(app.deps.db, idle.user.id).update({ challengeStartDate: START });
    const path = `/api/coach/cohorts/${cohortId}/participants/${idle.user.id}/contacted`;
    for (const [note, message] of [
      ['Chiamato \u202Eatoveb', visibleTextMessages.bidi],
      ['Chiamato\u0000', visibleTextMessages.control],
      ['Chiamato\u0007', visibleTextMessages.control],
      ['\u200B\u200C\u2060', visibleTextMessages.invisible],
    ] as const) {
      expect(await coach.client.post(path, { note }), JSON.stringify(note)).toMatchObject({ status: 400, body: { message } });
    }
    expect(names(await triage(coach.client))).toEqual(['Ivo Fermo']);
    const notes = await coach.client.get<{ notes: unknown[] }>(`/api/coach/cohorts/${cohortId}/participants/${idle.user.id}/notes`);
    expect(notes.body.notes).toEqual([]);
  });

  test('a look writes only what it derives: looks at once answer alike, and a look with nothing due writes nothing', async () => {
    app.setNow(NOW);
    const coach = await signedInCoach(app, 'Giulia Coach');
    const cohortId = await cohort([coach.user.id]);
    const idle = [await participant(cohortId, 'Ivo Fermo'), await participant(cohortId, 'Lia Ferma')];
    for (const { user } of idle) await userRef(app.deps.db, user.id).update({ challengeStartDate: START });
    const [one, two] = await Promise.all([triage(coach.client), triage(coach.client)]);
    expect(two).toEqual(one);
    expect(names(one)).toEqual(['Ivo Fermo', 'Lia Ferma']);
    const day = app.deps.db.doc(`coachDays/${coach.user.id}_${todayIn(TZ, NOW)}`);
    const stamps = async () => Promise.all([day, ...idle.map(({ user }) => userRef(app.deps.db, user.id))].map(async (ref) => (await ref.get()).updateTime?.toMillis()));
    const before = await stamps();
    expect(await triage(coach.client)).toEqual(one);
    expect(await stamps()).toEqual(before);
  });

  test('"Contattato" removes the item, keeps the note, and it comes back only for a new reason', async () => {
    app.setNow(NOW);
    const coach = await signedInCoach(app, 'Giulia Coach');
    const cohortId = await cohort([coach.user.id]);
    const idle = await participant(cohortId, 'Ivo Fermo');
    await userRef(app.deps.db, idle.user.id).update({ challengeStartDate: START });
    expect(names(await triage(coach.client))).toEqual(['Ivo Fermo']);

    const path = `/api/coach/cohorts/${cohortId}/participants/${idle.user.id}/contacted`;
    const reply = await coach.client.post(path, { note: '  Chiamato: riparte lunedì\nha avuto la febbre ' });
    expect(reply).toMatchObject({ status: 200, body: { userId: idle.user.id, open: 0 } });
    expect(await coach.client.post(path, { note: 'x'.repeat(MAX_NOTE + 1) })).toMatchObject({ status: 400, body: { message: noteTexts.textTooLong } });
    const handled = await triage(coach.client);
    expect(names(handled)).toEqual([]);
    expect(handled.day.contacted).toBe(1);
    // The note is one of the participant's notes too, by the coach who wrote it.
    const notes = await coach.client.get<{ notes: Array<{ text: string; authorName: string }> }>(`/api/coach/cohorts/${cohortId}/participants/${idle.user.id}/notes`);
    expect(notes.status).toBe(200);
    expect(notes.body.notes.map((n) => [n.text, n.authorName])).toEqual([['Chiamato: riparte lunedì\nha avuto la febbre', 'Giulia Coach']]);

    // Next Monday: week 1's check-in is missing and week 2's planner is a new week's: new reasons.
    app.setNow(new Date('2025-09-24T08:00:00Z'));
    await again(coach);
    const back = await triage(coach.client);
    expect(names(back)).toEqual(['Ivo Fermo']);
    expect(back.items[0]!.reasons.map((r) => r.code)).toEqual(['missingCheckIn', 'noPlanner']);
    expect(back.items[0]!.lastContact).toEqual({ at: NOW.toISOString(), byName: 'Giulia Coach', note: 'Chiamato: riparte lunedì\nha avuto la febbre' });
  });

  test('"Rimanda a…" hides the item until its day; a past or too far day is refused in Italian', async () => {
    app.setNow(NOW);
    const coach = await signedInCoach(app);
    const cohortId = await cohort([coach.user.id]);
    const member = await participant(cohortId, 'Nina Ferma');
    const path = `/api/coach/cohorts/${cohortId}/participants/${member.user.id}/snooze`;
    expect(await coach.client.post(path, { until: '2025-09-18' })).toMatchObject({ status: 400, body: { message: triageMessages.snoozeDateNotFuture } });
    expect(await coach.client.post(path, { until: '2025-11-14' })).toMatchObject({ status: 400, body: { message: triageMessages.snoozeDateTooFar } });
    expect((await coach.client.post(path, { until: '31/12/2025' })).status).toBe(400);
    expect(await coach.client.post(path, { until: '2025-09-20' })).toMatchObject({ status: 200, body: { open: 0 } });
    const snoozed = await triage(coach.client);
    expect(names(snoozed)).toEqual([]);
    expect(snoozed.day.snoozed).toBe(1);
    app.setNow(new Date('2025-09-19T21:00:00Z'));
    expect(names(await triage(coach.client))).toEqual([]);
    // Midnight of the 20th in Rome is 22:00 UTC on the 19th.
    app.setNow(new Date('2025-09-19T22:00:00Z'));
    expect(names(await triage(coach.client))).toEqual(['Nina Ferma']);
  });

  test('a participant withdrawn from the cohort leaves the list', async () => {
    app.setNow(NOW);
    const coach = await signedInCoach(app);
    const cohortId = await cohort([coach.user.id]);
    const member = await participant(cohortId, 'Nina Ferma');
    expect(names(await triage(coach.client))).toEqual(['Nina Ferma']);
    expect((await coach.client.post(`/api/coach/cohorts/${cohortId}/participants/${member.user.id}/withdraw`, {})).status).toBe(200);
    expect(names(await triage(coach.client))).toEqual([]);
  });

  test('the next look is due at midnight of the participant’s next change, across the change of the clocks in Rome', async () => {
    // Thursday 23 October 2025; the clocks go back on Sunday the 26th.
    app.setNow(new Date('2025-10-23T08:00:00Z'));
    const coach = await signedInCoach(app);
    const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate: '2025-10-20' });
    const member = await registerParticipant(app, 'Dora');
    await userRef(app.deps.db, member.user.id).update({ cohortId, createdAt: '2025-10-13T08:00:00.000Z', challengeStartDate: '2025-10-20' });
    const reply = await member.client.put('/api/users/me/progress', checkedIn(4)(emptyTracker(TZ, app.deps.clock(), '2025-10-20')));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    await triage(coach.client);
    const due = (await userRef(app.deps.db, member.user.id).get()).get('triageDueAt') as string;
    // The habit ticked on the 23rd: missed on the 24th and 25th, the 26th is the day the gap shows,
    // at its midnight in Rome: still summer time (UTC+2) when that day begins.
    expect(due).toBe('2025-10-25T22:00:00.000Z');
    app.setNow(new Date('2025-10-25T21:59:00Z'));
    expect(names(await triage(coach.client))).toEqual([]);
    app.setNow(new Date('2025-10-25T22:00:00Z'));
    expect((await triage(coach.client)).items.map((i) => i.reasons.map((r) => r.code))).toEqual([['noHabits2Days']]);
    const next = (await userRef(app.deps.db, member.user.id).get()).get('triageDueAt') as string;
    // Wednesday the 29th, when week 2's planner is two days late: winter time, UTC+1.
    expect(next).toBe('2025-10-28T23:00:00.000Z');
  });
});

describe('the migration', () => {
  test('a participant from before the triage shows once the migration marks them', async () => {
    app.setNow(NOW);
    const coach = await signedInCoach(app);
    const cohortId = await cohort([coach.user.id]);
    const member = await participant(cohortId, 'Olga Vecchia');
    // A document from before the triage: the field gone (deleted and written again: the local
    // emulator keeps a field an update deletes).
    const ref = userRef(app.deps.db, member.user.id);
    const { triageDueAt: _gone, ...rest } = (await ref.get()).data() ?? {};
    await ref.delete();
    await ref.set(rest);
    expect(names(await triage(coach.client))).toEqual([]);
    const first = await backfillTriage(app.deps);
    expect(first.marked).toBeGreaterThanOrEqual(1);
    expect(names(await triage(coach.client))).toEqual(['Olga Vecchia']);
    expect((await backfillTriage(app.deps)).marked).toBe(0);
  });
});

describe('the repository', () => {
  // The write's condition (the document unchanged since the read) is left to production: the
  // local emulator checks only a precondition on existence, never one on the update time.
  test('a participant of the cohort reads as a row, anyone else as none; what a write stores reads back the same', async () => {
    app.setNow(NOW);
    const coach = await signedInCoach(app);
    const cohortId = await cohort([coach.user.id]);
    const otherCohort = await cohort([coach.user.id]);
    const member = await participant(cohortId, 'Rita');
    const db = app.deps.db;
    expect(await triageRowOf(db, otherCohort, member.user.id)).toBeNull();
    expect(await triageRowOf(db, cohortId, coach.user.id)).toBeNull();
    expect(await triageRowOf(db, cohortId, 'nessuno')).toBeNull();
    const row = await triageRowOf(db, cohortId, member.user.id);
    expect(row?.participant.user.name).toBe('Rita');
    const open = [{ code: 'lowMood' as const, key: 'lowMood:2025-09-18' }];
    const handling = { handled: ['noHabits2Days:2025-09-17'], snoozed: [], snoozedUntil: '2025-09-20' };
    const contact = { at: NOW.toISOString(), byName: 'Coach', note: 'Sentita al telefono' };
    expect(await saveTriage(db, row!, { rank: 2, open, handling, dueAt: null, contact })).toBe(true);
    const saved = await triageRowOf(db, cohortId, member.user.id);
    expect(saved?.rank).toBe(2);
    expect(saved?.stored).toEqual({ open, handling, contact });
    expect(await saveTriage(db, saved!, { rank: null, open: [], handling, dueAt: null })).toBe(true);
    // Nothing open reads as no rank; a write without a contact keeps the last one.
    expect(await triageRowOf(db, cohortId, member.user.id)).toMatchObject({ rank: null, stored: { contact } });
  });
});

describe('what a look costs', () => {
  test('once the participants are up to date, a page reads the page, not the cohort', async () => {
    app.setNow(NOW);
    const coach = await signedInCoach(app);
    const cohortId = await cohort([coach.user.id]);
    for (let i = 0; i < 12; i++) await participant(cohortId, `Persona ${String(i).padStart(2, '0')}`);
    expect((await triage(coach.client)).total).toBe(12);
    const { result, reads } = await countReads(app.deps.db, () => triage(coach.client, '?limit=5'));
    expect(result.items).toHaveLength(5);
    // The session and its user, the coach's cohorts, the due query (empty), the page, its count, the coach's two days.
    expect(reads).toBeLessThanOrEqual(5 + 7);
  });
});
