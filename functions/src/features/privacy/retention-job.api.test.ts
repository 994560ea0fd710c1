import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { addDays, formatItalianDate, mondayOf } from '@sfida/core/dates';
import { minutesOfDay } from '@sfida/core/reminders';
import { accountDeletableFrom, addMonths, programmeLastDay, retentionNoticeFrom, retentionNoticePush } from '@sfida/core/retention';
import { signInAnswerSchema } from '@sfida/core/user';
import { emptyTracker } from '@sfida/core/tracker';
import { submitCheckIn } from '@sfida/core/tracker-actions';
import { ensureAccount, grantOwner } from '../account/admin';
import { cohortRef } from '../../shared/cohort-repository';
import { PERSONAL_DATA } from '../../shared/personal-data';
import { userRef, usersCollection } from '../../shared/user-repository';
import { Client, PASSWORD, readDoc, startTestApp, uniqueEmail, type TestApp } from '../../test-support/api-harness';
import { must, signedInCoach, writeCohort, writeInvitingCohort } from '../../test-support/cohort-fixtures';
import { BrowserDevice, startPushService, type PushServiceStandIn } from '../../test-support/push-service';
import { isRetentionRun } from '../voice-notes/retention-job';
import { mailboxClient } from '../../test-support/mailbox';
import { backfillAccountRetention, deleteLapsedAccounts, giveRetentionNotices, isRetentionNoticeRun } from './retention-job';
import { partDoc, partRef } from '../../shared/tracker-repository';

// The accounts' retention against the real app: participants register, start, change zone and
// accept new seasons through the API at pinned days; then the job runs with the clock moved to the
// mornings (notices) and nights (deletions) that matter, and what it did is read back: the pushes
// their phones received, the days stored on their documents, and their documents gone.

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

/** The instant of `minutes` past midnight in Rome on `day` (an hour of winter or summer time, whichever the day has then). */
function romeAt(day: string, minutes: number): Date {
  for (const offsetHours of [1, 2]) {
    const instant = new Date(Date.parse(`${day}T00:00:00Z`) + (minutes - offsetHours * 60) * 60_000);
    if (minutesOfDay(ROME, instant) === minutes) return instant;
  }
  throw new Error(`no ${minutes} minutes in Rome on ${day}`);
}
/** The reminders run of 03:05 in Rome on `day`: it deletes. */
function nightRun(day: string): Date {
  const run = romeAt(day, 3 * 60 + 5);
  expect(isRetentionRun(run)).toBe(true);
  return run;
}
/** The reminders run of 10:05 in Rome on `day`: it gives the notices. */
function morningRun(day: string): Date {
  const run = romeAt(day, 10 * 60 + 5);
  expect(isRetentionNoticeRun(run)).toBe(true);
  return run;
}

const mailbox = mailboxClient();

async function notices(day: string) {
  const run = morningRun(day);
  app.setNow(run);
  const report = await giveRetentionNotices(app.deps, run);
  await app.tasks.idle();
  await app.emails.idle();
  return report;
}
async function deletions(day: string) {
  const run = nightRun(day);
  app.setNow(run);
  return deleteLapsedAccounts(app.deps, run);
}

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

  test('the migration gives accounts stored before the days theirs, a coach none, and changes nothing run again', async () => {
    app.setNow(at('2026-05-04'));
    const cohort = await cohortWithCode('2026-05-11', 'together');
    const member = await register(cohort.code);
    const coach = await signedInCoach(app, 'Elena Coach');
    // Stored before the days: deleted and written again without them (the emulator keeps a field an update deletes).
    for (const uid of [member.uid, coach.user.id]) {
      const ref = userRef(app.deps.db, uid);
      const { accountDeletableFrom: _due, accountNoticeFrom: _notice, ...rest } = (await ref.get()).data() ?? {};
      await ref.delete();
      await ref.set(rest);
    }
    const first = await backfillAccountRetention(app.deps);
    expect(first.written).toBeGreaterThanOrEqual(2);
    expect(await days(member.uid)).toEqual(untold(dueAfter('2026-05-11')));
    expect(await days(coach.user.id)).toEqual({ deletableFrom: null, noticeFrom: null });
    expect(await backfillAccountRetention(app.deps)).toMatchObject({ written: 0 });
  });
});

