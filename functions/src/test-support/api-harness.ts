import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { signInAnswerSchema, type User } from '@sfida/core/user';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { createDeps, type Deps } from '../deps';
import { FileBlobStore } from '../shared/blob-store';
import { createIdentityToolkit, type IdentityToolkit } from '../shared/identity-toolkit';
import { runPushTask } from '../shared/push-fan-out';
import { runEmailTask } from '../shared/mail/outbox';
import { inProcessEmailQueue, inProcessPushQueue, type InProcessEmailQueue, type InProcessPushQueue } from './in-process-push-queue';

/**
 * API tests: the real app in-process on an ephemeral port, the real Admin SDK
 * against the emulators started by tests/setup/emulators.global.ts.
 */
export interface TestApp {
  baseUrl: string;
  origin: string;
  deps: Deps;
  /** The push queue's stand-in: `tasks.idle()` waits for the pushes a request or a job enqueued. */
  tasks: InProcessPushQueue;
  /** The email queue's stand-in: `emails.idle()` waits for the emails a request or a job queued (sent to the real local mailbox). */
  emails: InProcessEmailQueue;
  /** Moves the app's clock (sessions, challenge dates, plausibility). */
  advance(ms: number): void;
  /** Pins the clock to `date` (null: back to real time). */
  setNow(date: Date | null): void;
  /** Stops the clock where it is; the function returned lets it run on from there. */
  freeze(): () => void;
  close(): Promise<void>;
}

/**
 * `identityToolkit` stands in for Firebase Auth's REST API (e.g. one pointed at a ToolkitStandIn);
 * `pushAgent` reaches a local push service (see push-service.ts).
 */
export async function startTestApp(overrides: Pick<Partial<Deps>, 'identityToolkit' | 'pushAgent' | 'mailer'> = {}): Promise<TestApp> {
  const blobDir = await mkdtemp(join(tmpdir(), 'sfida-blobs-'));
  // Requests arrive as in production: Google's front end (one hop) in front of the function.
  const config = loadConfig({ ...process.env, LOCAL_BLOB_DIR: blobDir, FRONT_PROXY_HOPS: '1' });
  // The clock starts just past a whole hour, so the fixed windows of the rate limits (minutes,
  // seconds) do not roll over in the middle of a test file's few seconds of counting.
  const HOUR_MS = 60 * 60 * 1000;
  const realTimeOffset = (Math.floor(Date.now() / HOUR_MS) + 1) * HOUR_MS + 100 - Date.now();
  let offset = realTimeOffset;
  let fixed: Date | null = null;
  const clock = () => (fixed ? new Date(fixed.getTime() + offset) : new Date(Date.now() + offset));
  const tasks = inProcessPushQueue();
  const emails = inProcessEmailQueue();
  const deps = await createDeps(config, { ...overrides, clock, blobStore: new FileBlobStore(blobDir), pushQueue: tasks, emailQueue: emails });
  tasks.handler = (task) => runPushTask(deps, task);
  emails.handler = (task) => runEmailTask(deps, task);
  const app = createApp(deps);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    origin: config.appOrigins[0]!,
    deps,
    tasks,
    emails,
    advance: (ms) => {
      offset += ms;
    },
    setNow: (date) => {
      fixed = date;
      offset = date ? 0 : realTimeOffset;
    },
    freeze: () => {
      const frozen = clock();
      fixed = frozen;
      offset = 0;
      return () => {
        const reached = clock();
        fixed = null;
        offset = reached.getTime() - Date.now();
      };
    },
    close: async () => {
      // Pushes still on their way would reach a push service the test has closed.
      await tasks.idle();
      await emails.idle();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}

export function uniqueEmail(prefix = 'utente'): string {
  return `${prefix}-${randomBytes(6).toString('hex')}@test.sfida8.local`;
}

/** A fake client address, so per-address throttling never spills between tests. */
export function randomAddress(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export interface Reply<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
  setCookies: string[];
}

/**
 * A browser-like client: keeps the session cookie, sends the app's Origin and JSON. Its
 * X-Forwarded-For is what a call through Hosting carries: the browser's address, then the
 * Hosting edge's that Google's front end appended (the connection).
 */
export class Client {
  cookie: string | null = null;
  address = randomAddress();
  connection = randomAddress();

  constructor(private readonly app: TestApp) {}

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: { json?: unknown; body?: string | Buffer; headers?: Record<string, string>; origin?: string | null } = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { 'x-forwarded-for': `${this.address}, ${this.connection}` };
    if (method !== 'GET' && options.origin !== null) headers.origin = options.origin ?? this.app.origin;
    if (this.cookie) headers.cookie = `__session=${this.cookie}`;
    let body: string | Buffer | undefined = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    Object.assign(headers, options.headers);
    const response = await fetch(`${this.app.baseUrl}${path}`, { method, headers, body });
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) {
      const match = /^__session=([^;]*)/.exec(line);
      if (match) this.cookie = match[1] ? decodeURIComponent(match[1]) : null;
    }
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('application/json')) parsed = JSON.parse(text);
    return { status: response.status, body: parsed as T, headers: response.headers, setCookies };
  }

  get<T = Record<string, unknown>>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, { headers });
  }
  post<T = Record<string, unknown>>(path: string, json?: unknown) {
    return this.request<T>('POST', path, json === undefined ? {} : { json });
  }
  put<T = Record<string, unknown>>(path: string, json: unknown) {
    return this.request<T>('PUT', path, { json });
  }
}

