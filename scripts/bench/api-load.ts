import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { mondayOf, todayIn } from '@sfida/core/dates';
import { TRIAGE_PAGE_SIZE } from '@sfida/core/triage';
import type { Deps } from '../../functions/src/deps';
import { emulatorEnv, LOCAL_INVITE_CODE, benchProfile, repoRoot } from '../stack/profiles';
import { capture } from '../stack/run';
import { appInBenchProcess, FLOOR_SPEC, recordGetFloor, recordSyncFloor, type RecordedFloor } from './floors';
import { floorRows, NOT_AVAILABLE, ratioRow, type Row } from './results';
import { startReadCounter, type ReadCounter } from './read-count';
import { BENCH_COHORT_ID, COHORT_SIZE, type ScaleSessions } from './seed';
import { COACH_HOME_SETUPS, coachHomeCohortIds, setupLabel, type CoachHomeSessions, type CoachHomeSetup } from './seed-coach-home';
import { LARGE_COHORT_ID, LARGE_COHORT_SIZE } from './seed-cohort';
import { LONG_COHORT_ID, LONG_HISTORY_NOTE } from './seed-long';
import { SYNC_COHORT_ID } from './seed-sync';
import { startSyncParticipant } from './sync-participant';
import { BENCH_TIME_ZONE } from './tracker-fixture';

const CONNECTIONS = 50;
const DURATION_S = 10;
/** A short warm-up load before each timed run (JIT, connection pools). */
const WARMUP_S = 3;
const THROUGHPUT_GOAL = 0.7;
/** The sync's goals against its floor (the same reads and writes, nothing else): a sync costs what changed, not what exists. */
const SYNC_FLOOR_THROUGHPUT_GOAL = 0.5;
const SYNC_FLOOR_P50_GOAL = 2;
/** A participant of 24 months syncs at most this much slower (p50) than one of eight weeks. */
const LONG_SYNC_P50_GOAL = 1.2;
/** No document of a participant grows past a quarter of Firestore's 1 MiB limit over 24 months. */
const LONGEST_DOCUMENT_GOAL = 256 * 1024;
/**
 * The goal's comparison (/api/auth/me against the baseline) runs in this many rounds of one load
 * each, in alternating order (baseline then /me, /me then baseline, …), and each side reports its
 * median round. This shared 2-core machine's speed drifts within minutes (one earlier full run
 * had the baseline at 2471 req/s against 1900–2300 in the others): one load of each, a minute
 * apart, compared that drift as much as the two handlers.
 */
const PAIRED_ROUNDS = 3;

interface Load {
  /** One request on its own, before the load. */
  aloneMs?: number;
  requestsPerSecond: number;
  total: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, { count: number }>;
  /** Size of each sync participant's tracker (a sync load), in bytes. */
  bodyBytes?: number[];
}

interface Target {
  url: string;
  /** Concurrent connections, CONNECTIONS unless given. */
  connections?: number;
  method?: string;
  headers?: Record<string, string>;
  /**
   * Each connection a participant of its own syncing its tracker (sync-participant.ts): their
   * session cookies. The number of connections is theirs.
   */
  syncSessions?: string[];
  /** Each connection its own request, sent again and again: a floor's slots (floor-plan.ts). The number of connections is theirs. */
  perConnection?: Array<{ method: string; headers: Record<string, string>; body?: string }>;
}

async function runLoad(target: Target, duration: number): Promise<Load> {
  const options = JSON.stringify({ ...target, connections: target.connections ?? CONNECTIONS, duration });
  const { code, stdout, stderr } = await capture(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts', 'bench', 'load-worker.ts'), options]);
  try {
    if (code !== 0) throw new Error(`exit ${code}`);
    return JSON.parse(stdout) as Load;
  } catch (error) {
    throw new Error(`autocannon on ${target.url} failed (${(error as Error).message}): ${stderr.slice(0, 300)}`);
  }
}

/** Median time of one request on its own (three in a row; of a sync load, three syncs of its first participant), in ms. */
async function aloneMs(target: Target): Promise<number> {
  const participant = target.syncSessions ? await startSyncParticipant(target.url, target.syncSessions[0]!) : null;
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const sync = participant?.request() ?? target.perConnection?.[0];
    const started = performance.now();
    const response = await fetch(target.url, {
      method: sync?.method ?? target.method ?? 'GET',
      headers: sync?.headers ?? target.headers ?? {},
      ...(sync?.body !== undefined ? { body: sync.body } : {}),
      signal: AbortSignal.timeout(60_000),
    });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    participant?.answered(response.status, response.headers.get('etag') ?? undefined);
  }
  return times.sort((a, b) => a - b)[1]!;
}

/** Starts a function host, times one request alone, warms up, then runs the timed load. `{host}` in the URL is the host's base. */
async function measure(specs: string[], target: Target): Promise<Load> {
  const host = await startFunctionHost(specs);
  try {
    const resolved = { ...target, url: target.url.replace('{host}', host.base) };
    const alone = await aloneMs(resolved);
    await runLoad(resolved, WARMUP_S);
    return { ...(await runLoad(resolved, DURATION_S)), aloneMs: alone };
  } finally {
    host.stop();
  }
}

