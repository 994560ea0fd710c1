import { addDays, todayIn } from '@sfida/core/dates';
import { instantAt } from '@sfida/core/reminders';
import type { Deps } from '../../functions/src/deps';
import { startMailbox } from '../stack/mailbox';
import { appOrigins, mailboxUrl } from '../stack/profiles';
import { profile } from './bench-stack';
import { median, NOT_AVAILABLE, type Row } from './results';
import { seedCoach } from './seed-cohort';

// The event-day email to a cohort of 5,000 (features/events/email-job.ts). What the coach does is
// one request: saving the event, timed in a cohort of 50 and in one of 5,000 (it must not grow with
// the cohort: the emails are the job's). The job then runs as the reminders' quarter-hour runs call
// it, at the email's hour, until it has nothing left: each run is timed and its reads counted (a run
// stops at MAX_READS_PER_RUN). The emails leave through the outbox's tasks (the emailDeliveries
// function in the Functions emulator, dispatched by the Cloud Tasks emulator) to the bench's local
// mailbox, which is read at the end for emails received more than once.

const SMALL = 50;
const LARGE = 5000;
const SMALL_COHORT = 'coorte-bench-eventi-50';
const LARGE_COHORT = 'coorte-bench-eventi-5000';
/** Saves of an event timed in each cohort, after one not timed. */
const SAVES = 5;
/** Goal: saving an event in a cohort of 5,000 within 2× the same in one of 50. */
const SAVE_GOAL = 2;
const DELIVERY_TIMEOUT_MS = 15 * 60_000;
const GRACE_MS = 10_000;
/** More runs than the job can need (two reads per participant, MAX_READS_PER_RUN a run): a loop that never ends is a failure. */
const MAX_RUNS = 20;

/** Tomorrow at `time` in Rome. */
function romeTomorrowAt(time: string): string {
  return instantAt(addDays(todayIn('Europe/Rome', new Date()), 1), time, 'Europe/Rome').toISOString();
}

async function seedParticipants(deps: Deps, cohortId: string, size: number, prefix: string): Promise<void> {
  const { newUserDoc } = await import('../../functions/src/shared/user-repository');
  const now = new Date();
  const startDate = now.toISOString().slice(0, 10);
  for (let from = 0; from < size; from += 200) {
    const batch = deps.db.batch();
    for (let i = from; i < Math.min(size, from + 200); i++) {
      const uid = `${prefix}-${String(i).padStart(4, '0')}`;
      // A few live elsewhere: their zone is sent at its own hour, by its own query.
      const timeZone = i % 50 === 0 ? 'Europe/London' : 'Europe/Rome';
      batch.set(deps.db.collection('users').doc(uid), newUserDoc({ email: `${uid}@sfida8.local`, name: `Persona ${i}`, role: 'PARTICIPANT', cohortId, timeZone, now, challenge: { startDate, joinedOn: null } }));
    }
    await batch.commit();
  }
}

