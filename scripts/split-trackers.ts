/**
 * The split store's migration (docs/decisions/054): every tracker stored whole becomes its head and
 * the parts of its closed maintenance months (splitTrackers):
 *   GOOGLE_CLOUD_PROJECT=<project-id> npm run split-trackers      a real project
 *   npm run split-trackers -- --local                             the stack of `npm start`
 * Idempotent: a tracker already split is left as it is. Not needed for a tracker to sync: one
 * stored whole is split by its next sync.
 */
import { loadConfig } from '../functions/src/config';
import { createDeps } from '../functions/src/deps';
import { splitTrackers } from '../functions/src/features/tracker/migrations';
import { emulatorEnv, LOCAL_INVITE_CODE, profiles } from './stack/profiles';

if (process.argv.includes('--local')) Object.assign(process.env, emulatorEnv(profiles.dev), { INVITE_CODE: LOCAL_INVITE_CODE });

try {
  const config = loadConfig({ WEB_API_KEY: 'unused-by-split-trackers', ...process.env });
  const deps = await createDeps(config);
  const { split, skipped } = await splitTrackers(deps.db, deps.clock());
  console.log(`progressi divisi: ${split}; già divisi o cambiati nel frattempo: ${skipped} (progetto ${config.projectId}).`);
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
