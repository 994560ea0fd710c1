import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { User } from '@sfida/core/user';
import { Client, readDoc, registerParticipant, startTestApp, type TestApp } from '../../test-support/api-harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('PUT /api/auth/profile', () => {
  test('updates the name', async () => {
    const { client, user } = await registerParticipant(app);
    const reply = await client.put<User>('/api/auth/profile', { name: '  Nuovo Nome ' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ ...user, name: 'Nuovo Nome' });
    expect(await readDoc(app, `users/${user.id}`)).toMatchObject({ name: 'Nuovo Nome' });
  });

  test.each([
    [{ name: 'X', role: 'OWNER' }, 'Puoi modificare solo il tuo nome'],
    [{ role: 'OWNER' }, 'Puoi modificare solo il tuo nome'],
    [{ name: 'X', cohortId: 'altra' }, 'Puoi modificare solo il tuo nome'],
    [{ name: '' }, 'Inserisci il tuo nome'],
    [{ name: 'x'.repeat(81) }, 'Il nome può avere al massimo 80 caratteri'],
    [{ name: 'Anna\uD800Rossi' }, 'Il testo contiene caratteri non validi'],
    [{ name: 'Anna\u0000' }, 'Il testo contiene caratteri di controllo non ammessi'],
    [{ name: '\u202EissoR annA' }, 'Il testo contiene caratteri che ne cambiano la direzione di lettura: non sono ammessi'],
    [{ name: '\u200B\u200D' }, 'Il testo deve contenere almeno una lettera o un numero visibile'],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    const { client, user } = await registerParticipant(app);
    const before = await readDoc(app, `users/${user.id}`);
    const reply = await client.put('/api/auth/profile', body);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(message);
    expect(await readDoc(app, `users/${user.id}`)).toEqual(before);
  });

  test('not signed in: 401', async () => {
    expect((await new Client(app).put('/api/auth/profile', { name: 'X' })).status).toBe(401);
  });
});

describe('POST /api/auth/start-challenge', () => {
  const rome = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(date);

  test('sets today or a future date; can move a future date; refuses once started', async () => {
    app.setNow(new Date('2025-09-10T10:00:00Z'));
    try {
      const { client, user } = await registerParticipant(app);
      const future = await client.post('/api/auth/start-challenge', { challengeStartDate: '2025-09-15' });
      expect(future.status).toBe(200);
      expect(future.body).toMatchObject({ challengeStartDate: '2025-09-15', user: { id: user.id, challengeStartDate: '2025-09-15' } });
      const moved = await client.post('/api/auth/start-challenge', { challengeStartDate: '2025-09-10' });
      expect(moved.body).toMatchObject({ challengeStartDate: '2025-09-10' });
      const again = await client.post('/api/auth/start-challenge', { challengeStartDate: '2025-09-12' });
      expect(again).toMatchObject({ status: 409, body: { message: 'La challenge è già iniziata: la data di inizio non può più essere cambiata' } });
      expect(await readDoc(app, `users/${user.id}`)).toMatchObject({ challengeStartDate: '2025-09-10' });
      expect(rome(app.deps.clock())).toBe('2025-09-10');
    } finally {
      app.setNow(null);
    }
  });

  test('"today" is the participant\'s calendar day (X-Time-Zone)', async () => {
    // 23:30 UTC on the 10th is already the 11th in Rome, still the 10th in New York.
    app.setNow(new Date('2025-09-10T23:30:00Z'));
    try {
      const { client } = await registerParticipant(app);
      const rome11 = await client.request('POST', '/api/auth/start-challenge', { json: { challengeStartDate: '2025-09-10' } });
      expect(rome11).toMatchObject({ status: 400, body: { message: 'La data di inizio non può essere nel passato' } });
      const ny = await client.request('POST', '/api/auth/start-challenge', {
        json: { challengeStartDate: '2025-09-10' },
        headers: { 'x-time-zone': 'America/New_York' },
      });
      expect(ny.status).toBe(200);
    } finally {
      app.setNow(null);
    }
  });

  test.each([
    [{ challengeStartDate: '2020-01-01' }, 400, 'La data di inizio non può essere nel passato'],
    [{ challengeStartDate: '2999-01-01' }, 400, 'Scegli una data di inizio entro 60 giorni da oggi'],
    [{ challengeStartDate: '2025-02-30' }, 400, 'Data non valida: usa il formato AAAA-MM-GG'],
    [{}, 400, 'Data non valida'],
  ])('%j: %i %s, nothing stored', async (body, status, message) => {
    const { client, user } = await registerParticipant(app);
    const reply = await client.post('/api/auth/start-challenge', body);
    expect(reply).toMatchObject({ status, body: { message } });
    expect(await readDoc(app, `users/${user.id}`)).toMatchObject({ challengeStartDate: null });
  });

  test('not signed in: 401', async () => {
    expect((await new Client(app).post('/api/auth/start-challenge', { challengeStartDate: '2025-09-10' })).status).toBe(401);
  });
});
