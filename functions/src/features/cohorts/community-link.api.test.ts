import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CoachCohort } from '@sfida/core/coach';
import type { CohortInfo } from '@sfida/core/cohort';
import { addDays, mondayOf, todayIn } from '@sfida/core/dates';
import { ensureAccount } from '../account/admin';
import { userRef } from '../../shared/user-repository';
import { Client, PASSWORD, readDoc, registerParticipant, startTestApp, uniqueEmail, type TestApp } from '../../test-support/api-harness';

// The cohort's community link and "Eventi riservati" text, as its coach sets them through
// PATCH /api/coach/cohorts/:cohortId and its participants read them (GET /api/cohorts/:cohortId).

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

async function coach() {
  const email = uniqueEmail('coach');
  await ensureAccount(app.deps, { email, password: PASSWORD, name: 'Coach', role: 'OWNER', cohortId: 'nessuna' });
  const client = new Client(app);
  expect((await client.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  return client;
}

/** A new cohort of a new coach's, with a participant who joined it. */
async function cohortWithParticipant() {
  const owner = await coach();
  const start = mondayOf(addDays(todayIn('Europe/Rome', new Date()), 14));
  const created = await owner.post<CoachCohort>('/api/coach/cohorts', { name: 'Autunno', startDate: start });
  expect(created.status).toBe(201);
  const participant = await registerParticipant(app);
  await userRef(app.deps.db, participant.user.id).set({ cohortId: created.body.id }, { merge: true });
  expect((await participant.client.post('/api/auth/login', { email: participant.email, password: PASSWORD })).status).toBe(200);
  return { cohort: created.body, owner, participant };
}

const patch = (client: Client, cohortId: string, body: unknown) => client.request<CoachCohort>('PATCH', `/api/coach/cohorts/${cohortId}`, { json: body });

describe('the community link', () => {
  test('a new cohort has none; the coach sets an https link, the participants read it, null clears it', async () => {
    const { cohort, owner, participant } = await cohortWithParticipant();
    expect(cohort.communityLink).toBeNull();
    const info = () => participant.client.get<CohortInfo>(`/api/cohorts/${cohort.id}`);
    expect((await info()).body.communityLink).toBeNull();

    const link = 'https://chat.whatsapp.com/GruppoAutunno2026';
    const set = await patch(owner, cohort.id, { communityLink: `  ${link} ` });
    expect(set).toMatchObject({ status: 200, body: { communityLink: link } });
    expect((await info()).body.communityLink).toBe(link);
    expect(await readDoc(app, `cohorts/${cohort.id}`)).toMatchObject({ communityLink: link });

    expect(await patch(owner, cohort.id, { communityLink: null })).toMatchObject({ status: 200, body: { communityLink: null } });
    expect((await info()).body.communityLink).toBeNull();
  });

  test('anything but an https link of at most 500 characters: 400 with the Italian message, and the link stays', async () => {
    const { cohort, owner } = await cohortWithParticipant();
    const kept = 'https://t.me/sfida_autunno';
    expect((await patch(owner, cohort.id, { communityLink: kept })).status).toBe(200);
    const https = { status: 400, body: { message: 'Il link della community deve iniziare con https://' } };
    expect(await patch(owner, cohort.id, { communityLink: 'http://chat.whatsapp.com/x' })).toMatchObject(https);
    expect(await patch(owner, cohort.id, { communityLink: 'javascript:alert(1)' })).toMatchObject(https);
    expect(await patch(owner, cohort.id, { communityLink: 'https://' })).toMatchObject(https);
    expect(await patch(owner, cohort.id, { communityLink: `https://chat.example.it/${'a'.repeat(480)}` })).toMatchObject({
      status: 400,
      body: { message: 'Il link della community può avere al massimo 500 caratteri' },
    });
    expect((await readDoc(app, `cohorts/${cohort.id}`))?.communityLink).toBe(kept);
  });

  test('the "Eventi riservati" text: set, refused blank or too long, cleared', async () => {
    const { cohort, owner, participant } = await cohortWithParticipant();
    const text = 'Gli eventi sono riservati a chi ha il pacchetto Guida o Premium: il link arriva via email.';
    expect(await patch(owner, cohort.id, { reservedEventsText: text })).toMatchObject({ status: 200, body: { reservedEventsText: text } });
    expect((await participant.client.get<CohortInfo>(`/api/cohorts/${cohort.id}`)).body.reservedEventsText).toBe(text);
    expect(await patch(owner, cohort.id, { reservedEventsText: '   ' })).toMatchObject({ status: 400, body: { message: 'Scrivi chi può partecipare agli eventi riservati' } });
    expect(await patch(owner, cohort.id, { reservedEventsText: 'x'.repeat(301) })).toMatchObject({
      status: 400,
      body: { message: 'Il testo sugli eventi riservati può avere al massimo 300 caratteri' },
    });
    expect(await patch(owner, cohort.id, { reservedEventsText: null })).toMatchObject({ status: 200, body: { reservedEventsText: null } });
  });

  test('authorization: signed out 401, participant 403, coach of another cohort 403, unknown cohort 404', async () => {
    const { cohort, participant } = await cohortWithParticipant();
    const other = await coach();
    const body = { communityLink: 'https://chat.example.it/x' };
    expect((await patch(new Client(app), cohort.id, body)).status).toBe(401);
    expect((await patch(participant.client, cohort.id, body)).status).toBe(403);
    expect(await patch(other, cohort.id, body)).toMatchObject({ status: 403, body: { message: 'Non fai parte dei coach di questa coorte' } });
    expect((await patch(other, 'coorte-che-non-esiste', body)).status).toBe(404);
    expect((await readDoc(app, `cohorts/${cohort.id}`))?.communityLink).toBeNull();
  });
});
