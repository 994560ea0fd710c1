import type { DocumentData, Firestore, WriteBatch } from 'firebase-admin/firestore';
import type { TrackerData } from '@sfida/core/tracker';
import type { User } from '@sfida/core/user';
import type { ensureAccount as EnsureAccount } from '../../functions/src/features/account/admin';
import type { syncTracker as SyncTracker } from '../../functions/src/features/tracker/service';
import type { Deps } from '../../functions/src/deps';
import type { SessionStore } from '../../functions/src/sessions/session-store';

// The large cohort of the cohort-size rows (5,000 participants), and the coach who runs both bench
// cohorts. One member per tracker variant is created and synced the way the server does it
// (ensureAccount, then the tracker service); every other member gets copies of its variant's
// documents (users, progress, progressSummaries, weeklyScores) under its own id and name, written
// with the Admin SDK in batches. Those members have no Auth account and no revision marker
// (progressRevisions): nothing the measured calls read.

export const LARGE_COHORT_ID = 'coorte-bench-5000';
export const LARGE_COHORT_SIZE = 5000;
export const COACH = { email: 'bench-coach@sfida8.local', password: 'bench-coach-2025', name: 'Bench Coach' } as const;
/** Members per batch: each carries a ~60 KB tracker and ~10 writes, so a batch stays ~1.3 MB and ~250 writes. */
const MEMBERS_PER_BATCH = 20;
/** Batches committed at once. */
const BATCH_CONCURRENCY = 4;

const onboarding = { tempoAllenamento: 'PIU_UN_ANNO', luogoAllenamento: 'CASA', livelloAllenamento: 'PRINCIPIANTE' } as const;

interface Server {
  ensureAccount: typeof EnsureAccount;
  syncTracker: typeof SyncTracker;
  sessions: SessionStore;
}

export interface Template {
  user: DocumentData;
  progress: DocumentData;
  summary: DocumentData;
  scores: DocumentData[];
}

/** What a synced member's reads find: their user, tracker, summary and weekly scores documents. */
export async function templateOf(db: Firestore, uid: string): Promise<Template> {
  const [user, progress, summary] = await db.getAll(db.collection('users').doc(uid), db.collection('progress').doc(uid), db.collection('progressSummaries').doc(uid));
  const scores = await db.collection('weeklyScores').where('userId', '==', uid).get();
  if (!user?.exists || !progress?.exists || !summary?.exists) throw new Error(`the synced member ${uid} has no user, progress or summary document`);
  return { user: user.data()!, progress: progress.data()!, summary: summary.data()!, scores: scores.docs.map((doc) => doc.data()) };
}

/**
 * Writes `template`'s tracker documents (tracker, summary, weekly scores) in `batch` as those of
 * member `uid`, named `name`, in cohort `cohortId` (the template's unless given).
 */
export function copyTrackerDocs(db: Firestore, batch: WriteBatch, template: Template, uid: string, name: string, cohortId: unknown = template.summary.cohortId): void {
  batch.set(db.collection('progress').doc(uid), { ...template.progress, cohortId });
  batch.set(db.collection('progressSummaries').doc(uid), { ...template.summary, displayName: name, cohortId });
  for (const score of template.scores) batch.set(db.collection('weeklyScores').doc(`${String(score.weekStart)}_${uid}`), { ...score, userId: uid, cohortId });
}

/**
 * Writes member `i` of each of `indexes` with `write`, MEMBERS_PER_BATCH members to a batch and
 * BATCH_CONCURRENCY batches at once (each member a ~60 KB tracker and ~10 writes).
 */
export async function writeMembers(db: Firestore, indexes: number[], write: (batch: WriteBatch, i: number) => void): Promise<void> {
  const chunks: number[][] = [];
  for (let i = 0; i < indexes.length; i += MEMBERS_PER_BATCH) chunks.push(indexes.slice(i, i + MEMBERS_PER_BATCH));
  let next = 0;
  const commitChunks = async () => {
    while (next < chunks.length) {
      const batch = db.batch();
      for (const i of chunks[next++]!) write(batch, i);
      await batch.commit();
    }
  };
  await Promise.all(Array.from({ length: BATCH_CONCURRENCY }, commitChunks));
}

const memberId = (i: number) => `bench5k-${String(i).padStart(4, '0')}`;
const memberName = (i: number) => `Partecipante ${String(i).padStart(4, '0')}`;
const memberEmail = (i: number) => `bench5k-${String(i).padStart(4, '0')}@sfida8.local`;

/**
 * Seeds LARGE_COHORT_SIZE participants in LARGE_COHORT_ID; returns a session of its first member
 * (tracker variant 0, as the runner of the small cohort) for its leaderboard.
 */
export async function seedLargeCohort(
  deps: Deps,
  server: Server,
  options: { challengeStartDate: string; trackers: TrackerData[]; log: (line: string) => void },
): Promise<{ viewerCookie: string; members: number; templates: Template[] }> {
  const { db } = deps;
  const { challengeStartDate, trackers, log } = options;
  const started = Date.now();
  const synced: User[] = [];
  for (const [variant, tracker] of trackers.entries()) {
    const user = await server.ensureAccount(deps, {
      email: memberEmail(variant),
      password: `bench-password-5k-${variant}`,
      name: memberName(variant),
      role: 'PARTICIPANT',
      cohortId: LARGE_COHORT_ID,
      onboarding,
      challengeStartDate,
    });
    await server.syncTracker(deps, user, tracker, '*');
    synced.push(user);
  }
  const templates = await Promise.all(synced.map((user) => templateOf(db, user.id)));

  const indexes = Array.from({ length: LARGE_COHORT_SIZE - synced.length }, (_, i) => i + synced.length);
  await writeMembers(db, indexes, (batch, i) => {
    const template = templates[i % templates.length]!;
    const uid = memberId(i);
    const name = memberName(i);
    batch.set(db.collection('users').doc(uid), { ...template.user, name, email: memberEmail(i) });
    copyTrackerDocs(db, batch, template, uid, name);
  });
  const viewerCookie = await server.sessions.create(synced[0]!.id);
  log(`  ${LARGE_COHORT_SIZE} participants in ${LARGE_COHORT_ID}, ${templates[0]!.scores.length} weekly scores each (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return { viewerCookie, members: LARGE_COHORT_SIZE, templates };
}

/** A coach (an OWNER, the bench coach unless given) and the cohort documents naming them as the coach of `cohortIds`; returns the coach's session. */
export async function seedCoach(
  deps: Deps,
  server: Pick<Server, 'ensureAccount' | 'sessions'>,
  cohortIds: string[],
  challengeStartDate: string,
  account: { email: string; password: string; name: string } = COACH,
): Promise<string> {
  const coach = await server.ensureAccount(deps, { ...account, role: 'OWNER', cohortId: cohortIds[0]! });
  const createdAt = deps.clock().toISOString();
  await Promise.all(
    cohortIds.map((id) =>
      deps.db
        .collection('cohorts')
        .doc(id)
        .set({ name: `Bench ${id}`, startDate: challengeStartDate, coachIds: [coach.id], inviteCode: `BENCH-${id}`, registrationOpen: false, createdAt }),
    ),
  );
  return server.sessions.create(coach.id);
}
