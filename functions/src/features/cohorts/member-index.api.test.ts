import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import { rosterPageSchema, type RosterPage } from '@sfida/core/coach';
import { signInAnswerSchema } from '@sfida/core/user';
import type { SentMessage } from '@sfida/core/cohort-messages';
import { disableAccount, ensureAccount, grantOwner } from '../account/admin';
import { AUTH_RECHECK_MS } from '../../sessions/session-store';
import { Client, PASSWORD, readDoc, registerParticipant, startTestApp, uniqueEmail, type TestApp } from '../../test-support/api-harness';
import { indexMembers, newId, signedInCoach, updateMember, updateUserOnly, writeCohort, writeInvitingCohort } from '../../test-support/cohort-fixtures';
import { countReads } from '../../test-support/read-counter';
import { cohortRef } from '../../shared/cohort-repository';
import { recipientIdsOf } from '../../shared/cohort-message-repository';
import { ensureDefaultCohort } from '../../shared/default-cohort';
import { buildMemberIndexes, memberIndexRef } from '../../shared/member-index-repository';
import { userRef, usersCollection } from '../../shared/user-repository';

// The cohorts' member index (member-index-repository.ts): every writer of a membership keeps it
// equal to what a query over `users` finds; the roster and a message to everyone read it and answer
// as the query did; a cohort without a complete one is answered from the query, and the migration
// builds it.

let app: TestApp;
const START = '2026-03-23';
const WEEK1 = new Date('2026-03-25T09:00:00Z');

beforeAll(async () => {
  app = await startTestApp();
  app.setNow(WEEK1);
});
afterAll(async () => {
  await app.close();
});

const sorted = (ids: Iterable<string>) => [...ids].sort();

/** The stored index, sorted. */
async function storedIndex(cohortId: string) {
  const doc = await readDoc(app, memberIndexRef(app.deps.db, cohortId).path);
  return { ids: sorted((doc?.ids as string[] | undefined) ?? []), inactive: sorted((doc?.inactive as string[] | undefined) ?? []), complete: doc?.complete === true };
}

/** What the index must hold: the cohort's participants as a query over `users` finds them. */
async function truth(cohortId: string) {
  const snap = await usersCollection(app.deps.db).where('cohortId', '==', cohortId).where('role', '==', 'PARTICIPANT').get();
  const inactive = snap.docs.filter((doc) => typeof doc.get('withdrawnAt') === 'string' || doc.get('disabled') === true);
  return { ids: sorted(snap.docs.map((doc) => doc.id)), inactive: sorted(inactive.map((doc) => doc.id)) };
}

async function expectIndexTrue(cohortId: string, step: string) {
  const stored = await storedIndex(cohortId);
  expect({ ids: stored.ids, inactive: stored.inactive }, step).toEqual(await truth(cohortId));
}

/** Registers through the API with `code` (the registration writer); signed in afterwards. */
async function registerWith(code: string, name = 'Nuova Partecipante') {
  const client = new Client(app);
  const email = uniqueEmail();
  const reply = await client.post('/api/auth/register', { name, email, password: PASSWORD, role: 'PARTICIPANT', secretCode: code });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return { client, email, user: signInAnswerSchema.parse(reply.body) };
}

