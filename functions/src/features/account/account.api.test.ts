import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { User } from '@sfida/core/user';
import { Client, PASSWORD, readDoc, registerParticipant, startTestApp, uniqueEmail, type TestApp } from '../../test-support/api-harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

/** Registers a participant whose browser says it is in `timeZone`. */
async function registerIn(timeZone: string): Promise<{ client: Client; user: User }> {
  const client = new Client(app);
  const json = { name: 'Partecipante Test', email: uniqueEmail(), password: PASSWORD, secretCode: app.deps.config.inviteCode };
  const reply = await client.request('POST', '/api/auth/register', { json, headers: { 'x-time-zone': timeZone } });
  expect(reply.status).toBe(201);
  return { client, user: (await client.get<User>('/api/auth/me')).body };
}

const ONE_ZONE_A_DAY = 'Puoi cambiare il fuso orario una volta al giorno. Riprova domani.';
const MINUTE = 60 * 1000;

describe('PUT /api/auth/profile', () => {
  test('updates the name', async () => {
    const { client, user } = await registerParticipant(app);
    const reply = await client.put<User>('/api/auth/profile', { name: '  Nuovo Nome ' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ ...user, name: 'Nuovo Nome' });
    expect(await readDoc(app, `users/${user.id}`)).toMatchObject({ name: 'Nuovo Nome' });
  });

  test.each([
    [{ name: 'X', role: 'OWNER' }, 'Puoi modificare solo il nome e il fuso orario'],
    [{ role: 'OWNER' }, 'Puoi modificare solo il nome e il fuso orario'],
    [{ name: 'X', cohortId: 'altra' }, 'Puoi modificare solo il nome e il fuso orario'],
    [{ timeZone: 'Asia/Tokyo', timeZoneChangedAt: '2020-01-01T00:00:00.000Z' }, 'Puoi modificare solo il nome e il fuso orario'],
    [{}, 'Indica il nome o il fuso orario da modificare'],
    [{ timeZone: 'Mars/Olympus' }, 'Fuso orario non valido'],
    [{ timeZone: '+09:00' }, 'Fuso orario non valido'],
    [{ timeZone: 9 }, 'Fuso orario non valido'],
    [{ timeZone: 'Asia/Tokyo', name: '' }, 'Inserisci il tuo nome'],
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
    expect((await new Client(app).put('/api/auth/profile', { timeZone: 'Asia/Tokyo' })).status).toBe(401);
  });
});