/** The load with the median throughput (its latencies and counts come with it). */
function medianLoad(loads: Load[]): Load {
  const sorted = [...loads].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** "2153, 1990, 2210 req/s", in the order they ran. */
const roundsNote = (loads: Load[]) => `${loads.map((load) => load.requestsPerSecond.toFixed(0)).join(', ')} req/s`;

/**
 * PAIRED_ROUNDS loads of the baseline and of `target`, alternating which goes first, so a drift
 * of the machine's speed weighs on both sides alike.
 */
async function measurePaired(
  specs: string[],
  baselineTarget: Target,
  target: Target,
  log: (line: string) => void,
  labels: [string, string] = ['baseline', 'endpoint'],
): Promise<{ baseline: Load[]; loads: Load[] }> {
  const [baseline, loads] = (await measureRounds(specs, [baselineTarget, target], log, labels)) as [Load[], Load[]];
  return { baseline, loads };
}

/**
 * PAIRED_ROUNDS loads of each target, the order turned by one each round (A B C, B C A, C A B;
 * with two, A B then B A), so a drift of the machine's speed weighs on every side alike.
 */
async function measureRounds(specs: string[], targets: Target[], log: (line: string) => void, labels: string[]): Promise<Load[][]> {
  const loads: Load[][] = targets.map(() => []);
  for (let round = 0; round < PAIRED_ROUNDS; round++) {
    for (let i = 0; i < targets.length; i++) {
      const side = (i + round) % targets.length;
      loads[side]!.push(await measure(specs, targets[side]!));
    }
    log(`    round ${round + 1}/${PAIRED_ROUNDS}: ${labels.map((label, i) => `${label} ${loads[i]!.at(-1)!.requestsPerSecond.toFixed(0)} req/s`).join(', ')}`);
  }
  return loads;
}

const sizeOf = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${Math.round(bytes / 1024)} KB`);
const errorsOf = (load: Load) => load.non2xx + load.errors + load.timeouts;
const statusSummary = (load: Load) =>
  Object.entries(load.statusCodes)
    .map(([status, { count }]) => `${status}×${count}`)
    .join(', ');

function endpointRows(name: string, load: Load | null, baseline: Load | null, options: { throughputGoal?: number; p50Within?: number; note?: string }): Row[] {
  const section = 'API' as const;
  const alone = load?.aloneMs === undefined ? '' : `one request alone ${Math.round(load.aloneMs)} ms; `;
  const statuses = load && load.total > 0 ? `status ${statusSummary(load)}` : `no answer within autocannon's 10 s timeout`;
  const bodies = load?.bodyBytes?.length ? `; bodies sent of ${sizeOf(Math.min(...load.bodyBytes))}–${sizeOf(Math.max(...load.bodyBytes))}` : '';
  const note = load ? `${alone}${load.total} requests in ${DURATION_S} s, ${statuses}${bodies}${options.note ? `; ${options.note}` : ''}` : options.note;
  const throughputOk = options.throughputGoal && load && baseline ? load.requestsPerSecond >= options.throughputGoal * baseline.requestsPerSecond : null;
  return [
    {
      section,
      figure: `${name} throughput`,
      value: load?.requestsPerSecond ?? null,
      baseline: baseline?.requestsPerSecond ?? null,
      unit: 'req/s',
      goal: options.throughputGoal ? `≥ ${options.throughputGoal}× baseline` : '',
      ok: throughputOk ?? null,
      ...(note ? { note } : {}),
    },
    {
      section,
      figure: `${name} latency p50`,
      value: load && load.total > 0 ? load.p50 : null,
      baseline: baseline?.p50 ?? null,
      unit: 'ms',
      goal: options.p50Within ? `≤ ${options.p50Within}× baseline` : '',
      ok: options.p50Within && load && load.total > 0 && baseline ? load.p50 <= options.p50Within * baseline.p50 : null,
    },
    { section, figure: `${name} latency p99`, value: load && load.total > 0 ? load.p99 : null, baseline: baseline?.p99 ?? null, unit: 'ms', goal: '', ok: null },
    {
      section,
      figure: `${name} errors (non-2xx included)`,
      value: load ? errorsOf(load) : null,
      baseline: baseline ? errorsOf(baseline) : null,
      unit: 'count',
      goal: '0',
      ok: load ? errorsOf(load) === 0 : null,
    },
  ];
}

interface MeasureOptions {
  /** Whether the app's function is built and answered in the emulator. */
  appFunction: boolean;
  apiProblem: string | null;
  cookie: string | null;
  /** Sessions of the sync row's participants, one per connection (seed-sync.ts). */
  syncSessions: string[] | null;
  /** Sessions of the 24-month sync row's participants (seed-long.ts), null when not seeded. */
  longSyncSessions: string[] | null;
  /** The 24-month template participant's documents, read back after the seeding (seed-long.ts). */
  longHistory: { documents: number; largestPath: string; largestBytes: number } | null;
  log: (line: string) => void;
}

interface FunctionHost {
  base: string;
  stop(): void;
}

