import type { Request, Response } from 'express';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { HttpsError, onRequest } from 'firebase-functions/v2/https';
import { defineSecret } from 'firebase-functions/params';
import type { Deps } from './deps';

// The invite code is a Firebase secret (functions/.secret.local in the emulators).
// The other settings (INVITE_COHORT_ID, APP_ORIGINS, WEB_API_KEY, STORAGE_BUCKET)
// are plain environment variables from functions/.env.<project-id>: declaring
// them as params would make the emulator write their defaults to .env.local,
// overriding each local stack's own values. config.ts reads them all.
const inviteCode = defineSecret('INVITE_CODE');
// Signs Web Push messages (the public key is derived from it, see config.ts).
const vapidPrivateKey = defineSecret('VAPID_PRIVATE_KEY');
// The SMTP server email goes out through, with its credentials (MAIL_FROM, the sender, is a setting).
const smtpUrl = defineSecret('SMTP_URL');

type Handler = (req: Request, res: Response) => void;
let handler: Promise<Handler> | undefined;

/** Builds the app on the first request, so a cold start loads only this file and firebase-functions. */
async function loadHandler(): Promise<Handler> {
  const [{ loadConfig }, { createDeps }, { createApp }] = await Promise.all([import('./config'), import('./deps'), import('./app')]);
  const app = createApp(await createDeps(loadConfig()));
  return (req, res) => app(req, res);
}

// maxInstances caps what a traffic spike or an abusive client can cost: at most maxInstances ×
// concurrency requests in flight (far more than a few cohorts need), the memory of that many
// instances billed at once and a bounded rate of Firestore reads. Beyond it Cloud Run queues,
// then answers 429. minInstances stays 0: a cold start loads only this file (the app loads on
// the first request), so nothing is paid to keep an idle instance warm.
export const api = onRequest(
  {
    region: 'europe-west1',
    secrets: [inviteCode, vapidPrivateKey, smtpUrl],
    memory: '512MiB',
    timeoutSeconds: 60,
    concurrency: 80,
    maxInstances: 10,
    minInstances: 0,
    cors: false,
  },
  async (req, res) => {
    handler ??= loadHandler().catch((error: unknown) => {
      handler = undefined; // retry on the next request
      throw error;
    });
    let app: Handler;
    try {
      app = await handler;
    } catch (error) {
      console.error('API initialisation failed:', error);
      res.status(500).set('Cache-Control', 'private, no-store').json({ message: 'Servizio non disponibile. Riprova più tardi.' });
      return;
    }
    app(req as unknown as Request, res as unknown as Response);
  },
);

// The reminders: every quarter of an hour, what is due on each participant's own wall clock
// (features/notifications/reminder-job.ts), then the planned actions' (planned-action-job.ts), their pushes enqueued for pushDeliveries. One instance at a time; a run that fails is not
// retried (the next one, 15 minutes later, catches up what is still in time, once). The run of
// 03:00 in Rome also deletes the voice notes of cohorts that ended more than 90 days ago
// (features/voice-notes/retention-job.ts) and the accounts whose last programme ended more than 12
// months ago, told a month before by the run of 10:00 (features/privacy/retention-job.ts); a run
// that fails is done again the next day. On Mondays the runs from 08:00 to 09:59 in Rome queue the
// coaches' digests by email (features/triage/digest-job.ts), a bounded number of cohorts each. Every run
// queues the event-day emails whose hour has come in their participants' zones, a bounded number of
// events and participants (features/events/email-job.ts). Every run
// finishes the account deletions a request left unfinished (features/privacy/delete-service.ts).
// Only Cloud Scheduler calls it: the deploy grants Cloud Run's invoker role on a scheduled function
// to the scheduler's service account alone (onSchedule takes no `invoker`; scripts/predeploy.ts
// refuses an endpoint that is not a schedule). A call at another time is harmless anyway: the job
// only does what is due at that moment, each reminder claimed once, like a run the next one overlaps.
export const reminders = onSchedule(
  {
    schedule: 'every 15 minutes',
    timeZone: 'Etc/UTC',
    region: 'europe-west1',
    secrets: [vapidPrivateKey],
    memory: '512MiB',
    timeoutSeconds: 540,
    maxInstances: 1,
    retryCount: 0,
  },
  async () => {
    const [
      { loadConfig },
      { createDeps },
      { runReminderJob },
      { runPlannedActionJob },
      { isRetentionRun, runVoiceNoteRetention },
      { resumePendingDeletions },
      { deleteLapsedAccounts, giveRetentionNotices, isRetentionNoticeRun },
      { isDigestRun, sendCoachDigests },
      { sendEventEmails },
    ] = await Promise.all([
      import('./config'),
      import('./deps'),
      import('./features/notifications/reminder-job'),
      import('./features/notifications/planned-action-job'),
      import('./features/voice-notes/retention-job'),
      import('./features/privacy/delete-service'),
      import('./features/privacy/retention-job'),
      import('./features/triage/digest-job'),
      import('./features/events/email-job'),
    ]);
    const deps = await createDeps(loadConfig());
    const now = deps.clock();
    const report = await runReminderJob(deps, now);
    console.log('Promemoria:', JSON.stringify(report));
    console.log('Promemoria delle azioni pianificate:', JSON.stringify(await runPlannedActionJob(deps, now)));
    if (isRetentionRun(now)) {
      console.log('Note vocali scadute:', JSON.stringify(await runVoiceNoteRetention(deps, now)));
      console.log('Account scaduti eliminati:', JSON.stringify(await deleteLapsedAccounts(deps, now)));
    }
    if (isRetentionNoticeRun(now)) console.log('Avvisi di eliminazione degli account:', JSON.stringify(await giveRetentionNotices(deps, now)));
    if (isDigestRun(now)) console.log('Riepiloghi del lunedì ai coach:', JSON.stringify(await sendCoachDigests(deps, now)));
    console.log('Email degli incontri del giorno:', JSON.stringify(await sendEventEmails(deps, now)));
    console.log('Eliminazioni di account completate:', JSON.stringify(await resumePendingDeletions(deps)));
  },
);

