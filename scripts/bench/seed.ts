import type { TrackerData } from '@sfida/core/tracker';
import type { User } from '@sfida/core/user';
import type { ensureAccount as EnsureAccount } from '../../functions/src/features/account/admin';
import type { SessionStore } from '../../functions/src/sessions/session-store';
import { BASELINE_DOC } from './bench-stack';
import { seedCoachHomes, type CoachHomeSessions } from './seed-coach-home';
import { LARGE_COHORT_ID, seedCoach, seedLargeCohort } from './seed-cohort';
import { seedLongHistory } from './seed-long';
import { seedSyncParticipants } from './seed-sync';
import { BENCH_ORIGIN, progressHeaders } from './sync-participant';

// Bench data, written the way the server writes it: accounts through the server's
// operator helper (ensureAccount), the runner's session through POST /api/auth/login,
// its progress through PUT /api/users/me/progress and the rest of the cohort's
// progress through the server's own progress service.

export const BENCH_COHORT_ID = 'coorte-bench';
export const COHORT_SIZE = 500;
export const RUNNER = { email: 'bench-runner@sfida8.local', password: 'bench-sfida-2025', name: 'Bench Runner' } as const;
const CONCURRENCY = 16;

export interface Seeded {
  /** Cookie value of the runner's session, or null when neither login nor the session store worked. */
  runnerCookie: string | null;
  /** How the runner signed in ("POST /api/auth/login" or the fallback). */
  runnerLogin: string;
  /** Participants in the bench cohort with an account. */
  cohortAccounts: number;
  /** Participants whose progress the PUT accepted. */
  cohortProgress: number;
  /** Participants seeded in the large cohort (LARGE_COHORT_ID), 0 when not seeded. */
  largeCohortMembers: number;
  /** Sessions for the cohort-size rows, null when not seeded. */
  scaleSessions: ScaleSessions | null;
  /** Sessions of the sync row's participants (seed-sync.ts), one per load connection; null when not seeded. */
  syncSessions: string[] | null;
  /** Sessions of the 24-month sync row's participants (seed-long.ts), one per load connection; null when not seeded. */
  longSyncSessions: string[] | null;
  /** The 24-month participant's documents: how many, and the largest (its path and size), read back from the emulator. */
  longHistory: { documents: number; largestPath: string; largestBytes: number } | null;
  problems: string[];
}

/** Cookie values of the sessions the cohort-size rows use. */
export interface ScaleSessions {
  /** A participant of the large cohort (tracker variant 0, like the runner). */
  largeViewer: string;
  /** The coach (OWNER) of both bench cohorts. */
  coach: string;
  /** The coaches of the coach-home rows (seed-coach-home.ts), null when not seeded. */
  coachHomes: CoachHomeSessions | null;
}

