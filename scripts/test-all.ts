import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { findChromium } from './stack/chromium';
import { assertProjectNode, projectNodeEnv } from './stack/node-runtime';
import { repoRoot } from './stack/profiles';

// `npm test`: every suite, in order, stopping at the first failure. Nothing is
// skipped: a suite that cannot run (no Chromium, emulators down) fails.
interface Step {
  name: string;
  command: string;
  args: string[];
}

/** How many of the slowest test files the end of a run names, so that a slow one is seen the day it arrives. */
const SLOWEST = 15;

const steps: Step[] = [
  { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
  { name: 'build', command: 'npx', args: ['tsx', 'scripts/build.ts'] },
  {
    name: 'unit, component and API tests (Vitest)',
    command: 'npx',
    args: ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=.test-results/vitest.json'],
  },
  { name: 'end-to-end tests (Playwright, Chromium)', command: 'npx', args: ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts'] },
];

try {
  assertProjectNode();
  console.log(`Node.js ${process.version}, Chromium: ${findChromium()}`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const resultsDir = join(repoRoot, '.test-results');
await rm(resultsDir, { recursive: true, force: true });

const started = Date.now();
for (const [index, step] of steps.entries()) {
  const stepStart = Date.now();
  console.log(`\n=== [${index + 1}/${steps.length}] ${step.name} ===`);
  const code = await new Promise<number>((resolve) => {
    const child = spawn(step.command, step.args, { cwd: repoRoot, stdio: 'inherit', env: { ...projectNodeEnv(), FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  const seconds = ((Date.now() - stepStart) / 1000).toFixed(0);
  if (code !== 0) {
    console.error(`\n✗ ${step.name} failed (exit ${code}, ${seconds} s)`);
    process.exit(code);
  }
  console.log(`✓ ${step.name} (${seconds} s)`);
}
const counts = await countTests();
console.log(`\nThe ${SLOWEST} slowest test files:`);
for (const file of counts.slowest) console.log(`  ${(file.ms / 1000).toFixed(1).padStart(6)} s  ${file.name}`);
console.log(`\nAll suites passed in ${((Date.now() - started) / 1000).toFixed(0)} s (Vitest ${counts.vitest}, Playwright ${counts.e2e}).`);
if (counts.skipped > 0) console.error(`${counts.skipped} tests were skipped: nothing may be skipped.`);
console.log(`${counts.passed} passed, ${counts.failed} failed`);
if (counts.passed === 0 || counts.failed > 0 || counts.skipped > 0) process.exit(1);

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: Array<{ name: string; startTime: number; endTime: number }>;
}

interface PlaywrightSuite {
  file: string;
  specs: Array<{ tests: Array<{ results: Array<{ duration: number }> }> }>;
  suites?: PlaywrightSuite[];
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: PlaywrightSuite[];
}


/** Totals from the runners' JSON reports (a run that executed no test is a failure), and where the time went. */
async function countTests() {
  const vitest = JSON.parse(await readFile(join(resultsDir, 'vitest.json'), 'utf8')) as VitestReport;
  const e2e = JSON.parse(await readFile(join(resultsDir, 'e2e.json'), 'utf8')) as PlaywrightReport;
  const files = vitest.testResults.map((file) => ({ name: relative(repoRoot, file.name), ms: file.endTime - file.startTime }));
  const e2eTime = new Map<string, number>();
  const addSuite = (suite: PlaywrightSuite) => {
    const ms = suite.specs.flatMap((spec) => spec.tests.flatMap((test) => test.results)).reduce((sum, result) => sum + result.duration, 0);
    e2eTime.set(suite.file, (e2eTime.get(suite.file) ?? 0) + ms);
    suite.suites?.forEach(addSuite);
  };
  e2e.suites.forEach(addSuite);
  for (const [file, ms] of e2eTime) files.push({ name: join('tests/e2e', file), ms });
  return {
    vitest: vitest.numPassedTests,
    e2e: e2e.stats.expected,
    passed: vitest.numPassedTests + e2e.stats.expected,
    failed: vitest.numFailedTests + e2e.stats.unexpected + e2e.stats.flaky,
    skipped: vitest.numPendingTests + vitest.numTodoTests + e2e.stats.skipped,
    slowest: files.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST),
  };
}
