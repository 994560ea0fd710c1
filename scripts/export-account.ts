/**
 * An account's data, as "Scarica i miei dati" gives it, for a request that came by email:
 *   npm run export-account -- EMAIL [--out DIR] [--local]
 * Writes the same ZIP as GET /api/me/export to DIR (the current folder by default). Uses the
 * Admin SDK against the configured project (GCLOUD_PROJECT and application default
 * credentials), or the stack of `npm start` with --local.
 */
import { createWriteStream } from 'node:fs';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { loadConfig } from '../functions/src/config';
import { createDeps } from '../functions/src/deps';
import { startAccountExport } from '../functions/src/features/privacy/export-service';
import { RateLimiter } from '../functions/src/shared/rate-limiter';
import { storedUser } from '../functions/src/shared/user-repository';
import { emulatorEnv, profiles } from './stack/profiles';

const args = process.argv.slice(2);
if (args.includes('--local')) Object.assign(process.env, emulatorEnv(profiles.dev));
const outAt = args.indexOf('--out');
const outDir = resolve(outAt >= 0 ? (args[outAt + 1] ?? '.') : '.');
const email = args.find((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--out');
if (!email || !email.includes('@')) {
  console.error('Uso: npm run export-account -- EMAIL [--out CARTELLA] [--local]');
  process.exit(2);
}

try {
  const config = loadConfig({ WEB_API_KEY: 'unused-by-export-account', ...process.env });
  const deps = await createDeps(config);
  const uid = await deps.auth.getUserByEmail(email.trim().toLowerCase()).then(
    (record) => record.uid,
    (error: { code?: string }) => {
      if (error.code === 'auth/user-not-found') return null;
      throw error;
    },
  );
  const stored = uid ? await storedUser(deps.db, uid) : null;
  if (!stored) throw new Error(`Nessun account con l'email ${email}`);
  const { filename, zip } = await startAccountExport({ ...deps, limiter: new RateLimiter(deps.db, deps.clock) }, stored.user, 'operator');
  const file = join(outDir, filename);
  await pipeline(zip, createWriteStream(file));
  console.log(`Dati di ${email} scritti in ${file}.`);
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