/** Starts scripts/bench/function-host.ts with the given functions; resolves once it listens. Stopping kills it outright, abandoning any backlog. */
function startFunctionHost(specs: string[]): Promise<FunctionHost> {
  const env = {
    ...process.env,
    ...emulatorEnv(benchProfile),
    INVITE_CODE: LOCAL_INVITE_CODE,
    // What the emulator's worker gets too (the app then keeps the local bucket folder).
    FUNCTIONS_EMULATOR: 'true',
    FIREBASE_CONFIG: JSON.stringify({ projectId: benchProfile.projectId }),
  };
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts', 'bench', 'function-host.ts'), ...specs], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => {
      const { port } = JSON.parse(chunk.toString()) as { port: number };
      resolve({ base: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGKILL') });
    });
    child.on('exit', (code) => reject(new Error(`function host exited (${code}): ${err.slice(0, 400)}`)));
  });
}

/**
 * autocannon on the app's `api` function and on the baseline function, each served as one
 * Cloud Functions instance serves it (scripts/bench/function-host.ts): the Functions
 * emulator gives every concurrent request a Node process of its own, so 50 connections
 * would measure 50 processes starting on 2 cores rather than the function.
 */
export async function measureApi(options: MeasureOptions): Promise<Row[]> {
  const specs = [`/baseline=${join(repoRoot, '.bench', 'baseline-fn', 'index.js')}#baseline`];
  if (options.appFunction) specs.push(`/api=${join(repoRoot, 'functions', 'lib', 'index.js')}#api`);
  return measureOnHost(specs, options);
}

/**
 * The loads, each on a fresh function host: requests a load leaves unanswered when autocannon
 * stops would otherwise keep the next endpoint's server busy. The baseline and /api/auth/me run
 * in alternating rounds (PAIRED_ROUNDS); the other endpoints once each, against the baseline's
 * median round.
 */
async function measureOnHost(specs: string[], options: MeasureOptions): Promise<Row[]> {
  const { cookie, log } = options;
  const rows: Row[] = [];
  const apiBase = options.appFunction ? '{host}/api' : null;
  const unavailable = apiBase === null || cookie === null ? `${NOT_AVAILABLE}: ${options.apiProblem ?? 'no signed-in session'}` : null;
  const signedIn: Record<string, string> = cookie ? { Cookie: `__session=${cookie}` } : {};
  const baselineTarget: Target = { url: '{host}/baseline' };
  const baselineNote = 'bare Express handler, one Firestore document read';
  const me = { name: 'GET /api/auth/me', target: apiBase ? { url: `${apiBase}/api/auth/me`, headers: signedIn } : null, throughputGoal: THROUGHPUT_GOAL };
  let baseline: Load | null = null;
  if (unavailable || !me.target) {
    try {
      log('  baseline (bare Express + one Firestore read)…');
      baseline = await measure(specs, baselineTarget);
      rows.push(...endpointRows('baseline function', baseline, null, { note: baselineNote }));
    } catch (error) {
      rows.push(...endpointRows('baseline function', null, null, { note: `${NOT_AVAILABLE}: ${(error as Error).message}` }));
    }
    rows.push(...endpointRows(me.name, null, baseline, { ...me, note: unavailable ?? NOT_AVAILABLE }));
  } else {
    try {
      log(`  baseline (bare Express + one Firestore read) and ${me.name}, ${PAIRED_ROUNDS} alternating rounds…`);
      const paired = await measurePaired(specs, baselineTarget, me.target, log);
      baseline = medianLoad(paired.baseline);
      const ratios = paired.loads.map((load, i) => `${(load.requestsPerSecond / paired.baseline[i]!.requestsPerSecond).toFixed(2)}×`).join(', ');
      const median = `median of ${PAIRED_ROUNDS} rounds`;
      rows.push(...endpointRows('baseline function', baseline, null, { note: `${baselineNote}; ${median} (${roundsNote(paired.baseline)})` }));
      rows.push(...endpointRows(me.name, medianLoad(paired.loads), baseline, { ...me, note: `${median} (${roundsNote(paired.loads)}; each round against its own baseline: ${ratios})` }));
    } catch (error) {
      const note = `${NOT_AVAILABLE}: ${(error as Error).message}`;
      rows.push(...endpointRows('baseline function', null, null, { note }), ...endpointRows(me.name, null, null, { ...me, note }));
    }
  }

  rows.push(...(await measureSyncRows(specs, options, unavailable, baseline)));
  return rows;
}

/** A floor's errors: every answer of the bare function is a 200, or the floor measured something else. */
function floorErrorsRow(name: string, floor: Load): Row {
  return { section: 'API', figure: `${name} floor errors (non-2xx included)`, value: errorsOf(floor), baseline: null, unit: 'count', goal: '0', ok: errorsOf(floor) === 0, note: `status ${statusSummary(floor)}` };
}

/** The sync rows: eight weeks, and 24 months when seeded (seed-long.ts). */
interface SyncSide {
  label: string;
  name: string;
  sessions: string[] | null;
  note: string;
}

/**
 * The sync rows (PATCH /api/users/me/progress) of eight weeks and of 24 months, each beside its
 * floor (floors.ts: the bare function doing the same reads and writes, recorded from one real
 * sync of each participant), all four in PAIRED_ROUNDS rounds of turning order; each against
 * its floor and the one-read baseline, and the 24 months' p50 against the eight weeks'.
 */
