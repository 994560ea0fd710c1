import { spawn, type ChildProcess } from 'node:child_process';
import { createECDH } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startAuthSnapshots, type AuthSnapshots } from './auth-snapshots';
import { registerStopper } from './cleanup';
import { projectNodeEnv } from './node-runtime';
import { emulatorEnv, LOCAL_INVITE_CODE, repoRoot, type StackProfile } from './profiles';

export type EmulatorName = 'auth' | 'functions' | 'hosting';

export interface RunningEmulators {
  stop(): Promise<void>;
  /** Resolves when the emulator process has exited (for whatever reason). */
  exited: Promise<number | null>;
  /** The CLI's process id, which leads its own process group. */
  pid: number | undefined;
}

/**
 * The Functions runtime reads secrets from functions/.secret.local in the
 * emulators (Firebase secrets in production). Created once, each secret added
 * when missing (this machine's own VAPID key); never committed.
 */
export async function ensureLocalSecretFile(): Promise<void> {
  const file = join(repoRoot, 'functions', '.secret.local');
  const current = existsSync(file) ? await readFile(file, 'utf8') : '';
  const lines = current.split('\n').filter(Boolean);
  const has = (key: string) => lines.some((line) => line.startsWith(`${key}=`));
  if (!has('INVITE_CODE')) lines.push(`INVITE_CODE=${LOCAL_INVITE_CODE}`);
  if (!has('VAPID_PRIVATE_KEY')) lines.push(`VAPID_PRIVATE_KEY=${newVapidPrivateKey()}`);
  // Declared, so the emulator looks for it; empty, since each stack's own mailbox (LOCAL_SMTP_URL,
  // a setting of the profile) is where its email goes.
  if (!has('SMTP_URL')) lines.push('SMTP_URL=');
  const next = `${lines.join('\n')}\n`;
  if (next !== current) await writeFile(file, next);
}

/** A new P-256 private key, base64url: what `VAPID_PRIVATE_KEY` holds. */
export function newVapidPrivateKey(): string {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return ecdh.getPrivateKey().toString('base64url');
}

/**
 * The function's parameters for this profile, in the env file the Functions
 * emulator reads for the project id. Without it the emulator writes the
 * params' defaults to .env.local, which would override these values.
 */
export async function writeFunctionParams(profile: StackProfile): Promise<void> {
  const env = emulatorEnv(profile);
  const keys = ['INVITE_COHORT_ID', 'APP_ORIGINS', 'WEB_API_KEY', 'LOCAL_BLOB_DIR', 'LOCAL_SMTP_URL'] as const;
  const lines = keys.map((key) => `${key}=${env[key]}`);
  lines.push('STORAGE_BUCKET=');
  await writeFile(join(repoRoot, 'functions', `.env.${profile.projectId}`), `${lines.join('\n')}\n`);
  await rm(join(repoRoot, 'functions', '.env.local'), { force: true });
}

/**
 * firebase.json with this profile's ports, written next to it so relative paths
 * still resolve; `adjust` may change the result (the bench adds a codebase).
 */
export async function writeProfileConfig(profile: StackProfile, adjust?: (config: Record<string, unknown>) => void): Promise<string> {
  const base = JSON.parse(await readFile(join(repoRoot, 'firebase.json'), 'utf8')) as Record<string, unknown>;
  const { ports } = profile;
  allowAuthEmulator(base, `http://127.0.0.1:${ports.auth}`);
  const at = (port: number) => ({ host: '127.0.0.1', port });
  base.emulators = {
    auth: at(ports.auth),
    functions: at(ports.functions),
    hosting: at(ports.hosting),
    hub: at(ports.hub),
    logging: at(ports.logging),
    eventarc: at(ports.eventarc),
    tasks: at(ports.tasks),
    ui: { enabled: false },
    singleProjectMode: true,
  };
  adjust?.(base);
  const file = join(repoRoot, `firebase.${profile.name}${profile.instance ? `-${profile.instance}` : ''}.generated.json`);
  await writeFile(file, JSON.stringify(base, null, 2));
  return file;
}

/**
 * The local stack's Content-Security-Policy also lets the page reach its Auth emulator, whose
 * sign-in pages and API stand in for Google's and Firebase's on "Accedi con Google" (production's
 * own policy in firebase.json allows only what production needs).
 */
