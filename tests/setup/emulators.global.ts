import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { startFirestoreEmulator } from '../../scripts/stack/firestore-emulator';
import { newVapidPrivateKey, startEmulators, type RunningEmulators } from '../../scripts/stack/emulator-suite';
import { startMailbox } from '../../scripts/stack/mailbox';
import { apiWorkerProfile, emulatorEnv, LOCAL_INVITE_CODE, MAX_API_WORKERS, profiles, withPortOffset } from '../../scripts/stack/profiles';

/**
 * API tests run the real Express app in-process against the real Auth emulator, the embedded
 * Firestore emulator and a real SMTP server (maildev), on ports of their own. Files run side by side, one per Vitest worker, and
 * each worker has its own data (tests/setup/api-worker.ts points it at its copy): a job that
 * scans every cohort, or a count of accounts, sees only what its own worker's files made.
 */
export default async function setup(project: TestProject) {
  const profile = withPortOffset(profiles['api-test'], Number(process.env.SFIDA_PORT_OFFSET ?? 0));
  const workers = project.config.maxWorkers ?? project.vitest.config.maxWorkers ?? 1;
  if (!Number.isInteger(workers) || workers < 1 || workers > MAX_API_WORKERS) {
    throw new Error(`API tests: maxWorkers must be a whole number from 1 to ${MAX_API_WORKERS} (each worker has its own Auth emulator), not ${workers}`);
  }
  await rm(profile.dataDir, { recursive: true, force: true });
  const firestore = await startFirestoreEmulator({ port: profile.ports.firestore });
  // One mailbox for every worker: the app sends to it by SMTP, tests read it by its REST API.
  const mailbox = await startMailbox(profile);
  const started = await Promise.allSettled(Array.from({ length: workers }, (_, i) => startEmulators(apiWorkerProfile(profile, i + 1), ['auth'])));
  const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stop = async (suites: RunningEmulators[]) => {
    await Promise.all(suites.map((suite) => suite.stop()));
    await mailbox.stop();
    await firestore.stop();
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stop(running);
    throw failed.reason;
  }
  Object.assign(process.env, emulatorEnv(apiWorkerProfile(profile, 1)), {
    SFIDA_API_WORKERS: String(workers),
    INVITE_CODE: LOCAL_INVITE_CODE,
    VAPID_PRIVATE_KEY: newVapidPrivateKey(),
  });
  return () => stop(running);
}
