import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Deps } from '../../functions/src/deps';
import { appOrigins, repoRoot } from '../stack/profiles';
import { profile } from './bench-stack';
import { median, NOT_AVAILABLE, type Row } from './results';
import { seedCoach } from './seed-cohort';

// A coach's message to a segment of 50 and of 5,000 participants, each with a subscribed device on
// a local stand-in push service (the API tests' certificate, which the bench's Functions emulator
// trusts through NODE_EXTRA_CA_CERTS). The request answers once the message and its recipients are
// stored and their tasks enqueued; the Cloud Tasks emulator then runs the pushDeliveries function,
// which writes each recipient's copy and sends their push. Measured: the request's p50 at each size, the time from the request to the last
// push the stand-in receives, and the pushes any device received more than once.

export const SMALL_SEGMENT = 50;
export const LARGE_SEGMENT = 5000;
/**
 * Sends to 50, and to 5,000 (a coach may send 20 messages an hour: one coach per cohort). One send
 * to 5,000: on the embedded emulator a second one in the same run, with the collections grown,
 * outlasts the API function's 60-second timeout.
 */
const SMALL_ROUNDS = 3;
const LARGE_ROUNDS = 1;
const SMALL_COHORT = 'coorte-bench-fanout-50';
const LARGE_COHORT = 'coorte-bench-fanout-5000';
/** Goal of the issue: p50 at 5,000 within 2× the p50 at 50. */
const P50_GOAL = 2;
const DELIVERY_TIMEOUT_MS = 10 * 60_000;
/** After the last send, how long a late duplicate (a retry) still has to arrive before counting. */
const GRACE_MS = 10_000;

/** The bench's stand-in push service: counts the pushes each device's path receives, and when. */
interface PushCounter {
  url: string;
  counts: Map<string, number>;
  /** When the latest push arrived, by the devices' prefix (a cohort's). */
  lastArrival: Map<string, number>;
  close(): Promise<void>;
}

