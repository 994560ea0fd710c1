import { loadConfig } from '../../functions/src/config';
import { createDeps } from '../../functions/src/deps';
import { runScheduledMessagesJob } from '../../functions/src/features/messages/scheduled-job';

// In production Cloud Scheduler runs the `scheduledMessages` function every 5 minutes; the
// Functions emulator runs no schedule (it would need the Pub/Sub emulator). So the local stack
// runs the same job here, every minute, against its emulators (local-jobs.ts starts this file as
// its own tsx process, as seed-local.ts is). The reminders are not run locally.

const PERIOD_MS = 60_000;

const deps = await createDeps(loadConfig(process.env));
for (;;) {
  try {
    const report = await runScheduledMessagesJob(deps, deps.clock());
    if (report.taken > 0) console.log(`Messaggi programmati: ${JSON.stringify(report)}`);
  } catch (error) {
    console.error('Messaggi programmati: esecuzione non riuscita', error);
  }
  await new Promise((resolve) => setTimeout(resolve, PERIOD_MS));
}
