import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { SentMessage } from '@sfida/core/cohort-messages';
import { runPushTask } from './push-fan-out';
import { subscriptionRef } from './push-notifier';
import { newUserDoc, userRef } from './user-repository';
import { startTestApp, type TestApp } from '../test-support/api-harness';
import { newId, signedInCoach, writeCohort } from '../test-support/cohort-fixtures';
import { BrowserDevice, startPushService, type PushServiceStandIn } from '../test-support/push-service';

// The queue's function is reached by whoever can call it: locally the Functions emulator answers
// anyone. What a task says is therefore never believed: it names stored things by id, and what is
// pushed and filed comes from the store.

let app: TestApp;
let pushService: PushServiceStandIn;
const START = '2026-03-23';
const WEEK1 = new Date('2026-03-25T09:00:00Z');
const PHISHING = 'Aggiorna la password qui: https://sfida8-login.example.com';

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

/** A participant of the cohort with a subscribed device. */
async function participant(cohortId: string): Promise<{ uid: string; device: BrowserDevice }> {
  const { db } = app.deps;
  const uid = newId('partecipante');
  const device = new BrowserDevice(pushService);
  const doc = newUserDoc({ email: `${uid}@test.sfida8.local`, name: 'Anna Prova', role: 'PARTICIPANT', cohortId, timeZone: 'Europe/Rome', now: WEEK1, challenge: { startDate: START, joinedOn: null } });
  await userRef(db, uid).set(doc);
  await subscriptionRef(db, device.subscription.endpoint).set({ uid, ...device.subscription, createdAt: WEEK1.toISOString() });
  return { uid, device };
}

async function inboxOf(uid: string) {
  return (await app.deps.db.collection('inboxMessages').where('userId', '==', uid).get()).docs.map((doc) => doc.data());
}

async function cohortWithParticipant() {
  const coach = await signedInCoach(app, 'Giulia Coach');
  const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate: START });
  return { coach, cohortId, ...(await participant(cohortId)) };
}

describe('a forged task has no effect', () => {
  test('one naming a message that does not exist, a coach, a cohort and a text: nothing pushed, nothing in any inbox', async () => {
    const { cohortId, uid, device } = await cohortWithParticipant();
    const messageId = `coach_${randomUUID()}`;
    const forged = {
      topic: null,
      ttlSeconds: 86_400,
      items: [{ uid, key: `message:${messageId}:${uid}` }],
      message: { id: messageId, cohortId, coachName: 'Il tuo coach', text: PHISHING, sentAt: WEEK1.toISOString() },
    };
    await runPushTask(app.deps, forged as never);
    await app.tasks.idle();
    expect(device.received).toEqual([]);
    expect(await inboxOf(uid)).toEqual([]);
    // The same, as a large message's task and as a task naming the message by id only.
    await runPushTask(app.deps, { ...forged, items: [], recipientsOfMessage: true } as never);
    await runPushTask(app.deps, { messageId, recipientIds: [uid] } as never);
    await app.tasks.idle();
    expect(device.requests).toEqual([]);
    expect(await inboxOf(uid)).toEqual([]);
  });

  test('one carrying its own push (a reminder\'s shape): nothing pushed', async () => {
    const { uid, device } = await cohortWithParticipant();
    const forged = { topic: null, ttlSeconds: 7200, items: [{ uid, key: `reminder:${uid}:habits:2026-03-25`, payload: { title: 'Il tuo coach', body: PHISHING, url: '/messaggi', tag: 'x' } }] };
    await runPushTask(app.deps, forged as never);
    expect(device.received).toEqual([]);
    // A reminder the jobs never claimed, named by id.
    await runPushTask(app.deps, { reminderIds: [`${uid}_habits_2026-03-25`] } as never);
    await app.tasks.idle();
    expect(device.requests).toEqual([]);
    expect(await inboxOf(uid)).toEqual([]);
  });

  test('one naming a real message with another text, coach or recipient: only what was stored reaches whom it was sent to, once', async () => {
    const { coach, cohortId, uid, device } = await cohortWithParticipant();
    const outsider = await participant(cohortId);
    app.tasks.hold();
    // Sent to one participant only; the other joined the same cohort but was not picked.
    const reply = await coach.client.post<SentMessage>(`/api/coach/cohorts/${cohortId}/messages`, { requestId: randomUUID(), text: 'Ciao {nome}!', segment: 'picked', userIds: [uid] });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const messageId = reply.body.id;
    const forgedMessage = { id: messageId, cohortId, coachName: 'Il tuo coach', text: PHISHING, sentAt: WEEK1.toISOString() };
    const items = [uid, outsider.uid].map((id) => ({ uid: id, key: `message:${messageId}:${id}` }));
    await runPushTask(app.deps, { topic: null, ttlSeconds: 86_400, items, message: forgedMessage } as never);
    expect(await inboxOf(outsider.uid)).toEqual([]);
    expect(outsider.device.requests).toEqual([]);
    await runPushTask(app.deps, { messageId, recipientIds: [uid, outsider.uid] } as never);
    app.tasks.release();
    await app.tasks.idle();
    expect(device.received).toEqual([{ title: 'Messaggio da Giulia Coach', body: 'Ciao Anna!', url: '/messaggi', tag: `messaggio-${messageId}` }]);
    expect(await inboxOf(uid)).toEqual([expect.objectContaining({ coachName: 'Giulia Coach', text: 'Ciao Anna!' })]);
    expect(outsider.device.requests).toEqual([]);
    expect(await inboxOf(outsider.uid)).toEqual([]);
  });

  test('a stored message not due yet does nothing; one sent more than a day ago is filed, not pushed', async () => {
    const { coach, cohortId, uid, device } = await cohortWithParticipant();
    const stored = (sentAt: Date) => ({ cohortId, coachId: coach.user.id, coachName: 'Giulia Coach', text: 'Ciao {nome}!', segment: 'picked', recipients: uid, recipientCount: 1, sentAt: sentAt.toISOString(), status: 'sent' });
    const later = `${coach.user.id}_${randomUUID()}`;
    await app.deps.db.collection('cohortMessages').doc(later).set(stored(new Date(WEEK1.getTime() + 60_000)));
    await runPushTask(app.deps, { messageId: later, recipientIds: [uid] });
    expect(await inboxOf(uid)).toEqual([]);
    const old = `${coach.user.id}_${randomUUID()}`;
    await app.deps.db.collection('cohortMessages').doc(old).set(stored(new Date(WEEK1.getTime() - 25 * 60 * 60 * 1000)));
    await runPushTask(app.deps, { messageId: old, recipientIds: [uid] });
    expect(await inboxOf(uid)).toEqual([expect.objectContaining({ messageId: old, text: 'Ciao Anna!' })]);
    expect(device.requests).toEqual([]);
  });

  test('a body that is not a task at all is ignored, and not asked again', async () => {
    for (const body of [null, 'x', 42, [], {}, { messageId: 5 }, { messageId: 'a/b' }, { reminderIds: 'x' }, { messageId: 'm', recipientIds: Array.from({ length: 5000 }, (_, i) => `u${i}`) }]) {
      expect(await runPushTask(app.deps, body as never), JSON.stringify(body)?.slice(0, 60)).toEqual({ sent: 0, failed: 0, removed: 0, skipped: 0, retry: false });
    }
  });
});
