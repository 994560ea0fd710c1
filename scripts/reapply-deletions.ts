/**
 * After a backup is restored: deletes again every account the deletion ledger names that the
 * restore brought back (features/privacy):
 *   npm run reapply-deletions                  (add --local for the stack of `npm start`)
 * Needs the VAPID_PRIVATE_KEY secret in the environment, the one the ledger was written with.
 */
import { loadConfig } from '../functions/src/config';
import { createDeps } from '../functions/src/deps';
import { reapplyDeletionLedger } from '../functions/src/features/privacy/delete-service';
import { localSecret } from './stack/local-jobs';
import { emulatorEnv, profiles } from './stack/profiles';

if (process.argv.includes('--local')) Object.assign(process.env, emulatorEnv(profiles.dev), { VAPID_PRIVATE_KEY: localSecret('VAPID_PRIVATE_KEY') ?? '' });

try {
  const config = loadConfig({ WEB_API_KEY: 'unused-by-reapply-deletions', ...process.env });
  const deps = await createDeps(config);
  const { deleted, unfinished } = await reapplyDeletionLedger(deps);
  console.log(`Account eliminati di nuovo: ${deleted}; da completare (lo fa il job dei promemoria): ${unfinished} (progetto ${config.projectId}).`);
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
