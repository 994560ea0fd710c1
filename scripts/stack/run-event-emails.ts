import { loadConfig } from '../../functions/src/config';
import { createDeps } from '../../functions/src/deps';
import { sendEventEmails } from '../../functions/src/features/events/email-job';

// Runs the event-day emails (features/events/email-job.ts) once, as if it were the instant given,
// against the emulators of the environment: the end-to-end tests' way to reach an event's day now
// (the local stack runs no reminders). The emails go by the local Cloud Tasks queue to the
// function, which sends them to the stack's mailbox. Prints the run's report as JSON.

const at = new Date(process.argv[2] ?? '');
if (Number.isNaN(at.getTime())) {
  console.error('Uso: tsx scripts/stack/run-event-emails.ts <istante ISO>');
  process.exit(2);
}
const deps = await createDeps(loadConfig(process.env));
console.log(JSON.stringify(await sendEventEmails(deps, at)));
process.exit(0);
