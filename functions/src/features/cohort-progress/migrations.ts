import { weekStatsContribution, type WeekStatCounters } from '@sfida/core/cohort-progress';
import type { Deps } from '../../deps';
import { cohortsCollection } from '../../shared/cohort-repository';
import { batchedWrites } from '../../shared/firestore';
import { trackersOf } from '../../shared/tracker-repository';
import { toUser, usersCollection } from '../../shared/user-repository';
import { countsInWeekStats, weekStatsCollection, weekStatsWrite } from '../../shared/week-stats-repository';

/** Writes per batch: under Firestore's 500. */
const BATCH_WRITES = 400;
/** Participants whose trackers are read at once. */
const TRACKER_CHUNK = 100;

/**
 * The weekly figures' migration (`npm run migrate-cohorts`, and the local stack's seed): every
 * participant's contribution worked out from their user document and tracker, as a sync works it
 * out, stored with them, and every cohort's shards replaced by the sums. Idempotent: a rebuild from
 * what is stored, so running it again writes the same. A sync that lands while it runs may be
 * counted from its old contribution: run it when the participants are quiet, or again.
 */
export async function rebuildWeekStats(deps: Pick<Deps, 'db'>): Promise<{ cohorts: number; participants: number }> {
  const { db } = deps;
  const [users, cohorts] = await Promise.all([usersCollection(db).where('role', '==', 'PARTICIPANT').get(), cohortsCollection(db).get()]);
  const known = new Set(cohorts.docs.map((doc) => doc.id));
  const totals = new Map<string, WeekStatCounters>();
  const writes = batchedWrites(db, BATCH_WRITES);
  let participants = 0;
  for (let i = 0; i < users.docs.length; i += TRACKER_CHUNK) {
    const chunk = users.docs.slice(i, i + TRACKER_CHUNK);
    const trackers = await trackersOf(db, chunk.map((doc) => doc.id));
    for (const doc of chunk) {
      const user = toUser(doc);
      const tracker = trackers.get(doc.id) ?? null;
      const counted = countsInWeekStats(user, doc.get('withdrawnAt')) && known.has(user.cohortId);
      const counters = weekStatsContribution({ counted, challengeStartDate: user.challengeStartDate, challengeJoinedOn: user.challengeJoinedOn, timeZone: tracker?.timeZone ?? user.timeZone, tracker });
      const write = weekStatsWrite(null, { cohortId: user.cohortId, counters });
      await writes.add((batch) => batch.update(doc.ref, { weekStats: write.stored }));
      if (write.stored === null) continue;
      participants++;
      const total = totals.get(user.cohortId) ?? {};
      for (const [name, amount] of Object.entries(counters)) total[name] = (total[name] ?? 0) + amount;
      totals.set(user.cohortId, total);
    }
  }
  // The old shards go first: a set without merge would keep their old fields on the local emulator.
  for (const cohort of cohorts.docs) {
    const shards = await weekStatsCollection(db, cohort.id).get();
    for (const shard of shards.docs) await writes.add((batch) => batch.delete(shard.ref));
  }
  await writes.flush();
  for (const [cohortId, total] of totals) await writes.add((batch) => batch.set(weekStatsCollection(db, cohortId).doc('shard-0'), total));
  await writes.flush();
  return { cohorts: totals.size, participants };
}
