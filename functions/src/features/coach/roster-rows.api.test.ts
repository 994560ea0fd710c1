import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rosterPageSchema, type RosterRow } from '@sfida/core/coach';
import { emptyTracker } from '@sfida/core/tracker';
import { addHabit, toggleHabit } from '@sfida/core/tracker-actions';
import { disableAccount, ensureAccount } from '../account/admin';
import { Client, PASSWORD, readDoc, startTestApp, uniqueEmail, type TestApp } from '../../test-support/api-harness';
import { indexMembers, must, signedInCoach, writeCohort } from '../../test-support/cohort-fixtures';
import { countReads } from '../../test-support/read-counter';
import { cohortRef } from '../../shared/cohort-repository';
import { backfillRosterRows, followUserWrite, rosterRowRef } from '../../shared/roster-row-repository';
import { userRef } from '../../shared/user-repository';

// The roster's rows (shared/roster-row-repository.ts, docs/decisions/055-roster-rows.md): each
// writer of a field a roster row shows changes the participant's row in the same write, and the
// next page shows it having read the rows, never the user documents; a participant without a
// complete row is read from their user document and gets one; the migration fills them.

let app: TestApp;
/** Monday 15 September 2025, the cohorts' start; the tests run on its Thursday, 10:00 in Rome. */
const START = '2025-09-15';
const NOW = new Date('2025-09-18T08:00:00Z');
const TZ = 'Europe/Rome';

beforeAll(async () => {
  app = await startTestApp();
  app.setNow(NOW);
});
afterAll(async () => {
  await app.close();
});

type Coach = Awaited<ReturnType<typeof signedInCoach>>;

/** A cohort with its member index, coached by `coach`. */
async function indexedCohort(coach: Coach, startDate = START): Promise<string> {
  const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate });
  await indexMembers(app, cohortId);
  return cohortId;
}

