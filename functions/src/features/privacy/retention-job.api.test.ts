import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { addDays, mondayOf } from '@sfida/core/dates';
import { accountDeletableFrom, programmeLastDay, retentionNoticeFrom } from '@sfida/core/retention';
import { signInAnswerSchema } from '@sfida/core/user';
import { ensureAccount, grantOwner } from '../account/admin';
import { cohortRef } from '../../shared/cohort-repository';
import { usersCollection } from '../../shared/user-repository';
import { Client, PASSWORD, readDoc, startTestApp, uniqueEmail, type TestApp } from '../../test-support/api-harness';
import { signedInCoach, writeCohort, writeInvitingCohort } from '../../test-support/cohort-fixtures';
import { BrowserDevice, startPushService, type PushServiceStandIn } from '../../test-support/push-service';

// The accounts' retention against the real app: participants register, start, change zone and
// accept new seasons through the API at pinned days, and the days stored on their documents are
// read back.

let app: TestApp;
let pushService: PushServiceStandIn;
const ROME = 'Europe/Rome';
const NEW_YORK = 'America/New_York';

beforeAll(async () => {
  pushService = await startPushService();
  app = await startTestApp({ pushAgent: pushService.agent });
});
afterAll(async () => {
  await app.close();
  await pushService.close();
});
beforeEach(async () => {
  // The job reads every participant whose day has come: each test starts from none but its own.
  const { db } = app.deps;
  const users = await usersCollection(db).select().get();
  for (let i = 0; i < users.docs.length; i += 400) {
    const batch = db.batch();
    for (const doc of users.docs.slice(i, i + 400)) batch.update(doc.ref, { accountDeletableFrom: null, accountNoticeFrom: null });
    await batch.commit();
  }
});

/** 10:00 in Rome on `day`, summer or winter. */
const at = (day: string) => new Date(`${day}T08:30:00Z`);

/** The first day of deletion of a programme begun on `start`. */
const dueAfter = (start: string) => accountDeletableFrom(programmeLastDay(start));

interface Member {
  uid: string;
  email: string;
  client: Client;
  phone: BrowserDevice;
}

