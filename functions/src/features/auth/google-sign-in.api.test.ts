import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { googleSignInConfigSchema, signInAnswerSchema, type User } from '@sfida/core/user';
import { ensureAccount } from '../account/admin';
import { Client, PASSWORD, readDoc, registerParticipant, startTestApp, uniqueEmail, type TestApp } from '../../test-support/api-harness';
import { newId, writeInvitingCohort } from '../../test-support/cohort-fixtures';
import { authMessages } from './service';

// "Accedi con Google": the browser exchanges the Firebase ID token of a Google sign-in once for our
// own session. The tokens come from the Auth emulator's own Google sign-in (signInWithIdp with a
// fake Google id_token, as its account picker sends), so the Admin SDK checks real tokens.

let app: TestApp;
let cohort: { id: string; code: string };
beforeAll(async () => {
  app = await startTestApp();
  cohort = await writeInvitingCohort(app);
});
afterAll(async () => {
  await app.close();
});

const authHost = () => process.env.FIREBASE_AUTH_EMULATOR_HOST!;

interface GoogleAccount {
  sub?: string;
  email: string;
  email_verified?: boolean;
  name?: string;
}

/** Signs a (fake) Google account in to the Auth emulator, as the client SDK does after the picker: its Firebase ID token and uid. */
async function googleToken(account: GoogleAccount): Promise<{ idToken: string; uid: string }> {
  const claims = { sub: account.sub ?? randomBytes(8).toString('hex'), email_verified: true, ...account };
  const response = await fetch(`http://${authHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=fake-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
      requestUri: 'http://127.0.0.1',
      returnSecureToken: true,
    }),
  });
  const body = (await response.json()) as { idToken?: string; localId?: string };
  if (!response.ok || !body.idToken || !body.localId) throw new Error(`signInWithIdp failed: ${response.status} ${JSON.stringify(body)}`);
  return { idToken: body.idToken, uid: body.localId };
}

/** A JWT made by hand: an RS256 header and a signature no key made. */
function handMadeJwt(payload: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', kid: 'forged-key', typ: 'JWT' })}.${part(payload)}.${randomBytes(256).toString('base64url')}`;
}

/** The claims of a Google sign-in's Firebase ID token for `uid`, for hand-made tokens. */
function firebaseClaims(uid: string, email: string, overrides: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  const projectId = app.deps.config.projectId;
  return {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now - 10,
    user_id: uid,
    sub: uid,
    iat: now - 10,
    exp: now + 3600,
    email,
    email_verified: true,
    firebase: { identities: { 'google.com': ['1234'], email: [email] }, sign_in_provider: 'google.com' },
    ...overrides,
  };
}

function exchange(client: Client, body: Record<string, unknown>) {
  return client.post<User & { deviceToken?: string; message?: string }>('/api/auth/google', body);
}

describe('GET /api/auth/google/config', () => {
  test("answers the browser's Firebase settings from the server's, with the Auth emulator on the local stack", async () => {
    const reply = await new Client(app).get('/api/auth/google/config');
    expect(reply.status).toBe(200);
    const config = googleSignInConfigSchema.parse(reply.body);
    expect(config).toEqual({
      apiKey: app.deps.config.webApiKey,
      authDomain: new URL(app.origin).host,
      projectId: app.deps.config.projectId,
      emulatorUrl: `http://${authHost()}`,
    });
  });
});

describe('POST /api/auth/google: a new account', () => {
  test("with an invite code joins that code's cohort as a participant named by Google, and gets our own session", async () => {
    const email = uniqueEmail('google');
    const { idToken, uid } = await googleToken({ email, name: 'Giada Verdi' });
    const client = new Client(app);
    const reply = await exchange(client, { idToken, inviteCode: cohort.code.toLowerCase() });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const { deviceToken, ...user } = signInAnswerSchema.parse(reply.body);
    expect(deviceToken).toBeDefined();
    expect(user).toMatchObject({ id: uid, email, name: 'Giada Verdi', role: 'PARTICIPANT', cohortId: cohort.id, onboardingCompletato: false });
    // Google only: the deletion dialog offers "Conferma con Google", not a password.
    expect(user.signIn).toEqual({ password: false, google: true });
    const cookie = reply.setCookies.find((c) => c.startsWith('__session='));
    expect(cookie).toMatch(/; HttpOnly/i);
    // The session is ours: its token is not the Firebase one, and /me reads it.
    expect(client.cookie).not.toContain(idToken);
    expect((await client.get<User>('/api/auth/me')).body.id).toBe(uid);
    expect(await readDoc(app, `users/${uid}`)).toMatchObject({ email, role: 'PARTICIPANT', cohortId: cohort.id, signIn: { password: false, google: true } });
    expect(await readDoc(app, `cohorts/${cohort.id}/members/index`)).toMatchObject({ ids: expect.arrayContaining([uid]) });
  });

  test('takes the name the page sends over Google’s', async () => {
    const { idToken } = await googleToken({ email: uniqueEmail('google'), name: 'G. V.' });
    const reply = await exchange(new Client(app), { idToken, inviteCode: cohort.code, name: '  Giada Verdi ' });
    expect(reply.status).toBe(200);
    expect(reply.body.name).toBe('Giada Verdi');
  });

  test('without an invite code is refused with 400, in Italian, and nothing is created', async () => {
    const { idToken, uid } = await googleToken({ email: uniqueEmail('google') });
    for (const body of [{ idToken }, { idToken, inviteCode: '   ' }]) {
      const reply = await exchange(new Client(app), body);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ message: authMessages.googleNoAccount });
      expect(reply.setCookies.some((c) => c.startsWith('__session=') && !c.startsWith('__session=;'))).toBe(false);
    }
    expect(await readDoc(app, `users/${uid}`)).toBeUndefined();
  });

  test('with a wrong invite code is refused as password registration refuses it (403)', async () => {
    const { idToken, uid } = await googleToken({ email: uniqueEmail('google') });
    const reply = await exchange(new Client(app), { idToken, inviteCode: 'AUTUNNO-AAAA-BBBB-CCCC' });
    expect(reply.status).toBe(403);
    expect(reply.body.message).toBe('Codice segreto non valido');
    expect(await readDoc(app, `users/${uid}`)).toBeUndefined();
  });

  test('two parallel exchanges of one new account make one account, and both are signed in to it', async () => {
    const { idToken, uid } = await googleToken({ email: uniqueEmail('google'), name: 'Doppio Tocco' });
    const [first, second] = [new Client(app), new Client(app)];
    const replies = await Promise.all([exchange(first, { idToken, inviteCode: cohort.code }), exchange(second, { idToken, inviteCode: cohort.code })]);
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    expect(replies.map((r) => r.body.id)).toEqual([uid, uid]);
    const index = (await readDoc(app, `cohorts/${cohort.id}/members/index`)) as { ids: string[] };
    expect(index.ids.filter((id) => id === uid)).toHaveLength(1);
    const sameEmail = await app.deps.db.collection('users').where('email', '==', replies[0]!.body.email).get();
    expect(sameEmail.size).toBe(1);
    expect((await first.get<User>('/api/auth/me')).body.id).toBe(uid);
    expect((await second.get<User>('/api/auth/me')).body.id).toBe(uid);
  });
});

