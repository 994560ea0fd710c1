import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { sessionAnswerSchema, type User } from '@sfida/core/user';
import { sha256Hex } from '../../shared/crypto';
import { disableAccount } from '../account/admin';
import { createIdentityToolkit } from '../../shared/identity-toolkit';
import {
  Client,
  PASSWORD,
  countingIdentityToolkit,
  readDoc,
  registerParticipant,
  startTestApp,
  startToolkitStandIn,
  toolkitError,
  uniqueEmail,
  type TestApp,
  type ToolkitAnswer,
  type ToolkitStandIn,
} from '../../test-support/api-harness';
import { AUTH_RECHECK_MS, ENDED_NOTE_MS, SESSION_CACHE_MS, SESSION_IDLE_MS, SESSION_MAX_AGE_MS } from '../../sessions/session-store';
import { authMessages, limits, RESET_PAUSE } from './service';

let app: TestApp;
/** Password checks that reached Firebase Auth (the real emulator, counted on the way). */
const counted = countingIdentityToolkit();
beforeAll(async () => {
  app = await startTestApp({ identityToolkit: counted.identityToolkit });
});
afterAll(async () => {
  await app.close();
});

const DAY = 24 * 60 * 60 * 1000;

function registerBody(email: string, extra: Record<string, unknown> = {}) {
  return { name: 'Anna Rossi', email, password: PASSWORD, role: 'PARTICIPANT', secretCode: app.deps.config.inviteCode, ...extra };
}

