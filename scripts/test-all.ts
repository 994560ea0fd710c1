import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { findChromium } from './stack/chromium';
import { assertProjectNode, projectNodeEnv } from './stack/node-runtime';
import { repoRoot } from './stack/profiles';
import { countTests, SLOWEST, type PlaywrightReport, type VitestReport } from './test-report';

// `npm test`: every suite, in order, stopping at the first failure. Nothing is
// skipped: a suite that cannot run (no Chromium, emulators down) fails.
interface Step {
  name: string;
  command: string;
  args: string[];
}

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
const counts = countTests(
  JSON.parse(await readFile(join(resultsDir, 'vitest.json'), 'utf8')) as VitestReport,
  JSON.parse(await readFile(join(resultsDir, 'e2e.json'), 'utf8')) as PlaywrightReport,
  repoRoot,
);
console.log('\nVitest projects (they run side by side: busy is the sum of their files\' times, span from the first file\'s start to the last one\'s end):');
for (const project of counts.projects) {
  console.log(`  ${project.name.padEnd(15)} ${String(project.files).padStart(4)} files  busy ${(project.busyMs / 1000).toFixed(0).padStart(4)} s  span ${(project.spanMs / 1000).toFixed(0).padStart(4)} s`);
}
console.log(`\nThe ${SLOWEST} slowest test files:`);
for (const file of counts.slowest) console.log(`  ${(file.ms / 1000).toFixed(1).padStart(6)} s  ${file.name}`);
console.log(`\nAll suites passed in ${((Date.now() - started) / 1000).toFixed(0)} s (Vitest ${counts.vitest}, Playwright ${counts.e2e}).`);
if (counts.skipped > 0) console.error(`${counts.skipped} tests were skipped: nothing may be skipped.`);
console.log(`${counts.passed} passed, ${counts.failed} failed`);
if (counts.passed === 0 || counts.failed > 0 || counts.skipped > 0) process.exit(1);