describe('POST /api/auth/google: an existing account', () => {
  test('a Google account signs in again without a code, to the same account', async () => {
    const sub = randomBytes(8).toString('hex');
    const email = uniqueEmail('google');
    const first = await googleToken({ sub, email });
    expect((await exchange(new Client(app), { idToken: first.idToken, inviteCode: cohort.code })).status).toBe(200);
    const again = await googleToken({ sub, email });
    expect(again.uid).toBe(first.uid);
    const reply = await exchange(new Client(app), { idToken: again.idToken });
    expect(reply.status).toBe(200);
    expect(reply.body.id).toBe(first.uid);
  });

  test('a password account with the same verified email is linked, not duplicated: both ways of signing in keep working', async () => {
    const { user, email } = await registerParticipant(app, 'Paola Password');
    // What a completed password reset does: the address is shown to be theirs.
    await app.deps.auth.updateUser(user.id, { emailVerified: true });
    const { idToken, uid } = await googleToken({ email, name: 'Paola da Google' });
    expect(uid).toBe(user.id);
    const reply = await exchange(new Client(app), { idToken });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ id: user.id, name: 'Paola Password', cohortId: user.cohortId, signIn: { password: true, google: true } });
    expect((await app.deps.db.collection('users').where('email', '==', email).get()).size).toBe(1);
    const password = await new Client(app).post('/api/auth/login', { email, password: PASSWORD });
    expect(password.status).toBe(200);
    expect(password.body).toMatchObject({ id: user.id, signIn: { password: true, google: true } });
  });

  test('a password account whose email nobody verified is the same account through Google, and its password stops working', async () => {
    // Someone may have registered another person's address with a password of their own: when the
    // owner of the address signs in with Google, that password must not open their account.
    const { user, email } = await registerParticipant(app, 'Pietro Prima');
    const { idToken, uid } = await googleToken({ email, name: 'Pietro da Google' });
    expect(uid).toBe(user.id);
    const reply = await exchange(new Client(app), { idToken });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(user.signIn).toEqual({ password: true, google: false });
    expect(reply.body).toMatchObject({ id: user.id, name: 'Pietro Prima', signIn: { password: false, google: true } });
    expect(await readDoc(app, `users/${user.id}`)).toMatchObject({ signIn: { password: false, google: true } });
    const password = await new Client(app).post('/api/auth/login', { email, password: PASSWORD });
    expect(password.status).toBe(401);
    expect((await app.deps.auth.getUser(user.id)).providerData.map((provider) => provider.providerId)).toEqual(['google.com']);
  });

  test('a coach signs in with Google and stays OWNER; a token claiming a role gets none', async () => {
    const coachEmail = uniqueEmail('coach');
    const coach = await ensureAccount(app.deps, { email: coachEmail, password: PASSWORD, name: 'Coach Google', role: 'OWNER', cohortId: newId('coach') });
    const coachToken = await googleToken({ email: coachEmail });
    expect(coachToken.uid).toBe(coach.id);
    const asCoach = await exchange(new Client(app), { idToken: coachToken.idToken });
    expect(asCoach.status).toBe(200);
    expect(asCoach.body.role).toBe('OWNER');

    // A participant whose token carries a custom role claim, and whose body asks for one too.
    const email = uniqueEmail('google');
    const sub = randomBytes(8).toString('hex');
    const first = await googleToken({ sub, email });
    await app.deps.auth.setCustomUserClaims(first.uid, { role: 'OWNER', admin: true });
    const { idToken } = await googleToken({ sub, email });
    expect(JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString())).toMatchObject({ role: 'OWNER' });
    const reply = await exchange(new Client(app), { idToken, inviteCode: cohort.code, role: 'OWNER' });
    expect(reply.status).toBe(200);
    expect(reply.body.role).toBe('PARTICIPANT');
    expect(await readDoc(app, `users/${first.uid}`)).toMatchObject({ role: 'PARTICIPANT' });
  });

  test('a disabled account is refused (401)', async () => {
    const email = uniqueEmail('google');
    const { idToken, uid } = await googleToken({ email });
    expect((await exchange(new Client(app), { idToken, inviteCode: cohort.code })).status).toBe(200);
    await app.deps.db.doc(`users/${uid}`).update({ disabled: true });
    const reply = await exchange(new Client(app), { idToken });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ message: authMessages.googleSignInFailed });
  });
});

