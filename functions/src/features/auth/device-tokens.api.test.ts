import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { User } from '@sfida/core/user';
import { randomToken, sha256Hex } from '../../shared/crypto';
import { Client, PASSWORD, countingIdentityToolkit, readDoc, registerParticipant, startTestApp, type TestApp } from '../../test-support/api-harness';
import { DEVICE_TOKEN_MAX_AGE_MS } from './device-tokens';
import { authMessages, limits } from './service';

// OWASP's device cookies, sent in the login body (docs/decisions/016-device-tokens.md): a
// browser where the account signed in before is never locked out by someone else's failures.
let app: TestApp;
/** Password checks that reached Firebase Auth (the real emulator, counted on the way). */
const counted = countingIdentityToolkit();
beforeAll(async () => {
  app = await startTestApp({ identityToolkit: counted.identityToolkit });
});
afterAll(async () => {
  await app.close();
});

type SignedIn = User & { deviceToken: string };

const login = (client: Client, email: string, password: string, deviceToken?: string) =>
  client.post<SignedIn>('/api/auth/login', { email, password, ...(deviceToken === undefined ? {} : { deviceToken }) });

/** Signs in from a new browser; its device token. */
async function newDevice(email: string): Promise<string> {
  const reply = await login(new Client(app), email, PASSWORD);
  expect(reply.status).toBe(200);
  return reply.body.deviceToken;
}

/** Wrong passwords for `email` from `client`'s address until that address is blocked for the account. */
async function blockAddress(client: Client, email: string) {
  for (let i = 0; i < limits.loginPerAccountAddress; i++) expect((await login(client, email, `sbagliata-${i}`)).status).toBe(401);
  expect((await login(client, email, PASSWORD)).status).toBe(429);
}

