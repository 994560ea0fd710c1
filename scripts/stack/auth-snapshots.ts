import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The Auth emulator writes its accounts to disk only on a clean exit (`--export-on-exit`), so a
 * crash of the emulators lost every login created since the last clean stop, while Firestore
 * (saved as it changes) kept their documents. This copies the accounts into the same export
 * folder, in the CLI's own format, whenever they change: the next start imports them as usual.
 */
export interface AuthSnapshots {
  /** Writes a snapshot now if the accounts changed (also what each tick does). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

/** The export's layout, as `firebase emulators:export` writes it (read back by `--import`). */
const AUTH_DIR = 'auth_export';
const METADATA_FILE = 'firebase-export-metadata.json';

export function startAuthSnapshots(options: { authPort: number; projectId: string; exportDir: string; intervalMs?: number }): AuthSnapshots {
  const base = `http://127.0.0.1:${options.authPort}`;
  const headers = { Authorization: 'Bearer owner' };
  let lastAccounts: string | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const read = async (path: string) => {
    const response = await fetch(`${base}${path}`, { headers, signal: AbortSignal.timeout(5_000) });
    if (!response.ok) throw new Error(`Auth emulator ${path}: ${response.status}`);
    return response.text();
  };

  /** Each file is written beside its place and renamed over it, so a crash leaves the old or the new copy, never half of one. */
  const writeAtomically = async (file: string, text: string) => {
    await writeFile(`${file}.tmp`, text);
    await rename(`${file}.tmp`, file);
  };

  const snapshot = async () => {
    const accounts = await read(`/identitytoolkit.googleapis.com/v1/projects/${options.projectId}/accounts:batchGet?maxResults=-1`);
    if (accounts === lastAccounts) return;
    const config = await read(`/emulator/v1/projects/${options.projectId}/config`);
    const authDir = join(options.exportDir, AUTH_DIR);
    await mkdir(authDir, { recursive: true });
    await writeAtomically(join(authDir, 'config.json'), config);
    await writeAtomically(join(authDir, 'accounts.json'), accounts);
    const metadataFile = join(options.exportDir, METADATA_FILE);
    if (!existsSync(metadataFile)) await writeAtomically(metadataFile, JSON.stringify({ version: 'sfida-snapshot', auth: { version: 'sfida-snapshot', path: AUTH_DIR } }, null, 2));
    lastAccounts = accounts;
  };

  const flush = () => {
    running ??= snapshot()
      .catch((error: unknown) => {
        // A failed tick is retried on the next one; the emulator may be stopping.
        if (!stopped) console.warn(`Copia degli account di Auth non riuscita: ${(error as Error).message}`);
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const timer = setInterval(() => void flush(), options.intervalMs ?? 1_000);
  timer.unref();
  return {
    flush,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
