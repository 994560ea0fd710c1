import { mondayOf, todayIn } from '@sfida/core/dates';
import { schedaSchema } from '@sfida/core/user';
import { loadConfig } from '../../functions/src/config';
import { createDeps } from '../../functions/src/deps';
import { ensureAccount } from '../../functions/src/features/account/admin';
import { ensureDefaultCohort } from '../../functions/src/shared/default-cohort';
import { buildMemberIndexes } from '../../functions/src/shared/member-index-repository';
import { backfillTriage } from '../../functions/src/features/triage/migrations';
import { rebuildWeekStats } from '../../functions/src/features/cohort-progress/migrations';
import { renderSchedaPdf } from '../content/render-pdf';
import { DEMO_OWNER, DEMO_PARTICIPANT, LOCAL_COHORT_ID } from './profiles';
import { seedEvents } from './seed-events';

/**
 * Seeds a local stack: the four training sheets in the bucket folder, one demo
 * participant (onboarding done, challenge started this week), one OWNER, and the
 * local cohort with the demo coach as its coach and the programme's events.
 * Runs at every start and only adds what is missing, so restarts keep data.
 * Reads the emulators' addresses from the environment (emulatorEnv()).
 */
async function seed(): Promise<void> {
  const deps = await createDeps(loadConfig(process.env));

  for (const scheda of schedaSchema.options) {
    const path = `schede/${scheda}.pdf`;
    if (!(await deps.blobStore.exists(path))) {
      await deps.blobStore.write(path, await renderSchedaPdf(scheda), 'application/pdf');
    }
  }

  if (!(await accountExists(deps, DEMO_PARTICIPANT.email))) {
    await ensureAccount(deps, {
      ...DEMO_PARTICIPANT,
      role: 'PARTICIPANT',
      cohortId: LOCAL_COHORT_ID,
      onboarding: { tempoAllenamento: 'MENO_UN_ANNO', luogoAllenamento: 'CASA', livelloAllenamento: 'PRINCIPIANTE' },
      challengeStartDate: mondayOf(todayIn('Europe/Rome', new Date())),
    });
  }
  if (!(await accountExists(deps, DEMO_OWNER.email))) {
    await ensureAccount(deps, { ...DEMO_OWNER, role: 'OWNER', cohortId: LOCAL_COHORT_ID });
  }
  // After the accounts, so the demo coach coaches the local cohort (LOCAL_INVITE_CODE is its code).
  await ensureDefaultCohort(deps);
  await seedEvents(deps.db, LOCAL_COHORT_ID);
  // Data kept from before the coach's triage: its participants are looked at again.
  await backfillTriage(deps);
  // The cohorts' weekly figures, from every participant's tracker (the demo participant's included).
  await rebuildWeekStats(deps);
  // The cohorts' member indexes, for cohorts kept from before them.
  await buildMemberIndexes(deps);
}

async function accountExists(deps: Awaited<ReturnType<typeof createDeps>>, email: string): Promise<boolean> {
  try {
    await deps.auth.getUserByEmail(email);
    return true;
  } catch {
    return false;
  }
}

// Run as its own tsx process by local-stack.ts (the functions sources are
// CommonJS TypeScript, which test runners' loaders import inconsistently).
try {
  await seed();
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