async function measureSyncRows(specs: string[], options: MeasureOptions, unavailable: string | null, baseline: Load | null): Promise<Row[]> {
  const { log, syncSessions, longSyncSessions } = options;
  const goals = { throughputAtLeast: SYNC_FLOOR_THROUGHPUT_GOAL, p50AtMost: SYNC_FLOOR_P50_GOAL };
  const change = 'ticking or unticking a habit for today: the change alone, with If-Match the tag of its last 200';
  const sides: SyncSide[] = [
    {
      label: '8 weeks',
      name: 'PATCH /api/users/me/progress (8 weeks)',
      sessions: syncSessions,
      note: `each connection a participant of its own (${syncSessions?.length ?? 0} in ${SYNC_COHORT_ID}, on the last day of eight weeks synced once a day), ${change}`,
    },
    {
      label: '24 months',
      name: 'PATCH /api/users/me/progress (24 months)',
      sessions: longSyncSessions,
      note: `each connection a participant of its own (${longSyncSessions?.length ?? 0} in ${LONG_COHORT_ID}, ${LONG_HISTORY_NOTE}), ${change}`,
    },
  ];
  const emptyRows = (side: SyncSide, note: string) => [...endpointRows(side.name, null, baseline, { note }), ...floorRows(side.name, null, null, baseline, goals)];
  const ready = sides.filter((side) => side.sessions !== null && !unavailable);
  const history = options.longHistory;
  const rows: Row[] = [
    {
      section: 'API',
      figure: 'largest stored document of a 24-month participant',
      value: history?.largestBytes ?? null,
      baseline: null,
      unit: 'bytes',
      goal: `≤ ${LONGEST_DOCUMENT_GOAL / 1024} KB`,
      ok: history ? history.largestBytes <= LONGEST_DOCUMENT_GOAL : null,
      note: history
        ? `${history.largestPath}, of the ${history.documents} documents under the template participant's id (every one its syncs and its new season wrote or its last sync read), read back from the emulator; Firestore's limit is 1 MiB`
        : `${NOT_AVAILABLE}: the 24-month participants not seeded`,
    },
  ];
  const notSeeded = (side: SyncSide) => emptyRows(side, unavailable ?? `${NOT_AVAILABLE}: the ${side.label} sync participants not seeded`);
  const longAgainstEight = (long: number | null, eight: number | null) =>
    ratioRow(`${sides[1]!.name} latency p50 against 8 weeks`, long, eight, 'ms', { atMost: LONG_SYNC_P50_GOAL, label: '8 weeks' }, 'the two sync rows above, measured in the same rounds');
  if (ready.length === 0) return [...rows, ...sides.flatMap(notSeeded), longAgainstEight(null, null)];
  try {
    log(`  recording the sync floors (${ready.map((side) => side.label).join(', ')}): one sync per participant on the app in this process…`);
    const floors: RecordedFloor[] = [];
    for (const side of ready) floors.push(await recordSyncFloor(`sync-${side.label.replace(/\W+/g, '-')}`, side.sessions!));
    for (const [i, floor] of floors.entries()) log(`    ${ready[i]!.label}: ${floor.summary}`);
    const targets = ready.flatMap((side, i): Target[] => [
      { url: '{host}/api/api/users/me/progress', method: 'PATCH', syncSessions: side.sessions! },
      { url: floors[i]!.url, perConnection: floors[i]!.perConnection },
    ]);
    const labels = ready.flatMap((side) => [side.label, `${side.label} floor`]);
    log(`  ${labels.join(', ')}: ${PAIRED_ROUNDS} rounds in turning order…`);
    const loads = await measureRounds([...specs, FLOOR_SPEC], targets, log, labels);
    const median = `throughput: median round of ${PAIRED_ROUNDS}, p50 and p99: median of the rounds'`;
    const results = ready.map((side, i) => ({ side, load: medianLatencies(loads[2 * i]!), floor: medianLatencies(loads[2 * i + 1]!), rounds: [loads[2 * i]!, loads[2 * i + 1]!] as const, plan: floors[i]! }));
    for (const side of sides) {
      const result = results.find((r) => r.side === side);
      if (!result) {
        rows.push(...notSeeded(side));
        continue;
      }
      const { load, floor, rounds, plan } = result;
      const perRound = rounds[0].map((l, r) => `${l.p50}/${rounds[1][r]!.p50} ms`).join(', ');
      rows.push(...endpointRows(side.name, load, baseline, { note: `${side.note}; baseline: the one-read function; ${median} (${roundsNote(rounds[0])})` }));
      rows.push(
        ...floorRows(side.name, load, floor, baseline, goals, `floor: ${plan.summary}, recorded from one real sync of each participant and replayed to scratch copies; ${roundsNote(rounds[1])}; p50 per round (sync/floor) ${perRound}`),
      );
      rows.push(floorErrorsRow(side.name, floor));
    }
    const [eight, long] = [results.find((r) => r.side === sides[0]), results.find((r) => r.side === sides[1])];
    rows.push(longAgainstEight(long?.load.p50 ?? null, eight?.load.p50 ?? null));
  } catch (error) {
    const note = `${NOT_AVAILABLE}: ${(error as Error).message.split('\n')[0]}`;
    rows.push(...sides.flatMap((side) => (ready.includes(side) ? emptyRows(side, note) : notSeeded(side))), longAgainstEight(null, null));
  }
  return rows;
}

