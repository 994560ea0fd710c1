import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Timestamp } from 'firebase-admin/firestore';
import { NEW_COHORT_RULES, STORED_COHORT_RULES } from '@sfida/core/cohort';
import { notificationsResponseSchema, type NotificationSettings } from '@sfida/core/notifications';
import type { ActionWhen, TrackerData } from '@sfida/core/tracker';
import { emptyTracker, trackerMessages } from '@sfida/core/tracker';
import { addHabit, setActionPlan, setActionText, toggleAction, toggleHabit } from '@sfida/core/tracker-actions';
import { cohortRef } from '../../shared/cohort-repository';
import { plannedActionWatchCollection, plannedActionWatchRef } from '../../shared/planned-action-watch';
import { userRef } from '../../shared/user-repository';
import { registerParticipant, startTestApp, type TestApp } from '../../test-support/api-harness';
import { must, writeCohort } from '../../test-support/cohort-fixtures';
import { BrowserDevice, startPushService, type PushServiceStandIn } from '../../test-support/push-service';
import { runPlannedActionJob } from './planned-action-job';

// If-then plans (issue 39 §5) through the real app: the planner's sync writes when the reminders
// job should look, the job sends a reminder at the planned time on the participant's own clock if
// the action is not done, once, within the cohort's rule and the participant's settings.

let app: TestApp;
let pushService: PushServiceStandIn;
/** A Thursday: the participant's weeks run Thursday to Wednesday; Rome moves to summer time on Sunday 29 March 2026. */
const START = '2026-03-26';
const ROME = 'Europe/Rome';
const NEW_YORK = 'America/New_York';
/** Thursday 26 March 2026, 10:00 in Rome (UTC+1). */
const THURSDAY_MORNING = new Date('2026-03-26T09:00:00Z');
const RUN: ActionWhen = { weekday: 3, time: '18:30' };

beforeAll(async () => {
  pushService = await startPushService();
  app = await startTestApp({ pushAgent: pushService.agent });
});
afterAll(async () => {
  await Promise.all([app.close(), pushService.close()]);
});
beforeEach(async () => {
  // The job reads every watch that is due: each test starts from none.
  const batch = app.deps.db.batch();
  for (const doc of (await plannedActionWatchCollection(app.deps.db).get()).docs) batch.delete(doc.ref);
  await batch.commit();
  app.setNow(THURSDAY_MORNING);
});

interface Member {
  uid: string;
  client: Awaited<ReturnType<typeof registerParticipant>>['client'];
  tracker: TrackerData;
  tag?: string;
  phone: BrowserDevice;
}

/** A participant of a cohort with the rules of new cohorts (or `rules`), started on START, with a subscribed phone and three written actions. */
async function participant(name: string, options: { timeZone?: string; rules?: typeof NEW_COHORT_RULES } = {}): Promise<Member> {
  const timeZone = options.timeZone ?? ROME;
  const cohortId = await writeCohort(app, { coachIds: [], startDate: START });
  await cohortRef(app.deps.db, cohortId).update({ rules: options.rules ?? NEW_COHORT_RULES });
  const registered = await registerParticipant(app, name);
  await userRef(app.deps.db, registered.user.id).update({ cohortId, challengeStartDate: START, timeZone });
  const now = app.deps.clock();
  let tracker = must(addHabit(emptyTracker(timeZone, now, START), 'Camminare', now));
  for (const [index, text] of ['30 minuti di corsa', 'Leggere 10 pagine', 'Chiamare la nonna'].entries()) tracker = must(setActionText(tracker, 1, `w1-a${index + 1}`, text, now));
  const phone = new BrowserDevice(pushService);
  const reply = await registered.client.post('/api/me/push-subscriptions', phone.subscription);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  const member: Member = { uid: registered.user.id, client: registered.client, tracker, phone };
  await sync(member, (data) => data);
  return member;
}

async function sync(member: Member, change: (data: TrackerData) => TrackerData): Promise<void> {
  const reply = await member.client.request<{ tracker: TrackerData }>('PUT', '/api/users/me/progress', { json: change(member.tracker), headers: member.tag ? { 'if-match': member.tag } : {} });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  member.tag = reply.headers.get('etag') ?? undefined;
  member.tracker = reply.body.tracker;
}

const plan = (member: Member, slot: number, when: ActionWhen | null, where = '') => sync(member, (data) => must(setActionPlan(data, 1, `w1-a${slot}`, { when, where }, app.deps.clock())));

async function watch(uid: string): Promise<string | null> {
  const snap = await plannedActionWatchRef(app.deps.db, uid).get();
  return snap.exists ? (snap.get('dueAt') as Timestamp).toDate().toISOString() : null;
}

