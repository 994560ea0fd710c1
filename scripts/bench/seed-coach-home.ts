import type { ensureAccount as EnsureAccount } from '../../functions/src/features/account/admin';
import type { Deps } from '../../functions/src/deps';
import type { SessionStore } from '../../functions/src/sessions/session-store';
import { copyTrackerDocs, seedCoach, writeMembers, type Template } from './seed-cohort';

// The coach-home rows (issue 37 §1): two coaches, "small" with one cohort of 40 participants and
// "large" with five cohorts of 200, seeded after the large cohort and copied from its synced
// members' documents (seed-cohort.ts), as its own members are. Every member is marked due for the
// triage at the seeding time, as a sync marks a real participant, so the coach's first looks work
// them all out. The mix gives both homes open items: every eighth member registered at the cohort's
// start and never started the challenge nor synced (no tracker, no digest: "Non ha iniziato"); the
// others have their variant's tracker, whose last check-in has a low mood in variants 2 and 3.

/** A coach-home setup: its coach and how many cohorts of how many participants. */
export interface CoachHomeSetup {
  key: 'small' | 'large';
  cohorts: number;
  participantsPerCohort: number;
}

export const COACH_HOME_SETUPS: readonly CoachHomeSetup[] = [
  { key: 'small', cohorts: 1, participantsPerCohort: 40 },
  { key: 'large', cohorts: 5, participantsPerCohort: 200 },
];

/** Every NOT_STARTED_EVERY-th member never started the challenge. */
const NOT_STARTED_EVERY = 8;

/** The coaches' session cookie values, by setup. */
export type CoachHomeSessions = Record<CoachHomeSetup['key'], string>;

interface Server {
  ensureAccount: typeof EnsureAccount;
  sessions: SessionStore;
}

/** The ids of the setup's cohorts. */
export const coachHomeCohortIds = (setup: CoachHomeSetup) => Array.from({ length: setup.cohorts }, (_, c) => `coorte-home-${setup.key}-${c + 1}`);

/** "1 cohort × 40", "5 cohorts × 200". */
export const setupLabel = ({ cohorts, participantsPerCohort }: CoachHomeSetup) => `${cohorts} cohort${cohorts === 1 ? '' : 's'} × ${participantsPerCohort}`;

/** Seeds both setups from `templates` (the large cohort's synced members); returns the coaches' sessions. */
export async function seedCoachHomes(
  deps: Deps,
  server: Server,
  options: { templates: Template[]; challengeStartDate: string; log: (line: string) => void },
): Promise<CoachHomeSessions> {
  const { db } = deps;
  const { templates, challengeStartDate, log } = options;
  const started = Date.now();
  const seededAt = deps.clock().toISOString();
  // Registered on the cohort's first day, so a member without a start is past the grace days.
  const registeredAt = new Date(`${challengeStartDate}T08:00:00Z`).toISOString();
  const sessions: Partial<CoachHomeSessions> = {};
  for (const setup of COACH_HOME_SETUPS) {
    const cohortIds = coachHomeCohortIds(setup);
    sessions[setup.key] = await seedCoach(deps, server, cohortIds, challengeStartDate, {
      email: `bench-coach-${setup.key}@sfida8.local`,
      password: `bench-coach-${setup.key}-2025`,
      name: `Bench Coach ${setup.key}`,
    });
    const size = setup.cohorts * setup.participantsPerCohort;
    await writeMembers(
      db,
      Array.from({ length: size }, (_, i) => i),
      (batch, i) => {
        const cohortId = cohortIds[i % setup.cohorts]!;
        const uid = `benchhome-${setup.key}-${String(i).padStart(4, '0')}`;
        const name = `Partecipante ${setup.key} ${String(i).padStart(4, '0')}`;
        const template = templates[i % templates.length]!;
        const member = { ...template.user, name, email: `${uid}@sfida8.local`, cohortId, createdAt: registeredAt, triageDueAt: seededAt };
        if (i % NOT_STARTED_EVERY === 0) {
          batch.set(db.collection('users').doc(uid), { ...member, challengeStartDate: null, rosterDigest: null });
          return;
        }
        batch.set(db.collection('users').doc(uid), member);
        copyTrackerDocs(db, batch, template, uid, name, cohortId);
      },
    );
    log(`  coach home "${setup.key}": ${setupLabel(setup)} participants, every ${NOT_STARTED_EVERY}th not started, due for the triage`);
  }
  log(`  coach homes seeded (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return sessions as CoachHomeSessions;
}