// Scheduled messages: every 5 minutes, the coaches' messages whose time has come on the cohort's
// clock (features/messages/scheduled-job.ts), each sent once even if two runs overlap. A run that
// fails is not retried: the next one sends what is still waiting, and finishes what it cut short.
// Like `reminders`, invokable by the scheduler's service account only; an extra call sends only
// what is due, once.
export const scheduledMessages = onSchedule(
  {
    schedule: 'every 5 minutes',
    timeZone: 'Etc/UTC',
    region: 'europe-west1',
    secrets: [vapidPrivateKey],
    memory: '512MiB',
    timeoutSeconds: 540,
    maxInstances: 1,
    retryCount: 0,
  },
  async () => {
    const [{ loadConfig }, { createDeps }, { runScheduledMessagesJob }] = await Promise.all([
      import('./config'),
      import('./deps'),
      import('./features/messages/scheduled-job'),
    ]);
    const deps = await createDeps(loadConfig());
    const report = await runScheduledMessagesJob(deps, deps.clock());
    console.log('Messaggi programmati:', JSON.stringify(report));
  },
);

// Pushes to many: the tasks a message to a segment and the reminders job enqueue (Cloud Tasks),
// each push to a device claimed once (shared/push-fan-out.ts). A task that fails, or leaves a push
// to try again, answers 503 and Cloud Tasks runs it again after a back-off (1, 2, 4, then every 8
// minutes): past CLAIM_LEASE_MS (6 minutes) a claim an attempt left behind is taken over. A push
// is claimed just before it goes and marked right after, so a slow attempt holds no claim for long. At most 6 tasks at once (of 200 recipients, 10 pushes at a time each):
// a few instances, and the Functions emulator (a process per request at work) stays usable.
// Only Cloud Tasks calls it: `invoker: 'private'` grants no one Cloud Run's invoker role on it, so
// Cloud Run's IAM admits only the OIDC token Cloud Tasks signs for the service account the Admin
// SDK enqueues as (the API's runtime one, which docs/deploy.md gives that role). firebase-functions
// decodes a task's bearer token without verifying it, so IAM is the only gate: `npm run deploy`
// refuses a public invoker (scripts/predeploy.ts). Whoever gets through anyway, or the local
// emulator's plain POST, sends nothing of their own: a task names stored things by id
// (runPushTask reads what it pushes and files).
/** A task function's deps: built on the first task an instance runs, then kept for the next ones. */
function depsOnce(): () => Promise<Deps> {
  let deps: Promise<Deps> | undefined;
  return () => (deps ??= Promise.all([import('./config'), import('./deps')]).then(([{ loadConfig }, { createDeps }]) => createDeps(loadConfig())));
}

const pushTaskDeps = depsOnce();
export const pushDeliveries = onTaskDispatched<unknown>(
  {
    region: 'europe-west1',
    invoker: 'private',
    secrets: [vapidPrivateKey],
    memory: '512MiB',
    timeoutSeconds: 300,
    maxInstances: 5,
    retryConfig: { maxAttempts: 10, minBackoffSeconds: 60, maxBackoffSeconds: 480, maxDoublings: 3 },
    rateLimits: { maxConcurrentDispatches: 6 },
  },
  async (request) => {
    const { runPushTask } = await import('./shared/push-fan-out');
    const report = await runPushTask(await pushTaskDeps(), request.data);
    if (report.retry) throw new HttpsError('unavailable', `Notifiche push da riprovare: ${JSON.stringify(report)}`);
  },
);

// Email: the tasks that queueing an email enqueues (Cloud Tasks), each email sent once by SMTP
// (shared/mail/outbox.ts). A task that leaves an email to try again (the SMTP server busy or
// unreachable) answers 503 and Cloud Tasks runs it again after a back-off; past
// EMAIL_CLAIM_LEASE_MS a claim an attempt left behind is taken over. Private like pushDeliveries:
// only Cloud Tasks calls it, and a task names stored emails by id, nothing else.
const emailTaskDeps = depsOnce();
export const emailDeliveries = onTaskDispatched<unknown>(
  {
    region: 'europe-west1',
    invoker: 'private',
    secrets: [smtpUrl],
    memory: '512MiB',
    timeoutSeconds: 300,
    maxInstances: 3,
    retryConfig: { maxAttempts: 10, minBackoffSeconds: 60, maxBackoffSeconds: 900, maxDoublings: 4 },
    rateLimits: { maxConcurrentDispatches: 4 },
  },
  async (request) => {
    const { runEmailTask } = await import('./shared/mail/outbox');
    const report = await runEmailTask(await emailTaskDeps(), request.data);
    if (report.retry) throw new HttpsError('unavailable', `Email da riprovare: ${JSON.stringify(report)}`);
  },
);
