import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { TrackerData } from '@sfida/core/tracker';
import { buildAll } from '../build';
import { assertProjectNode } from '../stack/node-runtime';
import { repoRoot } from '../stack/profiles';
import { measureApi, measureCohortScale } from './api-load';
import { startBenchStack, type BenchStack } from './bench-stack';
import { measureColdStart } from './cold-start';
import { measureEventEmails } from './event-emails';
import { LARGE_SEGMENT, measureFanOut, SMALL_SEGMENT } from './fan-out';
import { measurePages } from './pages';
import { measureRepeatVisit } from './repeat-visit';
import { handWrittenSections, markdownReport, NOT_AVAILABLE, runInfo, textTable, type Row } from './results';
import { COHORT_SIZE, seedBench, type Seeded } from './seed';
import { LARGE_COHORT_SIZE } from './seed-cohort';
import { buildEightWeekTracker, fullChallengeStart } from './tracker-fixture';
import { measureTracker } from './tracker-timing';

// `npm run bench`: measures what exists of the app, each figure next to its baseline, and
// prints one table (also docs/performance.md and .bench/results.json). Never a pass/fail
// test: it exits 0 unless the harness itself breaks. Flags: --no-build, --verbose, --only=….

assertProjectNode();
const args = new Set(process.argv.slice(2));
const verbose = args.has('--verbose');
/**
 * --only=pages,api,scale,fanout,eventemail,cold,tracker runs just those sections (the table then holds only them);
 * `scale` is the cohort-size rows (leaderboard and coach roster at two cohort sizes, the coach's
 * home at 1 cohort × 40 and 5 cohorts × 200); `fanout` a coach's message to 50 and to 5,000
 * participants, its pushes through the push queue; `eventemail` the event-day email to 5,000, its job's
 * runs and its emails through the email queue to the local mailbox.
 */
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',');
const runs = (name: 'pages' | 'api' | 'scale' | 'fanout' | 'eventemail' | 'cold' | 'tracker') => !only || only.includes(name);
const startedAt = new Date();
const log = (line: string) => console.log(line);
const section = (title: string) => console.log(`\n— ${title} (${Math.round((Date.now() - startedAt.getTime()) / 1000)} s)`);

/** Newest modification time under `path` (files only, node_modules skipped). */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

function buildIsStale(): boolean {
  const outputs = ['web/dist/index.html', 'functions/lib/index.js'].map((p) => join(repoRoot, p));
  if (outputs.some((p) => !existsSync(p))) return true;
  const builtAt = Math.min(...outputs.map((p) => statSync(p).mtimeMs));
  const sources = ['core/src', 'web/src', 'web/index.html', 'web/vite.config.ts', 'functions/src', 'functions/build.mjs'];
  return sources.some((p) => newest(join(repoRoot, p)) > builtAt);
}

function commitId(): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

const rows: Row[] = [];
const problems: string[] = [];

section('Build');
if (args.has('--no-build')) log('  skipped (--no-build)');
else if (!buildIsStale()) log('  web/dist and functions/lib are newer than their sources');
else {
  try {
    await buildAll({ quiet: true });
    log('  built web/dist and functions/lib');
  } catch (error) {
    // Measure whatever was built before: the rest reports "non disponibile".
    const message = (error as Error).message.split('\n').slice(0, 6).join('\n    ');
    problems.push(`build failed: ${message.split('\n')[0]}`);
    log(`  build failed, measuring what exists:\n    ${message}`);
  }
}

section('Tracker fixture: eight weeks of ten habits through core’s reducers');
const challengeStartDate = fullChallengeStart();
const trackers: TrackerData[] = [];
let fixtureProblem: string | undefined;
try {
  for (let variant = 0; variant < 4; variant++) trackers.push(await buildEightWeekTracker(challengeStartDate, variant));
  log(`  4 variants from ${challengeStartDate}, ${trackers[0]!.pointsHistory.length} points entries in the first`);
} catch (error) {
  fixtureProblem = (error as Error).message.split('\n')[0];
  log(`  ${NOT_AVAILABLE}: ${fixtureProblem}`);
}
const tracker = trackers[0] ?? null;

if (runs('tracker')) {
  section('Tracker timings');
  rows.push(...(await measureTracker(tracker, fixtureProblem)));
}

if (runs('cold')) {
  section('Cold start');
  rows.push(...(await measureColdStart()));
}

let stack: BenchStack | null = null;
let seeded: Seeded | null = null;
const stopStack = async () => {
  const running = stack;
  stack = null;
  await running?.stop();
};
process.once('SIGINT', () => {
  void stopStack().finally(() => process.exit(130));
});

