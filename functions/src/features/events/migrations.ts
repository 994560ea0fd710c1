import type { Access } from '@sfida/core/packages';
import type { Deps } from '../../deps';
import { cohortsCollection, type CohortDoc } from '../../shared/cohort-repository';
import { listEvents, writeEventAccess, writeEventStarts } from './repository';
import { accessOf } from './service';

/**
 * Writes who may join on every event stored before events said so, as its cohort's old switch
 * meant it: all for Guida and Premium in a cohort with an "eventi riservati" text, else everyone.
 * From then on the text is only the coach's words for what it takes. Idempotent: an event that
 * says it is left as it is.
 */
export async function backfillEventAccess(deps: Pick<Deps, 'db'>): Promise<{ cohorts: number; events: number }> {
  const cohorts = await cohortsCollection(deps.db).get();
  let written = 0;
  for (const snap of cohorts.docs) {
    const cohort = snap.data() as CohortDoc;
    const missing = new Map<string, Access>();
    for (const event of await listEvents(deps.db, snap.id)) if (event.access === undefined) missing.set(event.id, accessOf(event, cohort));
    await writeEventAccess(deps.db, snap.id, missing);
    written += missing.size;
  }
  return { cohorts: cohorts.size, events: written };
}

/**
 * Writes the start of every event stored before `eventStarts` existed, so the event-day email
 * finds them. Idempotent: a start is written again as it is.
 */
export async function backfillEventStarts(deps: Pick<Deps, 'db'>): Promise<{ events: number }> {
  let written = 0;
  for (const snap of (await cohortsCollection(deps.db).select().get()).docs) {
    const events = await listEvents(deps.db, snap.id);
    await writeEventStarts(deps.db, snap.id, events);
    written += events.length;
  }
  return { events: written };
}
