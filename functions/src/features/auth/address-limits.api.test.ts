import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { writeInvitingCohort } from '../../test-support/cohort-fixtures';
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
    for (let i = 0; i < budget; i += 50) {
      const size = Math.min(50, budget - i);
      const batch = await Promise.all(Array.from({ length: size }, (_, k) => forged(connection).post('/api/auth/register', wrongCode(i + k))));
      expect(batch.map((reply) => reply.status)).toEqual(Array(size).fill(403));
    }
    const blocked = await forged(connection).post('/api/auth/register', wrongCode(budget));
    expect(blocked).toMatchObject({ status: 429, body: { message: authMessages.tooManyInviteGuesses } });
    // Even the right code, when it has an older, short shape, is refused there unchecked: the
    // limits are all that keeps such a code from being walked.
    const short = await forged(connection).post('/api/auth/register', { ...wrongCode(0), secretCode: app.deps.config.inviteCode });
    expect(short).toMatchObject({ status: 429, body: { message: authMessages.tooManyInviteGuesses } });
    // Another connection is not affected.
    expect((await new Client(app).post('/api/auth/register', wrongCode(-1))).status).toBe(403);
  });

  test('a right code of the current shape registers even from a blocked connection', async () => {
    freshWindow(3);
    const { code } = await writeInvitingCohort(app);
    const connection = randomAddress();
    const budget = limits.inviteGuessesPerAddress * limits.connectionFactor;
    for (let i = 0; i < budget; i += 50) {
      const size = Math.min(50, budget - i);
      const batch = await Promise.all(Array.from({ length: size }, (_, k) => forged(connection).post('/api/auth/register', wrongCode(i + k))));
      expect(batch.map((reply) => reply.status)).toEqual(Array(size).fill(403));
    }
    expect((await forged(connection).post('/api/auth/register', { ...wrongCode(0), secretCode: code })).status).toBe(201);
    // A wrong guess of that shape is still refused there.
    const typo = code.slice(0, -1) + (code.endsWith('A') ? 'B' : 'A');
    expect(await forged(connection).post('/api/auth/register', { ...wrongCode(0), secretCode: typo })).toMatchObject({
      status: 429,
      body: { message: authMessages.tooManyInviteGuesses },
    });
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
