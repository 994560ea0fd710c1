import { loadConfig } from '../../functions/src/config';
import { createDeps } from '../../functions/src/deps';
import { runPlannedActionJob } from '../../functions/src/features/notifications/planned-action-job';

// Runs the planned actions' reminders (features/notifications/planned-action-job.ts) once, as if it
// were the instant given, against the emulators of the environment: the end-to-end tests' way to
// reach a participant's planned Thursday evening now (the local stack runs no reminders). Prints
// the run's report as JSON.

const at = new Date(process.argv[2] ?? '');
if (Number.isNaN(at.getTime())) {
  console.error('Uso: tsx scripts/stack/run-planned-action-reminders.ts <istante ISO>');
  process.exit(2);
}
const deps = await createDeps(loadConfig(process.env));
console.log(JSON.stringify(await runPlannedActionJob(deps, at)));
process.exit(0);