/** The cohort-size goal: a call's p50 at LARGE_COHORT_SIZE within this factor of its p50 at COHORT_SIZE. */
const SCALE_P50_GOAL = 1.3;
/**
 * The roster page is a coach's call (a few coaches at once, not a cohort's participants) and
 * answers 100 synced trackers (~6 MB before compression): at 50 connections no answer came within
 * autocannon's 10 s timeout.
 */
const ROSTER_CONNECTIONS = 4;
/** The roster page's goal: its p50 at LARGE_COHORT_SIZE within this factor of its floor's at ROSTER_CONNECTIONS. */
const ROSTER_FLOOR_P50_GOAL = 1.5;
/** The page the console asks for, and the roster's goal for the documents it reads: at most the page and this many more. */
const ROSTER_PAGE_SIZE = 100;
const ROSTER_READS_OVER_PAGE = 5;
/**
 * "Andamento"'s goal for the documents it reads, whatever the cohort's size: the session, the
 * caller, the cohort and its counter shards (WEEK_STAT_SHARDS in functions/src/shared/week-stats-repository.ts).
 */
const PROGRESS_READS = 3 + 10;

interface ScaleOptions {
  appFunction: boolean;
  apiProblem: string | null;
  /** The runner's session (a participant of the small cohort). */
  cookie: string | null;
  sessions: ScaleSessions | null;
  cohortReady: string;
  log: (line: string) => void;
}

const participants = (size: number) => `${size.toLocaleString('en')} participants`;

/**
 * The cohort-size rows: the leaderboard and the coach's roster page on the bench cohort
 * (COHORT_SIZE) and on the large one (LARGE_COHORT_SIZE), in PAIRED_ROUNDS alternating rounds of
 * one load each, and the documents each call reads (read-count.ts, on the app built in this
 * process). The large cohort's rows have the small cohort's as their baseline.
 */
export async function measureCohortScale(options: ScaleOptions): Promise<Row[]> {
  const { cookie, sessions, log } = options;
  const specs = [`/api=${join(repoRoot, 'functions', 'lib', 'index.js')}#api`, `/baseline=${join(repoRoot, '.bench', 'baseline-fn', 'index.js')}#baseline`];
  const unavailable =
    !options.appFunction || cookie === null || sessions === null
      ? `${NOT_AVAILABLE}: ${options.apiProblem ?? (sessions === null ? 'the large cohort or the coach not seeded' : 'no signed-in session')}`
      : null;
  const weekStart = mondayOf(todayIn(BENCH_TIME_ZONE, new Date()));
  const leaderboard = (cohortId: string) => `/api/cohorts/${cohortId}/leaderboard?weekStart=${weekStart}`;
  // The coach console's first call: one page of ROSTER_PAGE_SIZE (web/src/features/coach-roster/api/roster.ts), compressed.
  const roster = (cohortId: string) => `/api/coach/cohorts/${cohortId}/participants?limit=${ROSTER_PAGE_SIZE}`;
  // "Andamento" as the cohort page first asks for it: no comparison.
  const progressByWeek = (cohortId: string) => `/api/coach/cohorts/${cohortId}/progress-by-week`;
  const calls = [
    {
      name: 'GET leaderboard',
      small: { path: leaderboard(BENCH_COHORT_ID), cookie },
      large: { path: leaderboard(LARGE_COHORT_ID), cookie: sessions?.largeViewer ?? null },
      note: 'a participant of the cohort (tracker variant 0, challenge ended yesterday), this week',
      connections: CONNECTIONS,
    },
    {
      name: 'GET coach roster page',
      small: { path: roster(BENCH_COHORT_ID), cookie: sessions?.coach ?? null },
      large: { path: roster(LARGE_COHORT_ID), cookie: sessions?.coach ?? null },
      note: `the coach (OWNER in coachIds), ?limit=100 as the console asks, Accept-Encoding gzip, ${ROSTER_CONNECTIONS} connections`,
      connections: ROSTER_CONNECTIONS,
    },
    {
      name: 'GET cohort progress by week (Andamento)',
      small: { path: progressByWeek(BENCH_COHORT_ID), cookie: sessions?.coach ?? null },
      large: { path: progressByWeek(LARGE_COHORT_ID), cookie: sessions?.coach ?? null },
      note: `the coach, as the cohort page asks (no comparison), Accept-Encoding gzip, ${CONNECTIONS} connections; the counters written by the seeding's syncs, then rebuilt by the migration`,
      connections: CONNECTIONS,
    },
  ];
  const headersOf = (session: string | null): Record<string, string> => ({ Cookie: `__session=${session}`, 'Accept-Encoding': 'gzip' });

  const rows: Row[] = [];
  for (const call of calls) {
    const smallName = `${call.name} (${participants(COHORT_SIZE)})`;
    const largeName = `${call.name} (${participants(LARGE_COHORT_SIZE)})`;
    if (unavailable) {
      rows.push(...endpointRows(smallName, null, null, { note: unavailable }), ...endpointRows(largeName, null, null, { p50Within: SCALE_P50_GOAL, note: unavailable }));
      continue;
    }
    try {
      log(`  ${call.name}: ${participants(COHORT_SIZE)} and ${participants(LARGE_COHORT_SIZE)}, ${PAIRED_ROUNDS} alternating rounds…`);
      const small: Target = { url: `{host}/api${call.small.path}`, headers: headersOf(call.small.cookie), connections: call.connections };
      const large: Target = { url: `{host}/api${call.large.path}`, headers: headersOf(call.large.cookie), connections: call.connections };
      const paired = await measurePaired(specs, small, large, log, [participants(COHORT_SIZE), participants(LARGE_COHORT_SIZE)]);
      const smallLoad = medianLatencies(paired.baseline);
      const median = `throughput: median round of ${PAIRED_ROUNDS}, p50 and p99: median of the rounds'`;
      rows.push(...endpointRows(smallName, smallLoad, null, { note: `${call.note}; ${median} (${roundsNote(paired.baseline)}); ${options.cohortReady}` }));
      rows.push(
        ...endpointRows(largeName, medianLatencies(paired.loads), smallLoad, {
          p50Within: SCALE_P50_GOAL,
          note: `baseline: the same call on ${participants(COHORT_SIZE)}; ${median} (${roundsNote(paired.loads)}; p50 per round ${paired.loads.map((load, i) => `${load.p50}/${paired.baseline[i]!.p50} ms`).join(', ')})`,
        }),
      );
    } catch (error) {
      const note = `${NOT_AVAILABLE}: ${(error as Error).message}`;
      rows.push(...endpointRows(smallName, null, null, { note }), ...endpointRows(largeName, null, null, { p50Within: SCALE_P50_GOAL, note }));
    }
  }
  rows.push(...(await rosterAgainstFloor(specs, unavailable ?? null, sessions?.coach ?? null, roster(LARGE_COHORT_ID), log)));
  rows.push(...(await readRows(calls, unavailable, log)));
  rows.push(...(await measureCoachHome(specs, unavailable, sessions?.coachHomes ?? null, log)));
  return rows;
}

