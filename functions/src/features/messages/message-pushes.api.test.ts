import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import type { SentMessage } from '@sfida/core/cohort-messages';
import { sha256Hex } from '../../shared/crypto';
import { CLAIM_LEASE_MS, runPushTask, type PushTask } from '../../shared/push-fan-out';
import { recipientIdsOf } from '../../shared/cohort-message-repository';
import { messagePushKey } from '../../shared/message-copies';
import { subscriptionRef } from '../../shared/push-notifier';
import { newUserDoc, userRef } from '../../shared/user-repository';
import { readDoc, startTestApp, type TestApp } from '../../test-support/api-harness';
import { newId, signedInCoach, writeCohort } from '../../test-support/cohort-fixtures';
import { BrowserDevice, startPushService, type PushServiceStandIn } from '../../test-support/push-service';

// A message to a segment answers the coach once the message and its recipients are stored; each
// recipient's copy and push go through the task queue (here the in-process stand-in, which delivers
// every task twice), its tasks naming the message and its recipients by id, each copy written once and each push to a device sent once.

let app: TestApp;
let pushService: PushServiceStandIn;
/** Monday 23 March 2026; Wednesday of week 1, 10:00 in Rome. */
const START = '2026-03-23';
const WEEK1 = new Date('2026-03-25T09:00:00Z');

beforeAll(async () => {
  pushService = await startPushService();
  app = await startTestApp({ pushAgent: pushService.agent });
});
afterAll(async () => {
  await app.close();
  await pushService.close();
});
beforeEach(() => {
  app.setNow(WEEK1);
});

interface Member {
  uid: string;
  name: string;
  device: BrowserDevice;
}

/** `count` participants of the cohort, each with one subscribed device, written with the Admin SDK (registering each through the API would take minutes). */
async function members(cohortId: string, count: number): Promise<Member[]> {
  const { db } = app.deps;
  const batch = db.batch();
  const made: Member[] = [];
  for (let i = 0; i < count; i++) {
    const uid = newId('partecipante');
    const name = `Persona${i} Prova`;
    const device = new BrowserDevice(pushService);
    const doc = newUserDoc({ email: `${uid}@test.sfida8.local`, name, role: 'PARTICIPANT', cohortId, timeZone: 'Europe/Rome', now: WEEK1, challenge: { startDate: START, joinedOn: null } });
    batch.set(userRef(db, uid), doc);
    batch.set(subscriptionRef(db, device.subscription.endpoint), { uid, ...device.subscription, createdAt: WEEK1.toISOString() });
    made.push({ uid, name, device });
  }
  await batch.commit();
  return made;
}

async function send(client: Awaited<ReturnType<typeof signedInCoach>>['client'], cohortId: string, text: string) {
  return client.post<SentMessage>(`/api/coach/cohorts/${cohortId}/messages`, { requestId: randomUUID(), text, segment: 'all' });
}