describe('every writer of a membership keeps the index', () => {
  test('registration, an operator\'s account changes, a move, a withdrawal, disabling (by command and from Auth), a coach made of a participant, the cohorts migration', async () => {
    const coach = await signedInCoach(app, 'Coach Indice');
    const a = await writeInvitingCohort(app);
    await app.deps.db.doc(`cohorts/${a.id}`).update({ coachIds: [coach.user.id] });
    await indexMembers(app, a.id);
    const b = await writeCohort(app, { coachIds: [coach.user.id], startDate: START });
    await indexMembers(app, b);

    const first = await registerWith(a.code, 'Prima');
    const second = await registerWith(a.code, 'Seconda');
    const third = await registerWith(a.code, 'Terza');
    const fourth = await registerWith(a.code, 'Quarta');
    expect((await storedIndex(a.id)).ids).toEqual(sorted([first.user.id, second.user.id, third.user.id, fourth.user.id]));
    await expectIndexTrue(a.id, 'registration');

    const made = await ensureAccount(app.deps, { email: uniqueEmail('operatore'), password: PASSWORD, name: 'Fatta', role: 'PARTICIPANT', cohortId: a.id });
    expect((await storedIndex(a.id)).ids).toContain(made.id);
    await expectIndexTrue(a.id, 'ensureAccount, a new account');

    await ensureAccount(app.deps, { email: second.email, password: PASSWORD, name: 'Seconda', role: 'PARTICIPANT', cohortId: b });
    expect((await storedIndex(a.id)).ids).not.toContain(second.user.id);
    expect((await storedIndex(b)).ids).toEqual([second.user.id]);
    await expectIndexTrue(a.id, 'a move, the cohort left');
    await expectIndexTrue(b, 'a move, the cohort joined');

    expect((await coach.client.post(`/api/coach/cohorts/${a.id}/participants/${first.user.id}/withdraw`)).status).toBe(200);
    expect((await storedIndex(a.id)).inactive).toEqual([first.user.id]);
    await expectIndexTrue(a.id, 'a withdrawal');

    await disableAccount(app.deps, third.email);
    expect((await storedIndex(a.id)).inactive).toEqual(sorted([first.user.id, third.user.id]));
    await expectIndexTrue(a.id, 'disableAccount');

    // Disabled in Firebase Auth alone: the session check notices and mirrors it.
    await app.deps.auth.updateUser(fourth.user.id, { disabled: true });
    app.advance(AUTH_RECHECK_MS);
    expect((await fourth.client.get('/api/auth/me')).status).toBe(401);
    expect((await storedIndex(a.id)).inactive).toContain(fourth.user.id);
    await expectIndexTrue(a.id, 'disabled in Auth');

    await grantOwner(app.deps, (await userRef(app.deps.db, made.id).get()).get('email') as string);
    expect((await storedIndex(a.id)).ids).not.toContain(made.id);
    await expectIndexTrue(a.id, 'grantOwner');

    await ensureAccount(app.deps, { email: second.email, password: PASSWORD, name: 'Seconda', role: 'OWNER', cohortId: b });
    expect((await storedIndex(b)).ids).toEqual([]);
    await expectIndexTrue(b, 'ensureAccount, made an OWNER');

    // A user from before cohorts: the migration puts them in the default cohort, and in its index.
    const legacy = newId('legacy');
    await userRef(app.deps.db, legacy).set({ name: 'Antica', email: `${legacy}@test.sfida8.local`, role: 'PARTICIPANT', createdAt: WEEK1.toISOString() });
    await ensureDefaultCohort(app.deps);
    expect((await storedIndex(app.deps.config.inviteCohortId)).ids).toContain(legacy);
  });
});

