import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Timestamp } from 'firebase-admin/firestore';
import { checkInThreadId } from '@sfida/core/check-in-threads';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  notificationMessages,
  notificationsResponseSchema,
  pushSubscribedAnswerSchema,
  type NotificationSettings,
  type NotificationsResponse,
} from '@sfida/core/notifications';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { addHabit, submitCheckIn, toggleHabit } from '@sfida/core/tracker-actions';
import { sha256Hex } from '../../shared/crypto';
import { userRef } from '../../shared/user-repository';
import { Client, readDoc, registerParticipant, startTestApp, type TestApp } from '../../test-support/api-harness';
import { must, signedInCoach, writeCohort } from '../../test-support/cohort-fixtures';
import { BrowserDevice, startPushService, type PushServiceStandIn } from '../../test-support/push-service';
import { runReminderJob } from './reminder-job';
import { scheduleCollection } from './repository';
import { MAX_DEVICES } from './service';

let app: TestApp;
let pushService: PushServiceStandIn;
/** Monday 16 March 2026: week 2 ends on Sunday 29 March, the night Rome moves to summer time. */
const START = '2026-03-16';
const ROME = 'Europe/Rome';
/** Saturday 28 March 2026, 12:00 in Rome (UTC+1). */
const SATURDAY_NOON = new Date('2026-03-28T11:00:00Z');

beforeAll(async () => {
  pushService = await startPushService();
  app = await startTestApp({ pushAgent: pushService.agent });
});
afterAll(async () => {
  await Promise.all([app.close(), pushService.close()]);
});
beforeEach(async () => {
  // The job reads every schedule that is due: each test starts from none.
  const batch = app.deps.db.batch();
  for (const doc of (await scheduleCollection(app.deps.db).get()).docs) batch.delete(doc.ref);
  await batch.commit();
  app.setNow(SATURDAY_NOON);
});

type Member = Awaited<ReturnType<typeof registerParticipant>> & { tag?: string; tracker: TrackerData; habitId: string };

/** A participant of `cohortId` in `timeZone`, whose challenge started on START, with one habit synced. */
async function participant(cohortId: string, name: string, timeZone = ROME, start = START): Promise<Member> {
  const registered = await registerParticipant(app, name);
  await userRef(app.deps.db, registered.user.id).update({ cohortId, challengeStartDate: start, timeZone });
  const now = app.deps.clock();
  const tracker = must(addHabit(emptyTracker(timeZone, now, start), 'Camminare 30 minuti', now));
  const member: Member = { ...registered, tracker, habitId: tracker.habits[0]!.id };
  await sync(member, (data) => data);
  return member;
}