describe('a message to a segment fans out through the task queue', () => {
  test('the coach is answered once the message and its recipients are stored, before any copy or push; then each recipient gets their copy, and each device its push, once', async () => {
    const coach = await signedInCoach(app, 'Giulia Coach');
    const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate: START });
    const people = await members(cohortId, 130);
    const before = app.tasks.enqueued.length;

    app.tasks.hold();
    const reply = await send(coach.client, cohortId, 'Ciao {nome}, si riparte!');
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.recipientCount).toBe(130);
    // Stored: the message with its recipients (sent: every task enqueued); no copy and no push yet.
    const stored = await readDoc(app, `cohortMessages/${reply.body.id}`);
    expect(stored).toMatchObject({ status: 'sent', recipientCount: 130 });
    expect(new Set(recipientIdsOf(stored!))).toEqual(new Set(people.map((person) => person.uid)));
    expect(await readDoc(app, `inboxMessages/${reply.body.id}_${people[0]!.uid}`)).toBeUndefined();
    expect(pushService.requests.filter((request) => people.some((person) => person.device.path === request.path))).toEqual([]);
    // 130 recipients: tasks of at most 200 and 60 kB carrying ids only (the message's and its recipients'), every recipient in one of them once.
    const tasks = app.tasks.enqueued.slice(before);
    const uids = tasks.flatMap(recipientsOf);
    expect([...uids].sort()).toEqual(people.map((person) => person.uid).sort());
    for (const task of tasks) {
      expect(Object.keys(task).sort()).toEqual(['messageId', 'recipientIds']);
      expect(task).toMatchObject({ messageId: reply.body.id });
      expect(JSON.stringify(task).length).toBeLessThanOrEqual(60_000);
    }
    app.tasks.release();
    await app.tasks.idle();
    // Each recipient's copy, their name filled in, once (the task ran twice).
    const copies = await app.deps.db.collection('inboxMessages').where('messageId', '==', reply.body.id).get();
    expect(copies.size).toBe(130);
    expect(await readDoc(app, `inboxMessages/${reply.body.id}_${people[0]!.uid}`)).toMatchObject({ userId: people[0]!.uid, text: 'Ciao Persona0, si riparte!', readAt: null });
    for (const person of people) {
      expect(person.device.received, person.name).toEqual([
        { title: 'Messaggio da Giulia Coach', body: `Ciao ${person.name.split(' ')[0]}, si riparte!`, url: '/messaggi', tag: `messaggio-${reply.body.id}` },
      ]);
    }
    // Each task ran twice (the stand-in's duplicate): the second time everything was skipped.
    const reports = app.tasks.reports.slice(-2 * tasks.length);
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(130);
    expect(reports.reduce((sum, report) => sum + report.skipped, 0)).toBe(130);
    expect(reports.every((report) => !report.retry)).toBe(true);
    // A later attempt (a retry of the queue) leaves a copy the participant has read as it is.
    const copyPath = `inboxMessages/${reply.body.id}_${people[0]!.uid}`;
    await app.deps.db.doc(copyPath).update({ readAt: WEEK1.toISOString() });
    const first = tasks.find((task) => recipientsOf(task).includes(people[0]!.uid))!;
    expect(await run(first)).toMatchObject({ sent: 0, skipped: recipientsOf(first).length });
    expect(await readDoc(app, copyPath)).toMatchObject({ readAt: WEEK1.toISOString() });
  });

  test('a push that failed for a while is tried again by the task\'s retry, and only that one; 404 and 410 remove the subscription', async () => {
    const coach = await signedInCoach(app, 'Marco Coach');
    const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate: START });
    const [busy, expired, unknown, fine] = await members(cohortId, 4);
    pushService.answerFor.set(busy!.device.path, 503);
    pushService.answerFor.set(expired!.device.path, 410);
    pushService.answerFor.set(unknown!.device.path, 404);

    app.tasks.hold();
    const reply = await send(coach.client, cohortId, 'Buona settimana!');
    expect(reply.status).toBe(201);
    const task = app.tasks.enqueued.at(-1)!;
    // The queue's first attempt, by hand: the 503 asks for the task again and gives its claim back.
    expect(await run(task)).toMatchObject({ sent: 1, failed: 1, removed: 2, retry: true });
    expect(await readDoc(app, `pushSubscriptions/${sha256Hex(expired!.device.subscription.endpoint)}`)).toBeUndefined();
    expect(await readDoc(app, `pushSubscriptions/${sha256Hex(unknown!.device.subscription.endpoint)}`)).toBeUndefined();
    expect(await readDoc(app, `pushSubscriptions/${sha256Hex(busy!.device.subscription.endpoint)}`)).toMatchObject({ uid: busy!.uid });

    // The push service is back: the retries send the one push left, once.
    pushService.answerFor.delete(busy!.device.path);
    app.tasks.release();
    await app.tasks.idle();
    expect(busy!.device.requests).toHaveLength(2);
    expect(busy!.device.received.at(-1)).toMatchObject({ body: 'Buona settimana!' });
    expect([expired!.device.requests.length, unknown!.device.requests.length, fine!.device.requests.length]).toEqual([1, 1, 1]);
  });

  test('a claim left by an attempt that died before its push is taken over once its lease has passed, never before', async () => {
    const coach = await signedInCoach(app, 'Sara Coach');
    const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate: START });
    const [crashed, other] = await members(cohortId, 2);

    app.tasks.hold();
    const reply = await send(coach.client, cohortId, 'Ci vediamo giovedì');
    expect(reply.status).toBe(201);
    const task = app.tasks.enqueued.at(-1)!;
    // An attempt claimed the first push and died before sending it.
    const key = messagePushKey(reply.body.id, crashed!.uid);
    const claimId = sha256Hex(`${key}\n${crashed!.device.subscription.endpoint}`);
    await app.deps.db.collection('pushDeliveries').doc(claimId).create({ key, status: 'claimed', claimedAt: Timestamp.fromDate(app.deps.clock()) });

    // Within the lease the claim may still be an attempt at work: left alone, and the task asked again.
    expect(await run(task)).toMatchObject({ sent: 1, retry: true });
    expect(crashed!.device.requests).toHaveLength(0);
    expect(other!.device.requests).toHaveLength(1);
    // Past the lease: taken over and sent, once; the other push is not sent again.
    app.advance(CLAIM_LEASE_MS + 1000);
    expect(await run(task)).toMatchObject({ sent: 1, skipped: 1, retry: false });
    app.tasks.release();
    await app.tasks.idle();
    expect(crashed!.device.received).toEqual([expect.objectContaining({ body: 'Ci vediamo giovedì' })]);
    expect(other!.device.requests).toHaveLength(1);
    expect(await readDoc(app, `pushDeliveries/${claimId}`)).toMatchObject({ status: 'sent' });
  });

  test('a task whose pushes outlast the lease is not taken over by its retry: each push is held only while it goes', async () => {
    const coach = await signedInCoach(app, 'Marta Coach');
    const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate: START });
    const people = await members(cohortId, 120);

    app.tasks.hold();
    const reply = await send(coach.client, cohortId, 'Un passo alla volta');
    expect(reply.status).toBe(201);
    const task = app.tasks.enqueued.at(-1)!;
    // A slow push service: each push (10 go at once) moves the clock 4 seconds on, so the task's
    // 120 pushes take 8 minutes. Past the lease since the task began, the queue runs it again (its
    // dispatch deadline cut the first attempt's request short, the attempt still at work); the
    // 100th push is answered only when that retry has finished.
    let received = 0;
    let retry: Promise<unknown> | undefined;
    pushService.onPush = () => {
      app.advance(4_000);
      if (++received !== 100) return undefined;
      retry = run(task);
      return retry;
    };
    try {
      await run(task);
      await retry;
    } finally {
      pushService.onPush = null;
    }
    expect(retry).toBeDefined();
    app.tasks.release();
    await app.tasks.idle();
    expect(people.map((person) => person.device.requests.length)).toEqual(people.map(() => 1));
  });

  test('two attempts of the same task at once send each push once: the later one asks to run again instead', async () => {
    const coach = await signedInCoach(app, 'Luca Coach');
    const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate: START });
    const people = await members(cohortId, 20);
    app.tasks.hold();
    expect((await send(coach.client, cohortId, 'Insieme ce la facciamo')).status).toBe(201);
    const task = app.tasks.enqueued.at(-1)!;
    const [first, second] = await Promise.all([run(task), run(task)]);
    expect(first.sent + second.sent).toBe(20);
    expect([first.retry, second.retry]).toContain(true);
    app.tasks.release();
    await app.tasks.idle();
    for (const person of people) expect(person.device.requests, person.name).toHaveLength(1);
  });
});

