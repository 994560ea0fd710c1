import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { coachMessages } from '@sfida/core/coach';
import { NEW_COHORT_RULES, STORED_COHORT_RULES } from '@sfida/core/cohort';
import { messageTexts, type AudiencePreview } from '@sfida/core/cohort-messages';
import type { NotificationSettings } from '@sfida/core/notifications';
import type { RosterDigest } from '@sfida/core/roster-digest';
import { teamTexts, type CoachTeams, type MyTeam, type TeamLeaderboard } from '@sfida/core/teams';
import { cohortRef, type CohortDoc } from '../../shared/cohort-repository';
import { inviteCodeRef, newInviteCode } from '../../shared/invite-codes';
import { settingsRef, subscriptionRef } from '../../shared/push-notifier';
import { teamRef } from '../../shared/team-repository';
import { weeklyScoreRef } from '../../shared/tracker-repository';
import { newUserDoc, userRef } from '../../shared/user-repository';
import { countReads } from '../../test-support/read-counter';
import { disableAccount, ensureAccount } from '../account/admin';
import { AUTH_RECHECK_MS } from '../../sessions/session-store';
import { Client, PASSWORD, readDoc, startTestApp, uniqueEmail, type Reply, type TestApp } from '../../test-support/api-harness';
import { newId, signedInCoach } from '../../test-support/cohort-fixtures';
import { BrowserDevice, startPushService, type PushServiceStandIn } from '../../test-support/push-service';

let app: TestApp;
let pushService: PushServiceStandIn;
/** Monday 23 March 2026: the cohort's start. */
const START = '2026-03-23';
/** Wednesday of week 1, 10:00 in Rome. */
const WEDNESDAY = new Date('2026-03-25T09:00:00Z');
const LAST_WEEK = '2026-03-16';
const THIS_WEEK = '2026-03-23';

beforeAll(async () => {
  pushService = await startPushService();
  app = await startTestApp({ pushAgent: pushService.agent });
});
afterAll(async () => {
  await app.close();
  await pushService.close();
});
beforeEach(() => {
  app.setNow(WEDNESDAY);
});

/** A cohort of `coachIds` with the given rules, and its invite code (registered with through the API). */
async function cohortWith(coachIds: string[], rules = NEW_COHORT_RULES): Promise<{ id: string; code: string }> {
  const id = newId('coorte');
  const code = newInviteCode('Squadre');
  const doc: CohortDoc = { name: 'Squadre', startDate: START, coachIds, inviteCode: code, registrationOpen: true, createdAt: '2026-03-01T08:00:00.000Z', rules, pace: 'together' };
  await inviteCodeRef(app.deps.db, code).create({ cohortId: id });
  await cohortRef(app.deps.db, id).set(doc);
  return { id, code };
}

/** A digest as a sync on Wednesday of week 1 writes it, with `ticked` days of one habit and last week's points. */
function digestOf(ticked: string[], lastWeekPoints: number, plannerDone = false): RosterDigest {
  return {
    version: 1,
    timeZone: 'Europe/Rome',
    asOf: '2026-03-25',
    totalPoints: lastWeekPoints,
    pointsByWeek: lastWeekPoints > 0 ? { [LAST_WEEK]: lastWeekPoints } : {},
    latestActivity: ticked.at(-1) ?? null,
    checkIns: [],
    savedPlannerWeeks: plannerDone ? [1] : [],
    habits: [{ from: '2026-03-20', until: null, ticked, runBefore: 0 }],
    tickedDays: ticked,
  };
}

interface Member {
  id: string;
  name: string;
  email: string;
  client: Client;
}