/** A participant made by the operator's command (a writer of the whole row), signed in. */
async function participant(cohortId: string, name: string, challengeStartDate: string | null = START) {
  const email = uniqueEmail('riga');
  const user = await ensureAccount(app.deps, { email, password: PASSWORD, name, role: 'PARTICIPANT', cohortId, challengeStartDate });
  const client = new Client(app);
  expect((await client.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  return { id: user.id, email, client };
}

/**
 * The cohort's roster as the coach reads it, by participant, and what the page read. Every
 * participant listed here has a complete row, so a page reads no user document: it fails otherwise.
 */
async function roster(coach: Coach, cohortId: string): Promise<Map<string, RosterRow>> {
  const { result, read } = await countReads(app.deps.db, () => coach.client.get(`/api/coach/cohorts/${cohortId}/participants?limit=50`));
  expect(result.status).toBe(200);
  const rows = rosterPageSchema.parse(result.body).rows;
  // The coach's own, for the session.
  expect(read.filter((line) => line.includes(' users/') && !line.endsWith(coach.user.id)), 'user documents read by the page').toEqual([]);
  expect(read.filter((line) => line.startsWith('getAll rosterRows/'))).toHaveLength(rows.length);
  return new Map(rows.map((row) => [row.userId, row]));
}

describe('every writer of a row keeps it', () => {
  test('a sync, a name, a zone, a start, the onboarding, a tag, a note (added, edited, deleted), a triage "Contattato", a package, a withdrawal', async () => {
    const coach = await signedInCoach(app, 'Coach Righe');
    const cohortId = await indexedCohort(coach);
    const anna = await participant(cohortId, 'Anna Righe');
    const base = `/api/coach/cohorts/${cohortId}/participants/${anna.id}`;
    let row = (await roster(coach, cohortId)).get(anna.id);
    expect(row).toMatchObject({ name: 'Anna Righe', started: true, totalPoints: 0, lastActivity: null, tags: [], latestNote: null, package: 'BASE', withdrawn: false });

    // A sync: the digest the row's figures come from.
    const habit = must(addHabit(emptyTracker(TZ, NOW, START), 'Camminare', NOW, 'h1'));
    const ticked = must(toggleHabit(habit, habit.habits[0]!.id, '2025-09-18', NOW));
    expect((await anna.client.put('/api/users/me/progress', ticked)).status).toBe(200);
    row = (await roster(coach, cohortId)).get(anna.id);
    expect(row).toMatchObject({ lastActivity: '2025-09-18', currentStreak: 1 });
    expect(row!.totalPoints).toBeGreaterThan(0);

    // A name and a zone (the profile), the onboarding's answers.
    expect((await anna.client.put('/api/auth/profile', { name: 'Anna Nuova' })).status).toBe(200);
    expect((await roster(coach, cohortId)).get(anna.id)).toMatchObject({ name: 'Anna Nuova' });
    expect((await anna.client.put('/api/auth/profile', { timeZone: 'Asia/Tokyo' })).status).toBe(200);
    expect(await readDoc(app, rosterRowRef(app.deps.db, anna.id).path)).toMatchObject({ timeZone: 'Asia/Tokyo', complete: true });
    expect((await roster(coach, cohortId)).has(anna.id)).toBe(true);
    const onboarding = await anna.client.post('/api/onboarding', { tempoAllenamento: 'MENO_UN_ANNO', luogoAllenamento: 'CASA', livelloAllenamento: 'PRINCIPIANTE' });
    expect(onboarding.status, JSON.stringify(onboarding.body)).toBe(200);
    expect((await roster(coach, cohortId)).get(anna.id)).toMatchObject({ tempoAllenamento: 'MENO_UN_ANNO', luogoAllenamento: 'CASA', livelloAllenamento: 'PRINCIPIANTE' });

    // A tag, a note added, edited and deleted.
    expect((await coach.client.request('PATCH', `${base}/tags`, { json: { add: ['seguire'] } })).status).toBe(200);
    expect((await roster(coach, cohortId)).get(anna.id)?.tags).toEqual(['seguire']);
    const note = await coach.client.post<{ id: string }>(`${base}/notes`, { requestId: 'nota-righe-0001', text: 'Prima nota' });
    expect(note.status).toBe(201);
    expect((await roster(coach, cohortId)).get(anna.id)?.latestNote).toMatchObject({ text: 'Prima nota' });
    expect((await coach.client.request('PATCH', `${base}/notes/${note.body.id}`, { json: { text: 'Nota corretta' } })).status).toBe(200);
    expect((await roster(coach, cohortId)).get(anna.id)?.latestNote).toMatchObject({ text: 'Nota corretta' });
    expect((await coach.client.request('DELETE', `${base}/notes/${note.body.id}`)).status).toBeLessThan(300);
    expect((await roster(coach, cohortId)).get(anna.id)?.latestNote).toBeNull();

    // The triage's "Contattato" with a note: the row previews it.
    expect((await coach.client.post(`${base}/contacted`, { note: 'Chiamata fatta' })).status).toBe(200);
    expect((await roster(coach, cohortId)).get(anna.id)?.latestNote).toMatchObject({ text: 'Chiamata fatta' });

    // A package.
    expect((await coach.client.post(`/api/coach/cohorts/${cohortId}/packages`, { participantIds: [anna.id], package: 'GUIDA' })).status).toBe(200);
    expect((await roster(coach, cohortId)).get(anna.id)?.package).toBe('GUIDA');

    // A withdrawal.
    expect((await coach.client.post(`${base}/withdraw`, {})).status).toBe(200);
    expect((await roster(coach, cohortId)).get(anna.id)).toMatchObject({ withdrawn: true, attention: [] });
  });

  test('a start chosen by the participant, and a cohort that starts together', async () => {
    const coach = await signedInCoach(app, 'Coach Inizi');
    const cohortId = await indexedCohort(coach);
    const bea = await participant(cohortId, 'Bea Inizio', null);
    expect((await roster(coach, cohortId)).get(bea.id)).toMatchObject({ started: false, challengeWeek: 0 });
    expect((await bea.client.post('/api/auth/start-challenge', { challengeStartDate: '2025-09-18' })).status).toBe(200);
    expect((await roster(coach, cohortId)).get(bea.id)).toMatchObject({ started: true, challengeWeek: 1 });

    // A cohort turned "together" before its start: everyone's start moves to its Monday.
    const later = await indexedCohort(coach, '2025-09-22');
    const ciro = await participant(later, 'Ciro Insieme', '2025-09-25');
    const changed = await coach.client.request('PATCH', `/api/coach/cohorts/${later}`, { json: { pace: 'together' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await userRef(app.deps.db, ciro.id).get()).get('challengeStartDate')).toBe('2025-09-22');
    expect(await readDoc(app, rosterRowRef(app.deps.db, ciro.id).path)).toMatchObject({ challengeStartDate: '2025-09-22' });
  });

  test('a move to another cohort, a disabled account, a deleted account', async () => {
    const coach = await signedInCoach(app, 'Coach Uscite');
    const first = await indexedCohort(coach);
    const second = await indexedCohort(coach);
    const dino = await participant(first, 'Dino Sposta');
    const elsa = await participant(first, 'Elsa Spenta');
    const fede = await participant(first, 'Fede Via');
    expect([...(await roster(coach, first)).keys()].sort()).toEqual([dino.id, elsa.id, fede.id].sort());

    await ensureAccount(app.deps, { email: dino.email, password: PASSWORD, name: 'Dino Sposta', role: 'PARTICIPANT', cohortId: second });
    expect((await roster(coach, first)).has(dino.id)).toBe(false);
    expect((await roster(coach, second)).get(dino.id)).toMatchObject({ name: 'Dino Sposta' });

    // Disabled: still listed (as the index keeps them), the row says so.
    await disableAccount(app.deps, elsa.email);
    expect((await roster(coach, first)).has(elsa.id)).toBe(true);
    expect(await readDoc(app, rosterRowRef(app.deps.db, elsa.id).path)).toMatchObject({ disabled: true });

    // Deleted: the row goes with the user document.
    expect((await fede.client.post('/api/me/delete', { confirm: 'ELIMINA', password: PASSWORD })).status).toBe(204);
    await app.tasks.idle();
    expect(await readDoc(app, rosterRowRef(app.deps.db, fede.id).path)).toBeUndefined();
    expect((await roster(coach, first)).has(fede.id)).toBe(false);
  });

  test('a deleted coach\'s notes: the previews they showed go from the rows too', async () => {
    const leaving = await signedInCoach(app, 'Coach Che Va');
    const staying = await signedInCoach(app, 'Coach Che Resta');
    const cohortId = await indexedCohort(leaving);
    await cohortRef(app.deps.db, cohortId).update({ coachIds: [leaving.user.id, staying.user.id] });
    const ines = await participant(cohortId, 'Ines Nota');
    expect((await leaving.client.post(`/api/coach/cohorts/${cohortId}/participants/${ines.id}/notes`, { requestId: 'nota-uscita-0001', text: 'Da richiamare' })).status).toBe(201);
    expect((await roster(staying, cohortId)).get(ines.id)?.latestNote).toMatchObject({ text: 'Da richiamare' });
    expect((await leaving.client.post('/api/me/delete', { confirm: 'ELIMINA', password: PASSWORD })).status).toBe(204);
    await app.tasks.idle();
    expect((await roster(staying, cohortId)).get(ines.id)?.latestNote).toBeNull();
  });

  test('a new season: the participant leaves the finished cohort\'s roster and joins the next one\'s, not yet started', async () => {
    const coach = await signedInCoach(app, 'Coach Stagioni');
    // Started 14 July: day 67 on 18 September, finished.
    const finished = await indexedCohort(coach, '2025-07-14');
    const next = await indexedCohort(coach, '2025-09-22');
    await cohortRef(app.deps.db, next).update({ pace: 'together' });
    const gaia = await participant(finished, 'Gaia Stagione', '2025-07-14');
    expect((await roster(coach, finished)).get(gaia.id)).toMatchObject({ started: true });
    expect((await coach.client.post(`/api/coach/cohorts/${finished}/new-season`, { targetCohortId: next })).status).toBe(200);
    const accepted = await gaia.client.post(`/api/me/season-invitation/${next}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await roster(coach, finished)).has(gaia.id)).toBe(false);
    expect((await roster(coach, next)).get(gaia.id)).toMatchObject({ started: false, totalPoints: 0 });
  });
});

describe('a participant without a row', () => {
  test('is read from their user document and gets one; a partial row is never trusted; the migration fills the rest', async () => {
    const coach = await signedInCoach(app, 'Coach Vecchi');
    const cohortId = await indexedCohort(coach);
    const { db } = app.deps;
    const ugo = await participant(cohortId, 'Ugo Vecchio');
    const vera = await participant(cohortId, 'Vera Vecchia');
    const zeno = await participant(cohortId, 'Zeno Vecchio');
    const shown = await roster(coach, cohortId);
    // Accounts from before the rows: Ugo's and Zeno's gone, Vera's only what a later change wrote (her name).
    await rosterRowRef(db, ugo.id).delete();
    await rosterRowRef(db, zeno.id).delete();
    await rosterRowRef(db, vera.id).delete();
    await db.runTransaction(async (tx) => {
      tx.update(userRef(db, vera.id), { name: 'Vera Rinominata' });
      followUserWrite(db, tx, vera.id, { name: 'Vera Rinominata' });
    });
    expect(await readDoc(app, rosterRowRef(db, vera.id).path)).toEqual({ name: 'Vera Rinominata' });

    const url = `/api/coach/cohorts/${cohortId}/participants?limit=50`;
    const first = await countReads(db, () => coach.client.get(url));
    const rows = new Map(rosterPageSchema.parse(first.result.body).rows.map((row) => [row.userId, row]));
    expect(rows.get(ugo.id)).toEqual(shown.get(ugo.id));
    expect(rows.get(vera.id)).toEqual({ ...shown.get(vera.id), name: 'Vera Rinominata' });
    // Their rows and, for the three without a complete one, their user documents: the page size + 5 at most.
    expect(first.read.filter((line) => line.startsWith('getAll users/') && !line.endsWith(coach.user.id)).sort()).toEqual([`getAll users/${ugo.id}`, `getAll users/${vera.id}`, `getAll users/${zeno.id}`].sort());
    expect(first.reads).toBeLessThanOrEqual(3 + 3 + 5);
    expect(await readDoc(app, rosterRowRef(db, vera.id).path)).toMatchObject({ name: 'Vera Rinominata', email: vera.email, cohortId, complete: true });

    // Completed: the next page reads the rows alone, and shows the same.
    const again = await roster(coach, cohortId);
    expect(again.get(ugo.id)).toEqual(shown.get(ugo.id));

    // The migration: a participant without a row gets one; twice, nothing more to write.
    await rosterRowRef(db, zeno.id).delete();
    expect(await backfillRosterRows(app.deps, [ugo.id, vera.id, zeno.id])).toEqual({ participants: 3, written: 1 });
    expect(await readDoc(app, rosterRowRef(db, zeno.id).path)).toMatchObject({ name: 'Zeno Vecchio', role: 'PARTICIPANT', cohortId, challengeStartDate: START, complete: true });
    expect(await backfillRosterRows(app.deps, [ugo.id, vera.id, zeno.id])).toEqual({ participants: 3, written: 0 });
    expect((await roster(coach, cohortId)).get(zeno.id)).toEqual(shown.get(zeno.id));
  });

  test('a row holds what a row shows and nothing else: none of the triage, the weekly figures or the sessions', async () => {
    const coach = await signedInCoach(app, 'Coach Piccole');
    const cohortId = await indexedCohort(coach);
    const rita = await participant(cohortId, 'Rita Piccola');
    expect((await rita.client.put('/api/users/me/progress', emptyTracker(TZ, NOW, START))).status).toBe(200);
    const row = await readDoc(app, rosterRowRef(app.deps.db, rita.id).path);
    const user = await readDoc(app, userRef(app.deps.db, rita.id).path);
    expect(Object.keys(row!).sort()).toEqual(
      ['challengeStartDate', 'cohortId', 'complete', 'createdAt', 'disabled', 'email', 'livelloAllenamento', 'luogoAllenamento', 'name', 'role', 'rosterDigest', 'schedaAssegnata', 'tempoAllenamento', 'timeZone'].sort(),
    );
    expect(user).toHaveProperty('weekStats');
    expect(user).toHaveProperty('triageDueAt');
  });
});
