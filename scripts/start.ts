import { buildAll } from './build';
import { stopEverything } from './stack/cleanup';
import { startLocalJobs } from './stack/local-jobs';
import { startLocalStack } from './stack/local-stack';
import { assertProjectNode } from './stack/node-runtime';
import { DEMO_OWNER, DEMO_PARTICIPANT, LOCAL_INVITE_CODE, profiles } from './stack/profiles';

// `npm start`: build, bring up the whole local stack, print how to use it, and
// stop everything on Ctrl-C (data is kept in .data/dev for the next start).
const profile = profiles.dev;
const started = Date.now();
const verbose = process.argv.includes('--verbose');

let stopping = false;
const shutdown = async (code: number) => {
  if (stopping) return;
  stopping = true;
  console.log('\nArresto in corso: salvo i dati e chiudo gli emulatori...');
  await stopEverything();
  process.exit(code);
};
// Registered before anything starts, so Ctrl-C during start-up stops what is already up.
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGHUP', () => void shutdown(0));

try {
  assertProjectNode();
  console.log(`Sfida 8 settimane — preparo l'app locale (build e emulatori, Node.js ${process.version})...`);
  await buildAll({ quiet: !verbose });
  const stack = await startLocalStack(profile, { log: verbose ? (line) => console.log(`[firebase] ${line}`) : undefined });
  void stack.exited.then((code) => {
    if (!stopping) {
      console.error(`Gli emulatori Firebase si sono fermati (codice ${code}).`);
      void shutdown(1);
    }
  });
  // The schedules the emulators do not run: the scheduled messages, every minute.
  startLocalJobs(profile);

  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`
  Sfida 8 settimane è pronta (in ${seconds} s): ${stack.url}

  Codice segreto per registrarsi:  ${LOCAL_INVITE_CODE}
  Partecipante demo:  ${DEMO_PARTICIPANT.email}  /  ${DEMO_PARTICIPANT.password}
  Coach demo (OWNER): ${DEMO_OWNER.email}  /  ${DEMO_OWNER.password}
  Posta inviata (locale): ${stack.mailboxUrl}

  Dati salvati in .data/dev (restano dopo il riavvio). Ctrl-C per fermare tutto.
`);
} catch (error) {
  if (!stopping) {
    console.error(error instanceof Error ? error.message : error);
    await shutdown(1);
  }
}