async function sync(member: Member, change: (data: TrackerData) => TrackerData): Promise<void> {
  const reply = await member.client.request<{ tracker: TrackerData }>('PUT', '/api/users/me/progress', {
    json: change(member.tracker),
    headers: member.tag ? { 'if-match': member.tag } : {},
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  member.tag = reply.headers.get('etag') ?? undefined;
  member.tracker = reply.body.tracker;
}

async function subscribe(client: Client, device: BrowserDevice): Promise<void> {
  const reply = await client.post('/api/me/push-subscriptions', { ...device.subscription, expirationTime: null });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  pushSubscribedAnswerSchema.parse(reply.body);
}

async function saveSettings(client: Client, change: (settings: NotificationSettings) => NotificationSettings): Promise<NotificationsResponse> {
  const current = notificationsResponseSchema.parse((await client.get('/api/me/notifications')).body);
  const reply = await client.put('/api/me/notifications', { settings: change(current.settings) });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return notificationsResponseSchema.parse(reply.body);
}

async function schedules(uid: string): Promise<Record<string, string>> {
  const snap = await scheduleCollection(app.deps.db).where('uid', '==', uid).get();
  return Object.fromEntries(snap.docs.map((doc) => [doc.get('kind') as string, (doc.get('dueAt') as Timestamp).toDate().toISOString()]));
}

const runJobAt = async (iso: string) => {
  app.setNow(new Date(iso));
  return runReminderJob(app.deps, new Date(iso));
};

const coach = (name?: string) => signedInCoach(app, name);

describe('who may use the notification routes', () => {
  test('signed out 401; a participant and a coach each reach only their own settings and devices', async () => {
    const mine = await coach();
    const cohortId = await writeCohort(app, { coachIds: [mine.user.id], startDate: START });
    const member = await participant(cohortId, 'Paola Neri');
    const device = new BrowserDevice(pushService);
    const anonymous = new Client(app);
    expect((await anonymous.get('/api/me/notifications')).status).toBe(401);
    expect((await anonymous.put('/api/me/notifications', { settings: DEFAULT_NOTIFICATION_SETTINGS })).status).toBe(401);
    expect((await anonymous.post('/api/me/push-subscriptions', device.subscription)).status).toBe(401);
    expect((await anonymous.post('/api/me/push-subscriptions/remove', { endpoint: device.subscription.endpoint })).status).toBe(401);

    for (const client of [member.client, mine.client]) {
      const reply = await client.get<NotificationsResponse>('/api/me/notifications');
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ publicKey: app.deps.config.push!.publicKey, settings: DEFAULT_NOTIFICATION_SETTINGS });
    }
    // The participant's settings are theirs: the coach's stay the defaults.
    await saveSettings(member.client, (settings) => ({ ...settings, coachMessages: false }));
    expect((await mine.client.get<NotificationsResponse>('/api/me/notifications')).body.settings.coachMessages).toBe(true);

    // A device belongs to whoever subscribed it; another account cannot remove it.
    await subscribe(member.client, device);
    const docPath = `pushSubscriptions/${sha256Hex(device.subscription.endpoint)}`;
    expect(await mine.client.post('/api/me/push-subscriptions/remove', { endpoint: device.subscription.endpoint })).toMatchObject({ status: 204 });
    expect(await readDoc(app, docPath)).toMatchObject({ uid: member.user.id });
    // The same browser signed in with the coach's account: the subscription is the coach's now.
    await subscribe(mine.client, device);
    expect(await readDoc(app, docPath)).toMatchObject({ uid: mine.user.id });
    expect(await mine.client.post('/api/me/push-subscriptions/remove', { endpoint: device.subscription.endpoint })).toMatchObject({ status: 204 });
    expect(await readDoc(app, docPath)).toBeUndefined();
  });

  test('an account keeps its MAX_DEVICES newest devices: one more subscribed, the oldest goes', async () => {
    const member = await participant(await writeCohort(app, { coachIds: [], startDate: START }), 'Lia Molti');
    const devices = Array.from({ length: MAX_DEVICES + 1 }, () => new BrowserDevice(pushService));
    for (const [i, device] of devices.entries()) {
      app.setNow(new Date(SATURDAY_NOON.getTime() + i * 60_000));
      await subscribe(member.client, device);
    }
    const stored = await Promise.all(devices.map((device) => readDoc(app, `pushSubscriptions/${sha256Hex(device.subscription.endpoint)}`)));
    expect(stored[0]).toBeUndefined();
    expect(stored.slice(1).map((doc) => doc?.uid)).toEqual(Array.from({ length: MAX_DEVICES }, () => member.user.id));
  });

  test('bad input gets an Italian message and changes nothing', async () => {
    const member = await participant(await writeCohort(app, { coachIds: [], startDate: START }), 'Luca Verdi');
    const saved = await saveSettings(member.client, (settings) => ({ ...settings, coachReplies: false }));
    const badTime = { ...saved.settings, reminders: { ...saved.settings.reminders, habits: { enabled: true, time: '25:00' } } };
    expect(await member.client.put('/api/me/notifications', { settings: badTime })).toMatchObject({
      status: 400,
      body: { message: 'Orario non valido (usa il formato HH:MM)' },
    });
    expect(await member.client.put('/api/me/notifications', {})).toMatchObject({ status: 400 });
    // Quiet hours that begin when they end would silence nothing: refused, not stored as "never".
    const sameTime = { ...saved.settings, reminders: { ...saved.settings.reminders, quietHours: { from: '22:00', to: '22:00' } } };
    expect(await member.client.put('/api/me/notifications', { settings: sameTime })).toMatchObject({
      status: 400,
      body: { message: notificationMessages.quietHoursSameTime },
    });
    expect((await member.client.get<NotificationsResponse>('/api/me/notifications')).body.settings).toEqual(saved.settings);

    const device = new BrowserDevice(pushService);
    // Only a push service's address: a crafted one would make the server call anywhere.
    // Nor one that parsers read differently (the URL checked here, url.parse sending to localhost:443).
    const local = new URL(pushService.url).host;
    const crafted = ['https:fcm.googleapis.com/x', 'https:/fcm.googleapis.com/x', `https:${local}/push/x`, 'https://utente@fcm.googleapis.com/x'];
    for (const endpoint of ['https://example.com/push/1', 'http://127.0.0.1/push', 'file:///etc/passwd', 'non un indirizzo', ...crafted]) {
      expect(await member.client.post('/api/me/push-subscriptions', { ...device.subscription, endpoint }), endpoint).toMatchObject({
        status: 400,
        body: { message: notificationMessages.unsupportedPushService },
      });
    }
    const shortKey = { ...device.subscription, keys: { ...device.subscription.keys, p256dh: 'AAAA' } };
    expect(await member.client.post('/api/me/push-subscriptions', shortKey)).toMatchObject({ status: 400, body: { message: notificationMessages.invalidSubscription } });
    expect(await member.client.post('/api/me/push-subscriptions', { endpoint: device.subscription.endpoint })).toMatchObject({
      status: 400,
      body: { message: notificationMessages.invalidSubscription },
    });
    expect(await schedules(member.user.id)).toEqual({});
  });
});

