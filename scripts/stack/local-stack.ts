import { join } from 'node:path';
import { startEmulators } from './emulator-suite';
import { startFirestoreEmulator } from './firestore-emulator';
import { startMailbox } from './mailbox';
import { appUrl, emulatorEnv, LOCAL_INVITE_CODE, repoRoot, type StackProfile } from './profiles';
import { run } from './run';

export interface LocalStack {
  url: string;
  /** The local mailbox's page: every email the app sent. */
  mailboxUrl: string;
  stop(): Promise<void>;
  /** Resolves if the emulators die on their own. */
  exited: Promise<number | null>;
}

/**
 * The whole app on 127.0.0.1: embedded Firestore and the mailbox, then the Auth, Functions and
 * Hosting emulators (Hosting rewrites /api/** to the function as in
 * production), then seed data. Expects the web app and the function to be built.
 */
export async function startLocalStack(
  profile: StackProfile,
  options: { log?: (line: string) => void; extraEnv?: Record<string, string> } = {},
): Promise<LocalStack> {
  const firestore = await startFirestoreEmulator({
    port: profile.ports.firestore,
    persistFile: profile.persist ? join(profile.dataDir, 'firestore.json') : undefined,
  });
  let mailbox;
  let emulators;
  try {
    mailbox = await startMailbox(profile);
    emulators = await startEmulators(profile, ['auth', 'functions', 'hosting'], { log: options.log, extraEnv: options.extraEnv });
  } catch (error) {
    await mailbox?.stop();
    await firestore.stop();
    throw error;
  }
  const running = { emulators, mailbox };
  const stop = async () => {
    await running.emulators.stop();
    await running.mailbox.stop();
    await firestore.stop();
  };
  try {
    await run(join(repoRoot, 'node_modules', '.bin', 'tsx'), ['scripts/stack/seed-local.ts'], {
      env: { ...emulatorEnv(profile), INVITE_CODE: LOCAL_INVITE_CODE },
      quiet: true,
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: appUrl(profile), mailboxUrl: mailbox.url, stop, exited: emulators.exited };
}
