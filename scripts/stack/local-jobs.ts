import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { registerStopper } from './cleanup';
import { emulatorEnv, repoRoot, type StackProfile } from './profiles';

/** A secret of functions/.secret.local (what the Functions emulator gives the function), if set. */
export function localSecret(key: string): string | undefined {
  const file = join(repoRoot, 'functions', '.secret.local');
  if (!existsSync(file)) return undefined;
  const line = readFileSync(file, 'utf8').split('\n').find((entry) => entry.startsWith(`${key}=`));
  return line?.slice(key.length + 1).trim() || undefined;
}

/**
 * Starts the scheduled jobs the emulators do not run (scheduled-jobs.ts) beside a running stack,
 * with the function's own settings, the push key included; stopped with the stack.
 */
export function startLocalJobs(profile: StackProfile): () => Promise<void> {
  const vapid = localSecret('VAPID_PRIVATE_KEY');
  const child = spawn(join(repoRoot, 'node_modules', '.bin', 'tsx'), ['scripts/stack/scheduled-jobs.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...emulatorEnv(profile), ...(vapid ? { VAPID_PRIVATE_KEY: vapid } : {}) },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const unregister = registerStopper(stop);
  return async () => {
    unregister();
    await stop();
  };
}