/**
 * The roster page on the large cohort beside its floor (floors.ts: the bare function doing the
 * same reads, recorded from one real request, and giving the same answer) and the one-read
 * baseline, all at ROSTER_CONNECTIONS, in rounds of turning order: the roster's own goal is
 * against its floor.
 */
async function rosterAgainstFloor(specs: string[], unavailable: string | null, coach: string | null, path: string, log: (line: string) => void): Promise<Row[]> {
  const name = `GET coach roster page (${participants(LARGE_COHORT_SIZE)})`;
  const goals = { p50AtMost: ROSTER_FLOOR_P50_GOAL };
  const empty = (note: string) => [...endpointRows(`${name} against the baseline function`, null, null, { note }), ...floorRows(name, null, null, null, goals)];
  if (unavailable || coach === null) return empty(unavailable ?? `${NOT_AVAILABLE}: no coach session`);
  try {
    const headers = { Cookie: `__session=${coach}`, 'Accept-Encoding': 'gzip' };
    log('  recording the roster page\'s floor (one request on the app in this process)…');
    const floor = await recordGetFloor('roster-5000', path, headers);
    log(`    ${floor.summary}`);
    log(`  GET coach roster page, its floor and the baseline function, ${ROSTER_CONNECTIONS} connections, ${PAIRED_ROUNDS} rounds in turning order…`);
    const targets: Target[] = [
      { url: '{host}/baseline', connections: ROSTER_CONNECTIONS },
      { url: floor.url, headers, connections: ROSTER_CONNECTIONS },
      { url: `{host}/api${path}`, headers, connections: ROSTER_CONNECTIONS },
    ];
    const [baselineLoads, floorLoads, loads] = (await measureRounds([...specs, FLOOR_SPEC], targets, log, ['baseline', 'floor', 'roster'])) as [Load[], Load[], Load[]];
    const [baseline, floorLoad, load] = [medianLatencies(baselineLoads), medianLatencies(floorLoads), medianLatencies(loads)];
    const perRound = loads.map((l, i) => `${l.p50}/${floorLoads[i]!.p50}/${baselineLoads[i]!.p50} ms`).join(', ');
    return [
      ...endpointRows(`${name} against the baseline function`, load, baseline, { note: `baseline: the bare one-read function at ${ROSTER_CONNECTIONS} connections; p50 per round (roster/floor/baseline) ${perRound}` }),
      ...floorRows(name, load, floorLoad, baseline, goals, `floor: ${floor.summary}, recorded from one real request (after one unrecorded); ${roundsNote(floorLoads)}`),
      floorErrorsRow(name, floorLoad),
    ];
  } catch (error) {
    return empty(`${NOT_AVAILABLE}: ${(error as Error).message.split('\n')[0]}`);
  }
}

/**
 * The median-throughput round with p50 and p99 replaced by the median of the rounds' own: the
 * goal compares latencies, and the round with the median throughput need not have the median p50.
 */
function medianLatencies(loads: Load[]): Load {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return { ...medianLoad(loads), p50: median(loads.map((load) => load.p50)), p99: median(loads.map((load) => load.p99)) };
}

interface ScaleCall {
  name: string;
  small: { path: string; cookie: string | null };
  large: { path: string; cookie: string | null };
}