/** A participant of the cohort, signed in, with a roster digest (`lastWeekPoints`). */
async function member(cohortId: string, name: string, lastWeekPoints = 0, ticked: string[] = [], plannerDone = false): Promise<Member> {
  const email = uniqueEmail('squadra');
  const user = await ensureAccount(app.deps, { email, password: PASSWORD, name, role: 'PARTICIPANT', cohortId, challengeStartDate: START });
  await userRef(app.deps.db, user.id).update({ rosterDigest: JSON.stringify(digestOf(ticked, lastWeekPoints, plannerDone)), onboardingCompletato: true });
  const client = new Client(app);
  expect((await client.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  return { id: user.id, name, email, client };
}

async function members(cohortId: string, count: number, points: (i: number) => number = () => 0): Promise<Member[]> {
  const made: Member[] = [];
  for (let i = 0; i < count; i++) made.push(await member(cohortId, `Persona${i} Prova`, points(i)));
  return made;
}

async function formed(coach: Client, cohortId: string, body: unknown = { method: 'balanced', size: 3 }): Promise<CoachTeams> {
  const reply = await coach.post<CoachTeams>(`/api/coach/cohorts/${cohortId}/teams`, body);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
}

describe('authorization', () => {
  test('the coach\'s team routes: signed out 401, participant 403, another cohort\'s coach 403, unknown cohort 404, its coach passes', async () => {
    type Call = (client: Client, cohortId: string) => Promise<Reply>;
    const calls: [string, Call, number][] = [
      ['GET teams', (c, id) => c.get(`/api/coach/cohorts/${id}/teams`), 200],
      ['POST teams', (c, id) => c.post(`/api/coach/cohorts/${id}/teams`, { method: 'random', size: 4 }), 201],
      ['PATCH team', (c, id) => c.request('PATCH', `/api/coach/cohorts/${id}/teams/nessuna`, { json: { name: 'X' } }), 404],
      ['POST members', (c, id) => c.post(`/api/coach/cohorts/${id}/teams/nessuna/members`, { userId: 'nessuno' }), 404],
    ];
    const coach = await signedInCoach(app);
    const stranger = await signedInCoach(app);
    const cohort = await cohortWith([coach.user.id]);
    await cohortWith([stranger.user.id]);
    const [participant] = await members(cohort.id, 3);
    for (const [name, call, passes] of calls) {
      expect((await call(new Client(app), cohort.id)).status, name).toBe(401);
      expect(await call(participant!.client, cohort.id), name).toMatchObject({ status: 403, body: { message: coachMessages.coachesOnly } });
      expect(await call(stranger.client, cohort.id), name).toMatchObject({ status: 403, body: { message: coachMessages.notYourCohort } });
      expect(await call(coach.client, 'nessuna-coorte'), name).toMatchObject({ status: 404, body: { message: coachMessages.cohortNotFound } });
      expect((await call(coach.client, cohort.id)).status, name).toBe(passes);
    }
  });

  test('the team leaderboard: signed out 401, a participant of another cohort 403, its participants and coaches pass, another coach 403, unknown cohort 404', async () => {
    const coach = await signedInCoach(app);
    const stranger = await signedInCoach(app);
    const cohort = await cohortWith([coach.user.id]);
    const other = await cohortWith([stranger.user.id]);
    const [participant] = await members(cohort.id, 3);
    const [outsider] = await members(other.id, 1);
    const path = (id: string) => `/api/cohorts/${id}/team-leaderboard`;
    expect((await new Client(app).get(path(cohort.id))).status).toBe(401);
    expect(await outsider!.client.get(path(cohort.id))).toMatchObject({ status: 403, body: { message: teamTexts.notMember } });
    expect((await participant!.client.get(path(cohort.id))).status).toBe(200);
    expect((await coach.client.get(path(cohort.id))).status).toBe(200);
    expect(await stranger.client.get(path(cohort.id))).toMatchObject({ status: 403, body: { message: coachMessages.notYourCohort } });
    expect(await coach.client.get(path('nessuna-coorte'))).toMatchObject({ status: 404, body: { message: coachMessages.cohortNotFound } });
    expect(await participant!.client.get(path('nessuna-coorte'))).toMatchObject({ status: 403, body: { message: teamTexts.notMember } });
  });

  test('the participant\'s routes: signed out 401, a coach 403, a cohort with the rule off 403, a participant passes', async () => {
    const coach = await signedInCoach(app);
    const on = await cohortWith([coach.user.id]);
    const off = await cohortWith([coach.user.id], STORED_COHORT_RULES);
    const [a, b] = await members(on.id, 3);
    const [offMember] = await members(off.id, 3);
    type Call = (client: Client) => Promise<Reply>;
    const calls: [string, Call, number][] = [
      ['GET team', (c) => c.get('/api/me/team'), 200],
      ['POST high five', (c) => c.post('/api/me/team/high-fives', { toUserId: b!.id }), 201],
      ['GET high fives', (c) => c.get('/api/me/high-fives'), 200],
    ];
    await formed(coach.client, on.id);
    await formed(coach.client, off.id);
    for (const [name, call, passes] of calls) {
      expect((await call(new Client(app))).status, name).toBe(401);
      expect((await call(coach.client)).status, name).toBe(403);
      expect(await call(offMember!.client), name).toMatchObject({ status: 403, body: { message: teamTexts.rulesOff } });
      expect((await call(a!.client)).status, name).toBe(passes);
    }
    // With the rule off the coach can still arrange teams, but nobody sees a ranking.
    expect(await coach.client.get(`/api/cohorts/${off.id}/team-leaderboard`)).toMatchObject({ status: 403, body: { message: teamTexts.rulesOff } });
    expect((await coach.client.get(`/api/coach/cohorts/${off.id}/teams`)).status).toBe(200);
  });
});

describe('forming and arranging teams', () => {
  test('balanced by last week\'s points into teams of 3 to 6; renamed; a member moved; a latecomer joins the smallest team', async () => {
    const coach = await signedInCoach(app);
    const cohort = await cohortWith([coach.user.id]);
    const people = await members(cohort.id, 7, (i) => (i + 1) * 10);
    const teams = await formed(coach.client, cohort.id, { method: 'balanced', size: 3 });
    // 7 people aiming at 3: two teams (three would leave one of 1). A snake draft of 70…10 points:
    // 70, 40, 30 against 60, 50, 20, 10: 140 each.
    const ids = (team: CoachTeams['teams'][number]) => new Set(team.members.map((m) => m.userId));
    expect(teams.teams.map((team) => team.name)).toEqual(['Squadra 1', 'Squadra 2']);
    expect(ids(teams.teams[0]!)).toEqual(new Set([people[6]!.id, people[3]!.id, people[2]!.id]));
    expect(ids(teams.teams[1]!)).toEqual(new Set([people[5]!.id, people[4]!.id, people[1]!.id, people[0]!.id]));
    expect(teams.unassigned).toEqual([]);
    const [first, second] = teams.teams;

    const renamed = await coach.client.request<CoachTeams>('PATCH', `/api/coach/cohorts/${cohort.id}/teams/${first!.id}`, { json: { name: '  I Falchi ' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.teams.map((team) => team.name)).toEqual(['I Falchi', 'Squadra 2']);
    expect(await coach.client.request('PATCH', `/api/coach/cohorts/${cohort.id}/teams/${first!.id}`, { json: { name: ' ' } })).toMatchObject({
      status: 400,
      body: { message: teamTexts.nameRequired },
    });

    const moving = people[0]!.id;
    const moved = await coach.client.post<CoachTeams>(`/api/coach/cohorts/${cohort.id}/teams/${first!.id}/members`, { userId: moving });
    expect(moved.status).toBe(200);
    expect(moved.body.teams.map((team) => team.members.length)).toEqual([4, 3]);
    expect(ids(moved.body.teams[0]!).has(moving)).toBe(true);
    expect(await coach.client.post(`/api/coach/cohorts/${cohort.id}/teams/${first!.id}/members`, { userId: moving })).toMatchObject({
      status: 409,
      body: { message: teamTexts.alreadyThere },
    });
    // A participant of another cohort is no one here.
    const elsewhere = await member((await cohortWith([coach.user.id])).id, 'Altra Persona');
    expect(await coach.client.post(`/api/coach/cohorts/${cohort.id}/teams/${second!.id}/members`, { userId: elsewhere.id })).toMatchObject({
      status: 404,
      body: { message: teamTexts.participantNotFound },
    });

    // Registering with the code: into the smallest team (Squadra 2, now 3).
    const latecomer = new Client(app);
    const registered = await latecomer.post<{ id: string }>('/api/auth/register', { name: 'Ultima Arrivata', email: uniqueEmail(), password: PASSWORD, secretCode: cohort.code });
    expect(registered.status).toBe(201);
    expect((await readDoc(app, `teams/${second!.id}`))?.memberIds).toContain(registered.body.id);

    // Withdrawn: out of the team (an average counts the members), and not placed again when they look.
    expect((await coach.client.post(`/api/coach/cohorts/${cohort.id}/participants/${registered.body.id}/withdraw`)).status).toBe(200);
    expect((await readDoc(app, `teams/${second!.id}`))?.memberIds).not.toContain(registered.body.id);
    expect(await latecomer.get('/api/me/team')).toMatchObject({ status: 403, body: { message: teamTexts.withdrawn } });
    expect(await latecomer.get(`/api/cohorts/${cohort.id}/team-leaderboard`)).toMatchObject({ status: 403, body: { message: teamTexts.withdrawn } });
    const after = (await coach.client.get<CoachTeams>(`/api/coach/cohorts/${cohort.id}/teams`)).body;
    expect(after.teams.flatMap((team) => team.members.map((m) => m.userId))).not.toContain(registered.body.id);
  });

  test('a closed account leaves its team, closed by the admin command or found disabled by a session: the average counts members only', async () => {
    const coach = await signedInCoach(app, 'Coach Chiusure');
    const cohort = await cohortWith([coach.user.id]);
    const people = await members(cohort.id, 6, (i) => 10 * (i + 1));
    const { teams } = await formed(coach.client, cohort.id);
    const teamOf = (uid: string) => teams.find((team) => team.members.some((m) => m.userId === uid))!;
    const [closed, foundDisabled] = [people[0]!, people[5]!];

    const email = (await readDoc(app, `users/${closed.id}`))?.email as string;
    await disableAccount(app.deps, email);
    expect((await readDoc(app, `teams/${teamOf(closed.id).id}`))?.memberIds).not.toContain(closed.id);

    // Disabled in Firebase's console: the next check of one of its sessions finds it.
    await app.deps.auth.updateUser(foundDisabled.id, { disabled: true });
    app.setNow(new Date(WEDNESDAY.getTime() + AUTH_RECHECK_MS + 1000));
    expect((await foundDisabled.client.get('/api/me/team')).status).toBe(401);
    expect((await readDoc(app, `teams/${teamOf(foundDisabled.id).id}`))?.memberIds).not.toContain(foundDisabled.id);

    const board = await people[1]!.client.get<TeamLeaderboard>(`/api/cohorts/${cohort.id}/team-leaderboard`);
    expect(board.status).toBe(200);
    expect(board.body.teams.map((team) => team.memberCount).sort()).toEqual([2, 2]);
  });

  test('bad requests get Italian messages; fewer than three participants make no teams', async () => {
    const coach = await signedInCoach(app);
    const cohort = await cohortWith([coach.user.id]);
    await members(cohort.id, 2);
    const path = `/api/coach/cohorts/${cohort.id}/teams`;
    expect(await coach.client.post(path, { method: 'balanced', size: 7 })).toMatchObject({ status: 400, body: { message: teamTexts.sizeInvalid } });
    expect(await coach.client.post(path, { method: 'misto', size: 4 })).toMatchObject({ status: 400, body: { message: teamTexts.methodInvalid } });
    expect(await coach.client.post(path, { method: 'random', size: 4 })).toMatchObject({ status: 400, body: { message: teamTexts.tooFew } });
  });

  test('forming again replaces the teams; at random everyone is placed once', async () => {
    const coach = await signedInCoach(app);
    const cohort = await cohortWith([coach.user.id]);
    const people = await members(cohort.id, 9);
    const before = await formed(coach.client, cohort.id, { method: 'balanced', size: 3 });
    const after = await formed(coach.client, cohort.id, { method: 'random', size: 4 });
    // Nine aiming at 4: three teams (two would make one of 5).
    expect(after.teams.map((team) => team.members.length)).toEqual([3, 3, 3]);
    expect(after.teams.flatMap((team) => team.members.map((m) => m.userId)).sort()).toEqual(people.map((p) => p.id).sort());
    for (const team of before.teams) expect(await readDoc(app, `teams/${team.id}`)).toBeUndefined();
  });
});

describe('"La mia squadra" and the team leaderboard', () => {
  test('two people of one name: the coach tells them apart by email; a teammate never receives one', async () => {
    const coach = await signedInCoach(app);
    const cohort = await cohortWith([coach.user.id]);
    const first = await member(cohort.id, 'Mario Rossi', 30);
    const second = await member(cohort.id, 'Mario Rossi', 20);
    await member(cohort.id, 'Carla Neri', 10);
    const teams = await formed(coach.client, cohort.id, { method: 'balanced', size: 3 });
    const marios = teams.teams[0]!.members.filter((m) => m.name === 'Mario Rossi');
    expect(new Set(marios.map((m) => [m.userId, m.email].join(' ')))).toEqual(new Set([`${first.id} ${first.email}`, `${second.id} ${second.email}`]));
    // The participants' own view of the team holds no email at all.
    const mine = await first.client.get<MyTeam>('/api/me/team');
    expect(mine.status).toBe(200);
    expect(JSON.stringify(mine.body)).not.toContain('@');
    const board = await first.client.get(`/api/cohorts/${cohort.id}/team-leaderboard`);
    expect(JSON.stringify(board.body)).not.toContain('@');
  });

  test('each teammate\'s week as shares and yes/no, never their habits; teams ranked by average points, an idle member counting', async () => {
    const coach = await signedInCoach(app);
    const cohort = await cohortWith([coach.user.id]);
    // Monday to Wednesday are due: 3 habit-days each.
    const anna = await member(cohort.id, 'Anna Bianchi', 30, ['2026-03-23', '2026-03-24', '2026-03-25'], true);
    const bruno = await member(cohort.id, 'Bruno Verdi', 20, ['2026-03-24']);
    const carla = await member(cohort.id, 'Carla Neri', 10);
    const teams = await formed(coach.client, cohort.id, { method: 'balanced', size: 3 });
    expect(teams.teams).toHaveLength(1);

    const reply = await bruno.client.get<MyTeam>('/api/me/team');
    expect(reply.status).toBe(200);
    expect(reply.body.team?.name).toBe('Squadra 1');
    expect(reply.body.team?.members.map((m) => [m.displayName, m.isMe, m.habitDaysTicked, m.habitDaysDue, m.plannerDone, m.checkInDone])).toEqual([
      ['Bruno V.', true, 1, 3, false, false],
      ['Anna B.', false, 3, 3, true, false],
      ['Carla N.', false, 0, 3, false, false],
    ]);
    // No habit names, no days: only the shares.
    expect(JSON.stringify(reply.body)).not.toMatch(/2026-03-2[345]|Camminare|ticked"/);

    // A second team, everyone idle but one.
    const others = await members(cohort.id, 3);
    await teamRef(app.deps.db, 'squadra-ferma-' + cohort.id.slice(-6)).set({ cohortId: cohort.id, name: 'Squadra Zeta', memberIds: others.map((o) => o.id), createdAt: WEDNESDAY.toISOString() });
    const score = (uid: string, points: number) =>
      weeklyScoreRef(app.deps.db, THIS_WEEK, uid).set({ cohortId: cohort.id, weekStart: THIS_WEEK, userId: uid, points, totalPoints: points, streakDays: 0, streakThrough: '' });
    await Promise.all([score(anna.id, 12), score(bruno.id, 6), score(others[0]!.id, 30)]);
    const board = await carla.client.get<TeamLeaderboard>(`/api/cohorts/${cohort.id}/team-leaderboard`);
    expect(board.status).toBe(200);
    // Zeta: 30 over 3 = 10; Squadra 1: 18 over 3 = 6 (Carla's 0 counts).
    expect(board.body).toEqual({
      weekStart: THIS_WEEK,
      teams: [
        expect.objectContaining({ rank: 1, name: 'Squadra Zeta', memberCount: 3, weekPoints: 30, averagePoints: 10, isMine: false }),
        expect.objectContaining({ rank: 2, name: 'Squadra 1', memberCount: 3, weekPoints: 18, averagePoints: 6, isMine: true }),
      ],
    });
    const coachBoard = await coach.client.get<TeamLeaderboard>(`/api/cohorts/${cohort.id}/team-leaderboard`);
    expect(coachBoard.body.teams.map((team) => team.isMine)).toEqual([false, false]);

    // The coach turns the rule off: the team and its ranking are gone for participants.
    expect((await coach.client.request('PATCH', `/api/coach/cohorts/${cohort.id}`, { json: { rules: { teamLeaderboard: false } } })).status).toBe(200);
    expect(await bruno.client.get('/api/me/team')).toMatchObject({ status: 403, body: { message: teamTexts.rulesOff } });
    expect(await carla.client.get(`/api/cohorts/${cohort.id}/team-leaderboard`)).toMatchObject({ status: 403, body: { message: teamTexts.rulesOff } });
  });

  test('a participant of a cohort without teams has none; one left out of a forming is placed when they look', async () => {
    const coach = await signedInCoach(app);
    const cohort = await cohortWith([coach.user.id]);
    const [first] = await members(cohort.id, 3);
    expect(await first!.client.get('/api/me/team')).toMatchObject({ status: 200, body: { team: null } });
    await formed(coach.client, cohort.id);
    // Written straight to the users collection: as a registration racing the forming would leave them.
    const late = await member(cohort.id, 'Dario Rossi');
    const reply = await late.client.get<MyTeam>('/api/me/team');
    expect(reply.body.team?.members.map((m) => m.displayName)).toContain('Dario R.');
  });
});

describe('"La mia squadra" places a latecomer: a read whose one write is idempotent', () => {
  test('many looks at once place them in one team', async () => {
    const coach = await signedInCoach(app);
    const cohort = await cohortWith([coach.user.id]);
    await members(cohort.id, 6);
    await formed(coach.client, cohort.id);
    const late = await member(cohort.id, 'Dario Rossi');
    const replies = await Promise.all(Array.from({ length: 8 }, () => late.client.get<MyTeam>('/api/me/team')));
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(200));
    const teams = await app.deps.db.collection('teams').where('memberIds', 'array-contains', late.id).get();
    expect(teams.size).toBe(1);
    expect(new Set(replies.map((r) => r.body.team?.id))).toEqual(new Set([teams.docs[0]!.id]));
    // Once placed, a look writes nothing.
    const before = (await teams.docs[0]!.ref.get()).updateTime;
    expect((await late.client.get('/api/me/team')).status).toBe(200);
    expect((await teams.docs[0]!.ref.get()).updateTime?.isEqual(before!)).toBe(true);
  });
});

describe('"Dai il cinque"', () => {
  test('one per teammate per day in the sender\'s calendar day, a push to the teammate, listed on their dashboard', async () => {
    const coach = await signedInCoach(app);
    const cohort = await cohortWith([coach.user.id]);
    const [giver, receiver, third] = await members(cohort.id, 3);
    const stranger = await member((await cohortWith([coach.user.id])).id, 'Estranea Persona');
    await formed(coach.client, cohort.id);
    const device = new BrowserDevice(pushService);
    await subscriptionRef(app.deps.db, device.subscription.endpoint).set({ uid: receiver!.id, ...device.subscription, createdAt: WEDNESDAY.toISOString() });

    const send = (from: Member, to: string) => from.client.post('/api/me/team/high-fives', { toUserId: to });
    // Two taps at once: one stored, the other refused.
    const [one, two] = await Promise.all([send(giver!, receiver!.id), send(giver!, receiver!.id)]);
    expect([one.status, two.status].sort()).toEqual([201, 409]);
    expect([one, two].find((r) => r.status === 409)?.body).toEqual({ message: teamTexts.alreadySent });
    expect(device.received).toEqual([{ title: 'Ti hanno dato il cinque!', body: 'Persona0 P. ti ha dato il cinque: continua così!', url: '/squadra', tag: 'dai-il-cinque' }]);
    expect(await send(giver!, giver!.id)).toMatchObject({ status: 400, body: { message: teamTexts.notYourself } });
    expect(await send(giver!, stranger.id)).toMatchObject({ status: 400, body: { message: teamTexts.notTeammate } });
    expect(await giver!.client.post('/api/me/team/high-fives', {})).toMatchObject({ status: 400, body: { message: teamTexts.notTeammate } });

    const team = await giver!.client.get<MyTeam>('/api/me/team');
    expect(team.body.team?.members.filter((m) => m.highFiveSentToday).map((m) => m.userId)).toEqual([receiver!.id]);
    const received = await receiver!.client.get<{ highFives: Array<{ fromName: string; day: string }> }>('/api/me/high-fives');
    expect(received.body.highFives).toEqual([expect.objectContaining({ fromName: 'Persona0 P.', day: '2026-03-25' })]);

    // With the receiver's setting off: stored and listed, no push.
    const settings: NotificationSettings = (await receiver!.client.get<{ settings: NotificationSettings }>('/api/me/notifications')).body.settings;
    expect(settings.highFives).toBe(true);
    await settingsRef(app.deps.db, receiver!.id).set({ settings: { ...settings, highFives: false } });
    expect((await send(third!, receiver!.id)).status).toBe(201);
    expect(device.received).toHaveLength(1);

    // Rome's 23:30 on Wednesday is still Wednesday; at 00:10 on Thursday a new day begins.
    app.setNow(new Date('2026-03-25T22:30:00Z'));
    expect((await send(giver!, receiver!.id)).status).toBe(409);
    app.setNow(new Date('2026-03-25T23:10:00Z'));
    expect((await send(giver!, receiver!.id)).status).toBe(201);
    const later = await receiver!.client.get<{ highFives: Array<{ day: string }> }>('/api/me/high-fives');
    expect(later.body.highFives.map((h) => h.day)).toEqual(['2026-03-26', '2026-03-25', '2026-03-25']);
  });

  test('a new time zone gives no second one in the same real day', async () => {
    app.setNow(WEDNESDAY);
    const coach = await signedInCoach(app);
    const cohort = await cohortWith([coach.user.id]);
    const [giver, receiver] = await members(cohort.id, 3);
    await formed(coach.client, cohort.id);
    const send = () => giver!.client.post('/api/me/team/high-fives', { toUserId: receiver!.id });
    // 13:00 on Wednesday 25 in Rome, when Kiritimati (UTC+14) is already at 02:00 on Thursday 26.
    app.setNow(new Date('2026-03-25T12:00:00Z'));
    expect((await send()).status).toBe(201);
    expect((await giver!.client.put('/api/auth/profile', { timeZone: 'Pacific/Kiritimati' })).status).toBe(200);
    expect(await send()).toMatchObject({ status: 409, body: { message: teamTexts.alreadySent } });
    // Rome's Wednesday is over, Kiritimati's Thursday is not: still the same real day.
    app.setNow(new Date('2026-03-25T23:30:00Z'));
    expect((await send()).status).toBe(409);
    // Friday 27 in Kiritimati from 10:00 UTC: a day has passed in both zones.
    app.setNow(new Date('2026-03-26T10:30:00Z'));
    expect((await send()).status).toBe(201);
    const received = await receiver!.client.get<{ highFives: Array<{ day: string }> }>('/api/me/high-fives');
    expect(received.body.highFives.map((h) => h.day)).toEqual(['2026-03-27', '2026-03-25']);
  });

  test('across the clocks going forward in Rome (Sunday 29 March 2026), the day is Rome\'s', async () => {
    // Signed in that Saturday evening: the sessions stay fresh through Sunday.
    app.setNow(new Date('2026-03-28T20:00:00Z'));
    const coach = await signedInCoach(app);
    const cohort = await cohortWith([coach.user.id]);
    const [giver, receiver] = await members(cohort.id, 3);
    await formed(coach.client, cohort.id);
    // 23:30 on Saturday in Rome (UTC+1), then 00:30 on Sunday (still UTC+1 until 02:00), then 23:30 on Sunday (UTC+2).
    app.setNow(new Date('2026-03-28T22:30:00Z'));
    expect((await giver!.client.post('/api/me/team/high-fives', { toUserId: receiver!.id })).status).toBe(201);
    app.setNow(new Date('2026-03-28T23:30:00Z'));
    expect((await giver!.client.post('/api/me/team/high-fives', { toUserId: receiver!.id })).status).toBe(201);
    app.setNow(new Date('2026-03-29T21:30:00Z'));
    expect((await giver!.client.post('/api/me/team/high-fives', { toUserId: receiver!.id })).status).toBe(409);
    app.setNow(new Date('2026-03-29T22:10:00Z'));
    expect((await giver!.client.post('/api/me/team/high-fives', { toUserId: receiver!.id })).status).toBe(201);
  });
});

describe('a team as a message segment', () => {
  test('the preview counts the team\'s members and a send reaches them; a team of another cohort is refused, and so is scheduling one', async () => {
    const coach = await signedInCoach(app);
    const cohort = await cohortWith([coach.user.id]);
    await members(cohort.id, 6);
    const teams = await formed(coach.client, cohort.id, { method: 'random', size: 3 });
    const team = teams.teams[0]!;
    const preview = await coach.client.post<AudiencePreview>(`/api/coach/cohorts/${cohort.id}/messages/preview`, { segment: 'team', teamId: team.id });
    expect(preview.status).toBe(200);
    expect(preview.body.recipients.map((r) => r.userId).sort()).toEqual(team.members.map((m) => m.userId).sort());
    const other = await cohortWith([coach.user.id]);
    await members(other.id, 3);
    const otherTeam = (await formed(coach.client, other.id)).teams[0]!;
    expect(await coach.client.post(`/api/coach/cohorts/${cohort.id}/messages/preview`, { segment: 'team', teamId: otherTeam.id })).toMatchObject({
      status: 400,
      body: { message: messageTexts.pickTeam },
    });
    expect(await coach.client.post(`/api/coach/cohorts/${cohort.id}/messages/preview`, { segment: 'team' })).toMatchObject({
      status: 400,
      body: { message: messageTexts.pickTeam },
    });
    // Sent: each member of the team gets their copy; scheduling one is refused (the team may change before its time).
    const sent = await coach.client.post<{ recipientCount: number }>(`/api/coach/cohorts/${cohort.id}/messages`, {
      segment: 'team',
      teamId: team.id,
      requestId: `squadra-${team.id}`,
      text: 'Forza {nome}, la squadra conta su di te!',
    });
    expect(sent.status).toBe(201);
    expect(sent.body.recipientCount).toBe(team.members.length);
    await app.tasks.idle();
    const copy = await readDoc(app, `inboxMessages/${(sent.body as unknown as { id: string }).id}_${team.members[0]!.userId}`);
    expect(copy).toMatchObject({ userId: team.members[0]!.userId });
    expect(
      await coach.client.post(`/api/coach/cohorts/${cohort.id}/scheduled-messages`, {
        segment: 'team',
        teamId: team.id,
        requestId: `programmato-${team.id}`,
        text: 'Più tardi',
        date: '2026-03-27',
        time: '09:00',
      }),
    ).toMatchObject({ status: 400, body: { message: messageTexts.teamNotScheduled } });
  });
});

describe('what a team page and the team ranking read', () => {
  test('"La mia squadra" reads its team, not the cohort; the ranking reads the teams and the week\'s scorers', async () => {
    const coach = await signedInCoach(app);
    const cohort = await cohortWith([coach.user.id]);
    const me = await member(cohort.id, 'Misura Letture');
    // 59 more participants, written with the Admin SDK: 60 in all, 15 teams of 4.
    const batch = app.deps.db.batch();
    const others: string[] = [];
    for (let i = 0; i < 59; i++) {
      const uid = newId('persona');
      others.push(uid);
      batch.set(userRef(app.deps.db, uid), newUserDoc({ email: `${uid}@test.sfida8.local`, name: `Persona${i} Prova`, role: 'PARTICIPANT', cohortId: cohort.id, timeZone: 'Europe/Rome', now: WEDNESDAY, challenge: { startDate: START, joinedOn: null } }));
    }
    await batch.commit();
    const teams = await formed(coach.client, cohort.id, { method: 'random', size: 4 });
    expect(teams.teams).toHaveLength(15);
    await Promise.all(
      others.slice(0, 10).map((uid) => weeklyScoreRef(app.deps.db, THIS_WEEK, uid).set({ cohortId: cohort.id, weekStart: THIS_WEEK, userId: uid, points: 5, totalPoints: 5, streakDays: 0, streakThrough: '' })),
    );

    // What any signed-in request reads (the session) before its own work.
    const session = (await countReads(app.deps.db, () => me.client.get('/api/auth/me'))).reads;
    const page = await countReads(app.deps.db, () => me.client.get<MyTeam>('/api/me/team'));
    expect(page.result.body.team?.members).toHaveLength(4);
    // The 4 members and a few fixed reads (the caller, the cohort, the team query, today's high fives): nothing grows with the cohort's 60.
    expect(page.reads).toBeLessThanOrEqual(session + 4 + 5);
    const board = await countReads(app.deps.db, () => me.client.get<TeamLeaderboard>(`/api/cohorts/${cohort.id}/team-leaderboard`));
    expect(board.result.body.teams).toHaveLength(15);
    // The 15 teams and the 10 who scored this week, and a few fixed reads (the caller, the cohort).
    expect(board.reads).toBeLessThanOrEqual(session + 15 + 10 + 3);
  });
});
