import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { CohortEvent } from '@sfida/core/events';
import { ensureAccount } from '../account/admin';
import { cohortRef, type CohortDoc } from '../../shared/cohort-repository';
import { userRef } from '../../shared/user-repository';
import { Client, PASSWORD, registerParticipant, startTestApp, uniqueEmail, type TestApp } from '../../test-support/api-harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

async function coach() {
  const email = uniqueEmail('coach');
  const user = await ensureAccount(app.deps, { email, password: PASSWORD, name: 'Coach', role: 'OWNER', cohortId: 'nessuna' });
  const client = new Client(app);
  expect((await client.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  return { client, user };
}

/** A cohort run by a new coach, with one participant in it. */
async function cohortWithParticipant() {
  const cohortId = `coorte-${randomBytes(4).toString('hex')}`;
  const owner = await coach();
  const doc: CohortDoc = { name: 'Autunno', startDate: '2026-11-02', coachIds: [owner.user.id], inviteCode: `X-${cohortId}`, registrationOpen: true, createdAt: new Date().toISOString() };
  await cohortRef(app.deps.db, cohortId).set(doc);
  const participant = await registerParticipant(app);
  await userRef(app.deps.db, participant.user.id).set({ cohortId }, { merge: true });
  // The session reads the user again: sign in anew so it carries the cohort.
  expect((await participant.client.post('/api/auth/login', { email: participant.email, password: PASSWORD })).status).toBe(200);
  return { cohortId, owner, participant };
}

const kickOff = { startsAt: '2099-12-10T19:00:00+01:00', title: 'Kick-off', speaker: 'Martina Ferri', description: 'Come funziona il percorso.', link: 'https://meet.example.it/kick-off' };

describe('cohort events', () => {
  test('a coach creates, edits and deletes events; participants of the cohort read them, upcoming first', async () => {
    const { cohortId, owner, participant } = await cohortWithParticipant();
    const created = await owner.client.post<CohortEvent>(`/api/coach/cohorts/${cohortId}/events`, kickOff);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Kick-off', startsAt: '2099-12-10T18:00:00.000Z', link: kickOff.link });
    const past = await owner.client.post<CohortEvent>(`/api/coach/cohorts/${cohortId}/events`, { ...kickOff, startsAt: '2020-01-09T19:00:00+01:00', title: 'Passato', link: '' });
    expect(past.status).toBe(201);
    expect(past.body.link).toBeUndefined();
    const soon = await owner.client.post<CohortEvent>(`/api/coach/cohorts/${cohortId}/events`, { ...kickOff, startsAt: '2099-01-08T19:00:00+01:00', title: 'Prima' });

    const listed = await participant.client.get<{ events: CohortEvent[] }>(`/api/cohorts/${cohortId}/events`);
    expect(listed.status).toBe(200);
    expect(listed.body.events.map((event) => event.title)).toEqual(['Prima', 'Kick-off', 'Passato']);

    const edited = await owner.client.request<CohortEvent>('PUT', `/api/coach/cohorts/${cohortId}/events/${soon.body.id}`, { json: { ...kickOff, title: 'Prima, spostata' } });
    expect(edited).toMatchObject({ status: 200, body: { title: 'Prima, spostata' } });
    expect((await owner.client.request('DELETE', `/api/coach/cohorts/${cohortId}/events/${past.body.id}`)).status).toBe(204);
    const after = await owner.client.get<{ events: CohortEvent[] }>(`/api/cohorts/${cohortId}/events`);
    expect(after.body.events.map((event) => event.title)).toEqual(['Kick-off', 'Prima, spostata']);
    expect((await owner.client.request('DELETE', `/api/coach/cohorts/${cohortId}/events/${past.body.id}`)).status).toBe(404);
  });

  test('bad input: 400 with an Italian message', async () => {
    const { cohortId, owner } = await cohortWithParticipant();
    const reply = await owner.client.post(`/api/coach/cohorts/${cohortId}/events`, { ...kickOff, link: 'javascript:alert(1)' });
    expect(reply).toMatchObject({ status: 400, body: { message: 'Il link deve iniziare con https://' } });
    const untitled = await owner.client.post(`/api/coach/cohorts/${cohortId}/events`, { ...kickOff, title: ' ' });
    expect(untitled).toMatchObject({ status: 400, body: { message: "Inserisci il titolo dell'evento" } });
  });

  test('authorization: signed out 401, participant and other coach 403, unknown cohort 404, withdrawn participant 403', async () => {
    const { cohortId, participant } = await cohortWithParticipant();
    const other = await coach();
    const outsider = await registerParticipant(app);
    const write = (client: Client, id = cohortId) => client.post(`/api/coach/cohorts/${id}/events`, kickOff);
    const read = (client: Client, id = cohortId) => client.get(`/api/cohorts/${id}/events`);

    expect((await write(new Client(app))).status).toBe(401);
    expect((await read(new Client(app))).status).toBe(401);
    expect((await write(participant.client)).status).toBe(403);
    expect((await write(other.client))).toMatchObject({ status: 403, body: { message: 'Non fai parte dei coach di questa coorte' } });
    expect((await read(other.client)).status).toBe(403);
    expect((await read(outsider.client))).toMatchObject({ status: 403, body: { message: 'Puoi vedere solo gli eventi della tua coorte' } });
    expect((await write(other.client, 'coorte-che-non-esiste')).status).toBe(404);

    await userRef(app.deps.db, participant.user.id).set({ withdrawnAt: new Date().toISOString() }, { merge: true });
    expect((await read(participant.client)).status).toBe(403);
  });
});
