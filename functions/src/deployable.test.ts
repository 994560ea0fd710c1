import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';

// Cloud Build installs functions/ on its own from its package.json: prove that
// the built package, installed alone outside the workspace, loads and exports `api`.
const functionsDir = fileURLToPath(new URL('..', import.meta.url));
let workDir: string;
let packageDir: string;

const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_loglevel: 'error' } });

beforeAll(async () => {
  run('npm', ['run', 'build'], functionsDir);
  workDir = await mkdtemp(join(tmpdir(), 'sfida-functions-pack-'));
  const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', workDir], functionsDir)) as Array<{ filename: string }>;
  run('tar', ['xzf', packed[0]!.filename], workDir);
  packageDir = join(workDir, 'package');
  run('npm', ['install', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], packageDir);
}, 240_000);

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

test('the packed function installs alone and exports the `api` function', () => {
  const out = run(process.execPath, ['-e', "const m = require('./lib/index.js'); process.stdout.write(JSON.stringify({ keys: Object.keys(m), type: typeof m.api }))"], packageDir);
  expect(JSON.parse(out)).toEqual({ keys: ['api'], type: 'function' });
});

test('every package the bundle requires (lazily loaded ones included) resolves from the installed package', async () => {
  const bundle = await readFile(join(packageDir, 'lib', 'index.js'), 'utf8');
  const required = [...new Set([...bundle.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]!))].filter(
    (name) => !name.startsWith('node:') && !builtinModules.includes(name),
  );
  expect(required).toContain('firebase-admin/firestore');
  expect(required).not.toContain('@sfida/core/user');
  const script = `for (const name of ${JSON.stringify(required)}) require.resolve(name); process.stdout.write('ok')`;
  expect(run(process.execPath, ['-e', script], packageDir)).toBe('ok');
});

test('the package holds only the bundle: no secrets, no local invite code', async () => {
  const packed = run('find', ['.', '-type', 'f', '-not', '-path', './node_modules/*'], packageDir).trim().split('\n').sort();
  expect(packed).toEqual(['./lib/index.js', './lib/index.js.map', './package-lock.json', './package.json']);
  const secret = await readFile(join(functionsDir, '.secret.local'), 'utf8').catch(() => 'INVITE_CODE=SFIDA-LOCALE-2025');
  const localCode = /INVITE_CODE=(.+)/.exec(secret)?.[1]?.trim() ?? 'SFIDA-LOCALE-2025';
  for (const file of ['index.js', 'index.js.map']) {
    const text = await readFile(join(packageDir, 'lib', file), 'utf8');
    expect(text).not.toContain(localCode);
  }
});
