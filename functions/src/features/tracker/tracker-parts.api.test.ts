import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { addDays, todayIn } from '@sfida/core/dates';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { addHabit, toggleHabit } from '@sfida/core/tracker-actions';
import { applyTrackerChanges, trackerChanges, type TrackerChanges } from '@sfida/core/tracker-changes';
import { maintenanceMonthEnd, maintenanceMonthStart } from '@sfida/core/maintenance';
import { CLOSE_AFTER_DAYS } from '@sfida/core/tracker-parts';
import { Client, PASSWORD, readDoc, registerParticipant, startTestApp, type TestApp } from '../../test-support/api-harness';
import { FieldValue } from 'firebase-admin/firestore';
import { rosterPageSchema, type RosterPage } from '@sfida/core/coach';
import { forgetRosterDigest, must, signedInCoach } from '../../test-support/cohort-fixtures';
import { cohortRef } from '../../shared/cohort-repository';
import { countReads } from '../../test-support/read-counter';
import { closedDaysFrom, partRef, trackerRef, wholeTrackerOf } from '../../shared/tracker-repository';
import { splitTrackers } from './migrations';

// The split stored tracker (docs/decisions/054): a sync reads and writes the head, moves a
// maintenance month into its part when it closes, reads the parts only for a change that needs the
// old days, and every reader that needs the whole tracker gets it whole.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterEach(() => {
  app.setNow(null);
});
afterAll(async () => {
  await app.close();
});

