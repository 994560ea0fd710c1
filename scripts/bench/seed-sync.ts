import type { User } from '@sfida/core/user';
import type { ensureAccount as EnsureAccount } from '../../functions/src/features/account/admin';
import type { revisionTag as RevisionTag, syncTracker as SyncTracker } from '../../functions/src/features/tracker/service';
import type { Deps } from '../../functions/src/deps';
import type { SessionStore } from '../../functions/src/sessions/session-store';
import { copyTrackerDocs, templateOf } from './seed-cohort';
import { eightWeekDays, lastDayChallengeStart } from './tracker-fixture';

// The participants of the sync row (PUT /api/users/me/progress): one per connection of the load, in a
// cohort of their own, each with an account and a session, on the last day of an eight-week
// challenge. One participant per tracker variant is synced as a participant who opened the app every
// day was: the server's tracker service once per day of the fixture, with the server's clock at that
// day, so the server holds all eight weeks (a tracker sent in one piece afterwards would keep only the
// last seven days: the server back-fills six, decision 018). The others get copies of their variant's
// tracker, summary and weekly scores under their own id and name (no check-in threads, no revision
// markers: nothing a sync reads), as the large cohort's members do (seed-cohort.ts).

export const SYNC_COHORT_ID = 'coorte-bench-sync';
/** One per connection of the API loads (CONNECTIONS in api-load.ts). */
export const SYNC_PARTICIPANTS = 50;
/** Tracker variants (tracker-fixture.ts): participant i has variant i % SYNC_VARIANTS. */
const SYNC_VARIANTS = 4;
/** Copies per batch: each ~10 writes carrying a ~100 KB tracker, so a batch stays ~2 MB and ~200 writes. */
const COPIES_PER_BATCH = 20;

interface Server {
  ensureAccount: typeof EnsureAccount;
  syncTracker: typeof SyncTracker;
  revisionTag: typeof RevisionTag;
  sessions: SessionStore;
}

const onboarding = { tempoAllenamento: 'PIU_UN_ANNO', luogoAllenamento: 'CASA', livelloAllenamento: 'PRINCIPIANTE' } as const;

/** Seeds the sync row's participants; returns their sessions' cookie values, one per participant. */
export async function seedSyncParticipants(deps: Deps, server: Server, log: (line: string) => void): Promise<string[]> {
  const started = Date.now();
  const challengeStartDate = lastDayChallengeStart();
  const name = (i: number) => `Sincronizza ${String(i + 1).padStart(2, '0')}`;
  const users: User[] = [];
  for (let i = 0; i < SYNC_PARTICIPANTS; i++) {
    const number = String(i + 1).padStart(2, '0');
    users.push(
      await server.ensureAccount(deps, {
        email: `bench-sync-${number}@sfida8.local`,
        password: `bench-sync-password-${number}`,
        name: name(i),
        role: 'PARTICIPANT',
        cohortId: SYNC_COHORT_ID,
        onboarding,
        challengeStartDate,
      }),
    );
  }

  let days = 0;
  for (let variant = 0; variant < SYNC_VARIANTS; variant++) {
    let ifMatch: string | undefined;
    const fixture = await eightWeekDays(challengeStartDate, variant);
    for (const day of fixture) {
      const result = await server.syncTracker({ ...deps, clock: () => day.now }, users[variant]!, day.data, ifMatch);
      ifMatch = server.revisionTag(result.revision);
    }
    days = fixture.length;
  }
  const templates = await Promise.all(users.slice(0, SYNC_VARIANTS).map((user) => templateOf(deps.db, user.id)));
  for (let first = SYNC_VARIANTS; first < SYNC_PARTICIPANTS; first += COPIES_PER_BATCH) {
    const batch = deps.db.batch();
    for (let i = first; i < Math.min(first + COPIES_PER_BATCH, SYNC_PARTICIPANTS); i++) copyTrackerDocs(deps.db, batch, templates[i % SYNC_VARIANTS]!, users[i]!.id, name(i));
    await batch.commit();
  }

  const cookies = await Promise.all(users.map((user) => server.sessions.create(user.id)));
  log(
    `  ${SYNC_PARTICIPANTS} participants in ${SYNC_COHORT_ID}, one per variant synced once a day for ${days} days, the others copies (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  return cookies;
}
