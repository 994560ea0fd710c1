import { searchNameOf } from '@sfida/core/participant-search';
import type { Deps } from '../../deps';
import { batchedWrites } from '../../shared/firestore';
import { usersCollection } from '../../shared/user-repository';

/** Writes per batch: under Firestore's 500. */
const BATCH_WRITES = 400;

/**
 * The search's migration (`npm run migrate-cohorts`): accounts from before the coach's search have
 * no `searchName`, so a search by name would miss them (by email it finds them already). Idempotent:
 * a document whose copy matches its name is left alone.
 */
export async function backfillSearchNames(deps: Pick<Deps, 'db'>): Promise<{ users: number; written: number }> {
  const users = await usersCollection(deps.db).select('name', 'searchName').get();
  const stale = users.docs.filter((doc) => doc.get('searchName') !== searchNameOf((doc.get('name') as string | null | undefined) ?? null));
  const writes = batchedWrites(deps.db, BATCH_WRITES);
  for (const doc of stale) await writes.add((batch) => batch.update(doc.ref, { searchName: searchNameOf((doc.get('name') as string | null | undefined) ?? null) }));
  await writes.flush();
  return { users: users.size, written: stale.length };
}
