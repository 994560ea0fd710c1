import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createApp } from './app';
import { userRef } from './shared/user-repository';
import { Client, PASSWORD, readDoc, registerParticipant, startTestApp, uniqueEmail, type TestApp } from './test-support/api-harness';
import { signedInCoach, writeCohort } from './test-support/cohort-fixtures';

// Cross-cutting rules every /api call follows: cross-site protection, body
// checks, caching and error shape.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

/** What the walk needs of an Express 5 router layer (the router package's Layer and Route). */
interface StackLayer {
  name: string;
  rawPath?: unknown;
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: StackLayer[] };
}

/** Every route below `stack` as "METHOD /path feature"; a router is named after its feature where app.ts mounts it. */
function routesOf(stack: StackLayer[], prefix: string, feature: string): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const path = `${prefix}${layer.route.path}`.replace(/(.)\/$/, '$1');
      return Object.keys(layer.route.methods).map((method) => `${method.toUpperCase()} ${path} ${feature}`);
    }
    if (!layer.handle.stack) return [];
    const mountedAt = typeof layer.rawPath === 'string' ? layer.rawPath.replace(/\/$/, '') : '';
    return routesOf(layer.handle.stack, prefix + mountedAt, layer.name === 'router' ? feature : layer.name);
  });
}

describe('the route map in app.ts', () => {
  test('lists every /api route and the feature that serves it, and no route the app does not serve', () => {
    const source = readFileSync(new URL('./app.ts', import.meta.url), 'utf8');
    const listed = [...source.matchAll(/^ *\/\/ {3}([A-Z]+) +(\/\S*) +(\S+)$/gm)].map(([, method, path, feature]) => `${method} /api${path} ${feature}`);
    const { router } = createApp(app.deps) as unknown as { router: { stack: StackLayer[] } };
    const served = routesOf(router.stack, '', 'app.ts');
    expect(listed.length).toBeGreaterThan(40);
    expect([...served].sort()).toEqual([...listed].sort());
  });
});