export async function measureEventEmails(options: { apiBase: string | null; apiProblem: string | null; log: (line: string) => void }): Promise<Row[]> {
  const { apiBase, log } = options;
  const names = {
    smallSave: `POST event in a cohort of ${SMALL} latency p50`,
    largeSave: `POST event in a cohort of ${LARGE.toLocaleString('en')} latency p50`,
    runs: `event email to ${LARGE.toLocaleString('en')}: the job's runs until done`,
    runMs: `event email to ${LARGE.toLocaleString('en')}: slowest run of the job`,
    reads: `event email to ${LARGE.toLocaleString('en')}: most participants read in one run`,
    last: `event email to ${LARGE.toLocaleString('en')}: time from the job's first run to the last email sent`,
    duplicates: `event email to ${LARGE.toLocaleString('en')}: emails received more than once`,
  };
  const { MAX_READS_PER_RUN } = await import('../../functions/src/features/events/email-job');
  const readsGoal = `≤ ${(MAX_READS_PER_RUN + 200).toLocaleString('en')}`;
  const unavailable = (note: string): Row[] => [
    { section: 'API', figure: names.smallSave, value: null, baseline: null, unit: 'ms', goal: '', ok: null, note },
    { section: 'API', figure: names.largeSave, value: null, baseline: null, unit: 'ms', goal: `≤ ${SAVE_GOAL}× baseline`, ok: null, note },
    { section: 'API', figure: names.runs, value: null, baseline: null, unit: 'count', goal: '', ok: null, note },
    { section: 'API', figure: names.runMs, value: null, baseline: null, unit: 'ms', goal: '', ok: null, note },
    { section: 'API', figure: names.reads, value: null, baseline: null, unit: 'count', goal: readsGoal, ok: null, note },
    { section: 'API', figure: names.last, value: null, baseline: null, unit: 'ms', goal: '', ok: null, note },
    { section: 'API', figure: names.duplicates, value: null, baseline: null, unit: 'count', goal: '0', ok: null, note },
  ];
  if (!apiBase) return unavailable(`${NOT_AVAILABLE}: ${options.apiProblem ?? 'the app function is not running'}`);

  const mailbox = await startMailbox(profile);
  try {
    const [{ loadConfig }, { createDeps }, { ensureAccount }, store, { sendEventEmails }, { eventEmailDueAt }, { mailboxClient }] = await Promise.all([
      import('../../functions/src/config'),
      import('../../functions/src/deps'),
      import('../../functions/src/features/account/admin'),
      import('../../functions/src/sessions/session-store'),
      import('../../functions/src/features/events/email-job'),
      import('@sfida/core/event-emails'),
      import('../../functions/src/test-support/mailbox'),
    ]);
    const deps = await createDeps(loadConfig(process.env));
    if (!deps.config.emailTokenKey) return unavailable(`${NOT_AVAILABLE}: no email token key (VAPID_PRIVATE_KEY) in the bench's settings`);
    const server = { ensureAccount, sessions: new store.SessionStore(deps.db, deps.auth, deps.clock) };
    const started = Date.now();
    const today = new Date().toISOString().slice(0, 10);
    const cookies = {
      small: await seedCoach(deps, server, [SMALL_COHORT], today, { email: 'bench-eventi-50@sfida8.local', password: 'bench-eventi-2025', name: 'Coach Eventi Cinquanta' }),
      large: await seedCoach(deps, server, [LARGE_COHORT], today, { email: 'bench-eventi-5000@sfida8.local', password: 'bench-eventi-2025', name: 'Coach Eventi Cinquemila' }),
    };
    await seedParticipants(deps, SMALL_COHORT, SMALL, 'ev50');
    await seedParticipants(deps, LARGE_COHORT, LARGE, 'ev5k');
    const { buildMemberIndexes } = await import('../../functions/src/shared/member-index-repository');
    await buildMemberIndexes(deps);
    log(`  seeded ${SMALL} and ${LARGE} participants (${((Date.now() - started) / 1000).toFixed(1)} s)`);

    const origin = appOrigins(profile).split(',')[0]!;
    const save = async (cohortId: string, cookie: string, startsAt: string, title: string): Promise<{ ms: number; id: string }> => {
      const before = Date.now();
      const response = await fetch(`${apiBase}/api/coach/cohorts/${cohortId}/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `__session=${cookie}`, origin },
        body: JSON.stringify({ startsAt, title, speaker: 'Marta', description: 'Ci vediamo online.', link: 'https://meet.example.com/sfida', durationMinutes: 60 }),
      });
      const body = await response.text();
      if (response.status !== 201) throw new Error(`saving the event answered ${response.status}: ${body.slice(0, 200)}`);
      return { ms: Date.now() - before, id: (JSON.parse(body) as { id: string }).id };
    };
    // The timed saves are a month away, out of the job's window: only the one of tomorrow is emailed.
    const later = (i: number) => new Date(Date.now() + (30 + i) * 24 * 60 * 60 * 1000).toISOString();
    await save(SMALL_COHORT, cookies.small, later(0), 'Riscaldamento');
    await save(LARGE_COHORT, cookies.large, later(0), 'Riscaldamento');
    const small: number[] = [];
    const large: number[] = [];
    for (let i = 1; i <= SAVES; i++) {
      small.push((await save(SMALL_COHORT, cookies.small, later(i), `Incontro ${i}`)).ms);
      large.push((await save(LARGE_COHORT, cookies.large, later(i), `Incontro ${i}`)).ms);
    }
    log(`  saving an event: ${small.join('/')} ms in the 50, ${large.join('/')} ms in the 5,000`);

    const startsAt = romeTomorrowAt('18:30');
    await save(LARGE_COHORT, cookies.large, startsAt, 'Incontro di domani');
    // The job at the email's hour in each zone (London's comes an hour after Rome's), as the quarter-hour runs call it.
    const hours = [...new Set(['Europe/Rome', 'Europe/London'].map((zone) => eventEmailDueAt(startsAt, zone).getTime()))].sort();
    const firstHour = hours[0]!;
    const runsStarted = Date.now();
    const runs: Array<{ ms: number; read: number; queued: number }> = [];
    for (const hour of hours) {
      for (;;) {
        if (runs.length >= MAX_RUNS) throw new Error(`the job was not done after ${MAX_RUNS} runs`);
        const before = Date.now();
        const report = await sendEventEmails(deps, new Date(hour + 60_000));
        if (report.events === 0) break;
        runs.push({ ms: Date.now() - before, read: report.read, queued: report.queued });
        log(`    run ${runs.length}: ${report.read} read, ${report.queued} queued in ${runs.at(-1)!.ms} ms`);
      }
    }
    const jobDone = Date.now();
    const queued = runs.reduce((sum, run) => sum + run.queued, 0);
    if (queued !== LARGE) throw new Error(`the job queued ${queued} emails for ${LARGE} participants`);

    // Every email in the mailbox: polled by the outbox's states (the mailbox's list is read once, at the end).
    const deadline = jobDone + DELIVERY_TIMEOUT_MS;
    const settled = async () => (await deps.db.collection('emails').where('state', 'in', ['sent', 'failed']).select('uid').get()).docs.filter((doc) => String(doc.get('uid')).startsWith('ev5k-')).length;
    let reported = Date.now();
    for (let done = await settled(); done < LARGE; done = await settled()) {
      if (Date.now() > deadline) throw new Error(`after ${DELIVERY_TIMEOUT_MS / 1000} s, ${done} of ${LARGE} emails had been sent`);
      if (Date.now() - reported > 15_000) {
        reported = Date.now();
        log(`    ${done} of ${LARGE} emails sent after ${Math.round((reported - jobDone) / 1000)} s`);
      }
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    const lastSentAt = Math.max(...(await deps.db.collection('emails').where('state', '==', 'sent').select('uid', 'sentAt').get()).docs.filter((doc) => String(doc.get('uid')).startsWith('ev5k-')).map((doc) => Date.parse(String(doc.get('sentAt')))));
    // The runs again, as an overlapping or repeated run would: nothing more is queued.
    const again = await sendEventEmails(deps, new Date(hours.at(-1)! + 120_000));
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS));
    const received = new Map<string, number>();
    for (const email of await mailboxClient(mailboxUrl(profile)).list()) {
      for (const { address } of email.to) if (address.startsWith('ev5k-')) received.set(address, (received.get(address) ?? 0) + 1);
    }
    const duplicates = [...received.values()].reduce((sum, count) => sum + Math.max(0, count - 1), 0);
    const missing = LARGE - received.size;
    const maxRead = Math.max(...runs.map((run) => run.read));
    // The job's clock is set at the emails' hours; the runs and the sending are timed in real time.
    const lastMs = lastSentAt - runsStarted;
    return [
      { section: 'API', figure: names.smallSave, value: median(small), baseline: null, unit: 'ms', goal: '', ok: null, note: `${SAVES} saves after one not timed: ${small.join('/')} ms` },
      {
        section: 'API',
        figure: names.largeSave,
        value: median(large),
        baseline: median(small),
        unit: 'ms',
        goal: `≤ ${SAVE_GOAL}× baseline`,
        ok: median(large) <= SAVE_GOAL * median(small),
        note: `baseline: the same save in a cohort of ${SMALL}; ${large.join('/')} ms`,
      },
      { section: 'API', figure: names.runs, value: runs.length, baseline: null, unit: 'count', goal: '', ok: null, note: `at the email's hour in Rome, then in London (${hours.length} hours); per run read/queued: ${runs.map((run) => `${run.read}/${run.queued}`).join(', ')}` },
      { section: 'API', figure: names.runMs, value: Math.max(...runs.map((run) => run.ms)), baseline: null, unit: 'ms', goal: '', ok: null, note: `per run (ms): ${runs.map((run) => run.ms).join(', ')}; the job itself, in the bench's process against the emulators` },
      { section: 'API', figure: names.reads, value: maxRead, baseline: null, unit: 'count', goal: readsGoal, ok: maxRead <= MAX_READS_PER_RUN + 200, note: `a run stops at ${MAX_READS_PER_RUN.toLocaleString('en')} participants read (pages of 200): a survey of the zones, then each zone at its hour` },
      { section: 'API', figure: names.last, value: lastMs, baseline: null, unit: 'ms', goal: '', ok: null, note: `the job's runs, then the outbox's tasks of 50 (emailDeliveries in the Functions emulator) to the local mailbox; first hour ${new Date(firstHour).toISOString()}` },
      {
        section: 'API',
        figure: names.duplicates,
        value: duplicates,
        baseline: null,
        unit: 'count',
        goal: '0',
        ok: duplicates === 0 && missing === 0 && again.queued === 0,
        note: `counted in the mailbox ${GRACE_MS / 1000} s after the last; missing: ${missing}; a further run queued ${again.queued}`,
      },
    ];
  } catch (error) {
    log(`  ! ${(error as Error).stack}`);
    return unavailable(`${NOT_AVAILABLE}: ${(error as Error).message}`);
  } finally {
    await mailbox.stop();
  }
}
