import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Lockfile } from '../../scripts/functions-lockfile';
import { differencesFromRoot } from '../../scripts/functions-lockfile';

// Cloud Build installs functions/ on its own, with `npm ci` from its lockfile: prove that what
// `firebase deploy` uploads, packaged by the CLI's own code with firebase.json's ignore list,
// installs alone outside the workspace at the versions the tests ran with, loads and exports `api`.
// (Not `npm pack`: it never ships package-lock.json, while the CLI uploads it.)
const functionsDir = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
let workDir: string;
let packageDir: string;

const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_loglevel: 'error' } });
const readJson = async <T>(path: string) => JSON.parse(await readFile(path, 'utf8')) as T;

interface FunctionsConfig {
  source: string;
  ignore: string[];
}
type PrepareFunctionsUpload = (
  projectDir: string,
  sourceDir: string,
  config: FunctionsConfig,
  additionalSources: string[],
  runtimeConfig: undefined,
  options: { exportType: 'tar.gz' },
) => Promise<{ pathToSource: string }>;

/** The newest change among what the bundle is built from: the function's and core's sources, the build script, the manifest. */
async function newestInput(): Promise<number> {
  const inputs = [join(functionsDir, 'build.mjs'), join(functionsDir, 'package.json')];
  for (const dir of [join(functionsDir, 'src'), join(repoRoot, 'core', 'src')]) {
    for (const name of await readdir(dir, { recursive: true })) inputs.push(join(dir, name));
  }
  const times = await Promise.all(inputs.map(async (file) => (await stat(file)).mtimeMs));
  return Math.max(...times);
}

beforeAll(async () => {
  // `npm test` builds the function before the tests run: check that bundle, unless a source
  // changed after it was built (or there is none), as a run of this file alone may find.
  const built = await stat(join(functionsDir, 'lib', 'index.js')).catch(() => null);
  if (!built || built.mtimeMs < (await newestInput())) run('npm', ['run', 'build'], functionsDir);
  workDir = await mkdtemp(join(tmpdir(), 'sfida-functions-upload-'));
  packageDir = join(workDir, 'package');
  await mkdir(packageDir);
  const { functions } = await readJson<{ functions: FunctionsConfig[] }>(join(repoRoot, 'firebase.json'));
  const config = functions[0]!;
  const { prepareFunctionsUpload } = createRequire(import.meta.url)('firebase-tools/lib/deploy/functions/prepareFunctionsUpload.js') as {
    prepareFunctionsUpload: PrepareFunctionsUpload;
  };
  // The CLI appends its own entries to `ignore`: give it a copy.
  const upload = await prepareFunctionsUpload(repoRoot, join(repoRoot, config.source), { ...config, ignore: [...config.ignore] }, [], undefined, {
    exportType: 'tar.gz',
  });
  run('tar', ['xzf', upload.pathToSource, '-C', packageDir], workDir);
  await rm(upload.pathToSource, { force: true });
  // `npm ci` fails if package-lock.json is missing or does not match package.json.
  run('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], packageDir);
}, 240_000);

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

test('the uploaded functions install alone: `api`, the push and email deliveries queues, the reminders every 15 minutes and the scheduled messages every 5, with their secrets', () => {
  const script = [
    "const m = require('./lib/index.js');",
    'const e = m.reminders.__endpoint;',
    'const s = m.scheduledMessages.__endpoint;',
    'const d = m.pushDeliveries.__endpoint;',
    'const mail = m.emailDeliveries.__endpoint;',
    'process.stdout.write(JSON.stringify({ keys: Object.keys(m).sort(), type: typeof m.api, schedule: e.scheduleTrigger.schedule,',
    '  secrets: e.secretEnvironmentVariables.map((s) => s.key), apiSecrets: m.api.__endpoint.secretEnvironmentVariables.map((s) => s.key),',
    '  messagesSchedule: s.scheduleTrigger.schedule, messagesSecrets: s.secretEnvironmentVariables.map((s) => s.key),',
    '  deliveriesRetries: d.taskQueueTrigger.retryConfig.maxAttempts, deliveriesAtOnce: d.taskQueueTrigger.rateLimits.maxConcurrentDispatches,',
    '  deliveriesSecrets: d.secretEnvironmentVariables.map((s) => s.key), emailInvoker: mail.taskQueueTrigger.invoker,',
    '  emailSecrets: mail.secretEnvironmentVariables.map((s) => s.key) }))',
  ].join('\n');
  const out = run(process.execPath, ['-e', script], packageDir);
  expect(JSON.parse(out)).toEqual({
    keys: ['api', 'emailDeliveries', 'pushDeliveries', 'reminders', 'scheduledMessages'],
    type: 'function',
    schedule: 'every 15 minutes',
    secrets: ['VAPID_PRIVATE_KEY'],
    apiSecrets: ['INVITE_CODE', 'VAPID_PRIVATE_KEY', 'SMTP_URL'],
    messagesSchedule: 'every 5 minutes',
    messagesSecrets: ['VAPID_PRIVATE_KEY'],
    deliveriesRetries: 10,
    deliveriesAtOnce: 6,
    deliveriesSecrets: ['VAPID_PRIVATE_KEY'],
    emailInvoker: ['private'],
    emailSecrets: ['SMTP_URL'],
  });
});

test("npm ci installs exactly the versions of the root lockfile, the ones the tests ran with", async () => {
  const [pkg, installed, root] = await Promise.all([
    readJson<{ dependencies: Record<string, string> }>(join(packageDir, 'package.json')),
    readJson<Lockfile>(join(packageDir, 'node_modules', '.package-lock.json')),
    readJson<Lockfile>(join(repoRoot, 'package-lock.json')),
  ]);
  const tree: Lockfile = { ...installed, packages: { '': { dependencies: pkg.dependencies }, ...installed.packages } };
  expect(differencesFromRoot(tree, root)).toEqual([]);
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

test('the upload holds only the bundle, package.json and the lockfile: no sources, no local secrets', async () => {
  const uploaded = run('find', ['.', '-type', 'f', '-not', '-path', './node_modules/*'], packageDir).trim().split('\n').sort();
  // functions/.env.<project-id> files are the function's settings, deployed on purpose; .env.local is not.
  const settings = /^\.\/\.env(\.[\w-]+)?$/;
  expect(uploaded.filter((file) => !settings.test(file) || file === './.env.local')).toEqual([
    './lib/index.js',
    './lib/index.js.map',
    './package-lock.json',
    './package.json',
  ]);
  const secret = await readFile(join(functionsDir, '.secret.local'), 'utf8').catch(() => 'INVITE_CODE=SFIDA-LOCALE-2025');
  const localCode = /INVITE_CODE=(.+)/.exec(secret)?.[1]?.trim() ?? 'SFIDA-LOCALE-2025';
  for (const file of ['index.js', 'index.js.map']) {
    const text = await readFile(join(packageDir, 'lib', file), 'utf8');
    expect(text).not.toContain(localCode);
  }
});