describe('every /api response', () => {
  test('carries Cache-Control: private, no-store (success, error, 404)', async () => {
    const { client } = await registerParticipant(app);
    for (const reply of [await client.get('/api/auth/me'), await new Client(app).get('/api/auth/me'), await client.get('/api/nulla')]) {
      expect(reply.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  test('unknown route: 404 JSON', async () => {
    const reply = await new Client(app).get('/api/non-esiste');
    expect(reply).toMatchObject({ status: 404, body: { message: 'Risorsa non trovata' } });
    expect((await new Client(app).post('/api/non-esiste', {})).status).toBe(404);
  });

  test('never reveals internals (no stack, no x-powered-by)', async () => {
    const reply = await new Client(app).request('POST', '/api/auth/login', { body: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(reply.headers.get('x-powered-by')).toBeNull();
    expect(JSON.stringify(reply.body)).not.toMatch(/at |node_modules|Error:/);
  });
});

describe('cross-site protection on state-changing calls', () => {
  const calls: Array<[string, string, unknown]> = [
    ['POST', '/api/auth/login', { email: 'a@b.it', password: 'x' }],
    ['POST', '/api/auth/register', { name: 'A', email: 'a@b.it', password: 'xxxxxx', secretCode: 'y' }],
    ['POST', '/api/auth/logout', {}],
    ['PUT', '/api/auth/profile', { name: 'Mallory' }],
    ['POST', '/api/auth/start-challenge', { challengeStartDate: '2030-01-01' }],
    ['POST', '/api/onboarding', { tempoAllenamento: 'MENO_UN_ANNO', luogoAllenamento: 'CASA', livelloAllenamento: 'AVANZATO' }],
    ['PUT', '/api/users/me/progress', {}],
    ['POST', '/api/auth/password-reset', { email: 'a@b.it' }],
    ['POST', '/api/coach/cohorts/coorte/events', { startsAt: '2099-01-01T19:00:00+01:00', title: 'X', speaker: '', description: '' }],
    ['DELETE', '/api/coach/cohorts/coorte/events/e1', undefined],
  ];

  test.each(calls)('%s %s: wrong or missing Origin → 403, nothing changes', async (method, path, json) => {
    const { client, user } = await registerParticipant(app);
    const before = await readDoc(app, `users/${user.id}`);
    for (const origin of ['https://evil.example', 'null', null]) {
      const reply = await client.request(method, path, { json, origin });
      expect(reply).toMatchObject({ status: 403, body: { message: 'Richiesta non consentita: origine non riconosciuta' } });
    }
    expect(await readDoc(app, `users/${user.id}`)).toEqual(before);
    expect((await client.get('/api/auth/me')).status).toBe(200);
  });

  test.each([
    ['text/plain', '{"name":"Mallory"}'],
    ['application/x-www-form-urlencoded', 'name=Mallory'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nMallory\r\n--x--'],
  ])('%s body → 415, nothing changes', async (type, body) => {
    const { client, user } = await registerParticipant(app);
    const before = await readDoc(app, `users/${user.id}`);
    const reply = await client.request('PUT', '/api/auth/profile', { body, headers: { 'content-type': type } });
    expect(reply).toMatchObject({ status: 415, body: { message: expect.stringContaining('JSON') } });
    const login = await new Client(app).request('POST', '/api/auth/login', { body, headers: { 'content-type': type } });
    expect(login.status).toBe(415);
    expect(await readDoc(app, `users/${user.id}`)).toEqual(before);
  });

  test('a body without Content-Type → 415', async () => {
    const { client } = await registerParticipant(app);
    const reply = await client.request('PUT', '/api/auth/profile', { body: Buffer.from('{"name":"Mallory"}') });
    expect(reply.status).toBe(415);
  });

  test('malformed JSON → 400 JSON message, nothing changes', async () => {
    const { client, user } = await registerParticipant(app);
    const before = await readDoc(app, `users/${user.id}`);
    const reply = await client.request('PUT', '/api/auth/profile', { body: '{"name": "Mallory"', headers: { 'content-type': 'application/json' } });
    expect(reply).toMatchObject({ status: 400, body: { message: 'Richiesta non valida: JSON malformato' } });
    expect(await readDoc(app, `users/${user.id}`)).toEqual(before);
  });

  test.each(['/api/scheda/%E0%A4%A', '/api/cohorts/%ZZ/leaderboard', '/api/users/%C0%AF/progress'])(
    'a malformed %% escape in the path (%s) → 400 JSON, signed out or in',
    async (path) => {
      for (const client of [new Client(app), (await registerParticipant(app)).client]) {
        const reply = await client.get(path);
        expect(reply).toMatchObject({ status: 400, body: { message: 'Indirizzo non valido' } });
      }
    },
  );

  test('a JSON body that is not an object → 400', async () => {
    const reply = await new Client(app).request('POST', '/api/auth/login', { json: ['a'] });
    expect(reply).toMatchObject({ status: 400, body: { message: 'Richiesta non valida: il corpo deve essere un oggetto JSON' } });
  });

  test('oversize auth bodies → 413', async () => {
    const email = uniqueEmail();
    const reply = await new Client(app).post('/api/auth/register', {
      name: 'A',
      email,
      password: PASSWORD,
      secretCode: app.deps.config.inviteCode,
      padding: 'x'.repeat(8 * 1024),
    });
    expect(reply).toMatchObject({ status: 413, body: { message: 'Richiesta troppo grande' } });
    await expect(app.deps.auth.getUserByEmail(email)).rejects.toMatchObject({ code: 'auth/user-not-found' });
  });

  test('oversize body sent in chunks (no Content-Length) → 413', async () => {
    const { client, user } = await registerParticipant(app);
    const chunk = new TextEncoder().encode(`{"name":"${'x'.repeat(16 * 1024)}"}`);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(chunk);
        controller.close();
      },
    });
    const response = await fetch(`${app.baseUrl}/api/auth/profile`, {
      method: 'PUT',
      headers: { origin: app.origin, 'content-type': 'application/json', cookie: `__session=${client.cookie}`, 'x-forwarded-for': client.address },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'Richiesta troppo grande' });
    expect(await readDoc(app, `users/${user.id}`)).toMatchObject({ name: 'Partecipante Test' });
  });

  test('Cloud Functions pre-read bodies (req.rawBody) are capped too', async () => {
    // Simulate the Functions framework: body already read, rawBody set, before Express.
    const { createApp } = await import('./app');
    const inner = createApp(app.deps);
    const { createServer } = await import('node:http');
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        Object.assign(req, { rawBody: raw, body: JSON.parse(raw.toString() || '{}') as unknown });
        // The framework has consumed the stream; drop content-length as its parser leaves it.
        inner(req as never, res as never);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const big = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { origin: app.origin, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@b.it', password: 'x', padding: 'y'.repeat(10_000) }),
      });
      expect(big.status).toBe(413);
      const ok = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { origin: app.origin, 'content-type': 'application/json', 'x-forwarded-for': '10.99.0.1' },
        body: JSON.stringify({ email: uniqueEmail(), password: 'sbagliata' }),
      });
      expect(ok.status).toBe(401);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('GET never changes state (logout only by POST)', async () => {
    const { client } = await registerParticipant(app);
    expect((await client.get('/api/auth/logout')).status).toBe(404);
    expect((await client.get('/api/auth/me')).status).toBe(200);
  });
});

/**
 * The request exactly as written: fetch would resolve `.` and `..` segments (and their %2E forms)
 * before sending, as a browser does, but nothing stops another client from sending them.
 */
function rawRequest(client: Client, method: string, path: string, json?: unknown): Promise<{ status: number; type: string; body: string }> {
  const headers: Record<string, string> = { 'x-forwarded-for': `${client.address}, ${client.connection}`, origin: app.origin };
  if (client.cookie) headers.cookie = `__session=${client.cookie}`;
  const body = json === undefined ? undefined : JSON.stringify(json);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const url = new URL(app.baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('an id in the path that cannot name a document', () => {
  // What Firestore refuses as a document id (a slash, `.`, `..`, `__x__`, over 1500 bytes) names nothing: never a server error.
  const badIds = ['a%2Fb', '%2F', '.', '..', '%2E%2E', '__x__', 'x'.repeat(1501)];
  const event = { startsAt: '2099-12-10T19:00:00+01:00', title: 'Kick-off', speaker: 'Martina Ferri', description: 'Come funziona.', link: '' };
  /** Every route with an id in its path: method, path (`{c}` a cohort, `{u}` a user, `{e}` an event, `{t}` a thread, `{m}` a message, `{s}` a scheduled one, `{n}` a note), a valid body. */
  const routes: Array<[string, string, unknown?]> = [
    ['GET', '/api/users/{u}/progress'],
    ['GET', '/api/cohorts/{c}/leaderboard'],
    ['GET', '/api/cohorts/{c}/leaderboard?scope=final'],
    ['GET', '/api/cohorts/{c}/events'],
    ['GET', '/api/cohorts/{c}/events/{e}'],
    ['POST', '/api/coach/cohorts/{c}/events', event],
    ['PUT', '/api/coach/cohorts/{c}/events/{e}', event],
    ['DELETE', '/api/coach/cohorts/{c}/events/{e}'],
    ['PATCH', '/api/coach/cohorts/{c}', { name: 'Nuovo nome' }],
    ['POST', '/api/coach/cohorts/{c}/invite-code', {}],
    ['POST', '/api/coach/cohorts/{c}/coaches', { email: 'coach@test.sfida8.local' }],
    ['POST', '/api/coach/cohorts/{c}/participants/{u}/withdraw', {}],
    ['GET', '/api/coach/cohorts/{c}/participants'],
    ['GET', '/api/coach/cohorts/{c}/participants/{u}'],
    ['GET', '/api/coach/cohorts/{c}/participants/{u}/check-ins'],
    ['GET', '/api/coach/cohorts/{c}/export.csv'],
    ['POST', '/api/coach/cohorts/{c}/messages/preview', { segment: 'all' }],
    ['POST', '/api/coach/cohorts/{c}/messages', { segment: 'all', text: 'Ciao', requestId: 'richiesta-id-1' }],
    ['GET', '/api/coach/cohorts/{c}/messages'],
    ['POST', '/api/coach/cohorts/{c}/scheduled-messages', { segment: 'all', text: 'Ciao', requestId: 'richiesta-id-2', date: '2099-01-01', time: '09:00' }],
    ['GET', '/api/coach/cohorts/{c}/scheduled-messages'],
    ['PATCH', '/api/coach/cohorts/{c}/scheduled-messages/{s}', { segment: 'all', text: 'Ciao', date: '2099-01-01', time: '09:00' }],
    ['DELETE', '/api/coach/cohorts/{c}/scheduled-messages/{s}'],
    ['GET', '/api/coach/cohorts/{c}/tags'],
    ['PATCH', '/api/coach/cohorts/{c}/participants/{u}/tags', { add: ['premium'] }],
    ['GET', '/api/coach/cohorts/{c}/participants/{u}/notes'],
    ['POST', '/api/coach/cohorts/{c}/participants/{u}/notes', { text: 'Nota', requestId: 'richiesta-nota-1' }],
    ['PATCH', '/api/coach/cohorts/{c}/participants/{u}/notes/{n}', { text: 'Nota' }],
    ['DELETE', '/api/coach/cohorts/{c}/participants/{u}/notes/{n}'],
    ['POST', '/api/coach/check-ins/{t}/reply', { text: 'Ti ascolto' }],
    ['POST', '/api/coach/check-ins/{t}/read', {}],
    ['POST', '/api/me/messages/{m}/read', {}],
  ];

  test('404 with a JSON message on every route, for every caller, signed out too', async () => {
    const coach = await signedInCoach(app);
    const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate: '2025-09-15' });
    const member = await registerParticipant(app);
    await userRef(app.deps.db, member.user.id).update({ cohortId });
    expect((await member.client.post('/api/auth/login', { email: member.email, password: PASSWORD })).status).toBe(200);
    // Valid ids in the places not under test, so each bad one is reached.
    const valid: Record<string, string> = { c: cohortId, u: member.user.id, e: 'evento-1', t: `${member.user.id}_1`, m: 'messaggio-1', s: 'programmato-1', n: 'nota-1' };
    const failures: string[] = [];
    for (const [method, template, json] of routes) {
      for (const param of template.match(/\{(\w)\}/g)!.map((p) => p[1]!)) {
        for (const bad of badIds) {
          const path = template.replace(/\{(\w)\}/g, (_, name: string) => (name === param ? bad : valid[name]!));
          for (const [who, client] of [['coach', coach.client], ['participant', member.client], ['signed out', new Client(app)]] as const) {
            const reply = await rawRequest(client, method, path, json);
            const ok = reply.status === 404 && reply.type.includes('application/json') && reply.body === JSON.stringify({ message: 'Risorsa non trovata' });
            if (!ok) failures.push(`${who} ${method} ${path.slice(0, 80)}: ${reply.status} ${reply.body.slice(0, 80)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
