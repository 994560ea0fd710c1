/**
 * Uploads the four training sheets (rendered from scripts/content) to the bucket:
 *   GOOGLE_CLOUD_PROJECT=<project-id> npm run seed        a real project (application-default credentials)
 *   npm run seed -- --local                               the local stack of `npm start`
 * Existing sheets are replaced, so a content change reaches participants.
 */
import { schedaSchema } from '@sfida/core/user';
import { loadConfig } from '../functions/src/config';
import { createDeps } from '../functions/src/deps';
import { renderSchedaPdf } from './content/render-pdf';
import { emulatorEnv, profiles } from './stack/profiles';

if (process.argv.includes('--local')) Object.assign(process.env, emulatorEnv(profiles.dev));

try {
  const config = loadConfig({ WEB_API_KEY: 'unused-by-seed', ...process.env });
  const deps = await createDeps(config);
  for (const scheda of schedaSchema.options) {
    const path = `schede/${scheda}.pdf`;
    await deps.blobStore.write(path, await renderSchedaPdf(scheda), 'application/pdf');
    console.log(`✓ ${path}`);
  }
  console.log(`Schede caricate nel bucket ${config.localBlobDir ?? config.storageBucket} (progetto ${config.projectId}).`);
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
