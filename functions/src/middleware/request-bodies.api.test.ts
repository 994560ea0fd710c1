import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { visibleTextMessages } from '@sfida/core/visible-text';
import { createApp } from '../app';
import { userRef } from '../shared/user-repository';
import { Client, registerParticipant, startTestApp, uniqueEmail, type TestApp } from '../test-support/api-harness';
import { signedInCoach, writeCohort } from '../test-support/cohort-fixtures';

// What every request body goes through before a route reads it: compressed bodies and text that is
// not Unicode are refused once, for every route.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

const compressedRefused = { message: 'Il corpo della richiesta non può essere compresso: invialo senza Content-Encoding' };
const malformedText = { message: visibleTextMessages.malformed };

/**
 * A gzip bomb: `members` gzip members of 1 MiB of zeros each, one after the other (a valid gzip
 * stream, inflated member by member): about 1 KiB each, 1 MiB once inflated.
 */
function gzipBomb(members: number): Buffer {
  const member = gzipSync(Buffer.alloc(1024 * 1024), { level: 9 });
  return Buffer.concat(Array.from({ length: members }, () => member));
}

/** Sends `body` and measures how long the answer took and how much the heap grew meanwhile. */
async function timed(client: Client, method: string, path: string, body: Buffer, headers: Record<string, string>) {
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  let peak = heapBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 5);
  try {
    const reply = await client.request(method, path, { body, headers });
    return { reply, ms: performance.now() - started, heapGrowth: peak - heapBefore };
  } finally {
    clearInterval(sampler);
  }
}

describe('a compressed request body', () => {
  test('a gzip bomb to a JSON route → a fast 415, nothing inflated', async () => {
    const { client } = await registerParticipant(app);
    // 3 KiB on the wire (under the 4 KiB cap of the route), 3 MiB once inflated.
    const bomb = gzipBomb(3);
    expect(bomb.length).toBeLessThan(4 * 1024);
    const { reply, ms, heapGrowth } = await timed(client, 'PUT', '/api/auth/profile', bomb, {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
    });
    expect(reply).toMatchObject({ status: 415, body: compressedRefused });
    expect(ms).toBeLessThan(2_000);
    expect(heapGrowth).toBeLessThan(32 * 1024 * 1024);
  });

  test('a gzip bomb as a voice note → a fast 415, nothing inflated or stored', async () => {
    const { client } = await registerParticipant(app);
    // 1 MiB on the wire (under the 5 MB cap of a voice note), 1 GiB once inflated.
    const bomb = gzipBomb(1024);
    const { reply, ms, heapGrowth } = await timed(client, 'POST', '/api/me/voice-notes', bomb, {
      'content-type': 'audio/webm',
      'content-encoding': 'gzip',
    });
    expect(reply).toMatchObject({ status: 415, body: compressedRefused });
    expect(ms).toBeLessThan(5_000);
    expect(heapGrowth).toBeLessThan(64 * 1024 * 1024);
  });

  test.each(['gzip', 'deflate', 'br', 'x-anything', 'identity, gzip'])('Content-Encoding %s → 415 on JSON and upload routes', async (encoding) => {
    const { client } = await registerParticipant(app);
    const json = await client.request('PUT', '/api/auth/profile', {
      body: JSON.stringify({ name: 'Nuovo Nome' }),
      headers: { 'content-type': 'application/json', 'content-encoding': encoding },
    });
    expect(json).toMatchObject({ status: 415, body: compressedRefused });
    const audio = await client.request('POST', '/api/me/voice-notes', {
      body: gzipSync(Buffer.alloc(64 * 1024)),
      headers: { 'content-type': 'audio/webm', 'content-encoding': encoding },
    });
    expect(audio).toMatchObject({ status: 415, body: compressedRefused });
  });

  test('Content-Encoding identity is a plain body', async () => {
    const { client } = await registerParticipant(app);
    const reply = await client.request('PUT', '/api/auth/profile', {
      body: JSON.stringify({ name: 'Nuovo Nome' }),
      headers: { 'content-type': 'application/json', 'content-encoding': 'identity' },
    });
    expect(reply.status).toBe(200);
  });

  test('refused too when Cloud Functions has already inflated it (req.rawBody)', async () => {
    // As the Functions framework hands it over: the inflated bytes in rawBody, the header kept.
    const inner = createApp(app.deps);
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        Object.assign(req, { rawBody: Buffer.from(JSON.stringify({ email: uniqueEmail(), password: 'sbagliata' })) });
        inner(req as never, res as never);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { origin: app.origin, 'content-type': 'application/json', 'content-encoding': 'gzip', 'x-forwarded-for': '10.98.0.1' },
        body: gzipSync(JSON.stringify({ email: 'a@b.it', password: 'x' })),
      });
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual(compressedRefused);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('a lone surrogate anywhere in a JSON body → 400', () => {
  test('in a triage note, a sign-in field, a key and deep inside a tracker', async () => {
    const coach = await signedInCoach(app, 'Giulia Coach');
    const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate: '2025-09-15' });
    const { client, user } = await registerParticipant(app);
    await userRef(app.deps.db, user.id).update({ cohortId });

    const contacted = await coach.client.post(`/api/coach/cohorts/${cohortId}/participants/${user.id}/contacted`, { note: 'x\uD800y' });
    expect(contacted).toMatchObject({ status: 400, body: malformedText });

    const login = await new Client(app).post('/api/auth/login', { email: `a\uDC00${uniqueEmail()}`, password: 'x' });
    expect(login).toMatchObject({ status: 400, body: malformedText });

    const key = await client.put('/api/auth/profile', { name: 'Nome Valido', ['\uD83D']: 1 });
    expect(key).toMatchObject({ status: 400, body: malformedText });

    const deep = await client.put('/api/users/me/progress', { a: [{ b: [[{ c: 'ok', d: ['ok', 'x\uDFFF'] }]] }] });
    expect(deep).toMatchObject({ status: 400, body: malformedText });
  });

  test('a body of a huge flat array is looked through, not refused with a 500: the walk spreads no list into a call', async () => {
    const { client } = await registerParticipant(app);
    // 200,000 items in 400 KB, under the tracker's cap: more than a call's arguments may be.
    const reply = await client.put('/api/users/me/progress', { tail: 'x\uD800', habits: new Array(200_000).fill(0) });
    expect(reply).toMatchObject({ status: 400, body: malformedText });
  });

  test('a surrogate pair (an emoji) is fine', async () => {
    const { client } = await registerParticipant(app);
    const reply = await client.put('/api/auth/profile', { name: 'Paola 💪' });
    expect(reply.status).toBe(200);
  });
});