describe('POST /api/auth/register', () => {
  test('creates the account, the user document and a session (201)', async () => {
    const client = new Client(app);
    const email = uniqueEmail();
    const reply = await client.post<User>('/api/auth/register', registerBody(email));
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      email,
      name: 'Anna Rossi',
      role: 'PARTICIPANT',
      cohortId: app.deps.config.inviteCohortId,
      onboardingCompletato: false,
      challengeStartDate: null,
      signIn: { password: true, google: false },
    });
    const record = await app.deps.auth.getUserByEmail(email);
    expect(record.uid).toBe(reply.body.id);
    expect(await readDoc(app, `users/${record.uid}`)).toMatchObject({ email, role: 'PARTICIPANT' });
    const me = await client.get<User>('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(record.uid);
  });

  test('sets __session HttpOnly, Secure, SameSite=Lax, Path=/, no Domain; stores only the hash', async () => {
    const client = new Client(app);
    const reply = await client.post('/api/auth/register', registerBody(uniqueEmail()));
    const cookie = reply.setCookies.find((c) => c.startsWith('__session='))!;
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/Domain=/i);
    const token = client.cookie!;
    const [uid, random] = token.split('.');
    expect(Buffer.from(random!, 'base64url').length).toBeGreaterThanOrEqual(32);
    const session = await readDoc(app, `sessions/${sha256Hex(token)}`);
    expect(session).toMatchObject({ uid });
    expect(JSON.stringify(session)).not.toContain(random);
  });

  test('every account is a PARTICIPANT, whatever the request says', async () => {
    const client = new Client(app);
    const email = uniqueEmail();
    const reply = await client.post<User>('/api/auth/register', registerBody(email, { role: 'OWNER', cohortId: 'altra', onboardingCompletato: true }));
    expect(reply.status).toBe(201);
    expect(reply.body.role).toBe('PARTICIPANT');
    expect(reply.body.cohortId).toBe(app.deps.config.inviteCohortId);
    expect(await readDoc(app, `users/${reply.body.id}`)).toMatchObject({ role: 'PARTICIPANT', onboardingCompletato: false });
  });

  test.each([
    ['America/New_York', 'America/New_York'],
    ['Mars/Olympus', 'Europe/Rome'],
    ['+09:00', 'Europe/Rome'],
    [undefined, 'Europe/Rome'],
  ])('X-Time-Zone %j: the account\'s time zone is %s', async (header, stored) => {
    const client = new Client(app);
    const headers: Record<string, string> = header ? { 'x-time-zone': header } : {};
    const reply = await client.request<User>('POST', '/api/auth/register', { json: registerBody(uniqueEmail()), headers });
    expect(reply.status).toBe(201);
    expect(reply.body.timeZone).toBe(stored);
    expect(await readDoc(app, `users/${reply.body.id}`)).toMatchObject({ timeZone: stored });
    expect((await client.get<User>('/api/auth/me')).body.timeZone).toBe(stored);
  });

  test('wrong invite code: 403, no account created', async () => {
    const client = new Client(app);
    const email = uniqueEmail();
    const reply = await client.post('/api/auth/register', registerBody(email, { secretCode: 'sbagliato' }));
    expect(reply).toMatchObject({ status: 403, body: { message: 'Codice segreto non valido' } });
    await expect(app.deps.auth.getUserByEmail(email)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    expect(client.cookie).toBeNull();
  });

  test('invite code is checked before anything else about the account', async () => {
    const { email } = await registerParticipant(app);
    const reply = await new Client(app).post('/api/auth/register', registerBody(email, { secretCode: 'sbagliato' }));
    expect(reply).toMatchObject({ status: 403, body: { message: 'Codice segreto non valido' } });
  });

  test.each([
    [{ password: '12345' }, 'La password deve essere di almeno 6 caratteri'],
    [{ password: 'x'.repeat(129) }, 'La password può avere al massimo 128 caratteri'],
    [{ email: 'non-una-email' }, 'Inserisci un indirizzo email valido'],
    [{ name: '   ' }, 'Inserisci il tuo nome'],
    [{ secretCode: '' }, 'Inserisci il codice segreto'],
  ])('invalid input %j: 400 %s', async (override, message) => {
    const email = uniqueEmail();
    const reply = await new Client(app).post('/api/auth/register', registerBody(email, override));
    expect(reply).toMatchObject({ status: 400, body: { message } });
    await expect(app.deps.auth.getUserByEmail(email)).rejects.toMatchObject({ code: 'auth/user-not-found' });
  });

  test.each([
    ['a lone surrogate', 'Anna\uDC00', 'Il testo contiene caratteri non validi'],
    ['a bidi override', 'Marco\u202Eossi', 'Il testo contiene caratteri che ne cambiano la direzione di lettura: non sono ammessi'],
    ['only zero-width characters', '\u200B\u2060', 'Il testo deve contenere almeno una lettera o un numero visibile'],
  ])('a name with %s: 400 in Italian, no account', async (_what, name, message) => {
    const email = uniqueEmail();
    const reply = await new Client(app).post('/api/auth/register', registerBody(email, { name }));
    expect(reply).toMatchObject({ status: 400, body: { message } });
    await expect(app.deps.auth.getUserByEmail(email)).rejects.toMatchObject({ code: 'auth/user-not-found' });
  });

  test('email already registered: 409', async () => {
    const { email, user } = await registerParticipant(app);
    const reply = await new Client(app).post('/api/auth/register', registerBody(email.toUpperCase(), { name: 'Altro' }));
    expect(reply).toMatchObject({ status: 409, body: { message: 'Esiste già un account con questa email' } });
    expect(await readDoc(app, `users/${user.id}`)).toMatchObject({ name: 'Partecipante Test' });
  });

  test('20 parallel registrations of one email: exactly one account and one user document', async () => {
    const email = uniqueEmail('parallelo');
    const replies = await Promise.all(Array.from({ length: 20 }, () => new Client(app).post('/api/auth/register', registerBody(email))));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of replies.filter((r) => r.status === 409)) expect(r.body).toEqual({ message: 'Esiste già un account con questa email' });
    const users = await app.deps.db.collection('users').where('email', '==', email).get();
    expect(users.size).toBe(1);
    const list = await app.deps.auth.getUsers([{ email }]);
    expect(list.users).toHaveLength(1);
  });

  test('too many wrong invite codes from one address: 429', async () => {
    const client = new Client(app);
    for (let i = 0; i < limits.inviteGuessesPerAddress; i++) {
      expect((await client.post('/api/auth/register', registerBody(uniqueEmail(), { secretCode: `tentativo-${i}` }))).status).toBe(403);
    }
    // INVITE_CODE is of an older, short shape: from an address over the limit, even the right one is refused unchecked.
    const blocked = await client.post('/api/auth/register', registerBody(uniqueEmail()));
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Troppi tentativi/);
    // Another address is not affected, and the window ends.
    expect((await new Client(app).post('/api/auth/register', registerBody(uniqueEmail()))).status).toBe(201);
    app.advance(limits.windowMs);
    expect((await client.post('/api/auth/register', registerBody(uniqueEmail()))).status).toBe(201);
  });
});

