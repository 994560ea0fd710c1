import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { User } from '@sfida/core/user';
import { ensureAccount } from '../account/admin';
import { Client, PASSWORD, readDoc, registerParticipant, startTestApp, uniqueEmail, type TestApp } from '../../test-support/api-harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

const answers = { tempoAllenamento: 'PIU_UN_ANNO', luogoAllenamento: 'PALESTRA', livelloAllenamento: 'AVANZATO' } as const;

describe('POST /api/onboarding', () => {
  test('saves the answers, derives the sheet, marks onboarding done', async () => {
    const { client, user } = await registerParticipant(app);
    const reply = await client.post<User>('/api/onboarding', { ...answers, schedaAssegnata: 'AVANZATO_PALESTRA' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ ...answers, schedaAssegnata: 'AVANZATO_PALESTRA', onboardingCompletato: true });
    expect(await readDoc(app, `users/${user.id}`)).toMatchObject({ ...answers, schedaAssegnata: 'AVANZATO_PALESTRA', onboardingCompletato: true });
    expect((await client.get<User>('/api/auth/me')).body.onboardingCompletato).toBe(true);
  });

  test('the sheet is derived even when the client sends none', async () => {
    const { client } = await registerParticipant(app);
    const reply = await client.post<User>('/api/onboarding', { ...answers, luogoAllenamento: 'CASA', livelloAllenamento: 'PRINCIPIANTE' });
    expect(reply.body.schedaAssegnata).toBe('PRINCIPIANTE_CASA');
  });

  test('a sheet that does not match level and place is refused (400), nothing stored', async () => {
    const { client, user } = await registerParticipant(app);
    const reply = await client.post('/api/onboarding', { ...answers, schedaAssegnata: 'PRINCIPIANTE_CASA' });
    expect(reply).toMatchObject({ status: 400, body: { message: 'La scheda indicata non corrisponde a livello e luogo di allenamento' } });
    expect(await readDoc(app, `users/${user.id}`)).toMatchObject({ onboardingCompletato: false, schedaAssegnata: null });
  });

  test.each([
    [{ ...answers, tempoAllenamento: 'DIECI_ANNI' }, 'Valore non valido per tempo di allenamento'],
    [{ ...answers, luogoAllenamento: undefined }, 'Valore non valido per luogo di allenamento'],
    [{ ...answers, livelloAllenamento: 'esperto' }, 'Valore non valido per livello di allenamento'],
    [{ ...answers, schedaAssegnata: 'SUPER' }, 'Valore non valido per scheda'],
  ])('invalid enum %j: 400 %s', async (body, message) => {
    const { client, user } = await registerParticipant(app);
    expect(await client.post('/api/onboarding', body)).toMatchObject({ status: 400, body: { message } });
    expect(await readDoc(app, `users/${user.id}`)).toMatchObject({ onboardingCompletato: false });
  });

  test('a participant cannot overwrite completed answers (409)', async () => {
    const { client, user } = await registerParticipant(app);
    await client.post('/api/onboarding', answers);
    const reply = await client.post('/api/onboarding', { ...answers, luogoAllenamento: 'CASA' });
    expect(reply).toMatchObject({ status: 409, body: { message: 'Hai già completato il questionario: le risposte non possono essere modificate' } });
    expect(await readDoc(app, `users/${user.id}`)).toMatchObject({ luogoAllenamento: 'PALESTRA', schedaAssegnata: 'AVANZATO_PALESTRA' });
  });

  test('an OWNER may answer again', async () => {
    const email = uniqueEmail('coach');
    await ensureAccount(app.deps, { email, password: PASSWORD, name: 'Coach', role: 'OWNER', cohortId: app.deps.config.inviteCohortId, onboarding: answers });
    const client = new Client(app);
    await client.post('/api/auth/login', { email, password: PASSWORD });
    const reply = await client.post<User>('/api/onboarding', { ...answers, luogoAllenamento: 'CASA' });
    expect(reply.status).toBe(200);
    expect(reply.body.schedaAssegnata).toBe('AVANZATO_CASA');
  });

  test('not signed in: 401', async () => {
    expect((await new Client(app).post('/api/onboarding', answers)).status).toBe(401);
  });
});
