import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { User } from '@sfida/core/user';
import { Client, PASSWORD, readDoc, registerParticipant, startTestApp, uniqueEmail, type TestApp } from '../../test-support/api-harness';
import { authMessages } from './service';

// Firebase Auth lets any client create an account with the project's public Web API key
// (accounts:signUp), so anyone can take someone else's email in Firebase Auth before they
// register with us. Such an account has no profile of ours: the owner's registration gets it back.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

const authHost = () => process.env.FIREBASE_AUTH_EMULATOR_HOST!;
const SQUATTER_PASSWORD = 'password-dello-squatter';

async function identityToolkit(method: string, body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`http://${authHost()}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=fake-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** What a stranger does with the public Web API key: creates the Auth account of `email`, and keeps its tokens. */
async function squat(email: string): Promise<{ uid: string; idToken: string; refreshToken: string }> {
  const reply = await identityToolkit('signUp', { email, password: SQUATTER_PASSWORD, displayName: 'Squatter', returnSecureToken: true });
  if (reply.status !== 200) throw new Error(`signUp failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return { uid: reply.body.localId as string, idToken: reply.body.idToken as string, refreshToken: reply.body.refreshToken as string };
}

/** A refresh token exchanged for a new ID token, as the client SDK does every hour. */
async function refresh(refreshToken: string): Promise<number> {
  const response = await fetch(`http://${authHost()}/securetoken.googleapis.com/v1/token?key=fake-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
  });
  return response.status;
}

function register(client: Client, email: string, name = 'Anna Rossi') {
  return client.post<User & { message?: string }>('/api/auth/register', { name, email, password: PASSWORD, secretCode: app.deps.config.inviteCode });
}

describe('registering an email whose Firebase Auth account someone else created', () => {
  test("succeeds with a right code, and the squatter's password and tokens stop working", async () => {
    const email = uniqueEmail('squat');
    const squatter = await squat(email);
    // The squatter's account works, before.
    expect((await identityToolkit('signInWithPassword', { email, password: SQUATTER_PASSWORD })).status).toBe(200);

    const owner = new Client(app);
    const reply = await register(owner, email);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toMatchObject({ email, name: 'Anna Rossi', role: 'PARTICIPANT' });
    expect((await owner.get<User>('/api/auth/me')).body.id).toBe(reply.body.id);

    // The squatter's password opens nothing, here or in Firebase Auth.
    expect((await new Client(app).post('/api/auth/login', { email, password: SQUATTER_PASSWORD })).status).toBe(401);
    expect((await identityToolkit('signInWithPassword', { email, password: SQUATTER_PASSWORD })).status).toBe(400);
    // Nor do the tokens they kept: the refresh token and the ID token are dead.
    expect(await refresh(squatter.refreshToken)).toBe(400);
    await expect(app.deps.auth.verifyIdToken(squatter.idToken, true)).rejects.toMatchObject({ code: expect.stringMatching(/^auth\//) });
    // The Auth account is the owner's alone: their name, their password only, no profile for the old uid.
    const record = await app.deps.auth.getUserByEmail(email);
    expect(record.uid).toBe(reply.body.id);
    expect(record.displayName).toBe('Anna Rossi');
    expect(record.emailVerified).toBe(false);
    expect(record.providerData.map((p) => p.providerId)).toEqual(['password']);
    expect(await readDoc(app, `users/${squatter.uid}`)).toBeUndefined();
    expect((await new Client(app).post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  });

  test('parallel registrations of a squatted email: exactly one account and one user document', async () => {
    const email = uniqueEmail('squat-parallelo');
    await squat(email);
    const replies = await Promise.all(Array.from({ length: 10 }, () => register(new Client(app), email)));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect((await app.deps.db.collection('users').where('email', '==', email).get()).size).toBe(1);
    expect((await app.deps.auth.getUsers([{ email }])).users).toHaveLength(1);
  });

  test('an email with one of our accounts still answers 409, and its account is untouched', async () => {
    const { email, user } = await registerParticipant(app);
    const reply = await register(new Client(app), email, 'Altro');
    expect(reply).toMatchObject({ status: 409, body: { message: authMessages.emailTaken } });
    expect((await app.deps.auth.getUserByEmail(email)).uid).toBe(user.id);
    expect((await new Client(app).post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  });

  test('a wrong code changes nothing on the squatted account', async () => {
    const email = uniqueEmail('squat-codice');
    const squatter = await squat(email);
    const reply = await new Client(app).post('/api/auth/register', { name: 'Anna', email, password: PASSWORD, secretCode: 'CODICE-SBAGLIATO-0000-0000' });
    expect(reply.status).toBe(403);
    expect((await app.deps.auth.getUserByEmail(email)).uid).toBe(squatter.uid);
  });
});
