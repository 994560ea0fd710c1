import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { startLocalStack } from '../../scripts/stack/local-stack';
import { e2eProfile, repoRoot } from '../../scripts/stack/profiles';

/** Starts a fresh e2e stack (no persisted data) from the built app; `npm test` builds first. */
export default async function globalSetup() {
  for (const built of ['web/dist/index.html', 'functions/lib/index.js']) {
    if (!existsSync(join(repoRoot, built))) {
      throw new Error(`${built} manca: esegui prima "npm run build" (npm test lo fa da solo).`);
    }
  }
  const profile = e2eProfile;
  await rm(profile.dataDir, { recursive: true, force: true });
  // The tests' stand-in push service (functions/src/test-support/push-service.ts) serves a
  // self-signed certificate: the function trusts it here, as the API tests' push agent does.
  const pushServiceCertificate = join(repoRoot, 'functions', 'src', 'test-support', 'push-service.cert.pem');
  const stack = await startLocalStack(profile, { extraEnv: { NODE_EXTRA_CA_CERTS: pushServiceCertificate } });
  return async () => {
    await stack.stop();
  };
}