/** Pages, API, cohort sizes and the fan-out: they need the bench stack. */
async function measureOnStack(): Promise<void> {
  section('Bench stack');
  stack = await startBenchStack(verbose ? (line) => log(`    [emulators] ${line}`) : undefined);
  log(`  hosting ${stack.hostingUrl ?? NOT_AVAILABLE}, functions ${stack.functionsBase}, app api ${stack.appApi ? 'up' : `${NOT_AVAILABLE} (${stack.appProblem})`}`);
  const apiBase = stack.appApi ? `${stack.functionsBase}/api` : null;

  if (runs('pages') || runs('api') || runs('scale')) await measureSeeded(apiBase);
  // The fan-out rows seed cohorts of their own, after the others (the embedded emulator's queries scan every user).
  if (runs('fanout')) {
    section(`Fan-out: a message to ${SMALL_SEGMENT} and to ${LARGE_SEGMENT} participants, its pushes through the push queue`);
    rows.push(...(await measureFanOut({ apiBase, apiProblem: stack.appProblem, log })));
  }
  if (runs('eventemail')) {
    section('Event email: the event-day email to 5000 participants, through the email queue to the local mailbox');
    rows.push(...(await measureEventEmails({ apiBase, apiProblem: stack.appProblem, log })));
  }
}

/** The pages, API and cohort-size rows, on the bench's seed data. */
async function measureSeeded(apiBase: string | null): Promise<void> {
  if (!stack) return;
  const large = runs('scale');
  section(`Seed: ${COHORT_SIZE} participants${large ? `, ${LARGE_COHORT_SIZE} more in a second cohort and their coach, and the coach homes` : ''}`);
  try {
    seeded = await seedBench({ apiBase, challengeStartDate, trackers, large, sync: runs('api'), log });
    for (const problem of seeded.problems) log(`  ! ${problem}`);
  } catch (error) {
    problems.push(`seeding failed: ${(error as Error).message.split('\n')[0]}`);
    log(`  ! seeding failed: ${(error as Error).stack}`);
  }
  const cookie = seeded?.runnerCookie ?? null;

  if (runs('pages')) {
    section('Pages (Lighthouse, mobile)');
    rows.push(...(await measurePages({ hostingUrl: stack.hostingUrl, cookie, log })));
    rows.push(...(await measureRepeatVisit({ hostingUrl: stack.hostingUrl, cookie, log })));
  }
  if (runs('api')) {
    section('API (autocannon, 50 connections × 10 s)');
    rows.push(...(await measureApi({ appFunction: stack.appApi, apiProblem: stack.appProblem, cookie, syncSessions: seeded?.syncSessions ?? null, longSyncSessions: seeded?.longSyncSessions ?? null, longHistory: seeded?.longHistory ?? null, log })));
  }
  if (runs('scale')) {
    section(`Cohort size: leaderboard and coach roster at ${COHORT_SIZE} and ${LARGE_COHORT_SIZE} participants, coach home at 1 × 40 and 5 × 200`);
    const sessions = seeded?.scaleSessions ?? null;
    const cohortReady = seeded
      ? `seeded: ${seeded.cohortAccounts} accounts in the small cohort, ${seeded.cohortProgress} with progress; ${seeded.largeCohortMembers} in the large one`
      : 'cohorts not seeded';
    rows.push(...(await measureCohortScale({ appFunction: stack.appApi, apiProblem: stack.appProblem, cookie, sessions, cohortReady, log })));
  }
}

if (runs('pages') || runs('api') || runs('scale') || runs('fanout') || runs('eventemail')) {
  try {
    await measureOnStack();
  } catch (error) {
    problems.push(`stack: ${(error as Error).message.split('\n')[0]}`);
    log(`  ! ${(error as Error).stack}`);
  } finally {
    section('Stopping the bench stack');
    await stopStack();
  }
}

/** The seed summary for results.json, without session tokens. */
function withoutSessionToken(value: Seeded | null): Omit<Seeded, 'runnerCookie' | 'scaleSessions' | 'syncSessions' | 'longSyncSessions'> | null {
  if (!value) return null;
  const { runnerCookie: _token, scaleSessions: _sessions, syncSessions: _syncSessions, longSyncSessions: _longSyncSessions, ...rest } = value;
  return rest;
}

// The table in the issue's order: pages, API, cold start, tracker.
const order: Row['section'][] = ['Pagine', 'API', 'Cold start', 'Tracker'];
rows.sort((a, b) => order.indexOf(a.section) - order.indexOf(b.section));
const info = runInfo(startedAt, commitId());
await mkdir(join(repoRoot, '.bench'), { recursive: true });
await mkdir(join(repoRoot, 'docs'), { recursive: true });
// A partial run (--only) must not replace the full table of the last complete run.
const reportFile = only ? join(repoRoot, '.bench', 'performance-partial.md') : join(repoRoot, 'docs', 'performance.md');
const previousReport = await readFile(join(repoRoot, 'docs', 'performance.md'), 'utf8').catch(() => '');
const report = markdownReport(rows, info, handWrittenSections(previousReport));
await writeFile(reportFile, problems.length ? `${report}\nHarness problems in this run: ${problems.join('; ')}\n` : report);
await writeFile(join(repoRoot, '.bench', 'results.json'), `${JSON.stringify({ ...info, problems, seeded: withoutSessionToken(seeded), rows }, null, 2)}\n`);

console.log(`\n${textTable(rows)}`);
for (const problem of problems) console.log(`  ! ${problem}`);
console.log(`\nWritten ${relative(repoRoot, reportFile)} and .bench/results.json (${Math.round((Date.now() - startedAt.getTime()) / 1000)} s).`);
process.exit(0);
