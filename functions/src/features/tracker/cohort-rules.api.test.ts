import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { CoachCohort } from '@sfida/core/coach';
import { NEW_COHORT_RULES, STORED_COHORT_RULES, type CohortRules } from '@sfida/core/cohort';
import { COMEBACK_BONUS_POINTS } from '@sfida/core/points';
import { emptyTracker, trackerSavedAnswerSchema, type TrackerData } from '@sfida/core/tracker';
import { addHabit, toggleHabit } from '@sfida/core/tracker-actions';
import { cohortRef, type CohortDoc } from '../../shared/cohort-repository';
import { inviteCodeRef, newInviteCode } from '../../shared/invite-codes';
import { must, newId, signedInCoach } from '../../test-support/cohort-fixtures';
import { addDays } from '@sfida/core/dates';
import { Client, PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../test-support/api-harness';

// The cohort's rules decide the points of a sync (docs/decisions/036): the server reads them from
// the cohort every time and never takes the browser's copy.

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
/** Monday 23 March 2026; Rome moves its clocks forward on Sunday the 29th. */
const START = '2026-03-23';
const day = (n: number) => addDays(START, n);
/** 19:00 in Rome on the day `n` days after the start: 18:00 UTC, 17:00 from Sunday the 29th (summer time). */
const evening = (n: number) => new Date(`${day(n)}T${n >= 6 ? '17' : '18'}:00:00Z`);

/** A cohort with these rules, run by `coachIds`, that people join with its own code. */
async function cohortWithRules(rules: CohortRules, coachIds: string[] = []) {
  const id = newId('coorte');
  const code = newInviteCode('Primavera');
  const doc: CohortDoc = { name: 'Primavera', startDate: START, coachIds, inviteCode: code, registrationOpen: true, createdAt: '2026-03-01T08:00:00.000Z', rules };
  await inviteCodeRef(app.deps.db, code).create({ cohortId: id });
  await cohortRef(app.deps.db, id).set(doc);
  return { id, code };
}

/** A participant of the cohort whose challenge starts on START, signed in on its first morning. */
async function participantOf(code: string) {
  app.setNow(new Date(`${START}T07:00:00Z`));
  const client = new Client(app);
  const email = uniqueEmail();
  const registered = await client.post('/api/auth/register', { name: 'Giulia', email, password: PASSWORD, role: 'PARTICIPANT', secretCode: code });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  expect((await client.post('/api/auth/start-challenge', { challengeStartDate: START })).status).toBe(200);
  return client;
}

interface Sync {
  (data: TrackerData): Promise<TrackerData>;
  client: Client;
}

/** Sends the copy as the web app does (If-Match the last answer's tag); answers the server's copy. */
function syncer(client: Client): Sync {
  let tag: string | null = null;
  const sync = async (data: TrackerData): Promise<TrackerData> => {
    const reply = await client.request('PUT', '/api/users/me/progress', { json: data, headers: tag ? { 'if-match': tag } : {} });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    tag = reply.headers.get('etag');
    return trackerSavedAnswerSchema.parse(reply.body).tracker;
  };
  return Object.assign(sync, { client });
}

/** Ticks `pattern` ('x' ticked, '.' missed) day by day, each tick sent on its own evening, the browser claiming `claimed` rules. */
async function tickDays(sync: Sync, pattern: string, claimed: CohortRules): Promise<TrackerData> {
  let data = must(addHabit({ ...emptyTracker(TZ, evening(0), START), rules: claimed }, 'Camminare', new Date(`${START}T07:00:00Z`), 'h1'));
  for (const [n, mark] of [...pattern].entries()) {
    app.setNow(evening(n));
    if (mark !== 'x') {
      // A missed day with the app opened all the same: the session stays alive, nothing is ticked.
      expect((await sync.client.get('/api/auth/me')).status).toBeLessThan(300);
      continue;
    }
    const ticked = must(toggleHabit(data, 'h1', day(n), evening(n)));
    data = await sync({ ...ticked, rules: claimed });
  }
  return data;
}

const ofKind = (data: TrackerData, kind: string) => data.pointsHistory.filter((entry) => entry.kind === kind);

describe('a sync pays by the rules of the participant\'s cohort', () => {
  test('"Bentornato": coming back after two missed days (the spring DST change among them) pays +3 on the return, once', async () => {
    const { code } = await cohortWithRules({ ...STORED_COHORT_RULES, comebackBonus: true });
    const client = await participantOf(code);
    // Ticked Monday to Friday, missed Saturday 28 and Sunday 29, back on Monday 30 and on Tuesday.
    const stored = await tickDays(syncer(client), 'xxxxx..xx', STORED_COHORT_RULES);
    expect(stored.rules).toMatchObject({ comebackBonus: true });
    expect(ofKind(stored, 'comebackBonus').map((entry) => [entry.date, entry.points, entry.weekNumber])).toEqual([['2026-03-30', COMEBACK_BONUS_POINTS, 2]]);
  });

  test('a browser that claims the rules on gets nothing for them from a cohort that has them off, and keeps the cohort\'s rules', async () => {
    const { code } = await cohortWithRules(STORED_COHORT_RULES);
    const client = await participantOf(code);
    const stored = await tickDays(syncer(client), 'xx.x', NEW_COHORT_RULES);
    // No rules held: every rule off, as a tracker stored before the rules.
    expect(stored.rules).toBeUndefined();
    expect(ofKind(stored, 'comebackBonus')).toEqual([]);
    // As the server keeps it, and gives it back to a new device.
    const restored = await client.get<TrackerData>('/api/users/me/progress');
    expect(restored.body.rules).toBeUndefined();
  });

  test('"Jolly": a missed day inside a week keeps the streak, and its 7-day bonus is paid on the 7th tick; without the rule it is not', async () => {
    const on = await cohortWithRules({ ...STORED_COHORT_RULES, forgivingStreak: true });
    const withJolly = await tickDays(syncer(await participantOf(on.code)), 'xx.xxxxx', STORED_COHORT_RULES);
    // The covered day adds no day to the run: the 7th is Monday 30 March, the 7th tick.
    expect(ofKind(withJolly, 'streakBonus').map((entry) => entry.ref)).toEqual(['streakBonus:h1:2026-03-30:7']);
    // The covered day pays no tick.
    expect(ofKind(withJolly, 'habit').map((entry) => entry.date)).not.toContain('2026-03-25');
    const off = await cohortWithRules(STORED_COHORT_RULES);
    const without = await tickDays(syncer(await participantOf(off.code)), 'xx.xxxxx', NEW_COHORT_RULES);
    expect(ofKind(without, 'streakBonus')).toEqual([]);
  });

  test('a rule the coach turns off stops paying at the next sync, whatever the browser still holds', async () => {
    const { id, code } = await cohortWithRules(NEW_COHORT_RULES);
    const sync = syncer(await participantOf(code));
    // Two misses (the first covered by the jolly), then back on Friday.
    const stored = await tickDays(sync, 'xx..x', NEW_COHORT_RULES);
    expect(ofKind(stored, 'comebackBonus').map((entry) => entry.date)).toEqual(['2026-03-27']);

    // Its coach, signed in on Friday evening.
    const coach = await signedInCoach(app);
    await cohortRef(app.deps.db, id).update({ coachIds: [coach.user.id] });
    const changed = await coach.client.request<CoachCohort>('PATCH', `/api/coach/cohorts/${id}`, { json: { rules: { comebackBonus: false } } });
    expect(changed.status).toBe(200);
    app.setNow(evening(5));
    // The browser's copy still says the bonus is on; the server's answer drops it.
    const after = await sync(must(addHabit({ ...stored, rules: NEW_COHORT_RULES }, 'Leggere', evening(5), 'h2')));
    expect(after.rules).toEqual({ ...NEW_COHORT_RULES, comebackBonus: false });
    expect(ofKind(after, 'comebackBonus')).toEqual([]);
  });
});