describe('POST /api/auth/google: tokens it refuses', () => {
  // The Admin SDK skips signatures for the Auth emulator's tokens (they are unsigned), so what is
  // checked here is the rest: structure, audience, issuer, expiry and an account that exists.
  // In production the signature is checked against Google's keys as well.
  test('a forged token: not a JWT, or one made by hand for an account Firebase does not know (401)', async () => {
    for (const idToken of ['not-a-token', handMadeJwt(firebaseClaims(newId('nobody'), uniqueEmail('forged')))]) {
      const reply = await exchange(new Client(app), { idToken, inviteCode: cohort.code });
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ message: authMessages.googleSignInFailed });
    }
  });

  test('an expired token, and one for another project (wrong audience), are refused (401)', async () => {
    const email = uniqueEmail('google');
    const { uid } = await googleToken({ email });
    const now = Math.floor(Date.now() / 1000);
    const expired = handMadeJwt(firebaseClaims(uid, email, { iat: now - 7200, auth_time: now - 7200, exp: now - 3600 }));
    const otherProject = handMadeJwt(firebaseClaims(uid, email, { aud: 'demo-altro-progetto', iss: 'https://securetoken.google.com/demo-altro-progetto' }));
    for (const idToken of [expired, otherProject]) {
      const reply = await exchange(new Client(app), { idToken, inviteCode: cohort.code });
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ message: authMessages.googleSignInFailed });
    }
    expect(await readDoc(app, `users/${uid}`)).toBeUndefined();
  });

  test('an unverified Google email is refused (403), and so is a token of a password sign-in', async () => {
    const { idToken, uid } = await googleToken({ email: uniqueEmail('google'), email_verified: false });
    const unverified = await exchange(new Client(app), { idToken, inviteCode: cohort.code });
    expect(unverified.status).toBe(403);
    expect(unverified.body).toEqual({ message: authMessages.googleEmailUnverified });
    expect(await readDoc(app, `users/${uid}`)).toBeUndefined();

    const { email } = await registerParticipant(app);
    const response = await fetch(`http://${authHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
    });
    const passwordToken = ((await response.json()) as { idToken: string }).idToken;
    const byPassword = await exchange(new Client(app), { idToken: passwordToken });
    expect(byPassword.status).toBe(403);
    expect(byPassword.body).toEqual({ message: authMessages.googleOnly });
  });

  test('a body without a token is a 400 in Italian', async () => {
    const reply = await exchange(new Client(app), { inviteCode: cohort.code });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: 'Accesso con Google non riuscito: riprova' });
  });
});