/** Documents read by each call at both sizes: the first request (the leaderboard's top not cached yet) and a second one. */
async function readRows(calls: ScaleCall[], unavailable: string | null, log: (line: string) => void): Promise<Row[]> {
  const section = 'API' as const;
  const readsGoal = ROSTER_PAGE_SIZE + ROSTER_READS_OVER_PAGE;
  const readRow = (name: string, value: number | null, baseline: number | null, note: string): Row => {
    const goal = name.startsWith('GET coach roster page') ? readsGoal : name.startsWith('GET cohort progress by week') ? PROGRESS_READS : null;
    return {
      section,
      figure: `${name} documents read per request`,
      value,
      baseline,
      unit: 'count',
      goal: goal === null ? '' : `≤ ${goal}`,
      ok: goal !== null && value !== null ? value <= goal : null,
      note,
    };
  };
  const rowsOf = (note: string) =>
    calls.flatMap((call) => [
      readRow(`${call.name} (${participants(COHORT_SIZE)})`, null, null, note),
      readRow(`${call.name} (${participants(LARGE_COHORT_SIZE)})`, null, null, note),
    ]);
  if (unavailable) return rowsOf(unavailable);
  try {
    log('  documents read per request (the app in the bench process)…');
    return await withAppReadCounter(async (counter) => {
      const rows: Row[] = [];
      for (const call of calls) {
        const counts: Array<{ first: number; second: number; statuses: number[] }> = [];
        for (const side of [call.small, call.large]) {
          const headers = { Cookie: `__session=${side.cookie}` };
          const first = await counter.readsOf(side.path, headers);
          const second = await counter.readsOf(side.path, headers);
          counts.push({ first: first.reads, second: second.reads, statuses: [first.status, second.status] });
        }
        const [small, large] = counts as [(typeof counts)[0], (typeof counts)[0]];
        const noteOf = (count: typeof small) =>
          `first request ${count.first}, a second one ${count.second} (status ${count.statuses.join(', ')}); counted on createApp(deps) in the bench process, Admin SDK reads wrapped`;
        rows.push(readRow(`${call.name} (${participants(COHORT_SIZE)})`, small.first, null, noteOf(small)));
        rows.push(readRow(`${call.name} (${participants(LARGE_COHORT_SIZE)})`, large.first, small.first, noteOf(large)));
      }
      return rows;
    });
  } catch (error) {
    return rowsOf(`${NOT_AVAILABLE}: ${(error as Error).message.split('\n')[0]}`);
  }
}

/** Runs `work` with a read counter on the app built in the bench's process (read-count.ts) and that app's deps. */
async function withAppReadCounter<T>(work: (counter: ReadCounter, deps: Deps) => Promise<T>): Promise<T> {
  const { app, deps } = await appInBenchProcess();
  const counter = await startReadCounter(app, deps.db);
  try {
    return await work(counter, deps);
  } finally {
    await counter.close();
  }
}

/** The coach home's call: one page of "Da fare oggi" over all the coach's cohorts, as the console asks (web/src/features/coach-triage/api/triage.ts). */
const COACH_HOME_PATH = `/api/coach/triage?limit=${TRIAGE_PAGE_SIZE}`;
/** A coach's call, loaded as the roster page is. */
const COACH_HOME_CONNECTIONS = ROSTER_CONNECTIONS;
/** Warm-up looks per coach at most: 1,000 due participants take 4 (3 rounds of 100 a look). */
const COACH_HOME_WARMUP_LOOKS = 10;
/**
 * What a look reads besides its page and the coach's cohorts, once nobody is due: the session and
 * the coach's user (the session only on an instance's first look: it is cached), the due query
 * that finds nothing, the open count, the coach's two coachDays.
 */
const COACH_HOME_FIXED_READS = 6;

/** One look at the coach home, counted. */
interface HomeLook {
  reads: number;
  items: number;
  total: number;
}

/**
 * Participants of the setup's cohorts still due for the triage (read outside the counter). Only
 * participants: the coach's own document carries a `triageDueAt` too, which no look takes up.
 */
async function dueCount(deps: Deps, setup: CoachHomeSetup): Promise<number> {
  const due = deps.db
    .collection('users')
    .where('cohortId', 'in', coachHomeCohortIds(setup))
    .where('role', '==', 'PARTICIPANT')
    .where('triageDueAt', '<=', deps.clock().toISOString());
  return (await due.count().get()).data().count;
}

/**
 * Looks at the coach's home until none of their participants is due (each seeded due, as a sync
 * leaves them), then twice more: the warm-up looks and the two steady ones.
 */
async function settledLooks(counter: ReadCounter, deps: Deps, setup: CoachHomeSetup, cookie: string): Promise<{ warmUp: HomeLook[]; steady: [HomeLook, HomeLook] }> {
  const look = async (): Promise<HomeLook> => {
    const { status, reads, body } = await counter.readsOf(COACH_HOME_PATH, { Cookie: `__session=${cookie}` });
    if (status !== 200) throw new Error(`GET ${COACH_HOME_PATH} answered ${status}: ${body.slice(0, 160)}`);
    const page = JSON.parse(body) as { items: unknown[]; total: number };
    return { reads, items: page.items.length, total: page.total };
  };
  const warmUp: HomeLook[] = [];
  while ((await dueCount(deps, setup)) > 0) {
    if (warmUp.length === COACH_HOME_WARMUP_LOOKS) throw new Error(`participants of ${setupLabel(setup)} still due after ${COACH_HOME_WARMUP_LOOKS} looks`);
    warmUp.push(await look());
  }
  return { warmUp, steady: [await look(), await look()] };
}

