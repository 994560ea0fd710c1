/**
 * Grants the OWNER (coach) role to an existing account:
 *   npm run make-owner -- EMAIL            (add --local for the stack of `npm start`)
 * Uses the Admin SDK against the configured project (GCLOUD_PROJECT and
 * application default credentials), or the local emulators when
 * FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST are set.
 */
import { loadConfig } from '../functions/src/config';
import { createDeps } from '../functions/src/deps';
import { grantOwner } from '../functions/src/features/account/admin';
import { emulatorEnv, profiles } from './stack/profiles';

if (process.argv.includes('--local')) Object.assign(process.env, emulatorEnv(profiles.dev));
const email = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
if (!email || !email.includes('@')) {
  console.error('Uso: npm run make-owner -- EMAIL [--local]');
  process.exit(2);
}

try {
  const config = loadConfig({ WEB_API_KEY: 'unused-by-make-owner', ...process.env });
  const deps = await createDeps(config);
  const user = await grantOwner(deps, email);
  console.log(`${user.email} è ora OWNER della coorte ${user.cohortId} (progetto ${config.projectId}).`);
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