describe('the roster and a message to everyone read the index', () => {
  test('the same pages, cursors and recipients as the query over users; a page reads its rows, the index and the session\'s few documents', async () => {
    const coach = await signedInCoach(app, 'Coach Pagine');
    const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate: START });
    await indexMembers(app, cohortId);
    const elsewhere = await writeCohort(app, { coachIds: [coach.user.id], startDate: START });
    const members: Awaited<ReturnType<typeof registerParticipant>>[] = [];
    for (let i = 0; i < 7; i++) {
      const registered = await registerParticipant(app, `Persona${i} Indice`);
      await updateMember(app, registered.user.id, { cohortId, challengeStartDate: START });
      members.push(registered);
    }
    await updateMember(app, members[1]!.user.id, { withdrawnAt: WEEK1.toISOString() });
    await disableAccount(app.deps, members[4]!.email);
    const other = await registerParticipant(app, 'Altra Coorte');
    await updateMember(app, other.user.id, { cohortId: elsewhere });
    // The coach's own account in the cohort: never a row, never a recipient.
    await userRef(app.deps.db, coach.user.id).update({ cohortId });
    await expectIndexTrue(cohortId, 'set-up');

    async function pages() {
      const seen: RosterPage[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `/api/coach/cohorts/${cohortId}/participants?limit=3${cursor ? `&cursor=${cursor}` : ''}`;
        const { result, reads, read } = await countReads(app.deps.db, () => coach.client.get<RosterPage>(url));
        expect(result.status).toBe(200);
        const page = rosterPageSchema.parse(result.body);
        // The page size + 5 at most (the session, the coach, the cohort, the index).
        expect(reads, read.join('\n')).toBeLessThanOrEqual(3 + 5);
        seen.push(page);
        cursor = page.nextCursor;
      } while (cursor);
      return seen;
    }
    const indexed = await pages();
    expect(indexed.flatMap((page) => page.rows.map((row) => row.userId)).sort()).toEqual(sorted(members.map((m) => m.user.id)));
    expect(indexed.map((page) => page.rows.length)).toEqual([3, 3, 1]);
    expect(indexed.flatMap((page) => page.rows).find((row) => row.userId === members[1]!.user.id)).toMatchObject({ withdrawn: true });

    // The same cohort without its index: the query's pages are the same.
    await cohortRef(app.deps.db, cohortId).update({ membersIndexed: false });
    expect(await pages()).toEqual(indexed);
    await cohortRef(app.deps.db, cohortId).update({ membersIndexed: true });

    // A message to everyone: the active participants, from the index; each copy filled from their user document.
    const reply = await coach.client.post<SentMessage>(`/api/coach/cohorts/${cohortId}/messages`, { requestId: randomUUID(), text: 'Ciao {nome}!', segment: 'all' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const active = members.filter((_, i) => i !== 1 && i !== 4).map((m) => m.user.id);
    expect(reply.body.recipientCount).toBe(5);
    const stored = await readDoc(app, `cohortMessages/${reply.body.id}`);
    expect(sorted(recipientIdsOf(stored!))).toEqual(sorted(active));
    await app.tasks.idle();
    expect(await readDoc(app, `inboxMessages/${reply.body.id}_${members[0]!.user.id}`)).toMatchObject({ text: 'Ciao Persona0!' });
    expect(await readDoc(app, `inboxMessages/${reply.body.id}_${members[1]!.user.id}`)).toBeUndefined();
  });

  test('a page reads the index once while its members stay the same; a newcomer, a withdrawal and the migration each make the next page read it again', async () => {
    const coach = await signedInCoach(app, 'Coach Copia');
    const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate: START });
    await indexMembers(app, cohortId);
    const first = await registerParticipant(app, 'Prima Copia');
    await updateMember(app, first.user.id, { cohortId, challengeStartDate: START });
    const indexRead = `getAll ${memberIndexRef(app.deps.db, cohortId).path}`;
    async function look() {
      const { result, read } = await countReads(app.deps.db, () => coach.client.get<RosterPage>(`/api/coach/cohorts/${cohortId}/participants?limit=10`));
      expect(result.status).toBe(200);
      const rows = rosterPageSchema.parse(result.body).rows;
      return { ids: sorted(rows.map((row) => row.userId)), withdrawn: rows.filter((row) => row.withdrawn).map((row) => row.userId), readIndex: read.includes(indexRead) };
    }
    expect(await look()).toEqual({ ids: [first.user.id], withdrawn: [], readIndex: true });
    expect(await look()).toEqual({ ids: [first.user.id], withdrawn: [], readIndex: false });

    const second = await registerParticipant(app, 'Seconda Copia');
    await updateMember(app, second.user.id, { cohortId, challengeStartDate: START });
    expect(await look()).toEqual({ ids: sorted([first.user.id, second.user.id]), withdrawn: [], readIndex: true });
    expect((await look()).readIndex).toBe(false);

    await updateMember(app, first.user.id, { withdrawnAt: WEEK1.toISOString() });
    expect(await look()).toEqual({ ids: sorted([first.user.id, second.user.id]), withdrawn: [first.user.id], readIndex: true });

    // The migration rewrites the index from the users: read again.
    expect((await look()).readIndex).toBe(false);
    await buildMemberIndexes(app.deps, [cohortId]);
    expect(await look()).toEqual({ ids: sorted([first.user.id, second.user.id]), withdrawn: [first.user.id], readIndex: true });
  });

  test('an account written into a cohort not stored yet creates no cohort document (the local seed writes its demo accounts first)', async () => {
    const cohortId = newId('coorte');
    await ensureAccount(app.deps, { email: uniqueEmail('prima'), password: PASSWORD, name: 'Prima Della Coorte', role: 'PARTICIPANT', cohortId });
    expect(await readDoc(app, `cohorts/${cohortId}`)).toBeUndefined();
    expect((await storedIndex(cohortId)).ids).toHaveLength(1);
  });

  test('an id the index names wrongly (a participant who has left) is neither a row nor given a copy; the migration mends the index', async () => {
    const coach = await signedInCoach(app, 'Coach Stantio');
    const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate: START });
    await indexMembers(app, cohortId);
    const stays = await registerParticipant(app, 'Resta Qui');
    await updateMember(app, stays.user.id, { cohortId });
    const left = await registerParticipant(app, 'Andata Via');
    await updateMember(app, left.user.id, { cohortId });
    // Moved away, and in, by writes that forgot the index.
    await updateUserOnly(app, left.user.id, { cohortId: newId('altrove') });
    const unseen = await registerParticipant(app, 'Non Indicizzata');
    await updateUserOnly(app, unseen.user.id, { cohortId });

    const roster = await coach.client.get<RosterPage>(`/api/coach/cohorts/${cohortId}/participants`);
    expect(rosterPageSchema.parse(roster.body).rows.map((row) => row.userId)).toEqual([stays.user.id]);
    const reply = await coach.client.post<SentMessage>(`/api/coach/cohorts/${cohortId}/messages`, { requestId: randomUUID(), text: 'Ciao', segment: 'all' });
    expect(reply.status).toBe(201);
    await app.tasks.idle();
    expect(await readDoc(app, `inboxMessages/${reply.body.id}_${stays.user.id}`)).toBeDefined();
    expect(await readDoc(app, `inboxMessages/${reply.body.id}_${left.user.id}`)).toBeUndefined();
    // The roster reads the index: one it does not name is not listed. The migration mends both.
    await buildMemberIndexes(app.deps, [cohortId]);
    expect((await storedIndex(cohortId)).ids).toEqual(sorted([stays.user.id, unseen.user.id]));
    const mended = await coach.client.get<RosterPage>(`/api/coach/cohorts/${cohortId}/participants`);
    expect(rosterPageSchema.parse(mended.body).rows.map((row) => row.userId).sort()).toEqual(sorted([stays.user.id, unseen.user.id]));
  });
});