describe('device tokens', () => {
  test('registration and each login answer a new token; only its hash is stored, for that account, for 180 days', async () => {
    const { email, user, deviceToken: registered } = await registerParticipant(app);
    const reply = await login(new Client(app), email, PASSWORD);
    expect(reply.status).toBe(200);
    const { deviceToken, ...answered } = reply.body;
    expect(answered).toEqual(user);
    expect(Buffer.from(deviceToken, 'base64url').length).toBe(32);
    expect(deviceToken).not.toBe(registered);
    for (const token of [registered, deviceToken]) {
      const doc = await readDoc(app, `deviceTokens/${sha256Hex(token)}`);
      expect(doc).toMatchObject({ uid: user.id, email });
      expect(JSON.stringify(doc)).not.toContain(token);
    }
    const doc = (await app.deps.db.doc(`deviceTokens/${sha256Hex(deviceToken)}`).get()).data()!;
    expect(doc.expireAt.toMillis() - doc.createdAt).toBe(DEVICE_TOKEN_MAX_AGE_MS);
    const stored = await app.deps.db.collection('deviceTokens').where('uid', '==', user.id).get();
    expect(stored.docs.map((d) => d.id).sort()).toEqual([sha256Hex(registered), sha256Hex(deviceToken)].sort());
    for (const d of stored.docs) expect(JSON.stringify(d.data())).not.toMatch(new RegExp(`${registered}|${deviceToken}`));
  });

  test('a sign-in with a token replaces it: the old one proves nothing any more', async () => {
    const { email, deviceToken: old } = await registerParticipant(app);
    const reply = await login(new Client(app), email, PASSWORD, old);
    expect(reply.status).toBe(200);
    expect(reply.body.deviceToken).not.toBe(old);
    expect(await readDoc(app, `deviceTokens/${sha256Hex(old)}`)).toBeUndefined();
    expect(await readDoc(app, `deviceTokens/${sha256Hex(reply.body.deviceToken)}`)).toMatchObject({ email });
  });

  test('an attacker hammering the account from many addresses and from the owner’s own: the owner’s browser signs in at once', async () => {
    const { email, deviceToken } = await registerParticipant(app);
    const owner = new Client(app);
    const resume = app.freeze();
    try {
      // Failures from many addresses pace the account...
      for (let i = 0; i < limits.loginAccountPaceAfter; i++) expect((await login(new Client(app), email, `sbagliata-${i}`)).status).toBe(401);
      // ...and more from the owner's own address (one pace window apart) block it for the account.
      for (let i = 0; i < limits.loginPerAccountAddress; i++) {
        app.advance(limits.loginAccountPaceMs);
        expect((await login(owner, email, `sbagliata-${i}`)).status).toBe(401);
      }
      app.advance(limits.loginAccountPaceMs);
      expect((await login(new Client(app), email, 'sbagliata-x')).status).toBe(401);
      expect(await login(new Client(app), email, PASSWORD)).toMatchObject({ status: 429, body: { message: authMessages.loginPaced } });
      expect((await login(owner, email, PASSWORD)).status).toBe(429);

      const reply = await login(owner, email, PASSWORD, deviceToken);
      expect(reply.status).toBe(200);
      expect(owner.cookie).toBeTruthy();
      expect((await owner.get('/api/auth/me')).status).toBe(200);
    } finally {
      resume();
    }
  });

  test('another account’s token, a forged one or a malformed one gives no way past the limits', async () => {
    const { email } = await registerParticipant(app);
    const other = await registerParticipant(app);
    const owner = new Client(app);
    await blockAddress(owner, email);
    for (const token of [other.deviceToken, randomToken(32), 'A'.repeat(43), 'non valido!', 'A'.repeat(500)]) {
      expect(await login(owner, email, PASSWORD, token)).toMatchObject({ status: 429, body: { message: authMessages.tooManyLogins } });
    }
    // The other account's token still works for its own account.
    expect((await login(owner, other.email, PASSWORD, other.deviceToken)).status).toBe(200);
  });

  test('an expired token is no proof', async () => {
    const { email, deviceToken } = await registerParticipant(app);
    const owner = new Client(app);
    app.advance(DEVICE_TOKEN_MAX_AGE_MS);
    await blockAddress(owner, email);
    expect((await login(owner, email, PASSWORD, deviceToken)).status).toBe(429);
  });

  test('wrong passwords with a token lock out that token, not the account: another trusted browser and a fresh address still sign in', async () => {
    const { email, deviceToken: stolen } = await registerParticipant(app);
    const mine = await newDevice(email);
    const thief = new Client(app);
    for (let i = 0; i < limits.loginPerDevice; i++) expect((await login(thief, email, `sbagliata-${i}`, stolen)).status).toBe(401);
    const locked = await login(new Client(app), email, PASSWORD, stolen);
    expect(locked).toMatchObject({ status: 429, body: { message: authMessages.tooManyLogins } });

    expect((await login(new Client(app), email, PASSWORD, mine)).status).toBe(200);
    // They counted against the token only: the account is not paced, the thief's address not blocked.
    expect((await login(new Client(app), email, PASSWORD)).status).toBe(200);
    expect((await login(thief, email, PASSWORD)).status).toBe(200);
    // The lock-out ends with its window.
    app.advance(limits.windowMs);
    expect((await login(new Client(app), email, PASSWORD, stolen)).status).toBe(200);
  });

  test('100 parallel wrong passwords with one token reach the password check at most as often as its limit allows', async () => {
    const { email, deviceToken } = await registerParticipant(app);
    const before = counted.passwordChecks();
    const replies = await Promise.all(Array.from({ length: 100 }, (_, i) => login(new Client(app), email, `parallela-${i}`, deviceToken)));
    const checks = counted.passwordChecks() - before;
    expect(checks).toBeLessThanOrEqual(limits.loginPerDevice);
    expect(replies.filter((reply) => reply.status === 401)).toHaveLength(checks);
    expect(replies.filter((reply) => reply.status === 429)).toHaveLength(100 - checks);
    // Then one at a time: the rest of the token's budget, and no more.
    for (let i = checks; i < limits.loginPerDevice; i++) expect((await login(new Client(app), email, `dopo-${i}`, deviceToken)).status).toBe(401);
    expect((await login(new Client(app), email, PASSWORD, deviceToken)).status).toBe(429);
    expect(counted.passwordChecks() - before).toBe(limits.loginPerDevice);
  });
});
