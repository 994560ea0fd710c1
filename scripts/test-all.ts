import { spawn } from 'node:child_process';
import { findChromium } from './stack/chromium';
import { repoRoot } from './stack/profiles';

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
  { name: 'unit, component and API tests (Vitest)', command: 'npx', args: ['vitest', 'run'] },
  { name: 'end-to-end tests (Playwright, Chromium)', command: 'npx', args: ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts'] },
];

try {
  console.log(`Chromium: ${findChromium()}`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const started = Date.now();
for (const [index, step] of steps.entries()) {
  const stepStart = Date.now();
  console.log(`\n=== [${index + 1}/${steps.length}] ${step.name} ===`);
  const code = await new Promise<number>((resolve) => {
    const child = spawn(step.command, step.args, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  const seconds = ((Date.now() - stepStart) / 1000).toFixed(0);
  if (code !== 0) {
    console.error(`\n✗ ${step.name} failed (exit ${code}, ${seconds} s)`);
    process.exit(code);
  }
  console.log(`✓ ${step.name} (${seconds} s)`);
}
console.log(`\nAll suites passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