/** Every document of the registry's collections (and the user's own subcollections) that names `needles`. */
async function traces(uid: string, needles: string[]): Promise<string[]> {
  const { db } = app.deps;
  const top = [...new Set(PERSONAL_DATA.map((entry) => entry.path.split('/')[0]!))];
  const nested = PERSONAL_DATA.filter((entry) => entry.path.startsWith('users/{uid}/')).map((entry) => entry.path.split('/')[2]!);
  const docs = [
    ...(await Promise.all(top.map((name) => db.collection(name).get()))).flatMap((snap) => snap.docs),
    ...(await Promise.all(nested.map((name) => userRef(db, uid).collection(name).get()))).flatMap((snap) => snap.docs),
  ];
  return docs.filter((doc) => needles.some((needle) => `${doc.ref.path} ${JSON.stringify(doc.data())}`.includes(needle))).map((doc) => doc.ref.path);
}

describe('a lapsed account is told a month before, then deleted', () => {
  test('end to end: one notice, kept until its day, then every document of theirs gone', async () => {
    const start = '2025-09-15';
    app.setNow(at('2025-09-10'));
    const coach = await signedInCoach(app, 'Giulia Coach');
    const cohort = await cohortWithCode(start, 'together', coach.user.id);
    const member = await register(cohort.code);
    app.setNow(at('2025-09-17'));
    const tracker = must(submitCheckIn(emptyTracker(ROME, at('2025-09-17'), start), { mood: 4, reflection: 'Prima settimana' }, at('2025-09-17')));
    expect((await (await signedIn(member.email)).put('/api/users/me/progress', tracker)).status).toBe(200);
    // A closed maintenance month of the tracker goes with it (docs/decisions/054).
    await partRef(app.deps.db, member.uid, 1, 1).set(partDoc(member.uid, 1, { month: 1, completions: {}, habitDays: {} }));

    const due = dueAfter(start);
    const noticeDay = retentionNoticeFrom(due);
    expect(addMonths(noticeDay, 1)).toBe(due);
    expect(await days(member.uid)).toEqual(untold(due));

    await notices(addDays(noticeDay, -1));
    expect(member.phone.received).toEqual([]);
    const report = await notices(noticeDay);
    expect(report.done).toBeGreaterThanOrEqual(1);
    expect(member.phone.received).toEqual([retentionNoticePush(due)]);
    expect(member.phone.received[0]!.title).toBe(`Il tuo account sarà eliminato il ${formatItalianDate(due)}`);
    // And by email, with the same words and the way to keep it.
    const [email] = await mailbox.waitFor(member.email);
    expect(email!.subject).toBe(`Il tuo account sarà eliminato il ${formatItalianDate(due)}`);
    expect(email!.text).toContain('inizia una nuova stagione');
    expect(email!.text).toContain('/profilo#privacy-e-dati');
    expect(await days(member.uid)).toEqual({ deletableFrom: due, noticeFrom: null });
    expect((await readDoc(app, `users/${member.uid}`))?.accountNotice).toEqual({ deletableFrom: due, givenOn: noticeDay });

    // Told once: the same morning again, the next mornings, the nights before the day.
    await notices(noticeDay);
    await notices(addDays(noticeDay, 1));
    await deletions(addDays(due, -1));
    expect(member.phone.received).toHaveLength(1);
    expect(await mailbox.to(member.email)).toHaveLength(1);
    expect(await readDoc(app, `users/${member.uid}`)).toBeDefined();

    expect(await traces(member.uid, [member.uid, member.email])).not.toEqual([]);
    const deleted = await deletions(due);
    expect(deleted.done).toBeGreaterThanOrEqual(1);
    expect(await readDoc(app, `users/${member.uid}`)).toBeUndefined();
    expect(await readDoc(app, `progress/${member.uid}`)).toBeUndefined();
    expect(await readDoc(app, `progressParts/${member.uid}_1_1`)).toBeUndefined();
    await expect(app.deps.auth.getUser(member.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    // A farewell, by email (the app is gone for them); the outbox then keeps nothing that names them.
    await app.emails.idle();
    const farewell = (await mailbox.waitFor(member.email, 2))[1]!;
    expect(farewell.subject).toBe('Il tuo account è stato eliminato');
    expect(farewell.text).toContain('è passato un anno dalla fine del tuo ultimo programma');
    expect(farewell.text).toContain('Giulia Coach');
    expect(await traces(member.uid, [member.uid, member.email])).toEqual([]);
    const login = await new Client(app).post('/api/auth/login', { email: member.email, password: PASSWORD });
    expect(login.status).toBe(401);
    // The coach's account is no participant's programme: kept.
    expect(await readDoc(app, `users/${coach.user.id}`)).toBeDefined();
  });

  test('a notice claimed by a run that stopped before marking them told reaches the phone once', async () => {
    app.setNow(at('2026-06-01'));
    const cohort = await cohortWithCode('2025-01-06', 'ownDay');
    const member = await register(cohort.code);
    const due = accountDeletableFrom('2026-06-01');
    const noticeDay = retentionNoticeFrom(due);

    await notices(noticeDay);
    expect(member.phone.received).toEqual([retentionNoticePush(due)]);
    // As the run left it had it stopped after enqueueing: not marked told.
    await userRef(app.deps.db, member.uid).update({ accountNotice: null, ...untoldFields(due) });
    await notices(noticeDay);
    await notices(addDays(noticeDay, 1));
    expect(member.phone.received).toHaveLength(1);
    expect(await days(member.uid)).toEqual({ deletableFrom: due, noticeFrom: null });
  });

  test('an account found past its day without a notice is told, and deleted no sooner than a month later', async () => {
    app.setNow(at('2025-03-03'));
    const cohort = await cohortWithCode('2025-01-06', 'ownDay');
    const member = await register(cohort.code);
    const due = accountDeletableFrom('2025-03-03');
    const late = addDays(due, 20);

    await deletions(late);
    expect(await readDoc(app, `users/${member.uid}`)).toBeDefined();
    await notices(late);
    expect(member.phone.received).toEqual([retentionNoticePush(addMonths(late, 1))]);
    await deletions(addDays(addMonths(late, 1), -1));
    expect(await readDoc(app, `users/${member.uid}`)).toBeDefined();
    await deletions(addMonths(late, 1));
    expect(await readDoc(app, `users/${member.uid}`)).toBeUndefined();
  });
});

/** The stored days of a participant not told yet. */
function untoldFields(due: string) {
  return { accountDeletableFrom: due, accountNoticeFrom: retentionNoticeFrom(due) };
}

describe('what keeps an account', () => {
  test('a new season started: kept on the old day, told again a month before the new one', async () => {
    const start = '2025-09-15';
    app.setNow(at('2025-09-10'));
    const coach = await signedInCoach(app, 'Marco Coach');
    const first = await cohortWithCode(start, 'together', coach.user.id);
    const anna = await register(first.code, ROME, 'Anna Blu');
    const bruno = await register(first.code, ROME, 'Bruno Verdi');
    const due = dueAfter(start);
    const noticeDay = retentionNoticeFrom(due);
    await notices(noticeDay);
    expect(anna.phone.received).toEqual([retentionNoticePush(due)]);

    // Told, Anna accepts a new season that starts the next Monday.
    const nextMonday = mondayOf(addDays(noticeDay, 7));
    const together = await writeCohort(app, { coachIds: [coach.user.id], startDate: nextMonday });
    await cohortRef(app.deps.db, together).update({ pace: 'together' });
    expect((await (await signedIn(coach.user.email)).post(`/api/coach/cohorts/${first.id}/new-season`, { targetCohortId: together })).status).toBe(200);
    expect((await (await signedIn(anna.email)).post(`/api/me/season-invitation/${together}/accept`)).status).toBe(200);
    const newDue = dueAfter(nextMonday);
    expect(await days(anna.uid)).toEqual(untold(newDue));
    // Bruno's start moves by a writer that left the days as they were: the job works them out again.
    await userRef(app.deps.db, bruno.uid).update({ challengeStartDate: nextMonday });
    expect(await days(bruno.uid)).toEqual({ deletableFrom: due, noticeFrom: null });

    const night = await deletions(due);
    expect(night.moved).toBeGreaterThanOrEqual(1);
    for (const member of [anna, bruno]) {
      expect(await readDoc(app, `users/${member.uid}`)).toBeDefined();
      expect(await days(member.uid)).toEqual(untold(newDue));
    }

    await notices(retentionNoticeFrom(newDue));
    expect(anna.phone.received).toEqual([retentionNoticePush(due), retentionNoticePush(newDue)]);
  });

  test('a coach is never deleted, whatever days their document holds', async () => {
    app.setNow(at('2024-01-08'));
    const coach = await signedInCoach(app, 'Franca Coach');
    // Days a coach should never have (a document written by hand, say).
    await userRef(app.deps.db, coach.user.id).update({ accountDeletableFrom: '2024-02-01', accountNoticeFrom: '2024-01-01', accountNotice: { deletableFrom: '2024-02-01', givenOn: '2024-01-01' } });
    await notices('2026-06-01');
    await deletions('2026-06-01');
    expect(await readDoc(app, `users/${coach.user.id}`)).toBeDefined();
    await expect(app.deps.auth.getUser(coach.user.id)).resolves.toMatchObject({ uid: coach.user.id });
  });
});

describe('the participant’s own day', () => {
  test('due in Rome but not yet in New York: deleted the next night; across the March clock change', async () => {
    // Registered on 27 March 2026 in both zones: their first day of deletion is Sunday 28 March
    // 2027, the night Rome moves its clocks forward (the run of 03:05 is at 01:05 UTC).
    app.setNow(new Date('2026-03-27T12:00:00Z'));
    const cohort = await cohortWithCode('2025-01-06', 'ownDay');
    const rome = await register(cohort.code, ROME, 'Paola Roma');
    const newYork = await register(cohort.code, NEW_YORK, 'Nina York');
    const due = accountDeletableFrom('2026-03-27');
    expect(due).toBe('2027-03-28');
    expect(nightRun(due).toISOString()).toBe('2027-03-28T01:05:00.000Z');
    for (const member of [rome, newYork]) expect(await days(member.uid)).toEqual(untold(due));

    // 10:05 in Rome is 05:05 (or 04:05) in New York: the same day, both told.
    await notices(retentionNoticeFrom(due));
    for (const member of [rome, newYork]) expect(member.phone.received).toEqual([retentionNoticePush(due)]);

    await deletions(addDays(due, -1));
    expect(await readDoc(app, `users/${rome.uid}`)).toBeDefined();
    // 03:05 in Rome on the 28th is 21:05 on the 27th in New York.
    await deletions(due);
    expect(await readDoc(app, `users/${rome.uid}`)).toBeUndefined();
    expect(await readDoc(app, `users/${newYork.uid}`)).toBeDefined();
    expect(await days(newYork.uid)).toEqual({ deletableFrom: due, noticeFrom: null });
    await deletions(addDays(due, 1));
    expect(await readDoc(app, `users/${newYork.uid}`)).toBeUndefined();
  });
});
