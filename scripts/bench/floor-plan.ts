import type { EventBody, RecordedRequest, RecordedWrite } from './io-record';
import { wavesOf, writtenPaths } from './io-record';

// A row's floor (issue 56 §1): what one request of the row did with Firestore, recorded
// (io-record.ts), as a plan the bare function of floor-fn.ts replays: the same reads in the same
// waves (what ran at once runs at once), each batch with the same writes' data, and the same
// answer. The writes go to scratch documents (benchFloor/…), one per document the request wrote,
// so replaying a sync never moves a participant's revision; each scratch document starts as a copy
// of the document it stands for, so an update finds what it would have found.

export const SCRATCH_COLLECTION = 'benchFloor';
/** The header that names the plan's slot (one per participant of a load); slot 0 without it. */
export const SLOT_HEADER = 'x-floor-slot';

export type FloorStep = EventBody;

export interface FloorSlot {
  waves: FloorStep[][];
  response: { status: number; contentType: string; body: string; gzip: boolean };
}

export interface FloorPlan {
  name: string;
  slots: FloorSlot[];
}

/** A scratch copy to make before the floor runs: `to` starts as the data of `from` (or absent, when `from` is). */
export interface ScratchSeed {
  from: string;
  to: string;
}

/** The scratch document standing for the `k`th document slot `slot` of plan `name` wrote. */
export function scratchPath(name: string, slot: number, k: number): string {
  return `${SCRATCH_COLLECTION}/${name}-${slot}-${k}`;
}

/** The collection a document path is in. */
export function collectionOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/'));
}

/**
 * The write as the floor replays it, on `to`: repeatable, since the floor's load replays it again
 * and again (an update as a set of the same fields, so a scratch copy a delete removed comes back).
 * A create stays a create of a new document in the same collection as the one the request made
 * (`path` is then that collection; floor-fn.ts names a fresh document each time): a request that
 * makes a document each time (a sync's revision marker) makes one in its floor too, and both grow
 * that collection alike.
 */
function replayed(write: RecordedWrite, to: string): RecordedWrite {
  if (write.op === 'create') return { op: 'create', path: collectionOf(write.path), data: write.data ?? {} };
  if (write.op === 'delete') return { op: 'delete', path: to };
  if (write.op === 'update') {
    const fields = Object.keys((write.data ?? {}) as Record<string, unknown>);
    return { op: 'set', path: to, data: write.data ?? {}, options: { mergeFields: fields } };
  }
  return { op: 'set', path: to, data: write.data ?? {}, ...(write.options ? { options: write.options } : {}) };
}

/** The plan of `name` from one recorded request per slot, and the scratch copies it needs. */
export function floorPlanOf(name: string, requests: RecordedRequest[]): { plan: FloorPlan; seeds: ScratchSeed[] } {
  const problems = [...new Set(requests.flatMap((request) => request.problems))];
  if (problems.length > 0) throw new Error(`the floor ${name} would do less than its row: the recording could not keep ${problems.join('; ')}`);
  const seeds: ScratchSeed[] = [];
  const slots = requests.map((request, slot): FloorSlot => {
    const created = new Set(request.events.flatMap((event) => (event.type === 'commit' ? event.writes.filter((write) => write.op === 'create').map((write) => write.path) : [])));
    const scratch = new Map(writtenPaths(request.events).filter((path) => !created.has(path)).map((path, k) => [path, scratchPath(name, slot, k)]));
    for (const [from, to] of scratch) seeds.push({ from, to });
    const waves = wavesOf(request.events).map((wave) =>
      wave.map((event): FloorStep => (event.type === 'read' ? { type: 'read', read: event.read } : { type: 'commit', writes: event.writes.map((write) => replayed(write, scratch.get(write.path) ?? '')) })),
    );
    return {
      waves,
      response: { status: request.status, contentType: request.headers['content-type'] ?? 'application/json', body: request.body.toString('utf8'), gzip: request.gzip },
    };
  });
  return { plan: { name, slots }, seeds };
}

/** What a plan does per request, in words, for a row's note. */
export function planSummary(plan: FloorPlan): string {
  const slot = plan.slots[0];
  if (!slot) return 'no request recorded';
  const steps = slot.waves.flat();
  const docs = steps.reduce((sum, step) => sum + (step.type === 'read' ? (step.read.kind === 'getAll' ? step.read.paths.length : step.read.kind === 'query' ? Math.max(1, step.read.documents) : 1) : 0), 0);
  const queries = steps.filter((step) => step.type === 'read' && step.read.kind !== 'getAll').length;
  const batches = steps.filter((step) => step.type === 'commit') as Array<Extract<FloorStep, { type: 'commit' }>>;
  const writes = batches.reduce((sum, batch) => sum + batch.writes.length, 0);
  const bytes = batches.reduce((sum, batch) => sum + batch.writes.reduce((s, write) => s + JSON.stringify(write.data ?? null).length, 0), 0);
  return (
    `${slot.waves.length} waves: ${docs} documents read (${queries} of them by query or count), ${batches.length} batch${batches.length === 1 ? '' : 'es'} of ${writes} writes ` +
    `(~${Math.round(bytes / 1024)} KB of data), an answer of ${Buffer.byteLength(slot.response.body)} B${slot.response.gzip ? ' (sent gzipped)' : ''}`
  );
}