async function runAt(iso: string) {
  app.setNow(new Date(iso));
  const report = await runPlannedActionJob(app.deps, new Date(iso));
  await app.tasks.idle();
  return report;
}

async function saveSettings(member: Member, change: (settings: NotificationSettings) => NotificationSettings) {
  const current = notificationsResponseSchema.parse((await member.client.get('/api/me/notifications')).body);
  expect((await member.client.put('/api/me/notifications', { settings: change(current.settings) })).status).toBe(200);
}

describe('if-then plans', () => {
  test('the plan is stored as sent; a bad one is refused with an Italian message and changes nothing', async () => {
    const member = await participant('Paola Neri');
    await plan(member, 1, RUN, 'in palestra');
    expect(member.tracker.weeklyActions['1']?.[0]).toEqual({ id: 'w1-a1', text: '30 minuti di corsa', completed: false, when: RUN, where: 'in palestra' });
    const actions = member.tracker.weeklyActions['1']!;
    for (const [bad, message] of [
      [{ ...actions[0]!, where: 'p'.repeat(61) }, trackerMessages.actionPlaceTooLong],
      [{ ...actions[0]!, when: { weekday: 7, time: '18:30' } }, trackerMessages.invalidActionDay],
      [{ ...actions[0]!, when: { weekday: 3, time: '18.30' } }, 'Orario non valido (usa il formato HH:MM)'],
    ] as const) {
      const reply = await member.client.request<{ message: string }>('PUT', '/api/users/me/progress', {
        json: { ...member.tracker, weeklyActions: { '1': [bad, ...actions.slice(1)] } },
        headers: { 'if-match': member.tag! },
      });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toContain(message);
    }
    expect(await watch(member.uid)).toBe('2026-03-26T17:30:00.000Z');
  });

  test('a reminder at the planned time on the participant\'s clock, once, if not done; the watch moves to the next plan, across the change to summer time', async () => {
    const member = await participant('Marta Gialli');
    // No plan, no watch.
    expect(await watch(member.uid)).toBeNull();
    await plan(member, 1, RUN, 'in palestra');
    // Sunday 29 March at 09:00: summer time since 02:00, so 07:00 UTC.
    await plan(member, 2, { weekday: 6, time: '09:00' });
    expect(await watch(member.uid)).toBe('2026-03-26T17:30:00.000Z');

    expect(await runAt('2026-03-26T17:29:00Z')).toEqual({ looked: 0, due: 0, tasks: 0 });
    expect(await runAt('2026-03-26T17:31:00Z')).toEqual({ looked: 1, due: 1, tasks: 1 });
    expect(member.phone.received).toEqual([
      { title: 'È il momento della tua azione', body: 'Giovedì alle 18:30 in palestra: 30 minuti di corsa', url: '/planner', tag: 'promemoria-plannedAction_w1-a1_2026-03-26_1830' },
    ]);
    expect(await watch(member.uid)).toBe('2026-03-29T07:00:00.000Z');
    // A sync that changes no plan (a habit ticked) leaves the watch where the job put it.
    app.setNow(new Date('2026-03-26T17:40:00Z'));
    await sync(member, (data) => must(toggleHabit(data, data.habits[0]!.id, '2026-03-26', app.deps.clock())));
    expect(await watch(member.uid)).toBe('2026-03-29T07:00:00.000Z');
    // The job looks again only when the next moment comes, and sends nothing twice.
    expect(await runAt('2026-03-26T17:46:00Z')).toEqual({ looked: 0, due: 0, tasks: 0 });
    expect(await runAt('2026-03-29T06:59:00Z')).toMatchObject({ looked: 0 });
    expect(await runAt('2026-03-29T07:01:00Z')).toEqual({ looked: 1, due: 1, tasks: 1 });
    expect(member.phone.received.map((push) => push.body)).toEqual(['Giovedì alle 18:30 in palestra: 30 minuti di corsa', 'Domenica alle 9:00: Leggere 10 pagine']);
    // No plan left: the watch goes.
    expect(await watch(member.uid)).toBeNull();
  });

  test('an action done before its time, or planned again, changes what comes', async () => {
    const member = await participant('Luca Bianchi');
    await plan(member, 1, RUN);
    await plan(member, 3, { weekday: 4, time: '07:15' });
    app.setNow(new Date('2026-03-26T16:00:00Z'));
    await sync(member, (data) => must(toggleAction(data, 1, 'w1-a1', app.deps.clock())));
    // The run is done: the watch moves to Friday's call at 07:15.
    expect(await watch(member.uid)).toBe('2026-03-27T06:15:00.000Z');
    expect(await runAt('2026-03-26T17:31:00Z')).toEqual({ looked: 0, due: 0, tasks: 0 });
    // Moved to 07:45 before the job looked: the reminder comes at the new time only.
    app.setNow(new Date('2026-03-26T20:00:00Z'));
    await plan(member, 3, { weekday: 4, time: '07:45' });
    expect(await runAt('2026-03-27T06:16:00Z')).toMatchObject({ due: 0 });
    expect(await runAt('2026-03-27T06:46:00Z')).toMatchObject({ due: 1 });
    expect(member.phone.received.map((push) => push.body)).toEqual(['Venerdì alle 7:45: Chiamare la nonna']);
  });

  test('for a participant in New York, on their own Thursday evening', async () => {
    app.setNow(new Date('2026-03-26T14:00:00Z'));
    const member = await participant('Anna Verdi', { timeZone: NEW_YORK });
    await plan(member, 1, RUN);
    // 18:30 in New York (UTC−4 since 8 March) is 22:30 UTC.
    expect(await watch(member.uid)).toBe('2026-03-26T22:30:00.000Z');
    expect(await runAt('2026-03-26T17:31:00Z')).toMatchObject({ looked: 0, due: 0 });
    expect(await runAt('2026-03-26T22:31:00Z')).toMatchObject({ looked: 1, due: 1 });
    expect(member.phone.received.map((push) => push.body)).toEqual(['Giovedì alle 18:30: 30 minuti di corsa']);
  });

  test('a participant who moves from Rome to New York: the next sync moves the plan to their new clock', async () => {
    const member = await participant('Elena Riva');
    await plan(member, 1, RUN);
    expect(await watch(member.uid)).toBe('2026-03-26T17:30:00.000Z');
    expect((await member.client.put('/api/auth/profile', { timeZone: NEW_YORK })).status).toBe(200);
    await sync(member, (data) => must(toggleHabit(data, data.habits[0]!.id, '2026-03-26', app.deps.clock())));
    expect(member.tracker.timeZone).toBe(NEW_YORK);
    expect(await watch(member.uid)).toBe('2026-03-26T22:30:00.000Z');
    expect(await runAt('2026-03-26T17:31:00Z')).toMatchObject({ looked: 0 });
    expect(await runAt('2026-03-26T22:31:00Z')).toMatchObject({ looked: 1, due: 1 });
  });

  test('none when the cohort\'s rule is off, the setting is off, in quiet hours or without a device; the plans are still followed', async () => {
    const ruleOff = await participant('Sara Rossi', { rules: STORED_COHORT_RULES });
    const settingOff = await participant('Gino Neri');
    const quiet = await participant('Ada Blu');
    await saveSettings(settingOff, (settings) => ({ ...settings, plannedActions: false }));
    await saveSettings(quiet, (settings) => ({ ...settings, reminders: { ...settings.reminders, quietHours: { from: '18:00', to: '07:00' } } }));
    for (const member of [ruleOff, settingOff, quiet]) {
      await plan(member, 1, RUN);
      await plan(member, 2, { weekday: 5, time: '10:00' });
    }
    expect(await runAt('2026-03-26T17:31:00Z')).toEqual({ looked: 3, due: 0, tasks: 0 });
    // Turned on again: the next plan reminds.
    await cohortRef(app.deps.db, (await userRef(app.deps.db, ruleOff.uid).get()).get('cohortId') as string).update({ rules: NEW_COHORT_RULES });
    await saveSettings(settingOff, (settings) => ({ ...settings, plannedActions: true }));
    expect(await runAt('2026-03-28T09:01:00Z')).toEqual({ looked: 3, due: 3, tasks: 1 });
    for (const member of [ruleOff, settingOff, quiet]) expect(member.phone.received.map((push) => push.body)).toEqual(['Sabato alle 10:00: Leggere 10 pagine']);
    expect(await watch(quiet.uid)).toBeNull();
    // The device turned off: a new plan is looked at, and nothing is sent.
    expect((await quiet.client.post('/api/me/push-subscriptions/remove', { endpoint: quiet.phone.subscription.endpoint })).status).toBe(204);
    app.setNow(new Date('2026-03-28T09:30:00Z'));
    await plan(quiet, 3, { weekday: 6, time: '12:00' });
    expect(await runAt('2026-03-29T10:01:00Z')).toEqual({ looked: 1, due: 0, tasks: 0 });
    expect(quiet.phone.received).toHaveLength(1);
    expect(await watch(quiet.uid)).toBeNull();
  });
});