/**
 * The coach's home (issue 37 §1) at 5 cohorts × 200 against 1 cohort × 40, in steady state: each
 * coach first looks until the triage has worked out every participant the seeding left due, and
 * the documents read are counted then; the two sides then run in PAIRED_ROUNDS alternating rounds.
 */
async function measureCoachHome(specs: string[], unavailable: string | null, coaches: CoachHomeSessions | null, log: (line: string) => void): Promise<Row[]> {
  const [small, large] = COACH_HOME_SETUPS as [CoachHomeSetup, CoachHomeSetup];
  const nameOf = (setup: CoachHomeSetup) => `GET coach home, Da fare oggi (${setupLabel(setup)})`;
  const readsGoal = (setup: CoachHomeSetup) => TRIAGE_PAGE_SIZE + setup.cohorts + COACH_HOME_FIXED_READS;
  const readRow = (setup: CoachHomeSetup, value: number | null, baseline: number | null, note: string): Row => ({
    section: 'API',
    figure: `${nameOf(setup)} documents read per request`,
    value,
    baseline,
    unit: 'count',
    goal: `≤ ${readsGoal(setup)}`,
    ok: value === null ? null : value <= readsGoal(setup),
    note,
  });
  const rowsOf = (note: string) => [
    ...endpointRows(nameOf(small), null, null, { note }),
    ...endpointRows(nameOf(large), null, null, { p50Within: SCALE_P50_GOAL, note }),
    readRow(small, null, null, note),
    readRow(large, null, null, note),
  ];
  if (unavailable) return rowsOf(unavailable);
  if (!coaches) return rowsOf(`${NOT_AVAILABLE}: the coach homes not seeded`);
  try {
    log(`  GET coach home: looks until nobody is due (${setupLabel(small)} and ${setupLabel(large)})…`);
    const looks = await withAppReadCounter(async (counter, deps) => ({
      small: await settledLooks(counter, deps, small, coaches.small),
      large: await settledLooks(counter, deps, large, coaches.large),
    }));
    const readsNote = ({ warmUp, steady }: (typeof looks)['small']) =>
      `steady looks ${steady.map((l) => l.reads).join(', ')}, after ${warmUp.length} warm-up looks reading ${warmUp.map((l) => l.reads).join(', ')}; ` +
      `page of ${steady[0].items} items, ${steady[0].total} open in all; goal: the page (${TRIAGE_PAGE_SIZE}), the coach's cohorts and ${COACH_HOME_FIXED_READS} more; ` +
      'counted on createApp(deps) in the bench process, Admin SDK reads wrapped';
    log(`    ${setupLabel(small)}: ${readsNote(looks.small)}`);
    log(`    ${setupLabel(large)}: ${readsNote(looks.large)}`);
    const reads = [readRow(small, looks.small.steady[0].reads, null, readsNote(looks.small)), readRow(large, looks.large.steady[0].reads, looks.small.steady[0].reads, readsNote(looks.large))];

    log(`  GET coach home: ${setupLabel(small)} and ${setupLabel(large)}, ${COACH_HOME_CONNECTIONS} connections, ${PAIRED_ROUNDS} alternating rounds…`);
    // The host mounts the function at /api and strips it, as the emulator strips its own prefix: the app then sees /api/….
    const target = (cookie: string): Target => ({ url: `{host}/api${COACH_HOME_PATH}`, headers: { Cookie: `__session=${cookie}`, 'Accept-Encoding': 'gzip' }, connections: COACH_HOME_CONNECTIONS });
    const paired = await measurePaired(specs, target(coaches.small), target(coaches.large), log, [setupLabel(small), setupLabel(large)]);
    const smallLoad = medianLatencies(paired.baseline);
    const median = `throughput: median round of ${PAIRED_ROUNDS}, p50 and p99: median of the rounds'`;
    const note = `the coach (OWNER of every cohort), ?limit=${TRIAGE_PAGE_SIZE} as the console asks, Accept-Encoding gzip, ${COACH_HOME_CONNECTIONS} connections, nobody due`;
    return [
      ...endpointRows(nameOf(small), smallLoad, null, { note: `${note}; ${median} (${roundsNote(paired.baseline)})` }),
      ...endpointRows(nameOf(large), medianLatencies(paired.loads), smallLoad, {
        p50Within: SCALE_P50_GOAL,
        note: `baseline: the same call by the coach of ${setupLabel(small)}; ${median} (${roundsNote(paired.loads)}; p50 per round ${paired.loads.map((load, i) => `${load.p50}/${paired.baseline[i]!.p50} ms`).join(', ')})`,
      }),
      ...reads,
    ];
  } catch (error) {
    return rowsOf(`${NOT_AVAILABLE}: ${(error as Error).message.split('\n')[0]}`);
  }
}
