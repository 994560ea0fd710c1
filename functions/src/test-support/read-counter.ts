import { Firestore, Query, type AggregateQuery } from 'firebase-admin/firestore';

// Reads are what Firestore bills and what decision 019 bounds: the API tests count them.

/**
 * The documents the Admin SDK reads while `run` runs: each document a query, `get` or `getAll`
 * answers (an empty query costs one) and one per count aggregation (one per thousand counted).
 * A document's own `get` is counted once, inside `getAll`, which the SDK reads it through.
 */
export async function countReads<T>(db: Firestore, run: () => Promise<T>): Promise<{ result: T; reads: number; read: string[] }> {
  let reads = 0;
  // What was read, to name it when a bound fails.
  const read: string[] = [];
  const queryProto = Query.prototype;
  const aggregateProto = Object.getPrototypeOf(db.collection('_').count()) as AggregateQuery<never>;
  const { get: queryGet } = queryProto;
  const { get: aggregateGet } = aggregateProto;
  const { getAll } = Firestore.prototype;
  queryProto.get = async function (this: Query) {
    const snap = await queryGet.call(this);
    reads += Math.max(1, snap.size);
    read.push(`query ${snap.size}: ${snap.docs.map((doc) => doc.ref.path).join(', ') || '(empty)'}`);
    return snap;
  } as typeof queryGet;
  aggregateProto.get = async function (this: AggregateQuery<never>) {
    reads += 1;
    read.push('count');
    return aggregateGet.call(this);
  } as typeof aggregateGet;
  Firestore.prototype.getAll = async function (this: Firestore, ...args: Parameters<typeof getAll>) {
    const snaps = await getAll.apply(this, args);
    reads += snaps.length;
    read.push(...snaps.map((snap) => `getAll ${snap.ref.path}`));
    return snaps;
  };
  try {
    return { result: await run(), reads, read };
  } finally {
    queryProto.get = queryGet;
    aggregateProto.get = aggregateGet;
    Firestore.prototype.getAll = getAll;
  }
}
