import { DocumentReference, Firestore, Query, type AggregateQuery } from 'firebase-admin/firestore';

// Reads are what Firestore bills and what decision 019 bounds: the API tests count them.

/**
 * The documents the Admin SDK reads while `run` runs: each document a query, `get` or `getAll`
 * answers (an empty query costs one) and one per count aggregation (one per thousand counted).
 */
export async function countReads<T>(db: Firestore, run: () => Promise<T>): Promise<{ result: T; reads: number }> {
  let reads = 0;
  const queryProto = Query.prototype;
  const aggregateProto = Object.getPrototypeOf(db.collection('_').count()) as AggregateQuery<never>;
  const { get: queryGet } = queryProto;
  const { get: aggregateGet } = aggregateProto;
  const { getAll } = Firestore.prototype;
  const { get: docGet } = DocumentReference.prototype;
  queryProto.get = async function (this: Query) {
    const snap = await queryGet.call(this);
    reads += Math.max(1, snap.size);
    return snap;
  } as typeof queryGet;
  aggregateProto.get = async function (this: AggregateQuery<never>) {
    reads += 1;
    return aggregateGet.call(this);
  } as typeof aggregateGet;
  Firestore.prototype.getAll = async function (this: Firestore, ...args: Parameters<typeof getAll>) {
    const snaps = await getAll.apply(this, args);
    reads += snaps.length;
    return snaps;
  };
  DocumentReference.prototype.get = async function (this: DocumentReference) {
    reads += 1;
    return docGet.call(this);
  } as typeof docGet;
  try {
    return { result: await run(), reads };
  } finally {
    queryProto.get = queryGet;
    aggregateProto.get = aggregateGet;
    Firestore.prototype.getAll = getAll;
    DocumentReference.prototype.get = docGet;
  }
}
