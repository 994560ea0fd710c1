import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { startFirestoreEmulator } from '../../scripts/stack/firestore-emulator';
import { newVapidPrivateKey, startEmulators } from '../../scripts/stack/emulator-suite';
import { emulatorEnv, LOCAL_INVITE_CODE, profiles, withPortOffset } from '../../scripts/stack/profiles';

/**
 * API tests run the real Express app in-process against the real Auth emulator
 * and the embedded Firestore emulator, on ports of their own.
 */
export default async function setup(_project: TestProject) {
  const profile = withPortOffset(profiles['api-test'], Number(process.env.SFIDA_PORT_OFFSET ?? 0));
  await rm(profile.dataDir, { recursive: true, force: true });
  const firestore = await startFirestoreEmulator({ port: profile.ports.firestore });
  let emulators;
  try {
    emulators = await startEmulators(profile, ['auth']);
  } catch (error) {
    await firestore.stop();
    throw error;
  }
  Object.assign(process.env, emulatorEnv(profile), { INVITE_CODE: LOCAL_INVITE_CODE, VAPID_PRIVATE_KEY: newVapidPrivateKey() });
  return async () => {
    await emulators.stop();
    await firestore.stop();
  };
}