describe('a message to more than one task\'s recipients', () => {
  test('the request enqueues one small task naming the message, which reads its recipients and enqueues their tasks; each copy and push still once, that task delivered twice too', async () => {
    const coach = await signedInCoach(app, 'Elena Coach');
    const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate: START });
    const people = await members(cohortId, 210);
    const before = app.tasks.enqueued.length;
    app.tasks.hold();
    const reply = await send(coach.client, cohortId, 'Ciao {nome}!');
    expect(reply.status).toBe(201);
    expect(reply.body.recipientCount).toBe(210);
    const enqueued = app.tasks.enqueued.slice(before);
    expect(enqueued).toEqual([{ messageId: reply.body.id }]);
    // Its recipients are stored with the message, as one value.
    const stored = await readDoc(app, `cohortMessages/${reply.body.id}`);
    expect(typeof stored!.recipients).toBe('string');
    expect(recipientIdsOf(stored!).sort()).toEqual(people.map((person) => person.uid).sort());
    app.tasks.release();
    await app.tasks.idle();
    const copies = await app.deps.db.collection('inboxMessages').where('messageId', '==', reply.body.id).get();
    expect(copies.size).toBe(210);
    for (const person of people) expect(person.device.received, person.name).toEqual([expect.objectContaining({ body: `Ciao ${person.name.split(' ')[0]}!` })]);
  }, 120_000);
});

/** The recipients a message's task names. */
function recipientsOf(task: PushTask): string[] {
  return 'recipientIds' in task ? (task.recipientIds ?? []) : [];
}

/** One attempt of `task`, as the queue's function runs it. */
function run(task: PushTask) {
  return runPushTask(app.deps, task);
}