async function startPushCounter(): Promise<PushCounter> {
  const fixtures = join(repoRoot, 'functions', 'src', 'test-support');
  const counts = new Map<string, number>();
  const lastArrival = new Map<string, number>();
  const server: Server = createServer({ cert: readFileSync(join(fixtures, 'push-service.cert.pem')), key: readFileSync(join(fixtures, 'push-service.key.pem')) }, (req, res) => {
    req.resume();
    req.on('end', () => {
      const path = req.url ?? '';
      counts.set(path, (counts.get(path) ?? 0) + 1);
      const prefix = path.split('/')[2]?.split('-')[0] ?? '';
      lastArrival.set(prefix, Date.now());
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    counts,
    lastArrival,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `size` participants of `cohortId`, each with one device whose path starts with `/push/{prefix}-`. */
async function seedSegment(deps: Deps, cohortId: string, size: number, prefix: string, pushUrl: string): Promise<void> {
  const { newUserDoc } = await import('../../functions/src/shared/user-repository');
  const { sha256Hex } = await import('../../functions/src/shared/crypto');
  // One browser's keys for every device: what is measured is the sending, not the key generation.
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
  const now = new Date();
  const startDate = now.toISOString().slice(0, 10);
  for (let from = 0; from < size; from += 200) {
    const batch = deps.db.batch();
    for (let i = from; i < Math.min(size, from + 200); i++) {
      const uid = `${prefix}-${String(i).padStart(4, '0')}`;
      const endpoint = `${pushUrl}/push/${uid}`;
      batch.set(deps.db.collection('users').doc(uid), newUserDoc({ email: `${uid}@sfida8.local`, name: `Persona ${i}`, role: 'PARTICIPANT', cohortId, timeZone: 'Europe/Rome', now, challenge: { startDate, joinedOn: null } }));
      batch.set(deps.db.collection('pushSubscriptions').doc(sha256Hex(endpoint)), { uid, endpoint, keys, createdAt: now.toISOString() });
    }
    await batch.commit();
  }
}

interface SendResult {
  requestMs: number;
  /** From the request's start to the last of the segment's pushes. */
  lastDeliveryMs: number;
}

export async function measureFanOut(options: { apiBase: string | null; apiProblem: string | null; log: (line: string) => void }): Promise<Row[]> {
  const { apiBase, log } = options;
  const names = {
    smallP50: `POST message to a segment (${SMALL_SEGMENT} recipients) latency p50`,
    largeP50: `POST message to a segment (${LARGE_SEGMENT.toLocaleString('en')} recipients) latency p50`,
    smallLast: `message to ${SMALL_SEGMENT}: time until the last push`,
    largeLast: `message to ${LARGE_SEGMENT.toLocaleString('en')}: time until the last push`,
    duplicates: `messages to ${SMALL_SEGMENT} and ${LARGE_SEGMENT.toLocaleString('en')}: pushes received more than once`,
  };
  const unavailable = (note: string): Row[] => [
    { section: 'API', figure: names.smallP50, value: null, baseline: null, unit: 'ms', goal: '', ok: null, note },
    { section: 'API', figure: names.largeP50, value: null, baseline: null, unit: 'ms', goal: `≤ ${P50_GOAL}× baseline`, ok: null, note },
    { section: 'API', figure: names.largeLast, value: null, baseline: null, unit: 'ms', goal: '', ok: null, note },
    { section: 'API', figure: names.duplicates, value: null, baseline: null, unit: 'count', goal: '0', ok: null, note },
  ];
  if (!apiBase) return unavailable(`${NOT_AVAILABLE}: ${options.apiProblem ?? 'the app function is not running'}`);

  const counter = await startPushCounter();
  try {
    const [{ loadConfig }, { createDeps }, { ensureAccount }, store] = await Promise.all([
      import('../../functions/src/config'),
      import('../../functions/src/deps'),
      import('../../functions/src/features/account/admin'),
      import('../../functions/src/sessions/session-store'),
    ]);
    const deps = await createDeps(loadConfig(process.env));
    const server = { ensureAccount, sessions: new store.SessionStore(deps.db, deps.auth, deps.clock) };
    const started = Date.now();
    const today = new Date().toISOString().slice(0, 10);
    const cookies = {
      small: await seedCoach(deps, server, [SMALL_COHORT], today, { email: 'bench-fanout-50@sfida8.local', password: 'bench-fanout-2025', name: 'Coach Cinquanta' }),
      large: await seedCoach(deps, server, [LARGE_COHORT], today, { email: 'bench-fanout-5000@sfida8.local', password: 'bench-fanout-2025', name: 'Coach Cinquemila' }),
    };
    await seedSegment(deps, SMALL_COHORT, SMALL_SEGMENT, 'fan50', counter.url);
    await seedSegment(deps, LARGE_COHORT, LARGE_SEGMENT, 'fan5k', counter.url);
    // The members are written directly: the migration builds the cohorts' member indexes.
    const { buildMemberIndexes } = await import('../../functions/src/shared/member-index-repository');
    await buildMemberIndexes(deps);
    log(`  seeded ${SMALL_SEGMENT} and ${LARGE_SEGMENT} participants with a device each (${((Date.now() - started) / 1000).toFixed(1)} s)`);

    const origin = appOrigins(profile).split(',')[0]!;
    const send = async (cohortId: string, cookie: string, prefix: string, size: number, expected: number): Promise<SendResult> => {
      const before = Date.now();
      const response = await fetch(`${apiBase}/api/coach/cohorts/${cohortId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `__session=${cookie}`, origin },
        body: JSON.stringify({ requestId: randomUUID(), text: 'Ciao {nome}, nuova settimana!', segment: 'all' }),
      });
      const body = await response.text();
      const requestMs = Date.now() - before;
      if (response.status !== 201) throw new Error(`the send answered ${response.status}: ${body.slice(0, 200)}`);
      // Every device of the segment has its push once `expected` pushes reached it in all.
      const deadline = before + DELIVERY_TIMEOUT_MS;
      const received = () => [...counter.counts].filter(([path]) => path.startsWith(`/push/${prefix}-`)).reduce((sum, [, count]) => sum + Math.min(count, expected), 0);
      let reported = Date.now();
      while (received() < size * expected) {
        if (Date.now() > deadline) throw new Error(`after ${DELIVERY_TIMEOUT_MS / 1000} s, ${received()} of ${size * expected} pushes had arrived`);
        if (Date.now() - reported > 15_000) {
          reported = Date.now();
          log(`    ${received() - size * (expected - 1)} of ${size} pushes after ${Math.round((reported - before) / 1000)} s`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // The segment's last push has just arrived (a late duplicate would come after the polling saw them all).
      return { requestMs, lastDeliveryMs: (counter.lastArrival.get(prefix) ?? before) - before };
    };

    // One send first: the function's workers start (not measured).
    log('  warming up: one send to the 50…');
    await send(SMALL_COHORT, cookies.small, 'fan50', SMALL_SEGMENT, 1);
    const small: SendResult[] = [];
    const large: SendResult[] = [];
    for (let round = 0; round < SMALL_ROUNDS; round++) {
      small.push(await send(SMALL_COHORT, cookies.small, 'fan50', SMALL_SEGMENT, round + 2));
      log(`  to 50, round ${round + 1}: ${small.at(-1)!.requestMs} ms to answer, last push after ${small.at(-1)!.lastDeliveryMs} ms`);
    }
    for (let round = 0; round < LARGE_ROUNDS; round++) {
      large.push(await send(LARGE_COHORT, cookies.large, 'fan5k', LARGE_SEGMENT, round + 1));
      log(`  to 5,000, round ${round + 1}: ${large.at(-1)!.requestMs} ms to answer, last push after ${large.at(-1)!.lastDeliveryMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS));
    let duplicates = 0;
    let missing = 0;
    for (const [prefix, size, sends] of [['fan50', SMALL_SEGMENT, SMALL_ROUNDS + 1], ['fan5k', LARGE_SEGMENT, LARGE_ROUNDS]] as const) {
      for (let i = 0; i < size; i++) {
        const count = counter.counts.get(`/push/${prefix}-${String(i).padStart(4, '0')}`) ?? 0;
        duplicates += Math.max(0, count - sends);
        missing += Math.max(0, sends - count);
      }
    }
    const smallP50 = median(small.map((result) => result.requestMs));
    const largeP50 = median(large.map((result) => result.requestMs));
    const rounds = (results: SendResult[]) => results.map((result) => `${result.requestMs}/${result.lastDeliveryMs}`).join(', ');
    const deliveryNote = 'from the request to the last push the stand-in received, median of the rounds; the pushDeliveries function in the Functions emulator, dispatched by the Cloud Tasks emulator';
    return [
      { section: 'API', figure: names.smallP50, value: smallP50, baseline: null, unit: 'ms', goal: '', ok: null, note: `${SMALL_ROUNDS} sends after a warm-up; answer/last push per send (ms): ${rounds(small)}` },
      {
        section: 'API',
        figure: names.largeP50,
        value: largeP50,
        baseline: smallP50,
        unit: 'ms',
        goal: `≤ ${P50_GOAL}× baseline`,
        ok: largeP50 <= P50_GOAL * smallP50,
        note: `baseline: the same send to ${SMALL_SEGMENT}; ${LARGE_ROUNDS} send, answer/last push (ms): ${rounds(large)}`,
      },
      { section: 'API', figure: names.smallLast, value: median(small.map((result) => result.lastDeliveryMs)), baseline: null, unit: 'ms', goal: '', ok: null, note: deliveryNote },
      { section: 'API', figure: names.largeLast, value: median(large.map((result) => result.lastDeliveryMs)), baseline: null, unit: 'ms', goal: '', ok: null, note: deliveryNote },
      {
        section: 'API',
        figure: names.duplicates,
        value: duplicates,
        baseline: null,
        unit: 'count',
        goal: '0',
        ok: duplicates === 0 && missing === 0,
        note: `${SMALL_ROUNDS + 1} sends to each of the 50 devices, ${LARGE_ROUNDS} to each of the 5,000, counted ${GRACE_MS / 1000} s after the last one; pushes missing: ${missing}`,
      },
    ];
  } catch (error) {
    log(`  ! ${(error as Error).stack}`);
    return unavailable(`${NOT_AVAILABLE}: ${(error as Error).message}`);
  } finally {
    await counter.close();
  }
}
