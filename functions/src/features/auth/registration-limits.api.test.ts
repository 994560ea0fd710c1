import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { messages } from '@sfida/core/user';
import { Client, PASSWORD, randomAddress, startTestApp, uniqueEmail, type TestApp } from '../../test-support/api-harness';
import { writeInvitingCohort } from '../../test-support/cohort-fixtures';
import { authMessages, limits } from './service';

// Registration under the limits of decision 024: wrong guesses are limited per address and
// connection, a right code is never refused because of someone else's, and accounts per address
// are bounded.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

const HOUR_MS = 60 * 60 * 1000;

/** A browser on the network `address` (its public address), reaching the function through `connection`. */
function onNetwork(address: string, connection: string): Client {
  const client = new Client(app);
  client.address = address;
  client.connection = connection;
  return client;
}

function register(client: Client, secretCode: string) {
  return client.post<{ cohortId: string }>('/api/auth/register', { name: 'Persona Nuova', email: uniqueEmail(), password: PASSWORD, role: 'PARTICIPANT', secretCode });
}

/** `code` with its last character changed: a typo that still looks like a code. */
const typoOf = (code: string) => code.slice(0, -1) + (code.endsWith('A') ? 'B' : 'A');

describe('the right code', () => {
  test('a kickoff evening: 60 people on one network register within ten minutes, 10 of them after a typo', async () => {
    const { id, code } = await writeInvitingCohort(app);
    const wifi = randomAddress();
    const edge = randomAddress();
    const person = async (i: number) => {
      const client = onNetwork(wifi, edge);
      const statuses: number[] = [];
      // Half the typos look like a code, half do not (a character left out).
      if (i < 10) statuses.push((await register(client, i % 2 === 0 ? typoOf(code) : code.slice(0, -1))).status);
      // Some type it in lower case with spaces for dashes.
      const reply = await register(client, i % 3 === 0 ? code.toLowerCase().replaceAll('-', ' ') : code);
      statuses.push(reply.status);
      return { statuses, cohortId: reply.body.cohortId };
    };
    const people = [];
    for (let i = 0; i < 60; i += 15) people.push(...(await Promise.all(Array.from({ length: 15 }, (_, k) => person(i + k)))));
    expect(people.slice(0, 10).map((p) => p.statuses)).toEqual(Array(10).fill([403, 201]));
    expect(people.slice(10).map((p) => p.statuses)).toEqual(Array(50).fill([201]));
    expect(new Set(people.map((p) => p.cohortId))).toEqual(new Set([id]));
  });

  test('wrong codes from many addresses, more than the old global cap of 200, stop nobody with the right code', async () => {
    const { code } = await writeInvitingCohort(app);
    // 30 machines, 10 wrong codes each: 300 in one window, each machine within its own budget.
    for (let machine = 0; machine < 30; machine += 5) {
      const replies = await Promise.all(
        Array.from({ length: 50 }, (_, k) => register(onNetwork(`10.200.${machine + Math.floor(k / 10)}.1`, randomAddress()), `SBAGLIATO-${machine}-${k}`)),
      );
      expect(replies.map((reply) => reply.status)).toEqual(Array(50).fill(403));
    }
    expect((await register(new Client(app), code)).status).toBe(201);
    // A code made before decision 024 is not stopped either.
    expect((await register(new Client(app), app.deps.config.inviteCode!)).status).toBe(201);
  });
});

describe('accounts per address', () => {
  test(`past ${limits.accountsPerAddress} new accounts an hour: 429 in Italian with Retry-After; other addresses go on; the hour ends`, async () => {
    const { id, code } = await writeInvitingCohort(app);
    const network = randomAddress();
    const edge = randomAddress();
    for (let i = 0; i < limits.accountsPerAddress; i += 20) {
      const replies = await Promise.all(Array.from({ length: 20 }, () => register(onNetwork(network, edge), code)));
      expect(replies.map((reply) => reply.status)).toEqual(Array(20).fill(201));
    }
    const refused = await Promise.all(Array.from({ length: 10 }, () => register(onNetwork(network, edge), code)));
    for (const reply of refused) {
      expect(reply).toMatchObject({ status: 429, body: { message: authMessages.tooManyAccounts } });
      const retryAfter = Number(reply.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    const members = await app.deps.db.collection('users').where('cohortId', '==', id).count().get();
    expect(members.data().count).toBe(limits.accountsPerAddress);
    // A wrong code from there is still told it is wrong, not about accounts.
    expect(await register(onNetwork(network, edge), typoOf(code))).toMatchObject({ status: 403, body: { message: messages.invalidInviteCode } });
    expect((await register(onNetwork(randomAddress(), edge), code)).status).toBe(201);
    app.advance(HOUR_MS);
    expect((await register(onNetwork(network, edge), code)).status).toBe(201);
  });
});