describe('a cohort without a complete index', () => {
  test('is answered from the users, never from a partial index; the migration builds it, and running it again changes nothing', async () => {
    const coach = await signedInCoach(app, 'Coach Vecchia');
    // A cohort stored before the index: one participant joined it through a writer (a partial
    // index), the others were there before.
    const old = await writeInvitingCohort(app);
    await app.deps.db.doc(`cohorts/${old.id}`).update({ coachIds: [coach.user.id] });
    const joined = await registerWith(old.code, 'Arrivata Dopo');
    const before = [];
    for (const name of ['Anna Prima', 'Bruno Prima', 'Carla Ritirata']) {
      const registered = await registerParticipant(app, name);
      await updateUserOnly(app, registered.user.id, { cohortId: old.id });
      before.push(registered);
    }
    await updateUserOnly(app, before[2]!.user.id, { withdrawnAt: WEEK1.toISOString() });
    expect(await storedIndex(old.id)).toEqual({ ids: [joined.user.id], inactive: [], complete: false });

    const everyone = sorted([joined.user.id, ...before.map((m) => m.user.id)]);
    const roster = async () => rosterPageSchema.parse((await coach.client.get<RosterPage>(`/api/coach/cohorts/${old.id}/participants`)).body);
    const fromQuery = await roster();
    expect(fromQuery.rows.map((row) => row.userId).sort()).toEqual(everyone);
    const send = () => coach.client.post<SentMessage>(`/api/coach/cohorts/${old.id}/messages`, { requestId: randomUUID(), text: 'Ciao a tutti', segment: 'all' });
    const first = await send();
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.recipientCount).toBe(3);

    expect(await buildMemberIndexes(app.deps, [old.id])).toEqual({ cohorts: 1, participants: 4 });
    expect(await storedIndex(old.id)).toEqual({ ...(await truth(old.id)), complete: true });
    expect(await readDoc(app, `cohorts/${old.id}`)).toMatchObject({ membersIndexed: true });
    expect(await roster()).toEqual(fromQuery);
    const second = await send();
    expect(second.body.recipientCount).toBe(3);
    expect(sorted(recipientIdsOf((await readDoc(app, `cohortMessages/${second.body.id}`))!))).toEqual(sorted(recipientIdsOf((await readDoc(app, `cohortMessages/${first.body.id}`))!)));

    await buildMemberIndexes(app.deps, [old.id]);
    expect(await storedIndex(old.id)).toEqual({ ...(await truth(old.id)), complete: true });
  });
});
