import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { userSchema } from '@sfida/core/user';
import { Client, PASSWORD, registerParticipant, startTestApp, uniqueEmail, type TestApp } from '../../test-support/api-harness';

// A participant's answers carry the user the screens read (core's userSchema) and nothing the
// server keeps for itself (roster digests, triage dates, weekly figures, flags).

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

const userKeys = Object.keys(userSchema.shape);

/** The keys of an answer that are not the user's (nor, for a sign-in, its device token). */
function extraKeys(body: unknown, allowed: string[] = userKeys): string[] {
  return Object.keys(body as Record<string, unknown>).filter((key) => !allowed.includes(key));
}

describe("the user in a participant's answers", () => {
  test('register, login, /auth/me and /auth/session answer only the fields of the user schema', async () => {
    const client = new Client(app);
    const email = uniqueEmail('campi');
    const body = { name: 'Anna Rossi', email, password: PASSWORD, secretCode: app.deps.config.inviteCode };
    const registered = await client.post('/api/auth/register', body);
    expect(registered.status).toBe(201);
    // The stored document has server-only fields: none of them may leave the server.
    const stored = (await app.deps.db.doc(`users/${registered.body.id as string}`).get()).data() ?? {};
    expect(Object.keys(stored)).toEqual(expect.arrayContaining(['rosterDigest', 'triageDueAt', 'disabled']));
    expect(extraKeys(registered.body, [...userKeys, 'deviceToken'])).toEqual([]);

    const loggedIn = await new Client(app).post('/api/auth/login', { email, password: PASSWORD });
    expect(loggedIn.status).toBe(200);
    expect(extraKeys(loggedIn.body, [...userKeys, 'deviceToken'])).toEqual([]);

    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(extraKeys(me.body)).toEqual([]);
    const session = await client.get<{ user: unknown }>('/api/auth/session');
    expect(extraKeys(session.body.user)).toEqual([]);
  });

  test('a profile change answers only the fields of the user schema', async () => {
    const { client } = await registerParticipant(app);
    const profile = await client.put('/api/auth/profile', { name: 'Nome Nuovo' });
    expect(profile.status).toBe(200);
    expect(extraKeys(profile.body)).toEqual([]);
  });
});