export function allowAuthEmulator(config: Record<string, unknown>, authOrigin: string): void {
  const hosting = config.hosting as { headers?: Array<{ headers: Array<{ key: string; value: string }> }> } | undefined;
  for (const header of hosting?.headers?.flatMap((rule) => rule.headers) ?? []) {
    if (header.key !== 'Content-Security-Policy') continue;
    header.value = header.value.replace(/connect-src ([^;]*);/, `connect-src $1 ${authOrigin};`).replace(/; object-src/, `; frame-src 'self' ${authOrigin}; object-src`);
  }
}

/**
 * Starts `firebase emulators:start` for the given emulators and waits until they
 * answer. The CLI runs in its own process group so that one Ctrl-C reaches it
 * exactly once through us (a second SIGINT would skip the Auth export).
 */
export async function startEmulators(
  profile: StackProfile,
  only: EmulatorName[],
  options: { log?: (line: string) => void; extraEnv?: Record<string, string> } = {},
): Promise<RunningEmulators> {
  await ensureLocalSecretFile();
  await writeFunctionParams(profile);
  const config = await writeProfileConfig(profile);
  const authExport = join(profile.dataDir, 'auth-export');
  await mkdir(profile.dataDir, { recursive: true });

  const args = ['emulators:start', '--config', config, '--project', profile.projectId, '--only', only.join(',')];
  if (profile.persist) {
    if (existsSync(join(authExport, 'firebase-export-metadata.json'))) args.push('--import', authExport);
    args.push('--export-on-exit', authExport);
  }

  const { exited, output, stop: stopGroup, pid } = spawnFirebaseEmulators(profile, args, options);
  let snapshots: AuthSnapshots | null = null;
  const stopAll = async () => {
    // Before the CLI's own export on exit, which replaces the folder.
    await snapshots?.stop();
    await stopGroup();
  };
  const unregister = registerStopper(stopAll);
  const stop = async () => {
    unregister();
    await stopAll();
  };
  try {
    await Promise.race([
      waitForEmulators(profile, only),
      exited.then((code) => {
        throw new Error(`firebase emulators exited early (code ${code}):\n${output.join('\n')}`);
      }),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  if (profile.persist && only.includes('auth')) {
    snapshots = startAuthSnapshots({ authPort: profile.ports.auth, projectId: profile.projectId, exportDir: authExport });
    await snapshots.flush();
  }
  return { stop, exited, pid };
}

/**
 * Runs the firebase CLI with `args` (`emulators:start …`) in its own process group, keeping the
 * last 200 lines of its output. `stop` sends one SIGINT to the group (so the CLI can export),
 * then sweeps the group.
 */
export function spawnFirebaseEmulators(
  profile: StackProfile,
  args: string[],
  options: { log?: (line: string) => void; extraEnv?: Record<string, string> } = {},
): { exited: Promise<number | null>; output: string[]; stop(): Promise<void>; pid: number | undefined } {
  // The CLI runs on this process's Node (the project's): the Functions emulator starts the
  // function on the CLI's own Node when its major matches the runtime in firebase.json.
  const cli = join(repoRoot, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
  const child = spawn(process.execPath, [cli, ...args], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...projectNodeEnv(), ...emulatorEnv(profile), ...options.extraEnv, FORCE_COLOR: '0' },
  });
  const output: string[] = [];
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      output.push(line);
      if (output.length > 200) output.shift();
      options.log?.(line);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { exited, output, stop: () => stopProcessGroup(child, exited), pid: child.pid };
}

async function stopProcessGroup(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGINT');
  } catch {
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), 20_000);
  });
  const outcome = await Promise.race([exited, timeout]);
  clearTimeout(timer);
  if (outcome === 'timeout') {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  // Sweep anything the CLI left behind in its group (function runtimes).
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

async function waitForEmulators(profile: StackProfile, only: EmulatorName[]): Promise<void> {
  const checks: Array<() => Promise<boolean>> = [];
  if (only.includes('auth')) checks.push(() => answers(`http://127.0.0.1:${profile.ports.auth}/`));
  if (only.includes('hosting')) checks.push(() => answers(`http://127.0.0.1:${profile.ports.hosting}/`));
  // The function is ready once the rewrite reaches it and the app answers in JSON.
  if (only.includes('functions') && only.includes('hosting')) {
    checks.push(() => answers(`http://127.0.0.1:${profile.ports.hosting}/api/auth/me`, 'json'));
  }
  const deadline = Date.now() + 120_000;
  for (const check of checks) {
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`emulators did not become ready in time (${only.join(', ')})`);
      await new Promise((r) => setTimeout(r, 300));
    }
  }
}

async function answers(url: string, expect: 'any' | 'json' = 'any'): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return expect === 'json' ? Boolean(response.headers.get('content-type')?.includes('application/json')) : true;
  } catch {
    return false;
  }
}