/** Registers through the API with the cohort's code, from a browser in `timeZone`, and subscribes a phone. */
async function register(code: string, timeZone = ROME, name = 'Paola Neri'): Promise<Member> {
  const client = new Client(app);
  const email = uniqueEmail('conserva');
  const reply = await client.request('POST', '/api/auth/register', { json: { name, email, password: PASSWORD, secretCode: code }, headers: { 'x-time-zone': timeZone } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  const phone = new BrowserDevice(pushService);
  const subscribed = await client.post('/api/me/push-subscriptions', phone.subscription);
  expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(201);
  return { uid: signInAnswerSchema.parse(reply.body).id, email, client, phone };
}

/** A cohort people register with, begun (or to begin) on `startDate`, run `together` or each from their own day, coached by `coachId`. */
async function cohortWithCode(startDate: string, pace: 'together' | 'ownDay', coachId?: string): Promise<{ id: string; code: string }> {
  const cohort = await writeInvitingCohort(app);
  await cohortRef(app.deps.db, cohort.id).update({ startDate, pace, coachIds: coachId ? [coachId] : [] });
  return cohort;
}

/** Signs `email` in at the clock's day (months pass between one step and the next). */
async function signedIn(email: string): Promise<Client> {
  const client = new Client(app);
  const login = await client.post('/api/auth/login', { email, password: PASSWORD });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return client;
}

async function days(uid: string) {
  const doc = await readDoc(app, `users/${uid}`);
  return doc && { deletableFrom: doc.accountDeletableFrom, noticeFrom: doc.accountNoticeFrom };
}

/** What the job stores of a participant whose first day of deletion is `due` and who has not been told. */
const untold = (due: string) => ({ deletableFrom: due, noticeFrom: retentionNoticeFrom(due) });

describe('every writer keeps the stored days current', () => {
  test('registration counts from the day in their zone, a change of zone moves it, a chosen start counts from the programme', async () => {
    // 00:30 on 11 January in Rome, still the 10th in New York.
    app.setNow(new Date('2026-01-10T23:30:00Z'));
    const cohort = await cohortWithCode('2025-01-06', 'ownDay');
    const member = await register(cohort.code);
    expect(await days(member.uid)).toEqual(untold(accountDeletableFrom('2026-01-11')));

    const moved = await member.client.put('/api/auth/profile', { timeZone: NEW_YORK });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await days(member.uid)).toEqual(untold(accountDeletableFrom('2026-01-10')));

    app.setNow(at('2026-01-12'));
    const start = '2026-01-19';
    const started = await member.client.post('/api/auth/start-challenge', { challengeStartDate: start });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(await days(member.uid)).toEqual(untold(dueAfter(start)));
  });

  test('a cohort that runs together counts from its Monday, at registration and when its coach turns it so', async () => {
    app.setNow(at('2026-02-02'));
    const coach = await signedInCoach(app, 'Giulia Coach');
    const monday = '2026-02-16';
    const together = await cohortWithCode(monday, 'together', coach.user.id);
    const joined = await register(together.code);
    expect(await days(joined.uid)).toEqual(untold(dueAfter(monday)));

    const ownDay = await cohortWithCode(monday, 'ownDay', coach.user.id);
    const waiting = await register(ownDay.code);
    expect(await days(waiting.uid)).toEqual(untold(accountDeletableFrom('2026-02-02')));
    const turned = await coach.client.request('PATCH', `/api/coach/cohorts/${ownDay.id}`, { json: { pace: 'together' } });
    expect(turned.status, JSON.stringify(turned.body)).toBe(200);
    expect(await days(waiting.uid)).toEqual(untold(dueAfter(monday)));
  });

  test('a new season moves the days: from its Monday, or from the season before until a start is chosen', async () => {
    const start = '2025-09-15';
    app.setNow(at('2025-09-10'));
    const coach = await signedInCoach(app, 'Marco Coach');
    const first = await cohortWithCode(start, 'together', coach.user.id);
    const anna = await register(first.code, ROME, 'Anna Blu');
    const bruno = await register(first.code, ROME, 'Bruno Verdi');

    const today = '2026-03-02';
    app.setNow(at(today));
    const nextMonday = mondayOf(addDays(today, 7));
    const together = await writeCohort(app, { coachIds: [coach.user.id], startDate: nextMonday });
    await cohortRef(app.deps.db, together).update({ pace: 'together' });
    const ownDay = await writeCohort(app, { coachIds: [coach.user.id], startDate: nextMonday });
    await cohortRef(app.deps.db, ownDay).update({ pace: 'ownDay' });
    const coachClient = await signedIn(coach.user.email);
    for (const target of [together, ownDay]) {
      const invited = await coachClient.post(`/api/coach/cohorts/${first.id}/new-season`, { targetCohortId: target });
      expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    }

    expect((await (await signedIn(anna.email)).post(`/api/me/season-invitation/${together}/accept`)).status).toBe(200);
    expect(await days(anna.uid)).toEqual(untold(dueAfter(nextMonday)));

    const brunoClient = await signedIn(bruno.email);
    expect((await brunoClient.post(`/api/me/season-invitation/${ownDay}/accept`)).status).toBe(200);
    expect(await days(bruno.uid)).toEqual(untold(dueAfter(start)));
    const ownStart = addDays(today, 3);
    const started = await brunoClient.post('/api/auth/start-challenge', { challengeStartDate: ownStart });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(await days(bruno.uid)).toEqual(untold(dueAfter(ownStart)));
  });

  test('the operator commands: a coach has no days, a participant made a coach loses them', async () => {
    app.setNow(at('2026-04-01'));
    const coach = await ensureAccount(app.deps, { email: uniqueEmail('coach'), password: PASSWORD, name: 'Carla Coach', role: 'OWNER', cohortId: 'coorte-operatore' });
    expect(await days(coach.id)).toEqual({ deletableFrom: null, noticeFrom: null });
    const email = uniqueEmail('operatore');
    const participant = await ensureAccount(app.deps, { email, password: PASSWORD, name: 'Dario Neri', role: 'PARTICIPANT', cohortId: 'coorte-operatore', challengeStartDate: '2026-04-06' });
    expect(await days(participant.id)).toEqual(untold(dueAfter('2026-04-06')));
    await grantOwner(app.deps, email);
    expect(await days(participant.id)).toEqual({ deletableFrom: null, noticeFrom: null });
  });

});