export const PASSWORD = 'password-sicura-1';

/** Registers a fresh participant through the API; the client is signed in afterwards, and `deviceToken` is its browser's. */
export async function registerParticipant(
  app: TestApp,
  name = 'Partecipante Test',
): Promise<{ client: Client; user: User; email: string; deviceToken: string }> {
  const client = new Client(app);
  const email = uniqueEmail();
  const reply = await client.post('/api/auth/register', {
    name,
    email,
    password: PASSWORD,
    role: 'PARTICIPANT',
    secretCode: app.deps.config.inviteCode,
  });
  if (reply.status !== 201) throw new Error(`register failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  // Read as the web app reads it: every test that registers checks the answer's shape too.
  const { deviceToken, ...user } = signInAnswerSchema.parse(reply.body);
  if (deviceToken === undefined) throw new Error('register answered no device token');
  return { client, user, email, deviceToken };
}

/** Reads a document back with the Admin SDK (undefined when missing). */
export async function readDoc(app: TestApp, path: string): Promise<Record<string, unknown> | undefined> {
  const snap = await app.deps.db.doc(path).get();
  return snap.exists ? snap.data() : undefined;
}

export interface ToolkitRequest {
  /** e.g. `/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=…` */
  url: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** How the stand-in answers: a reply, never (a timeout), or a dropped connection (a network failure). */
export type ToolkitAnswer = { status: number; body?: unknown; headers?: Record<string, string> } | 'hang' | 'drop';

/**
 * A local stand-in for Firebase Auth's REST API (Identity Toolkit): records each request and
 * answers with `answer` (200 `{}` unless a test sets it). Pass `host` as a toolkit's emulatorHost.
 */
export interface ToolkitStandIn {
  host: string;
  requests: ToolkitRequest[];
  answer: ToolkitAnswer;
  close(): Promise<void>;
}

/** An error as Identity Toolkit sends it: `{ error: { code, message: "CODE : details" } }`. */
export function toolkitError(code: string, status = 400, headers?: Record<string, string>): ToolkitAnswer {
  const message = `${code} : details from the stand-in`;
  return { status, headers, body: { error: { code: status, message, errors: [{ message, domain: 'global', reason: 'invalid' }] } } };
}

export async function startToolkitStandIn(): Promise<ToolkitStandIn> {
  const standIn = { requests: [] as ToolkitRequest[], answer: { status: 200, body: {} } as ToolkitAnswer };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      standIn.requests.push({ url: req.url ?? '', headers: req.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} });
      const answer = standIn.answer;
      if (answer === 'hang') return;
      if (answer === 'drop') {
        req.socket.destroy();
        return;
      }
      const isText = typeof answer.body === 'string';
      res.writeHead(answer.status, { 'content-type': isText ? 'text/html' : 'application/json', ...answer.headers });
      res.end(isText ? answer.body : JSON.stringify(answer.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(standIn, {
    host: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/**
 * Firebase Auth's real REST API on the emulator, counting the password checks that reach it: the
 * limits' tests assert how many got past them.
 */
export function countingIdentityToolkit(): { identityToolkit: IdentityToolkit; passwordChecks: () => number } {
  const real = createIdentityToolkit({ apiKey: 'emulator-key', emulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST! });
  let checks = 0;
  return {
    identityToolkit: {
      ...real,
      signInWithPassword: (email, password) => {
        checks++;
        return real.signInWithPassword(email, password);
      },
    },
    passwordChecks: () => checks,
  };
}
