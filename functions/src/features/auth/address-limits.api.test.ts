import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Client, PASSWORD, randomAddress, startTestApp, uniqueEmail, type TestApp } from '../../test-support/api-harness';
import { authMessages, limits } from './service';

// The per-address limits against a caller who forges X-Forwarded-For at the function's own
// URL (docs/decisions/012-client-address.md): each request claims a new client address, but
// the connection that Google's front end appends stays the caller's.
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app.close();
});

const wrongCode = (i: number) => ({ name: 'Falso', email: uniqueEmail('falso'), password: PASSWORD, role: 'PARTICIPANT', secretCode: `SBAGLIATO-${i}` });

/** A fresh window of the limiter (the counters are per window), so other tests' guesses do not count. */
function freshWindow(offsetWindows: number) {
  app.setNow(new Date(Date.UTC(2031, 0, 1) + offsetWindows * limits.windowMs));
}

/** A client that claims a new address but connects from `connection`. */
function forged(connection: string): Client {
  const client = new Client(app);
  client.connection = connection;
  return client;
}

describe('invite-code guesses', () => {
  test('a forged address per request still runs into the budget of the connection', async () => {
    freshWindow(1);
    const connection = randomAddress();
    const budget = limits.inviteGuessesPerAddress * limits.connectionFactor;
    for (let i = 0; i < budget; i += 10) {
      const batch = await Promise.all(Array.from({ length: 10 }, (_, k) => forged(connection).post('/api/auth/register', wrongCode(i + k))));
      expect(batch.map((reply) => reply.status)).toEqual(Array(10).fill(403));
    }
    const blocked = await forged(connection).post('/api/auth/register', wrongCode(budget));
    expect(blocked).toMatchObject({ status: 429, body: { message: authMessages.tooManyInviteGuesses } });
    // The right code is refused too while the connection is blocked: a success would tell the code.
    const right = await forged(connection).post('/api/auth/register', { ...wrongCode(0), secretCode: app.deps.config.inviteCode });
    expect(right.status).toBe(429);
    // Another connection is not affected.
    expect((await new Client(app).post('/api/auth/register', wrongCode(-1))).status).toBe(403);
  });

  test('all addresses together have a global cap, so a botnet cannot walk the code space', async () => {
    freshWindow(3);
    // Twenty machines, each within its own budgets (10 guesses a client address).
    for (let machine = 0; machine < limits.inviteGuessesGlobal / limits.inviteGuessesPerAddress; machine++) {
      const bot = new Client(app);
      const replies = await Promise.all(
        Array.from({ length: limits.inviteGuessesPerAddress }, (_, k) => bot.post('/api/auth/register', wrongCode(machine * 100 + k))),
      );
      expect(replies.map((reply) => reply.status)).toEqual(Array(limits.inviteGuessesPerAddress).fill(403));
    }
    const honest = await new Client(app).post('/api/auth/register', { ...wrongCode(0), secretCode: app.deps.config.inviteCode });
    expect(honest).toMatchObject({ status: 429, body: { message: authMessages.tooManyInviteGuesses } });
    // The cap ends with its window.
    freshWindow(4);
    expect((await new Client(app).post('/api/auth/register', { ...wrongCode(0), secretCode: app.deps.config.inviteCode })).status).toBe(201);
  });
});

describe('wrong passwords', () => {
  test('a forged address per request still runs into the budget of the connection', async () => {
    freshWindow(5);
    const connection = randomAddress();
    const budget = limits.loginPerAddress * limits.connectionFactor;
    for (let i = 0; i < budget; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: 20 }, () => forged(connection).post('/api/auth/login', { email: uniqueEmail('nessuno'), password: 'sbagliata-123' })),
      );
      expect(batch.map((reply) => reply.status)).toEqual(Array(20).fill(401));
    }
    const blocked = await forged(connection).post('/api/auth/login', { email: uniqueEmail('nessuno'), password: 'sbagliata-123' });
    expect(blocked).toMatchObject({ status: 429, body: { message: authMessages.tooManyLogins } });
  });
});