describe('POST /api/auth/login', () => {
  test('right password: the user and a new session each time', async () => {
    const { email, user, client: first } = await registerParticipant(app);
    const client = new Client(app);
    const reply = await client.post<User>('/api/auth/login', { email, password: PASSWORD });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ ...user, deviceToken: expect.any(String) });
    expect(client.cookie).toBeTruthy();
    expect(client.cookie).not.toBe(first.cookie);
    const again = new Client(app);
    await again.post('/api/auth/login', { email, password: PASSWORD });
    expect(again.cookie).not.toBe(client.cookie);
    expect((await client.get('/api/auth/me')).status).toBe(200);
  });

  test('wrong password and unknown email get the same 401', async () => {
    const { email } = await registerParticipant(app);
    const wrong = await new Client(app).post('/api/auth/login', { email, password: 'sbagliata-123' });
    const unknown = await new Client(app).post('/api/auth/login', { email: uniqueEmail(), password: 'sbagliata-123' });
    expect(wrong).toMatchObject({ status: 401, body: { message: 'Email o password non corretti' } });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  test('missing fields: 400 with the first message', async () => {
    const reply = await new Client(app).post('/api/auth/login', { email: uniqueEmail() });
    expect(reply).toMatchObject({ status: 400, body: { message: 'Inserisci la password' } });
  });

  test('wrong passwords for one account from one address block that address for that account, not the owner', async () => {
    const { email } = await registerParticipant(app);
    const attacker = new Client(app);
    for (let i = 0; i < limits.loginPerAccountAddress; i++) {
      expect((await attacker.post('/api/auth/login', { email, password: `sbagliata-${i}` })).status).toBe(401);
    }
    const blocked = await attacker.post('/api/auth/login', { email, password: PASSWORD });
    expect(blocked).toMatchObject({ status: 429, body: { message: 'Troppi tentativi di accesso. Riprova tra qualche minuto.' } });
    // The owner, from their own address, signs in (the account is paced now: one attempt per few seconds).
    app.advance(limits.loginAccountPaceMs);
    expect((await new Client(app).post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    app.advance(limits.windowMs);
    expect((await attacker.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  });

  test('wrong passwords for one account from many addresses slow it down, and never lock the owner out', async () => {
    const { email } = await registerParticipant(app);
    // Pace windows are a few seconds long: with the clock stopped, two requests in a row never
    // fall on either side of a window's end.
    const resume = app.freeze();
    try {
      for (let i = 0; i < 3 * limits.loginAccountPaceAfter; i++) {
        // Each attempt from another address, one pace window apart: none is refused.
        expect((await new Client(app).post('/api/auth/login', { email, password: `sbagliata-${i}` })).status).toBe(401);
        app.advance(limits.loginAccountPaceMs);
      }
      // Two attempts within one pace window: the second waits a few seconds.
      expect((await new Client(app).post('/api/auth/login', { email, password: 'sbagliata-x' })).status).toBe(401);
      const paced = await new Client(app).post('/api/auth/login', { email, password: PASSWORD });
      expect(paced).toMatchObject({ status: 429, body: { message: 'Troppi tentativi di accesso a questo account. Riprova tra qualche secondo.' } });
      expect(paced.headers.get('retry-after')).toBe(String(limits.loginAccountPaceMs / 1000));
      app.advance(limits.loginAccountPaceMs);
      expect((await new Client(app).post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    } finally {
      resume();
    }
  });

  test('100 parallel wrong passwords reach the password check at most as often as the limit allows', async () => {
    const { email } = await registerParticipant(app);
    const attacker = new Client(app);
    const before = counted.passwordChecks();
    const replies = await Promise.all(Array.from({ length: 100 }, (_, i) => attacker.post('/api/auth/login', { email, password: `parallela-${i}` })));
    const checks = counted.passwordChecks() - before;
    expect(checks).toBeLessThanOrEqual(limits.loginPerAccountAddress);
    expect(replies.filter((reply) => reply.status === 401)).toHaveLength(checks);
    expect(replies.filter((reply) => reply.status === 429)).toHaveLength(100 - checks);
    // The refused ones held no place: one at a time, the rest of the budget is there, and no more.
    for (let i = checks; i < limits.loginPerAccountAddress; i++) {
      expect((await attacker.post('/api/auth/login', { email, password: `dopo-${i}` })).status).toBe(401);
    }
    expect((await attacker.post('/api/auth/login', { email, password: 'oltre' })).status).toBe(429);
    expect(counted.passwordChecks() - before).toBe(limits.loginPerAccountAddress);
    app.advance(limits.windowMs);
  });

  test('failed logins are throttled per address (429)', async () => {
    const attacker = new Client(app);
    for (let i = 0; i < limits.loginPerAddress; i++) {
      expect((await attacker.post('/api/auth/login', { email: uniqueEmail(), password: 'sbagliata' })).status).toBe(401);
    }
    const { email } = await registerParticipant(app);
    expect((await attacker.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(429);
    // The real user, from their own address, still gets in.
    expect((await new Client(app).post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    app.advance(limits.windowMs);
  });
});

describe('sessions', () => {
  test('GET /api/auth/me without a cookie: 401', async () => {
    const reply = await new Client(app).get('/api/auth/me');
    expect(reply).toMatchObject({ status: 401, body: { message: 'Accesso richiesto: effettua il login' } });
  });

  test('GET /api/auth/session: 200 with the user when signed in, 200 with null otherwise (never cached)', async () => {
    const signedOut = await new Client(app).get<{ user: User | null }>('/api/auth/session');
    expect(signedOut).toMatchObject({ status: 200, body: { user: null } });
    expect(signedOut.headers.get('cache-control')).toBe('private, no-store');

    const { client, user } = await registerParticipant(app);
    const signedIn = await client.get('/api/auth/session');
    expect(signedIn.status).toBe(200);
    const answer = sessionAnswerSchema.parse(signedIn.body);
    expect(answer.user).toEqual((await client.get<User>('/api/auth/me')).body);
    expect(answer.user).toMatchObject({ id: user.id, email: user.email });
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');

    const forged = new Client(app);
    forged.cookie = `${user.id}.${'A'.repeat(43)}`;
    expect(await forged.get('/api/auth/session')).toMatchObject({ status: 200, body: { user: null } });

    expect((await client.post('/api/auth/logout')).status).toBe(204);
    expect(await client.get('/api/auth/session')).toMatchObject({ status: 200, body: { user: null } });
  });

  test('the session says how the account signs in, from the user document: no Auth call per request', async () => {
    const { client, user } = await registerParticipant(app);
    expect(await readDoc(app, `users/${user.id}`)).toMatchObject({ signIn: { password: true, google: false } });
    const getUser = vi.spyOn(app.deps.auth, 'getUser');
    try {
      expect((await client.get<{ user: User }>('/api/auth/session')).body.user.signIn).toEqual({ password: true, google: false });
      expect((await client.get<User>('/api/auth/me')).body.signIn).toEqual({ password: true, google: false });
      expect(getUser).not.toHaveBeenCalled();
    } finally {
      getUser.mockRestore();
    }
  });

  test('an account without the stored sign-in methods learns them from Auth at its next request, once', async () => {
    const { client, user } = await registerParticipant(app);
    // Written again without it (the embedded emulator keeps a field that an update deletes or a set leaves out).
    const { signIn: _signIn, ...older } = (await readDoc(app, `users/${user.id}`))!;
    await app.deps.db.doc(`users/${user.id}`).delete();
    await app.deps.db.doc(`users/${user.id}`).set(older);
    const getUser = vi.spyOn(app.deps.auth, 'getUser');
    try {
      expect((await client.get<{ user: User }>('/api/auth/session')).body.user.signIn).toEqual({ password: true, google: false });
      expect(await readDoc(app, `users/${user.id}`)).toMatchObject({ signIn: { password: true, google: false } });
      expect((await client.get<User>('/api/auth/me')).body.signIn).toEqual({ password: true, google: false });
      expect(getUser).toHaveBeenCalledTimes(1);
    } finally {
      getUser.mockRestore();
    }
  });

  test('a sign-in method changed in Auth (a Google link, a password dropped) reaches the session within seconds', async () => {
    const { client, user } = await registerParticipant(app);
    await app.deps.auth.updateUser(user.id, { providerToLink: { providerId: 'google.com', uid: `google-${user.id}`, email: user.email } });
    app.advance(AUTH_RECHECK_MS);
    expect((await client.get<User>('/api/auth/me')).body.signIn).toEqual({ password: true, google: true });
    await app.deps.auth.updateUser(user.id, { providersToUnlink: ['password'] });
    app.advance(AUTH_RECHECK_MS);
    expect((await client.get<User>('/api/auth/me')).body.signIn).toEqual({ password: false, google: true });
    expect(await readDoc(app, `users/${user.id}`)).toMatchObject({ signIn: { password: false, google: true } });
  });

  test('logout deletes the session: the old cookie is dead at once', async () => {
    const { client } = await registerParticipant(app);
    const token = client.cookie!;
    const reply = await client.post('/api/auth/logout');
    expect(reply.status).toBe(204);
    expect(reply.setCookies.some((c) => /^__session=;/.test(c) && /Expires=Thu, 01 Jan 1970/.test(c))).toBe(true);
    expect(await readDoc(app, `sessions/${sha256Hex(token)}`)).toBeUndefined();
    client.cookie = token;
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  test('a tampered cookie is refused', async () => {
    const { client, user } = await registerParticipant(app);
    const token = client.cookie!;
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    for (const forged of [token.slice(0, -1) + last, `${user.id}.${'A'.repeat(43)}`, 'qualcosa', `altro-uid.${token.split('.')[1]}`]) {
      const other = new Client(app);
      other.cookie = forged;
      expect(await other.get('/api/auth/me')).toMatchObject({ status: 401, body: { message: expect.any(String) } });
    }
  });

  test('idle sessions end', async () => {
    const { client } = await registerParticipant(app);
    app.advance(SESSION_IDLE_MS - DAY);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    app.advance(SESSION_IDLE_MS - DAY); // used a day ago... then idle for most of the timeout again
    expect((await client.get('/api/auth/me')).status).toBe(200);
    app.advance(SESSION_IDLE_MS);
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  test('no session outlives the absolute lifetime, however active', async () => {
    const { client } = await registerParticipant(app);
    const token = client.cookie!;
    for (let elapsed = 0; elapsed + 2 * DAY < SESSION_MAX_AGE_MS; elapsed += 2 * DAY) {
      app.advance(2 * DAY);
      expect((await client.get('/api/auth/me')).status).toBe(200);
    }
    app.advance(2 * DAY);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect(await readDoc(app, `sessions/${sha256Hex(token)}`)).toBeUndefined();
  });

  test('disabling an account ends all its sessions and refuses new logins', async () => {
    const { client, email } = await registerParticipant(app);
    const second = new Client(app);
    await second.post('/api/auth/login', { email, password: PASSWORD });
    await disableAccount(app.deps, email);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect((await second.get('/api/auth/me')).status).toBe(401);
    // The same answer as a wrong password: a login never tells whether an account exists.
    const login = await new Client(app).post('/api/auth/login', { email, password: PASSWORD });
    const wrong = await new Client(app).post('/api/auth/login', { email, password: 'sbagliata-123' });
    const unknown = await new Client(app).post('/api/auth/login', { email: uniqueEmail('nessuno'), password: PASSWORD });
    for (const reply of [login, wrong, unknown]) expect(reply).toMatchObject({ status: 401, body: { message: 'Email o password non corretti' } });
    expect(login.setCookies).toEqual([]);
  });

  test('an account disabled in Firebase Auth alone answers a login as a wrong password does', async () => {
    const { email, user } = await registerParticipant(app);
    await app.deps.auth.updateUser(user.id, { disabled: true });
    const login = await new Client(app).post('/api/auth/login', { email, password: PASSWORD });
    expect(login).toMatchObject({ status: 401, body: { message: 'Email o password non corretti' } });
  });

  test('an account disabled directly in Firebase Auth is noticed within seconds', async () => {
    expect(AUTH_RECHECK_MS).toBeLessThanOrEqual(30_000);
    const { client, user } = await registerParticipant(app);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    await app.deps.auth.updateUser(user.id, { disabled: true });
    app.advance(AUTH_RECHECK_MS);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect(await readDoc(app, `users/${user.id}`)).toMatchObject({ disabled: true });
  });
});

// Each instance keeps a copy of a session document for SESSION_CACHE_MS: a signed-in request
// then reads only the user document. A second app on the same Firestore is a second instance.
describe('sessions across instances', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await startTestApp();
  });
  afterAll(async () => {
    await other.close();
  });
  const on = (instance: TestApp, token: string) => Object.assign(new Client(instance), { cookie: token });

  test('a logout on one instance ends the session on another that holds a copy of it, at once', async () => {
    const { client } = await registerParticipant(app);
    const token = client.cookie!;
    expect((await client.get('/api/auth/me')).status).toBe(200);
    expect((await on(other, token).get('/api/auth/me')).status).toBe(200);
    expect((await on(other, token).post('/api/auth/logout')).status).toBe(204);
    expect(await on(app, token).get('/api/auth/me')).toMatchObject({ status: 401, body: { message: 'Accesso richiesto: effettua il login' } });
    expect(await on(app, token).get('/api/auth/session')).toMatchObject({ status: 200, body: { user: null } });
  });

  test('the user document is read on every request; the session document at most once per SESSION_CACHE_MS', async () => {
    const { client, user } = await registerParticipant(app);
    const token = client.cookie!;
    expect((await client.get('/api/auth/me')).status).toBe(200);
    await app.deps.db.doc(`users/${user.id}`).update({ name: 'Nome Cambiato' });
    expect((await client.get<User>('/api/auth/me')).body.name).toBe('Nome Cambiato');
    // Deleted without a logout (as the TTL policy does with expired ones): the copy serves until it is due.
    await app.deps.db.doc(`sessions/${sha256Hex(token)}`).delete();
    app.advance(SESSION_CACHE_MS - 1000);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    app.advance(1000);
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  test('an account disabled on the user document is refused at once, copy or not', async () => {
    const { client, user } = await registerParticipant(app);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    await app.deps.db.doc(`users/${user.id}`).update({ disabled: true });
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  test('a logout with a token that is not a session writes nothing on the user', async () => {
    const { user } = await registerParticipant(app);
    const before = await readDoc(app, `users/${user.id}`);
    for (const forged of [`${user.id}.${'A'.repeat(43)}`, `${user.id}.bad`]) {
      expect((await on(other, forged).post('/api/auth/logout')).status).toBe(204);
    }
    expect(await readDoc(app, `users/${user.id}`)).toEqual(before);
  });

  test('the user keeps a logout note only while an instance may still rely on a copy of the session', async () => {
    const { client, email, user } = await registerParticipant(app);
    const second = new Client(app);
    expect((await second.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    expect((await client.post('/api/auth/logout')).status).toBe(204);
    const notes = async () => ((await readDoc(app, `users/${user.id}`))?.endedSessions ?? []) as string[];
    expect(await notes()).toHaveLength(1);
    app.advance(ENDED_NOTE_MS);
    const secondToken = second.cookie!;
    expect((await second.post('/api/auth/logout')).status).toBe(204);
    expect(await notes()).toEqual([expect.stringMatching(new RegExp(`^\\d+:${sha256Hex(secondToken)}$`))]);
    expect((await on(other, secondToken).get('/api/auth/me')).status).toBe(401);
  });
});

describe('POST /api/auth/password-reset', () => {
  type OobCode = { email: string; requestType: string; oobLink: string };
  async function oobCodes(): Promise<OobCode[]> {
    const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    const project = app.deps.config.projectId;
    const reply = await fetch(`http://${host}/emulator/v1/projects/${project}/oobCodes`);
    return ((await reply.json()) as { oobCodes: OobCode[] }).oobCodes;
  }

  test("known email: 204 and Firebase Auth sends the reset email, whose link leads back to the app's login", async () => {
    const { email } = await registerParticipant(app);
    const reply = await new Client(app).post('/api/auth/password-reset', { email });
    expect(reply.status).toBe(204);
    const sent = (await oobCodes()).filter((c) => c.email === email && c.requestType === 'PASSWORD_RESET');
    expect(sent).toHaveLength(1);
    expect(new URL(sent[0]!.oobLink).searchParams.get('continueUrl')).toBe(`${app.deps.config.appOrigins[0]}/login`);
  });

  test('unknown email: the same 204, nothing sent', async () => {
    const email = uniqueEmail();
    const reply = await new Client(app).post('/api/auth/password-reset', { email });
    expect(reply.status).toBe(204);
    expect(reply.body).toBe('');
    expect((await oobCodes()).some((c) => c.email === email)).toBe(false);
  });

  test('invalid email: 400', async () => {
    expect(await new Client(app).post('/api/auth/password-reset', { email: 'x' })).toMatchObject({ status: 400, body: { message: 'Inserisci un indirizzo email valido' } });
  });
});

// Firebase Auth's refusals and outages, from a local stand-in for its REST API.
describe('when Firebase Auth throttles or fails', () => {
  let standIn: ToolkitStandIn;
  let stub: TestApp;
  beforeAll(async () => {
    standIn = await startToolkitStandIn();
    stub = await startTestApp({ identityToolkit: createIdentityToolkit({ apiKey: 'k', emulatorHost: standIn.host, timeoutMs: 300 }) });
    // A clock of its own keeps the reset pause this app sets out of the other apps' windows.
    stub.setNow(new Date('2031-03-03T10:00:00Z'));
  });
  afterAll(async () => {
    await stub.close();
    await standIn.close();
  });

  const reset = (email = uniqueEmail()) => new Client(stub).post('/api/auth/password-reset', { email });
  const login = () => new Client(stub).post('/api/auth/login', { email: uniqueEmail(), password: PASSWORD });

  /** The error handler logs every 5xx: here that line is expected, once. */
  async function expectingServerLog<T>(request: () => Promise<T>): Promise<T> {
    const log = vi.mocked(console.error);
    log.mockImplementationOnce(() => undefined);
    const before = log.mock.calls.length;
    const result = await request();
    expect(log.mock.calls.length).toBe(before + 1);
    return result;
  }

  test('the reset request asks for an Italian email that leads back to the login', async () => {
    standIn.answer = { status: 200, body: {} };
    standIn.requests.length = 0;
    const email = uniqueEmail();
    expect((await reset(email)).status).toBe(204);
    expect(standIn.requests).toHaveLength(1);
    expect(standIn.requests[0]!.headers['x-firebase-locale']).toBe('it');
    expect(standIn.requests[0]!.body).toMatchObject({ requestType: 'PASSWORD_RESET', email, continueUrl: `${stub.deps.config.appOrigins[0]}/login` });
  });

  test.each([
    ['TOO_MANY_ATTEMPTS_TRY_LATER', toolkitError('TOO_MANY_ATTEMPTS_TRY_LATER')],
    ['RESET_PASSWORD_EXCEED_LIMIT', toolkitError('RESET_PASSWORD_EXCEED_LIMIT')],
    ['QUOTA_EXCEEDED', toolkitError('QUOTA_EXCEEDED')],
    ['HTTP 429', { status: 429, body: { error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED' } } }],
  ] as Array<[string, ToolkitAnswer]>)('reset, %s: 429 with Retry-After, then every address alike until the pause ends', async (_name, answer) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      standIn.answer = answer;
      const first = await reset();
      expect(first).toMatchObject({ status: 429, body: { message: 'Troppe richieste di reimpostazione. Riprova tra qualche minuto.' } });
      expect(first.headers.get('retry-after')).toBe(String(RESET_PAUSE.windowMs / 1000));
      expect(warn).toHaveBeenCalledTimes(1);

      // Firebase would ignore an unknown address; during the pause it gets the same 429, unasked.
      standIn.answer = toolkitError('EMAIL_NOT_FOUND');
      const calls = standIn.requests.length;
      const unknown = await reset();
      expect(unknown.status).toBe(429);
      expect(unknown.body).toEqual(first.body);
      expect(unknown.headers.get('retry-after')).toBe(first.headers.get('retry-after'));
      expect(standIn.requests).toHaveLength(calls);

      stub.advance(RESET_PAUSE.windowMs);
      expect((await reset()).status).toBe(204);
      expect(standIn.requests).toHaveLength(calls + 1);
    } finally {
      warn.mockRestore();
    }
  });

  test.each([
    ['HTTP 500', toolkitError('INTERNAL_ERROR', 500)],
    ['HTTP 502, an HTML page', { status: 502, body: '<html>Bad Gateway</html>' }],
    ['HTTP 503', { status: 503, body: { error: { code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' } } }],
    ['a timeout', 'hang'],
    ['a dropped connection', 'drop'],
  ] as Array<[string, ToolkitAnswer]>)('reset, %s: 503 with an Italian message', async (_name, answer) => {
    standIn.answer = answer;
    const reply = await expectingServerLog(() => reset());
    expect(reply).toMatchObject({ status: 503, body: { message: authMessages.resetUnavailable } });
    expect(reply.body.message).toMatch(/^Non è stato possibile inviare l'email di reimpostazione/);
    expect(reply.headers.get('content-type')).toMatch(/application\/json/);
  });

  test('reset, 503 with Retry-After: passed on', async () => {
    standIn.answer = { status: 503, headers: { 'retry-after': '30' }, body: {} };
    const reply = await expectingServerLog(() => reset());
    expect(reply.status).toBe(503);
    expect(reply.headers.get('retry-after')).toBe('30');
  });

  test('reset, an answer we do not expect (UNAUTHORIZED_DOMAIN): a bug, 500 with the generic message', async () => {
    standIn.answer = toolkitError('UNAUTHORIZED_DOMAIN');
    const reply = await expectingServerLog(() => reset());
    expect(reply).toMatchObject({ status: 500, body: { message: 'Si è verificato un errore imprevisto. Riprova più tardi.' } });
  });

  test('login, TOO_MANY_ATTEMPTS_TRY_LATER (Firebase has locked the account): 429', async () => {
    standIn.answer = toolkitError('TOO_MANY_ATTEMPTS_TRY_LATER');
    expect(await login()).toMatchObject({ status: 429, body: { message: 'Troppi tentativi di accesso. Riprova tra qualche minuto.' } });
  });

  test('login, Firebase Auth out of reach: 503 with an Italian message', async () => {
    standIn.answer = 'drop';
    const reply = await expectingServerLog(() => login());
    expect(reply).toMatchObject({ status: 503, body: { message: authMessages.loginUnavailable } });
  });
});
