import type { Deps } from '../../deps';
import { batchedWrites } from '../../shared/firestore';
import { triageRecheck, usersCollection } from '../../shared/user-repository';

/** Writes per batch: under Firestore's 500. */
const BATCH_WRITES = 400;

/**
 * The triage's migration (`npm run migrate-cohorts`): participants from before the triage have no
 * `triageDueAt`, so no look would ever take them up; they are marked due now, and the coaches'
 * next look works them out. Idempotent: a participant that has the field is left alone.
 */
export async function backfillTriage(deps: Pick<Deps, 'db' | 'clock'>): Promise<{ participants: number; marked: number }> {
  const users = await usersCollection(deps.db).where('role', '==', 'PARTICIPANT').select('triageDueAt').get();
  const missing = users.docs.filter((doc) => doc.get('triageDueAt') === undefined);
  const writes = batchedWrites(deps.db, BATCH_WRITES);
  for (const doc of missing) await writes.add((batch) => batch.update(doc.ref, triageRecheck(deps.clock())));
  await writes.flush();
  return { participants: users.size, marked: missing.length };
}