describe('the time zone', () => {
  test('set at registration; changed once a day, a second change refused until the next day in the zone it leaves', async () => {
    // 10:00 UTC is noon in Rome, 19:00 in Tokyo.
    app.setNow(new Date('2025-09-10T10:00:00Z'));
    try {
      const { client, user } = await registerIn('Europe/Rome');
      expect(user.timeZone).toBe('Europe/Rome');

      const moved = await client.put<User>('/api/auth/profile', { timeZone: 'Asia/Tokyo' });
      expect(moved.status).toBe(200);
      expect(moved.body).toEqual({ ...user, timeZone: 'Asia/Tokyo' });
      expect(await readDoc(app, `users/${user.id}`)).toMatchObject({ timeZone: 'Asia/Tokyo', timeZoneChangedAt: '2025-09-10T10:00:00.000Z' });
      expect((await client.get<User>('/api/auth/me')).body.timeZone).toBe('Asia/Tokyo');

      // 23:59 in Tokyo: still the day of the change there.
      app.setNow(new Date('2025-09-10T14:59:00Z'));
      const before = await readDoc(app, `users/${user.id}`);
      const again = await client.put('/api/auth/profile', { timeZone: 'America/New_York', name: 'Altro Nome' });
      expect(again).toMatchObject({ status: 429, body: { message: ONE_ZONE_A_DAY } });
      expect(await readDoc(app, `users/${user.id}`)).toEqual(before);

      // Past midnight in Tokyo (still the 10th in Rome): a new day there.
      app.advance(2 * MINUTE);
      const nextDay = await client.put<User>('/api/auth/profile', { timeZone: 'America/New_York' });
      expect(nextDay.status).toBe(200);
      expect(nextDay.body.timeZone).toBe('America/New_York');
      expect(await readDoc(app, `users/${user.id}`)).toMatchObject({ timeZone: 'America/New_York', timeZoneChangedAt: '2025-09-10T15:01:00.000Z' });
    } finally {
      app.setNow(null);
    }
  });

  test('zone hops over one real day earn no more than staying put: no day lived twice, one change a day in the day that was today', async () => {
    // 00:39 UTC on Tuesday 18 November 2025: 01:39 of the 18th in Rome, 23:39 of the 17th in the Azores (UTC-1).
    app.setNow(new Date('2025-11-18T00:39:00Z'));
    try {
      const { client: hopper, user } = await registerIn('Europe/Rome');
      const { client: honest } = await registerIn('Europe/Rome');
      expect((await hopper.put('/api/auth/profile', { timeZone: 'Atlantic/Azores' })).status).toBe(200);
      // The 17th was already over for them: no start on it, as for a participant who stayed in Rome.
      const yesterday = await hopper.post('/api/auth/start-challenge', { challengeStartDate: '2025-11-17' });
      expect(yesterday).toMatchObject({ status: 400, body: { message: 'La data di inizio non può essere nel passato' } });
      expect(await honest.post('/api/auth/start-challenge', { challengeStartDate: '2025-11-17' })).toMatchObject({ status: 400 });
      expect((await hopper.post('/api/auth/start-challenge', { challengeStartDate: '2025-11-18' })).status).toBe(200);
      expect((await honest.post('/api/auth/start-challenge', { challengeStartDate: '2025-11-18' })).status).toBe(200);
      expect(await readDoc(app, `users/${user.id}`)).toMatchObject({ timeZone: 'Atlantic/Azores', dayFloor: '2025-11-18', timeZoneChangedOn: '2025-11-18' });

      // 21 minutes later it is the 18th in the Azores too, and already the 18th's afternoon on Kiritimati:
      // still the day of the last change, counted in the day that was today, not in the new zone's.
      app.advance(21 * MINUTE);
      const kiritimati = await hopper.put('/api/auth/profile', { timeZone: 'Pacific/Kiritimati' });
      expect(kiritimati).toMatchObject({ status: 429, body: { message: ONE_ZONE_A_DAY } });
    } finally {
      app.setNow(null);
    }
  });

  test('a move between the Pacific\'s extremes that would jump over a whole day waits until it no longer does', async () => {
    // 10:30 UTC: 23:30 of the 9th on Niue (UTC-11), 00:30 of the 11th on Kiritimati (UTC+14).
    app.setNow(new Date('2025-09-10T10:30:00Z'));
    try {
      const { client } = await registerIn('Pacific/Niue');
      const jump = await client.put('/api/auth/profile', { timeZone: 'Pacific/Kiritimati' });
      expect(jump).toMatchObject({ status: 429, body: { message: 'Con questo fuso orario salteresti un giorno: riprova tra qualche ora.' } });
      app.advance(31 * MINUTE);
      expect((await client.put('/api/auth/profile', { timeZone: 'Pacific/Kiritimati' })).status).toBe(200);
    } finally {
      app.setNow(null);
    }
  });

  test('naming the zone one already has changes nothing and leaves the day’s change unused', async () => {
    app.setNow(new Date('2025-09-10T10:00:00Z'));
    try {
      const { client, user } = await registerIn('Europe/Rome');
      const same = await client.put<User>('/api/auth/profile', { timeZone: 'Europe/Rome', name: 'Nuovo Nome' });
      expect(same.status).toBe(200);
      expect(same.body).toEqual({ ...user, name: 'Nuovo Nome' });
      expect(await readDoc(app, `users/${user.id}`)).not.toHaveProperty('timeZoneChangedAt');
      expect((await client.put('/api/auth/profile', { timeZone: 'Asia/Tokyo' })).status).toBe(200);
      expect((await client.put('/api/auth/profile', { timeZone: 'Asia/Tokyo' })).status).toBe(200);
    } finally {
      app.setNow(null);
    }
  });

  test('an account stored before time zones were is in Europe/Rome', async () => {
    const { client, user } = await registerIn('Asia/Tokyo');
    // Deleted and written again: the embedded emulator never drops a field (FieldValue.delete(), set()).
    const { timeZone: _, ...legacy } = (await readDoc(app, `users/${user.id}`))!;
    await app.deps.db.doc(`users/${user.id}`).delete();
    await app.deps.db.doc(`users/${user.id}`).create(legacy);
    expect(await readDoc(app, `users/${user.id}`)).not.toHaveProperty('timeZone');
    expect((await client.get<User>('/api/auth/me')).body.timeZone).toBe('Europe/Rome');
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

  test('"today" is the calendar day in the participant\'s stored time zone, whatever X-Time-Zone says', async () => {
    // 23:30 UTC on the 10th is already the 11th in Rome, still the 10th in New York.
    app.setNow(new Date('2025-09-10T23:30:00Z'));
    try {
      const { client } = await registerIn('Europe/Rome');
      const start10th = { json: { challengeStartDate: '2025-09-10' }, headers: { 'x-time-zone': 'America/New_York' } };
      const rome11 = await client.request('POST', '/api/auth/start-challenge', start10th);
      expect(rome11).toMatchObject({ status: 400, body: { message: 'La data di inizio non può essere nel passato' } });
      // Moving west does not give back a day that was already today: the 10th stays in the past for them.
      expect((await client.put('/api/auth/profile', { timeZone: 'America/New_York' })).status).toBe(200);
      const ny = await client.request('POST', '/api/auth/start-challenge', { json: { challengeStartDate: '2025-09-10' } });
      expect(ny).toMatchObject({ status: 400, body: { message: 'La data di inizio non può essere nel passato' } });
      expect((await client.post('/api/auth/start-challenge', { challengeStartDate: '2025-09-11' })).status).toBe(200);
      const { client: newYorker } = await registerIn('America/New_York');
      expect((await newYorker.post('/api/auth/start-challenge', { challengeStartDate: '2025-09-10' })).status).toBe(200);
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
