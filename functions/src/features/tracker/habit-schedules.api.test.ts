import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { STORED_COHORT_RULES } from '@sfida/core/cohort';
import { addDays } from '@sfida/core/dates';
import { totalPoints } from '@sfida/core/points';
import { emptyTracker, trackerSavedAnswerSchema, type TrackerData } from '@sfida/core/tracker';
import { addHabit, archiveHabit, moveHabit, renameHabit, restoreHabit, setHabitSchedule, toggleHabit } from '@sfida/core/tracker-actions';
import { cohortRef, type CohortDoc } from '../../shared/cohort-repository';
import { inviteCodeRef, newInviteCode } from '../../shared/invite-codes';
import { must, newId } from '../../test-support/cohort-fixtures';
import { Client, PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../test-support/api-harness';

// Habits with a schedule, renamed, moved, archived and restored, as the server vouches for them
// (docs/decisions/041): points are worked out again from the state it keeps, by the schedule the
// habit has; no tick of an archived habit is taken.

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
/** Monday 19 October 2026; Rome moves its clocks back on Sunday the 25th. */
const START = '2026-10-19';
const day = (n: number) => addDays(START, n);
/** 19:00 in Rome on the day `n` days after the start: 17:00 UTC in summer time, 18:00 from Sunday the 25th. */
const evening = (n: number) => new Date(`${day(n)}T${n >= 6 ? '18' : '17'}:00:00Z`);

async function participant() {
  const id = newId('coorte');
  const code = newInviteCode('Autunno');
  const doc: CohortDoc = { name: 'Autunno', startDate: START, coachIds: [], inviteCode: code, registrationOpen: true, createdAt: '2026-10-01T08:00:00.000Z', rules: STORED_COHORT_RULES };
  await inviteCodeRef(app.deps.db, code).create({ cohortId: id });
  await cohortRef(app.deps.db, id).set(doc);
  app.setNow(new Date(`${START}T07:00:00Z`));
  const client = new Client(app);
  const registered = await client.post('/api/auth/register', { name: 'Marta', email: uniqueEmail(), password: PASSWORD, role: 'PARTICIPANT', secretCode: code });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  expect((await client.post('/api/auth/start-challenge', { challengeStartDate: START })).status).toBe(200);
  let tag: string | null = null;
  const put = (data: unknown) => client.request('PUT', '/api/users/me/progress', { json: data, headers: tag ? { 'if-match': tag } : {} });
  const sync = async (data: TrackerData): Promise<TrackerData> => {
    const reply = await put(data);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    tag = reply.headers.get('etag');
    return trackerSavedAnswerSchema.parse(reply.body).tracker;
  };
  // The app opened each evening up to day `n` (a session lapses after three idle days).
  let opened = -1;
  const goTo = async (n: number) => {
    for (; opened < n; ) {
      opened++;
      app.setNow(evening(opened));
      expect((await client.get('/api/auth/me')).status).toBe(200);
    }
  };
  const start = new Date(`${START}T07:00:00Z`);
  const habits = must(addHabit(must(addHabit(emptyTracker(TZ, start, START), 'Correre', start, 'h1')), 'Leggere', start, 'h2'));
  return { client, put, sync, goTo, habits };
}

const refs = (data: TrackerData, kind: string) => data.pointsHistory.filter((entry) => entry.kind === kind).map((entry) => entry.ref);

describe('the server vouches for habits with a schedule', () => {
  test('Monday to Friday, the weekend of the autumn DST change free, pay the 7-day bonus on the second Tuesday; a rename and a move change no point', async () => {
    const { client, sync, goTo, habits } = await participant();
    await goTo(0);
    let data = await sync(must(setHabitSchedule(habits, 'h1', { kind: 'weekdays', days: [0, 1, 2, 3, 4] }, evening(0))));
    for (const n of [0, 1, 2, 3, 4, 7, 8]) {
      await goTo(n);
      data = await sync(must(toggleHabit(data, 'h1', day(n), evening(n))));
    }
    expect(data.habits.find((habit) => habit.id === 'h1')?.schedule).toEqual({ kind: 'weekdays', days: [0, 1, 2, 3, 4] });
    expect(refs(data, 'streakBonus')).toEqual([`streakBonus:h1:${day(8)}:7`]);
    const before = totalPoints(data.pointsHistory);
    expect(before).toBe(7 * 2 + 5);

    const edited = await sync(must(moveHabit(must(renameHabit(data, 'h1', 'Correre 5 km', evening(8))), 'h2', -1, evening(8))));
    expect(edited.habits.map((habit) => [habit.id, habit.name, habit.order])).toEqual([
      ['h1', 'Correre 5 km', 1],
      ['h2', 'Leggere', 0],
    ]);
    expect(totalPoints(edited.pointsHistory)).toBe(before);
    // As a new device gets it back.
    const copy = await client.get<TrackerData>('/api/users/me/progress');
    expect(copy.body.habits).toEqual(edited.habits);
  });

  test('takes no tick for an archived habit; once restored, today counts and the days away earn nothing', async () => {
    const { sync, goTo, habits } = await participant();
    await goTo(3);
    let data = await sync(must(archiveHabit(habits, 'h1', evening(3))));
    // A forged copy ticks the archived habit on Sunday 25 (the clocks go back): not taken.
    await goTo(6);
    const forged: TrackerData = {
      ...data,
      completions: { h1: { [day(6)]: 'onTime' } },
      changedAt: { ...data.changedAt, habitDays: { h1: { [day(6)]: evening(6).getTime() } } },
    };
    data = await sync(forged);
    expect(data.completions.h1).toBeUndefined();
    expect(totalPoints(data.pointsHistory)).toBe(0);

    await goTo(7);
    data = await sync(must(toggleHabit(must(restoreHabit(data, 'h1', evening(7))), 'h1', day(7), evening(7))));
    expect(data.habits.find((habit) => habit.id === 'h1')?.archivedAt).toBeUndefined();
    expect(refs(data, 'habit')).toEqual([`habit:h1:${day(7)}`]);
  });

  test('works points out again from the state: a forged history or a schedule switched back pays nothing extra, and a bad schedule is refused in Italian', async () => {
    const { sync, put, goTo, habits } = await participant();
    let data = habits;
    for (const n of [0, 1, 2, 3, 4, 7, 8]) {
      await goTo(n);
      data = await sync(must(toggleHabit(data, 'h1', day(n), evening(n))));
    }
    // A daily habit missed on the weekend: no streak bonus.
    expect(refs(data, 'streakBonus')).toEqual([]);
    const weekdays = await sync(must(setHabitSchedule(data, 'h1', { kind: 'weekdays', days: [0, 1, 2, 3, 4] }, evening(8))));
    expect(refs(weekdays, 'streakBonus')).toEqual([`streakBonus:h1:${day(8)}:7`]);
    // Back to every day: the bonus goes, whatever history the browser sends with it.
    const daily = must(setHabitSchedule(weekdays, 'h1', { kind: 'daily' }, evening(8)));
    const back = await sync({ ...daily, pointsHistory: weekdays.pointsHistory });
    expect(refs(back, 'streakBonus')).toEqual([]);
    expect(totalPoints(back.pointsHistory)).toBe(7 * 2);

    const bad = { ...back, habits: back.habits.map((habit) => (habit.id === 'h1' ? { ...habit, schedule: { kind: 'timesPerWeek', times: 7 } } : habit)) };
    const refused = await put(bad);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: expect.stringContaining('Scegli da 1 a 6 volte a settimana') });
  });
});