describe('the reminders', () => {
  test('a subscribed participant is scheduled on their own wall clock, across the change to summer time; a coach never is', async () => {
    const mine = await coach();
    const member = await participant(await writeCohort(app, { coachIds: [mine.user.id], startDate: START }), 'Sara Bianchi');
    await subscribe(member.client, new BrowserDevice(pushService));
    expect(await schedules(member.user.id)).toEqual({
      habits: '2026-03-28T19:30:00.000Z', // Saturday 20:30, UTC+1
      checkIn: '2026-03-29T16:00:00.000Z', // Sunday 18:00, UTC+2 since 03:00 that night
      planner: '2026-03-30T06:30:00.000Z', // Monday 08:30
    });
    await saveSettings(member.client, (settings) => ({
      ...settings,
      reminders: { ...settings.reminders, habits: { enabled: true, time: '07:15' }, planner: { enabled: false, time: '08:30' } },
    }));
    expect(await schedules(member.user.id)).toEqual({ habits: '2026-03-29T05:15:00.000Z', checkIn: '2026-03-29T16:00:00.000Z' });

    await subscribe(mine.client, new BrowserDevice(pushService));
    expect(await schedules(mine.user.id)).toEqual({});

    // A participant in New York: the same settings, their own evenings.
    const traveller = await participant(await writeCohort(app, { coachIds: [], startDate: START }), 'Anna Rossi', 'America/New_York');
    await subscribe(traveller.client, new BrowserDevice(pushService));
    expect((await schedules(traveller.user.id)).habits).toBe('2026-03-29T00:30:00.000Z');
  });

  test('the check-in and planner reminders follow the participant\'s own week (Thursday to Wednesday), in Rome and in New York', async () => {
    // Thursday 19 March 2026: their weeks end on Wednesdays; Rome changes to summer time on Sunday 29 March.
    const THURSDAY = '2026-03-19';
    const member = await participant(await writeCohort(app, { coachIds: [], startDate: THURSDAY }), 'Elena Rosa', ROME, THURSDAY);
    const phone = new BrowserDevice(pushService);
    await subscribe(member.client, phone);
    expect(await schedules(member.user.id)).toMatchObject({
      checkIn: '2026-04-01T16:00:00.000Z', // Wednesday 18:00, summer time
      planner: '2026-04-02T06:30:00.000Z', // Thursday 08:30
    });
    // Sunday and Monday, once the days of every check-in and planner reminder, are quiet now.
    await runJobAt('2026-03-29T16:05:00Z');
    await runJobAt('2026-03-30T06:35:00Z');
    await app.tasks.idle();
    expect(phone.received.map((push) => push.url).filter((url) => url !== '/abitudini')).toEqual([]);
    expect(await runJobAt('2026-04-01T16:05:00Z')).toMatchObject({ due: 1 });
    expect(await runJobAt('2026-04-02T06:35:00Z')).toMatchObject({ due: 1 });
    await app.tasks.idle();
    expect(phone.received.map((push) => push.url).filter((url) => url !== '/abitudini')).toEqual(['/checkin', '/planner']);
    expect(await schedules(member.user.id)).toMatchObject({ checkIn: '2026-04-08T16:00:00.000Z', planner: '2026-04-09T06:30:00.000Z' });

    // New York, Thursday 22 October: its Wednesdays at 18:00 are 22:00 UTC, then 23:00 UTC after its change on 1 November.
    app.setNow(new Date('2026-10-25T12:00:00Z'));
    const traveller = await participant(await writeCohort(app, { coachIds: [], startDate: '2026-10-22' }), 'Anna Rossi', 'America/New_York', '2026-10-22');
    await subscribe(traveller.client, new BrowserDevice(pushService));
    expect((await schedules(traveller.user.id)).checkIn).toBe('2026-10-28T22:00:00.000Z');
    expect(await runJobAt('2026-10-28T22:05:00Z')).toMatchObject({ due: 1 });
    expect((await schedules(traveller.user.id)).checkIn).toBe('2026-11-04T23:00:00.000Z');
  });

  test('after the eight weeks only the check-in reminder goes on, monthly, on the first day of each maintenance month', async () => {
    // Started Sunday 1 February 2026: day 56 is today, Saturday 28 March; day 57 is the night Rome moves to summer time.
    const start = '2026-02-01';
    const member = await participant(await writeCohort(app, { coachIds: [], startDate: start }), 'Maria Mantenimento', ROME, start);
    const phone = new BrowserDevice(pushService);
    await subscribe(member.client, phone);
    expect(await schedules(member.user.id)).toMatchObject({ checkIn: '2026-03-28T17:00:00.000Z', planner: '2026-03-29T06:30:00.000Z' });
    // The last weekly check-in reminder, then the first monthly one is scheduled for day 57 at 18:00, summer time.
    expect(await runJobAt('2026-03-28T17:05:00Z')).toMatchObject({ due: 1 });
    expect((await schedules(member.user.id)).checkIn).toBe('2026-03-29T16:00:00.000Z');
    // Day 57: no planner, no habits reminder (their schedules go); the monthly check-in's at its time.
    expect(await runJobAt('2026-03-29T06:35:00Z')).toMatchObject({ due: 0 });
    expect(await runJobAt('2026-03-29T16:05:00Z')).toMatchObject({ due: 1 });
    expect(await runJobAt('2026-03-29T18:35:00Z')).toMatchObject({ due: 0 });
    await app.tasks.idle();
    expect(phone.received.map((push) => push.title)).toEqual(['Check-in della settimana', 'Check-in del mese']);
    expect(phone.received.at(-1)).toMatchObject({ url: '/checkin', body: 'Un nuovo mese di mantenimento: com’è andata con le tue abitudini? ✍️' });
    // The next is the first day of month 2, four weeks on.
    expect(await schedules(member.user.id)).toEqual({ checkIn: '2026-04-26T16:00:00.000Z' });
  });

  test('a due reminder goes once, encrypted, to each device; a habit ticked on another device suppresses it', async () => {
    const member = await participant(await writeCohort(app, { coachIds: [], startDate: START }), 'Marta Gialli');
    const phone = new BrowserDevice(pushService);
    const laptop = new BrowserDevice(pushService);
    await subscribe(member.client, phone);
    await subscribe(member.client, laptop);

    expect(await runJobAt('2026-03-28T19:20:00Z')).toMatchObject({ looked: 0, due: 0, tasks: 0 });
    // The job only enqueues; the queue's function sends (each task delivered twice by the stand-in, each push once).
    expect(await runJobAt('2026-03-28T19:31:00Z')).toMatchObject({ due: 1, tasks: 1 });
    await app.tasks.idle();
    for (const device of [phone, laptop]) {
      expect(device.received).toEqual([{ title: 'Sfida 8 settimane', body: 'Ti manca 1 abitudine oggi 💪', url: '/abitudini', tag: 'promemoria-habits' }]);
      const [request] = device.requests;
      expect(request!.headers).toMatchObject({ 'content-encoding': 'aes128gcm', 'content-type': 'application/octet-stream', ttl: '7200', urgency: 'normal' });
      // VAPID: a signed JWT (header.claims.signature) and the server's public key.
      expect(request!.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${app.deps.config.push!.publicKey}$`));
      const claims = JSON.parse(Buffer.from(request!.headers.authorization!.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
      expect(claims).toMatchObject({ aud: pushService.url, sub: app.deps.config.push!.subject });
    }
    // A rerun in the same window sends nothing twice.
    expect(await runJobAt('2026-03-28T19:46:00Z')).toMatchObject({ due: 0, tasks: 0 });
    await app.tasks.idle();
    expect(phone.requests).toHaveLength(1);

    // Sunday: the check-in reminder at 18:00 (summer time now); the habit ticked on the laptop keeps the evening quiet.
    expect(await runJobAt('2026-03-29T16:05:00Z')).toMatchObject({ due: 1 });
    await app.tasks.idle();
    expect(laptop.requests).toHaveLength(2);
    expect(phone.received.at(-1)).toMatchObject({ title: 'Check-in della settimana', url: '/checkin' });
    app.setNow(new Date('2026-03-29T17:00:00Z'));
    await sync(member, (data) => must(toggleHabit(data, member.habitId, '2026-03-29', app.deps.clock())));
    expect(await runJobAt('2026-03-29T18:31:00Z')).toMatchObject({ looked: 1, due: 0, tasks: 0 });
    await app.tasks.idle();
    expect(phone.requests).toHaveLength(2);
    expect((await schedules(member.user.id)).habits).toBe('2026-03-30T18:30:00.000Z');
  });

  test('a run missed while the job was down is caught up once within three hours, and never after', async () => {
    const member = await participant(await writeCohort(app, { coachIds: [], startDate: START }), 'Gino Blu');
    await saveSettings(member.client, (settings) => ({
      ...settings,
      reminders: { ...settings.reminders, habits: { enabled: true, time: '18:00' }, quietHours: null },
    }));
    const phone = new BrowserDevice(pushService);
    await subscribe(member.client, phone);
    // Saturday 18:00 in Rome is 17:00 UTC: the job was down until 19:10 UTC (two hours late).
    expect(await runJobAt('2026-03-28T19:10:00Z')).toMatchObject({ due: 1 });
    expect(await runJobAt('2026-03-28T19:25:00Z')).toMatchObject({ due: 0 });
    // Sunday 18:00 is 16:00 UTC (the habits and the check-in): down until 19:30 UTC, three and a half hours late: too late to remind.
    expect(await runJobAt('2026-03-29T19:30:00Z')).toMatchObject({ looked: 2, due: 0 });
    await app.tasks.idle();
    expect(phone.requests).toHaveLength(1);
    expect((await schedules(member.user.id)).habits).toBe('2026-03-30T16:00:00.000Z');
  });

  test('a subscription the push service no longer knows (404, 410) is removed, and with the last one the schedule', async () => {
    const member = await participant(await writeCohort(app, { coachIds: [], startDate: START }), 'Rita Viola');
    const expired = new BrowserDevice(pushService);
    const unknown = new BrowserDevice(pushService);
    const alive = new BrowserDevice(pushService);
    for (const device of [expired, unknown, alive]) await subscribe(member.client, device);
    pushService.answerFor.set(expired.path, 410);
    pushService.answerFor.set(unknown.path, 404);
    expect(await runJobAt('2026-03-28T19:31:00Z')).toMatchObject({ due: 1 });
    await app.tasks.idle();
    // Each asked once: the duplicate delivery of the task finds the claims done and the subscriptions gone.
    expect([expired.requests.length, unknown.requests.length, alive.requests.length]).toEqual([1, 1, 1]);
    expect(app.tasks.reports.at(-2)).toMatchObject({ sent: 1, removed: 2, retry: false });
    const stored = async (device: BrowserDevice) => readDoc(app, `pushSubscriptions/${sha256Hex(device.subscription.endpoint)}`);
    expect(await stored(expired)).toBeUndefined();
    expect(await stored(unknown)).toBeUndefined();
    expect(await stored(alive)).toMatchObject({ uid: member.user.id });

    // Signing out on the last device: nothing is scheduled any more.
    expect(await member.client.post('/api/me/push-subscriptions/remove', { endpoint: alive.subscription.endpoint })).toMatchObject({ status: 204 });
    expect(await stored(alive)).toBeUndefined();
    expect(await schedules(member.user.id)).toEqual({});
  });

  test('a stored subscription whose endpoint is not a push service\'s (written before the check was strict) is never sent to, and is removed', async () => {
    const member = await participant(await writeCohort(app, { coachIds: [], startDate: START }), 'Nora Grigi');
    const phone = new BrowserDevice(pushService);
    await subscribe(member.client, phone);
    const local = new URL(pushService.url).host;
    // As the old check let them in: the WHATWG parser reads a push service's host in each, Node's
    // url.parse (which web-push sends with) no host at all, or this one's with user info.
    const crafted = [`https:${local}/push/senza-barre`, `https:/${local}/push/una-barra`, `https://utente@${local}/push/con-utente`];
    const batch = app.deps.db.batch();
    for (const endpoint of crafted) {
      batch.set(app.deps.db.doc(`pushSubscriptions/${sha256Hex(endpoint)}`), {
        uid: member.user.id,
        endpoint,
        keys: phone.subscription.keys,
        createdAt: app.deps.clock().toISOString(),
      });
    }
    await batch.commit();

    expect(await runJobAt('2026-03-28T19:31:00Z')).toMatchObject({ due: 1 });
    await app.tasks.idle();
    expect(app.tasks.reports.at(-2)).toMatchObject({ sent: 1, failed: 0, removed: crafted.length });
    expect(pushService.requests.filter((request) => /senza-barre|una-barra|con-utente/.test(request.path))).toEqual([]);
    expect(phone.requests).toHaveLength(1);
    for (const endpoint of crafted) expect(await readDoc(app, `pushSubscriptions/${sha256Hex(endpoint)}`), endpoint).toBeUndefined();
    expect(await readDoc(app, `pushSubscriptions/${sha256Hex(phone.subscription.endpoint)}`)).toMatchObject({ uid: member.user.id });
  });
});

describe('news from the coach, and hard weeks for the coach', () => {
  test('a reply and a message reach the participant; a mood 1–2 check-in reaches the coaches; each can be turned off', async () => {
    const mine = await coach('Giulia Coach');
    const cohortId = await writeCohort(app, { coachIds: [mine.user.id], startDate: START });
    const coachPhone = new BrowserDevice(pushService);
    await subscribe(mine.client, coachPhone);
    const struggling = await participant(cohortId, 'Paola Neri');
    const fine = await participant(cohortId, 'Luca Verdi');
    const paolaPhone = new BrowserDevice(pushService);
    const lucaPhone = new BrowserDevice(pushService);
    await subscribe(struggling.client, paolaPhone);
    await subscribe(fine.client, lucaPhone);

    await sync(struggling, (data) => must(submitCheckIn(data, { mood: 2, reflection: 'Settimana dura' }, app.deps.clock())));
    await sync(fine, (data) => must(submitCheckIn(data, { mood: 4, reflection: 'Bene' }, app.deps.clock())));
    // A later sync of the same week alerts nobody again.
    await sync(struggling, (data) => must(toggleHabit(data, struggling.habitId, '2026-03-28', app.deps.clock())));
    expect(coachPhone.received).toEqual([
      { title: 'Check-in da leggere', body: 'Paola: umore 2 su 5 nella settimana 2', url: '/coach', tag: `umore-${checkInThreadId(struggling.user.id, 2)}` },
    ]);

    const threadId = checkInThreadId(struggling.user.id, 2);
    expect((await mine.client.post(`/api/coach/check-ins/${threadId}/reply`, { text: 'Ti ascolto, sentiamoci' })).status).toBe(200);
    expect(paolaPhone.received).toEqual([
      { title: 'Il tuo coach ti ha risposto', body: 'Giulia Coach ha risposto al tuo check-in della settimana 2', url: '/checkin#settimana-2', tag: 'risposta-settimana-2' },
    ]);

    await saveSettings(fine.client, (settings) => ({ ...settings, coachMessages: false }));
    const sent = await mine.client.post<{ id: string }>(`/api/coach/cohorts/${cohortId}/messages`, {
      text: 'Ciao {nome}, domani si riparte!',
      segment: 'all',
      requestId: 'richiesta-notifiche-1',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await app.tasks.idle();
    expect(paolaPhone.received.at(-1)).toEqual({ title: 'Messaggio da Giulia Coach', body: 'Ciao Paola, domani si riparte!', url: '/messaggi', tag: expect.stringMatching(/^messaggio-/) });
    expect(lucaPhone.requests).toHaveLength(0);

    // The coach turns the alerts off: the next hard week stays in the console only.
    await saveSettings(mine.client, (settings) => ({ ...settings, moodAlerts: false }));
    app.setNow(new Date('2026-03-29T10:00:00Z'));
    const another = await participant(cohortId, 'Rosa Bruni');
    await sync(another, (data) => must(submitCheckIn(data, { mood: 1, reflection: 'Male' }, app.deps.clock())));
    expect(coachPhone.requests).toHaveLength(1);
  });
});
