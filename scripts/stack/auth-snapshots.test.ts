import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { startEmulators, type RunningEmulators } from './emulator-suite';
import { profiles } from './profiles';

// `npm start` keeps its data in .data/dev. A crash of the emulators (SIGKILL: no clean exit, so
// no export on exit) must not lose the logins created meanwhile.
const profile = profiles['crash-test'];
const authExport = join(profile.dataDir, 'auth-export');
const auth = `http://127.0.0.1:${profile.ports.auth}/identitytoolkit.googleapis.com/v1`;
let running: RunningEmulators | null = null;

afterAll(async () => {
  await running?.stop();
  await rm(profile.dataDir, { recursive: true, force: true });
});

/** Calls the Auth emulator's REST API as the browser SDK would; resolves with the status. */
async function authCall(method: 'signUp' | 'signInWithPassword', email: string, password: string): Promise<number> {
  const response = await fetch(`${auth}/accounts:${method}?key=locale`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  return response.status;
}
const signUp = (email: string, password: string) => authCall('signUp', email, password);
const signIn = (email: string, password: string) => authCall('signInWithPassword', email, password);

async function savedAccounts(): Promise<string> {
  return readFile(join(authExport, 'auth_export', 'accounts.json'), 'utf8').catch(() => '');
}

test('logins created after the last clean stop survive a SIGKILL of the emulators', async () => {
  await rm(profile.dataDir, { recursive: true, force: true });
  running = await startEmulators(profile, ['auth']);
  expect(await signUp('prima@sfida8.test', 'password-prima-1')).toBe(200);
  expect(await signUp('seconda@sfida8.test', 'password-seconda-2')).toBe(200);
  // The copy follows within about a second.
  const deadline = Date.now() + 10_000;
  while (!(await savedAccounts()).includes('seconda@sfida8.test')) {
    if (Date.now() > deadline) throw new Error('the accounts were never copied to disk');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  process.kill(-running.pid!, 'SIGKILL');
  expect(await running.exited).toBeNull();
  await running.stop();
  running = null;

  running = await startEmulators(profile, ['auth']);
  expect(await signIn('prima@sfida8.test', 'password-prima-1')).toBe(200);
  expect(await signIn('seconda@sfida8.test', 'password-seconda-2')).toBe(200);
  expect(await signIn('seconda@sfida8.test', 'sbagliata-000')).toBe(400);
}, 120_000);
