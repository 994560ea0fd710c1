import { apiWorkerProfile, emulatorEnv, profiles, withPortOffset } from '../../scripts/stack/profiles';

// Each Vitest worker (VITEST_POOL_ID, from 1) talks to its own copy of the emulators' data that
// tests/setup/emulators.global.ts started; runs before the app or the Admin SDK read the env.
const worker = Number(process.env.VITEST_POOL_ID ?? '1');
const workers = Number(process.env.SFIDA_API_WORKERS ?? '1');
if (!(worker >= 1 && worker <= workers)) {
  throw new Error(`API tests: worker ${process.env.VITEST_POOL_ID} has no emulators of its own (${workers} started)`);
}
const profile = withPortOffset(profiles['api-test'], Number(process.env.SFIDA_PORT_OFFSET ?? 0));
Object.assign(process.env, emulatorEnv(apiWorkerProfile(profile, worker)));