async function inBatches<T>(items: T[], work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

function sessionCookieFrom(response: Response): string | null {
  for (const header of response.headers.getSetCookie()) {
    const match = /^__session=([^;]+)/.exec(header);
    if (match) return match[1]!;
  }
  return null;
}

/**
 * Seeds the baseline document, the runner (whose eight-week challenge ended yesterday) and a
 * cohort of 500 participants with a full tracker each. `apiBase` is where /api/... answers
 * (the app function on the Functions emulator), null when the app is not there.
 */
export async function seedBench(options: {
  apiBase: string | null;
  challengeStartDate: string;
  trackers: TrackerData[];
  /** Also seed the large cohort, its coach and the coach homes (the cohort-size rows). */
  large: boolean;
  /** Also seed the sync row's participants (the API rows). */
  sync: boolean;
  log: (line: string) => void;
}): Promise<Seeded> {
  const { apiBase, challengeStartDate, trackers, log } = options;
  const problems: string[] = [];
  const seeded: Seeded = { runnerCookie: null, runnerLogin: '', cohortAccounts: 0, cohortProgress: 0, largeCohortMembers: 0, scaleSessions: null, syncSessions: null, longSyncSessions: null, longHistory: null, problems };

  const [{ loadConfig }, { createDeps }] = await Promise.all([import('../../functions/src/config'), import('../../functions/src/deps')]);
  const deps = await createDeps(loadConfig(process.env));
  await deps.db.collection(BASELINE_DOC.collection).doc(BASELINE_DOC.id).set({ name: 'baseline', points: 42, updatedAt: new Date().toISOString() });

  // Imported when needed, so a server still being written costs only this part.
  let ensureAccount: typeof EnsureAccount;
  let sessions: SessionStore;
  try {
    ({ ensureAccount } = await import('../../functions/src/features/account/admin'));
    const store = await import('../../functions/src/sessions/session-store');
    sessions = new store.SessionStore(deps.db, deps.auth, deps.clock);
  } catch (error) {
    problems.push(`accounts not seeded: ${(error as Error).message.split('\n')[0]}`);
    return seeded;
  }

  const onboarding = { tempoAllenamento: 'PIU_UN_ANNO', luogoAllenamento: 'CASA', livelloAllenamento: 'PRINCIPIANTE' } as const;
  const participants = Array.from({ length: COHORT_SIZE }, (_, i) =>
    i === 0
      ? RUNNER
      : { email: `bench-${String(i).padStart(3, '0')}@sfida8.local`, password: `bench-password-${i}`, name: `Partecipante ${String(i).padStart(3, '0')}` },
  );
  const users: User[] = [];
  const started = Date.now();
  await inBatches(participants, async (p, i) => {
    users[i] = await ensureAccount(deps, { ...p, role: 'PARTICIPANT', cohortId: BENCH_COHORT_ID, onboarding, challengeStartDate });
    seeded.cohortAccounts++;
  });
  log(`  ${seeded.cohortAccounts} accounts in ${BENCH_COHORT_ID} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  // The baseline reads what /api/auth/me must read: a copy of the runner's user document. On the
  // embedded emulator a read costs with the document's fields (~90 µs more for a user's twelve than
  // for three, in the bench's own process, on the same two cores), a cost no handler can skip.
  const runnerDoc = await deps.db.collection('users').doc(users[0]!.id).get();
  if (runnerDoc.exists) await deps.db.collection(BASELINE_DOC.collection).doc(BASELINE_DOC.id).set(runnerDoc.data()!);
  else problems.push('the baseline reads a three-field document: the runner has no user document');

  if (!apiBase) {
    problems.push('progress not seeded: the app function is not running');
    return seeded;
  }

  // The runner signs in like the web app does.
  try {
    const response = await fetch(`${apiBase}/api/auth/login`, {
      method: 'POST',
      headers: { Origin: BENCH_ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: RUNNER.email, password: RUNNER.password }),
    });
    await response.arrayBuffer();
    seeded.runnerCookie = response.ok ? sessionCookieFrom(response) : null;
    seeded.runnerLogin = 'POST /api/auth/login';
    if (!seeded.runnerCookie) problems.push(`POST /api/auth/login answered ${response.status}; the runner's session comes from the SessionStore`);
  } catch (error) {
    problems.push(`POST /api/auth/login failed: ${(error as Error).message}`);
  }
  if (!seeded.runnerCookie) {
    seeded.runnerCookie = await sessions.create(users[0]!.id);
    seeded.runnerLogin = 'SessionStore.create (login unavailable)';
  }

  // The runner's own upload (a first one: no revision to name) goes through the real endpoint…
  const runnerPut = await fetch(`${apiBase}/api/users/me/progress`, {
    method: 'PUT',
    headers: progressHeaders(seeded.runnerCookie),
    body: JSON.stringify(trackers[0]),
  });
  const runnerAnswer = await runnerPut.text();
  if (runnerPut.ok) seeded.cohortProgress++;
  else problems.push(`PUT /api/users/me/progress answered ${runnerPut.status}: ${runnerAnswer.slice(0, 160)}`);

  // …the other 499 through the server's own service in-process (what the endpoint runs after
  // validating the body): the same documents, without 499 HTTP round trips through the emulator.
  try {
    const { syncTracker } = await import('../../functions/src/features/tracker/service');
    const progressStart = Date.now();
    await inBatches(users.slice(1), async (user, i) => {
      await syncTracker(deps, user, trackers[(i + 1) % trackers.length]!, '*');
      seeded.cohortProgress++;
    });
    log(`  ${seeded.cohortProgress}/${users.length} participants with progress (${((Date.now() - progressStart) / 1000).toFixed(1)} s)`);
  } catch (error) {
    problems.push(`cohort progress not seeded: ${(error as Error).message.split('\n')[0]}`);
    return seeded;
  }
  const { syncTracker, revisionTag } = await import('../../functions/src/features/tracker/service');
  const server = { ensureAccount, syncTracker, revisionTag, sessions };
  if (options.sync) {
    try {
      seeded.syncSessions = await seedSyncParticipants(deps, server, log);
    } catch (error) {
      problems.push(`sync participants not seeded: ${(error as Error).message.split('\n')[0]}`);
    }
    try {
      log('  the 24-month participants: one lives 730 days through the server, a sync a day…');
      const { sessions: longSessions, ...longHistory } = await seedLongHistory(deps, server, log);
      seeded.longSyncSessions = longSessions;
      seeded.longHistory = longHistory;
    } catch (error) {
      problems.push(`24-month participants not seeded: ${(error as Error).message.split('\n')[0]}`);
      log(`  ! ${(error as Error).stack}`);
    }
  }
  if (options.large) {
    try {
      const large = await seedLargeCohort(deps, server, { challengeStartDate, trackers, log });
      seeded.largeCohortMembers = large.members;
      const coach = await seedCoach(deps, server, [BENCH_COHORT_ID, LARGE_COHORT_ID], challengeStartDate);
      seeded.scaleSessions = { largeViewer: large.viewerCookie, coach, coachHomes: null };
      try {
        seeded.scaleSessions.coachHomes = await seedCoachHomes(deps, server, { templates: large.templates, challengeStartDate, log });
      } catch (error) {
        problems.push(`coach homes not seeded: ${(error as Error).message.split('\n')[0]}`);
      }
      // "Andamento"'s counters: the small cohort's came with its syncs; the large one's members are
      // copies, so the migration works every cohort's out from the trackers, as a sync would.
      try {
        const { rebuildWeekStats } = await import('../../functions/src/features/cohort-progress/migrations');
        const rebuildStart = Date.now();
        const rebuilt = await rebuildWeekStats(deps);
        log(`  Andamento's counters: ${rebuilt.participants} participants in ${rebuilt.cohorts} cohorts (${((Date.now() - rebuildStart) / 1000).toFixed(1)} s)`);
      } catch (error) {
        problems.push(`cohort progress counters not rebuilt: ${(error as Error).message.split('\n')[0]}`);
      }
      // The members are written directly, as before the member index: the migration builds it.
      try {
        const { buildMemberIndexes } = await import('../../functions/src/shared/member-index-repository');
        const indexStart = Date.now();
        const built = await buildMemberIndexes(deps);
        log(`  member indexes: ${built.participants} participants in ${built.cohorts} cohorts (${((Date.now() - indexStart) / 1000).toFixed(1)} s)`);
      } catch (error) {
        problems.push(`member indexes not built: ${(error as Error).message.split('\n')[0]}`);
      }
      // So are their roster rows (decision 055): the migration writes them, as it would in production.
      try {
        const { backfillRosterRows } = await import('../../functions/src/shared/roster-row-repository');
        const rowsStart = Date.now();
        const rows = await backfillRosterRows(deps);
        log(`  roster rows: ${rows.written} written for ${rows.participants} participants (${((Date.now() - rowsStart) / 1000).toFixed(1)} s)`);
      } catch (error) {
        problems.push(`roster rows not written: ${(error as Error).message.split('\n')[0]}`);
      }
    } catch (error) {
      problems.push(`large cohort or coach not seeded: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  return seeded;
}
