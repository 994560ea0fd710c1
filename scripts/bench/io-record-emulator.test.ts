import { createServer } from 'node:net';
import { FieldValue, Filter, Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type RunningFirestore } from '../stack/firestore-emulator';
import { prepareFloor, runFloorSlot } from './floor-fn';
import { floorPlanOf } from './floor-plan';
import { documentsRead, recordDuring } from './io-record';
import { seedScratch } from './floors';

// The recorder on the real Admin SDK against an embedded emulator of its own: what a request does
// is seen whole, and its floor does the same reads and writes to scratch copies.

let emulator: RunningFirestore;
let db: Firestore;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  const port = await freePort();
  emulator = await startFirestoreEmulator({ port });
  // The emulator's own credentials (a bearer token it takes as the owner).
  db = new Firestore({ projectId: 'demo-io-record', host: '127.0.0.1', port, ssl: false, customHeaders: { Authorization: 'Bearer owner' } });
  const batch = db.batch();
  batch.set(db.doc('users/u1'), { name: 'Giulia', cohortId: 'c1', points: 3 });
  batch.set(db.doc('users/u2'), { name: 'Marco', cohortId: 'c1', points: 5 });
  batch.set(db.doc('progress/u1'), { data: 'x'.repeat(2000), revision: 4 });
  await batch.commit();
});

afterAll(async () => {
  await emulator?.stop();
});

/** What a sync-like request does: two reads at once, a query, a count, then a batch, then a transaction. */
async function request(): Promise<void> {
  await Promise.all([db.getAll(db.doc('users/u1'), db.doc('progress/u1'), { fieldMask: ['data'] }), db.collection('users').where('cohortId', '==', 'c1').limit(10).get()]);
  await db.collection('users').where('cohortId', '==', 'c1').count().get();
  const batch = db.batch();
  batch.create(db.doc('progressRevisions/u1_5'), { at: 1 });
  batch.set(db.doc('progress/u1'), { data: 'y'.repeat(2000), revision: 5 });
  batch.update(db.doc('users/u1'), { points: FieldValue.increment(1) });
  await batch.commit();
  await db.runTransaction(async (transaction) => {
    await transaction.get(db.doc('users/u2'));
    transaction.update(db.doc('users/u2'), { points: 6 });
  });
}

describe('the recorder', () => {
  it('sees every read and write of the work, in waves, with their data', async () => {
    const { events } = await recordDuring(db, request);
    expect(documentsRead(events)).toBe(2 + 2 + 1 + 1);
    const reads = events.filter((event) => event.type === 'read').map((event) => (event.type === 'read' ? event.read : null));
    expect(reads[0]).toEqual({ kind: 'getAll', paths: ['users/u1', 'progress/u1'], fieldMask: ['data'] });
    expect(reads[1]).toMatchObject({ kind: 'query', recipe: { collection: 'users', steps: [{ method: 'where', args: ['cohortId', '==', 'c1'] }, { method: 'limit', args: [10] }] }, documents: 2 });
    expect(reads[2]).toMatchObject({ kind: 'count', recipe: { collection: 'users' } });
    expect(reads[3]).toEqual({ kind: 'getAll', paths: ['users/u2'] });
    const commits = events.filter((event) => event.type === 'commit').map((event) => (event.type === 'commit' ? event.writes : []));
    expect(commits.map((writes) => writes.map((write) => `${write.op} ${write.path}`))).toEqual([
      ['create progressRevisions/u1_5', 'set progress/u1', 'update users/u1'],
      ['update users/u2'],
    ]);
    expect(commits[0]![2]!.data).toEqual({ points: { $bench: 'fieldValue', method: 'FieldValue.increment', operand: 1 } });
  });

  it('makes a floor that reads the same and writes the same data to scratch copies only, again and again', async () => {
    const { events } = await recordDuring(db, async () => {
      await db.getAll(db.doc('users/u1'), db.doc('progress/u1'));
      const batch = db.batch();
      batch.create(db.doc('progressRevisions/u1_6'), { at: 2 });
      batch.set(db.doc('progress/u1'), { data: 'z'.repeat(3000), revision: 6 });
      batch.update(db.doc('users/u1'), { points: 10 });
      await batch.commit();
    });
    const { plan, seeds } = floorPlanOf('test', [{ status: 200, headers: {}, body: Buffer.from('{}'), gzip: false, events, problems: [] }]);
    await seedScratch(db, seeds);
    const before = (await db.doc('progress/u1').get()).data();
    const slot = prepareFloor(JSON.parse(JSON.stringify(plan)) as typeof plan, db).slots[0]!;
    const { events: replayed } = await recordDuring(db, async () => {
      await runFloorSlot(slot);
      await runFloorSlot(slot);
    });
    // The real documents are as the recorded work left them; the copies hold what it wrote.
    expect((await db.doc('progress/u1').get()).data()).toEqual(before);
    const copies = await db.getAll(...seeds.map((seed) => db.doc(seed.to)));
    expect(copies.map((copy) => copy.data())).toEqual([{ data: 'z'.repeat(3000), revision: 6 }, { name: 'Giulia', cohortId: 'c1', points: 10 }]);
    expect(documentsRead(replayed)).toBe(4);
    const commits = replayed.flatMap((event) => (event.type === 'commit' ? [event.writes] : []));
    expect(commits).toHaveLength(2);
    // Each run creates a new document where the work created one: two runs, two new markers.
    const made = commits.map((writes) => writes.find((write) => write.op === 'create')!);
    expect(made.map((write) => write.path.split('/')[0])).toEqual(['progressRevisions', 'progressRevisions']);
    expect(new Set(made.map((write) => write.path)).size).toBe(2);
    expect(made.map((write) => write.data)).toEqual([{ at: 2 }, { at: 2 }]);
  });

  it('lets the work go on when it cannot record a read, and says so rather than make a floor that does less', async () => {
    const { result, problems } = await recordDuring(db, async () => (await db.collection('users').where(Filter.where('cohortId', '==', 'c1')).get()).size);
    expect(result).toBe(2);
    expect(problems).toEqual(['a query whose collection the recorder did not see']);
    expect(() => floorPlanOf('test', [{ status: 200, headers: {}, body: Buffer.from('{}'), gzip: false, events: [], problems }])).toThrow(/could not keep a query/);
  });
});
