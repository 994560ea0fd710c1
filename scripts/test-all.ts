import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { findChromium } from './stack/chromium';
import { assertProjectNode, projectNodeEnv } from './stack/node-runtime';
import { repoRoot } from './stack/profiles';
import { countTests, SLOWEST, type PlaywrightReport, type VitestReport } from './test-report';

// `npm test`: every suite, stopping at the first failure. Nothing is skipped: a suite that cannot
// run (no Chromium, emulators down) fails. The checks that read the sources run side by side, one
// core each (the type check in one lane, lint then the build in the other); the test runners, which
// use both cores, run one after the other.
interface Step {
  name: string;
  command: string;
  args: string[];
}

const typecheck: Step = { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] };
const lint: Step = { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] };
const build: Step = { name: 'build', command: 'npx', args: ['tsx', 'scripts/build.ts'] };
const vitest: Step = {
  name: 'unit, component and API tests (Vitest)',
  command: 'npx',
  args: ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=.test-results/vitest.json'],
};
const playwright: Step = { name: 'end-to-end tests (Playwright, Chromium)', command: 'npx', args: ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts'] };

/** Stages in order; a stage's lanes run at once, each lane's steps in order. */
const stages: Step[][][] = [[[typecheck], [lint, build]], [[vitest]], [[playwright]]];
const stepCount = stages.flat(2).length;

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
const running = new Set<ChildProcess>();
let numbered = 0;

/** Runs one step; with `buffered`, its output is held and printed whole when it ends, so lanes don't interleave. */
function runStep(step: Step, buffered: boolean): Promise<void> {
  const number = ++numbered;
  const stepStart = Date.now();
  const title = `\n=== [${number}/${stepCount}] ${step.name} ===`;
  if (!buffered) console.log(title);
  return new Promise((resolve, reject) => {
    const child = spawn(step.command, step.args, {
      cwd: repoRoot,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...projectNodeEnv(), FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
    });
    running.add(child);
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('exit', (exitCode, signal) => {
      running.delete(child);
      const code = exitCode ?? (signal ? 1 : 0);
      const seconds = ((Date.now() - stepStart) / 1000).toFixed(0);
      if (buffered) {
        console.log(title);
        process.stdout.write(Buffer.concat(output));
      }
      if (code !== 0) {
        console.error(`\n✗ ${step.name} failed (exit ${code}, ${seconds} s)`);
        reject(Object.assign(new Error(step.name), { exitCode: code }));
        return;
      }
      console.log(`✓ ${step.name} (${seconds} s)`);
      resolve();
    });
  });
}

try {
  for (const lanes of stages) {
    const buffered = lanes.length > 1;
    await Promise.all(lanes.map(async (lane) => {
      for (const step of lane) await runStep(step, buffered);
    }));
  }
} catch (error) {
  // The first failure ends the run: the other lane's step stops too.
  for (const child of running) child.kill('SIGTERM');
  process.exit((error as { exitCode?: number }).exitCode ?? 1);
}
const counts = countTests(
  JSON.parse(await readFile(join(resultsDir, 'vitest.json'), 'utf8')) as VitestReport,
  JSON.parse(await readFile(join(resultsDir, 'e2e.json'), 'utf8')) as PlaywrightReport,
  repoRoot,
);
console.log('\nVitest projects (busy: their files\' times added, on two workers; span: from the first file\'s start to the last one\'s end):');
for (const project of counts.projects) {
  console.log(`  ${project.name.padEnd(15)} ${String(project.files).padStart(4)} files  busy ${(project.busyMs / 1000).toFixed(0).padStart(4)} s  span ${(project.spanMs / 1000).toFixed(0).padStart(4)} s`);
}
console.log(`\nThe ${SLOWEST} slowest test files:`);
for (const file of counts.slowest) console.log(`  ${(file.ms / 1000).toFixed(1).padStart(6)} s  ${file.name}`);
console.log(`\nAll suites passed in ${((Date.now() - started) / 1000).toFixed(0)} s (Vitest ${counts.vitest}, Playwright ${counts.e2e}).`);
if (counts.skipped > 0) console.error(`${counts.skipped} tests were skipped: nothing may be skipped.`);
console.log(`${counts.passed} passed, ${counts.failed} failed`);
if (counts.passed === 0 || counts.failed > 0 || counts.skipped > 0) process.exit(1);
