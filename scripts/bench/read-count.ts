import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AggregateQuery, AggregateQuerySnapshot, Firestore, Query, QuerySnapshot } from 'firebase-admin/firestore';

// Documents read per request, as Firestore bills them, for the cohort-size rows. The loads run the
// built function in scripts/bench/function-host.ts, a process of its own; reads are counted here
// instead, on the app built in the bench's process (createApp(deps), the same code from
// functions/src), one request at a time: the Admin SDK's three read paths are wrapped while
// `counting` is on. DocumentReference.get() goes through Firestore.getAll().

/** Index entries one billed read of a count aggregation covers. */
const AGGREGATION_ENTRIES_PER_READ = 1000;

let counting = false;
let reads = 0;
let installed = false;

/** Billed reads of one count aggregation: one per thousand entries counted, at least one. */
export function aggregationReads(data: Record<string, unknown>): number {
  const counted = Object.values(data).filter((value): value is number => typeof value === 'number');
  const entries = counted.length ? Math.max(...counted) : 0;
  return Math.max(1, Math.ceil(entries / AGGREGATION_ENTRIES_PER_READ));
}

/** Wraps the read methods of `db`'s classes (found from instances: the package does not export them all at run time). */
function install(db: Firestore): void {
  if (installed) return;
  installed = true;
  const firestoreProto = Object.getPrototypeOf(db) as Firestore;
  const collection = db.collection('readCount');
  const queryProto = Object.getPrototypeOf(Object.getPrototypeOf(collection)) as Query;
  const aggregateProto = Object.getPrototypeOf(collection.count()) as AggregateQuery<never>;
  const getAll = firestoreProto.getAll;
  firestoreProto.getAll = async function (this: Firestore, ...args: Parameters<typeof getAll>) {
    const snaps = await getAll.apply(this, args);
    if (counting) reads += snaps.length;
    return snaps;
  } as typeof getAll;
  const queryGet = queryProto.get;
  queryProto.get = async function (this: Query) {
    const snap: QuerySnapshot = await queryGet.call(this);
    // A query that matches nothing is billed one read.
    if (counting) reads += Math.max(1, snap.size);
    return snap;
  } as typeof queryGet;
  const aggregateGet = aggregateProto.get;
  aggregateProto.get = async function (this: AggregateQuery<never>) {
    const snap = (await aggregateGet.call(this)) as AggregateQuerySnapshot<never>;
    if (counting) reads += aggregationReads(snap.data() as Record<string, unknown>);
    return snap;
  } as typeof aggregateGet;
}

export interface ReadCounter {
  /** Documents read while answering one GET of `path` (sequential: nothing else reads meanwhile), and the answer's body. */
  readsOf(path: string, headers: Record<string, string>): Promise<{ status: number; reads: number; body: string }>;
  close(): Promise<void>;
}

/** Serves `app` (an Express app built in this process on `db`) on 127.0.0.1 and counts each request's reads. */
export async function startReadCounter(app: (req: never, res: never) => void, db: Firestore): Promise<ReadCounter> {
  install(db);
  const server: Server = createServer(app as Parameters<typeof createServer>[0]);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    async readsOf(path, headers) {
      reads = 0;
      counting = true;
      try {
        const response = await fetch(`${base}${path}`, { headers });
        const body = await response.text();
        return { status: response.status, reads, body };
      } finally {
        counting = false;
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