const TZ = 'Europe/Rome';
/** Monday 6 January 2025. */
const START = '2025-01-06';
const START_INSTANT = new Date('2025-01-06T09:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;

interface Reply {
  changes?: TrackerChanges;
  tracker?: TrackerData;
  message?: string;
}

/** The instant of `day` at 11:00 in Rome (10:00 or 09:00 UTC; a margin either way). */
const at = (day: string) => new Date(`${day}T09:30:00Z`);

/**
 * A participant who started on START and ticked two habits every day through `through`, stored as
 * a copy from before the split (the whole tracker in `data`, no `closed`): their client (signed in
 * the day after), id and the copy.
 */
async function longParticipant(through: string) {
  app.setNow(START_INSTANT);
  const { email, user, client: first } = await registerParticipant(app, 'Partecipante Lunga');
  expect((await first.post('/api/auth/start-challenge', { challengeStartDate: START })).status).toBe(200);
  let tracker = must(addHabit(emptyTracker(TZ, START_INSTANT, START), 'Leggere', START_INSTANT, 'h1'));
  tracker = must(addHabit(tracker, 'Camminare', START_INSTANT, 'h2'));
  const completions: TrackerData['completions'] = { h1: {}, h2: {} };
  const habitDays: TrackerData['changedAt']['habitDays'] = { h1: {}, h2: {} };
  for (let day = START; day <= through; day = addDays(day, 1)) {
    for (const id of ['h1', 'h2']) {
      completions[id]![day] = 'onTime';
      habitDays[id]![day] = at(day).getTime();
    }
  }
  tracker = { ...tracker, completions, changedAt: { ...tracker.changedAt, habitDays }, updatedAt: at(through).toISOString() };
  await trackerRef(app.deps.db, user.id).set({ data: JSON.stringify(tracker), revision: 1, cohortId: user.cohortId, updatedAt: tracker.updatedAt, threadWeeks: [] });
  const now = at(addDays(through, 1));
  app.setNow(now);
  const client = new Client(app);
  expect((await client.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  return { client, uid: user.id, tracker, now };
}

const patch = (client: Client, changes: unknown, tag: string) => client.request<Reply>('PATCH', '/api/users/me/progress', { json: changes, headers: { 'if-match': tag } });

async function stored(client: Client) {
  const reply = await client.get<TrackerData>('/api/users/me/progress');
  expect(reply.status).toBe(200);
  return { tracker: reply.body, tag: reply.headers.get('etag')! };
}

const dayCount = (tracker: TrackerData, id: string) => Object.keys(tracker.completions[id] ?? {}).length;

describe('the split stored tracker', () => {
  test('a copy from before the split still syncs: its closed months move to their parts, and every reader still gets it whole', async () => {
    // Day 180 or so: maintenance months 1 to 4 are over, long enough for the first three to close.
    const through = addDays(START, 175);
    const { client, uid, tracker, now } = await longParticipant(through);
    const before = await stored(client);
    expect(dayCount(before.tracker, 'h1')).toBe(176);

    const today = todayIn(TZ, now);
    const mine = must(toggleHabit(tracker, 'h1', today, now));
    const reply = await patch(client, trackerChanges(before.tracker, mine), before.tag);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);

    const head = await readDoc(app, `progress/${uid}`);
    const closed = closedDaysFrom(head!.closed);
    expect(closed).not.toBeNull();
    expect(closed!.month).toBeGreaterThanOrEqual(3);
    expect(closed!.parts).toEqual(Array.from({ length: closed!.month }, (_, i) => i + 1));
    // The head keeps the eight weeks and the open days; each closed month is in its part.
    const headDays = Object.keys((JSON.parse(head!.data as string) as TrackerData).completions.h1!);
    expect(headDays).toContain(START);
    expect(headDays).not.toContain(maintenanceMonthStart(START, 1));
    const part = await readDoc(app, `progressParts/${uid}_1_1`);
    expect(Object.keys((JSON.parse(part!.data as string) as { completions: TrackerData['completions'] }).completions.h1!)).toHaveLength(28);
    expect(part).toMatchObject({ uid, season: 1, month: 1 });

    // GET answers the whole tracker, as the sync stored it.
    const after = await stored(client);
    expect(after.tracker.completions.h1).toEqual({ ...tracker.completions.h1, ...mine.completions.h1 });
    expect(applyTrackerChanges(applyTrackerChanges(before.tracker, trackerChanges(before.tracker, mine)), reply.body.changes!)).toEqual(after.tracker);
    // The streak runs back through the closed months, as on the whole tracker.
    const summary = await readDoc(app, `progressSummaries/${uid}`);
    expect(summary?.streakDays).toBe(177);

    // The next tick reads the head alone (with the summary, the user and nothing of the parts).
    const next = must(toggleHabit(after.tracker, 'h2', today, now));
    const { result, read } = await countReads(app.deps.db, () => patch(client, trackerChanges(after.tracker, next), after.tag));
    expect(result.status).toBe(200);
    expect(read.filter((path) => path.includes('progressParts'))).toEqual([]);

    // A PUT of the whole copy vouches for the whole and stores it split again, the parts as they were.
    const whole = await stored(client);
    const put = await client.request<{ tracker: TrackerData }>('PUT', '/api/users/me/progress', { json: must(toggleHabit(whole.tracker, 'h2', addDays(today, -1), now)), headers: { 'if-match': whole.tag } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(dayCount(put.body.tracker, 'h1')).toBe(177);
    expect(closedDaysFrom((await readDoc(app, `progress/${uid}`))!.closed)!.parts).toEqual(closed!.parts);
    expect((await stored(client)).tracker).toEqual(put.body.tracker);

    // A stale copy gets the whole stored tracker back with its 412.
    const stale = await patch(client, trackerChanges(before.tracker, mine), before.tag);
    expect(stale.status).toBe(412);
    expect(dayCount(stale.body.tracker!, 'h1')).toBe(177);
  });

  test('the coach\'s roster, read from the head when no digest answers for today, counts the streak over the closed months too', async () => {
    const through = addDays(START, 175);
    const { client, uid, tracker, now } = await longParticipant(through);
    const before = await stored(client);
    const today = todayIn(TZ, now);
    expect((await patch(client, trackerChanges(before.tracker, must(toggleHabit(tracker, 'h1', today, now))), before.tag)).status).toBe(200);
    expect(closedDaysFrom((await readDoc(app, `progress/${uid}`))!.closed)!.parts.length).toBeGreaterThanOrEqual(3);

    const coach = await signedInCoach(app, 'Coach Lunga');
    const { cohortId } = (await readDoc(app, `users/${uid}`)) as { cohortId: string };
    await cohortRef(app.deps.db, cohortId).update({ coachIds: FieldValue.arrayUnion(coach.user.id) });
    // No digest to read: the row comes from the tracker's head and its closed walks.
    await forgetRosterDigest(app, uid);
    const page = await coach.client.get<RosterPage>(`/api/coach/cohorts/${cohortId}/participants?limit=100`);
    expect(page.status).toBe(200);
    const row = rosterPageSchema.parse(page.body).rows.find((r) => r.userId === uid);
    expect(row).toMatchObject({ currentStreak: 177, lastActivity: today });
  });

  test('a month moves into its part the day it closes, and an untick of a closed day rewrites its part', async () => {
    const month2End = maintenanceMonthEnd(START, 2);
    // The day before month 2 closes: month 1 is closed, month 2 still in the head.
    const through = addDays(month2End, CLOSE_AFTER_DAYS - 1);
    const { client, uid, now } = await longParticipant(through);
    let copy = await stored(client);
    let reply = await patch(client, trackerChanges(copy.tracker, must(toggleHabit(copy.tracker, 'h1', todayIn(TZ, now), now))), copy.tag);
    expect(reply.status).toBe(200);
    expect(closedDaysFrom((await readDoc(app, `progress/${uid}`))!.closed)!.parts).toEqual([1]);
    expect(await readDoc(app, `progressParts/${uid}_1_2`)).toBeUndefined();

    // A day later month 2 has closed: the sync creates its part.
    const later = new Date(now.getTime() + DAY_MS);
    app.setNow(later);
    copy = await stored(client);
    reply = await patch(client, trackerChanges(copy.tracker, must(toggleHabit(copy.tracker, 'h2', todayIn(TZ, later), later))), copy.tag);
    expect(reply.status).toBe(200);
    expect(closedDaysFrom((await readDoc(app, `progress/${uid}`))!.closed)!.parts).toEqual([1, 2]);
    expect(await readDoc(app, `progressParts/${uid}_1_2`)).toBeDefined();

    // Unticking a day of month 1 (a stamp reaches any day) reads the parts and rewrites month 1's.
    copy = await stored(client);
    const old = maintenanceMonthStart(START, 1);
    const days = { ...copy.tracker.completions.h1 };
    delete days[old];
    const unticked: TrackerData = {
      ...copy.tracker,
      completions: { ...copy.tracker.completions, h1: days },
      changedAt: { ...copy.tracker.changedAt, habitDays: { ...copy.tracker.changedAt.habitDays, h1: { ...copy.tracker.changedAt.habitDays.h1, [old]: later.getTime() } } },
    };
    reply = await patch(client, trackerChanges(copy.tracker, unticked), copy.tag);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const part = await readDoc(app, `progressParts/${uid}_1_1`);
    expect((JSON.parse(part!.data as string) as { completions: TrackerData['completions'] }).completions.h1![old]).toBeUndefined();
    expect((await stored(client)).tracker.completions.h1![old]).toBeUndefined();
    // The streak now breaks on that day.
    expect((await readDoc(app, `progressSummaries/${uid}`))?.streakDays).toBeLessThan(100);
  });

  test('the migration splits the copies stored whole, once', async () => {
    const { uid, tracker, now } = await longParticipant(addDays(START, 150));
    const first = await splitTrackers(app.deps.db, now, { uids: [uid] });
    expect(first).toEqual({ split: 1, skipped: 0 });
    const head = await readDoc(app, `progress/${uid}`);
    expect(closedDaysFrom(head!.closed)!.parts.length).toBeGreaterThan(0);
    expect(head!.revision).toBe(1);
    expect((await partRef(app.deps.db, uid, 1, 1).get()).exists).toBe(true);
    expect(await splitTrackers(app.deps.db, now, { uids: [uid] })).toEqual({ split: 0, skipped: 1 });
    // Read back whole, as it was.
    expect((await wholeTrackerOf(app.deps.db, uid))!.tracker.completions).toEqual(tracker.completions);
  });
});
