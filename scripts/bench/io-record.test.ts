import { FieldPath, FieldValue, Timestamp, getFirestore } from 'firebase-admin/firestore';
import { initializeApp } from 'firebase-admin/app';
import { describe, expect, it } from 'vitest';
import { floorPlanOf, scratchPath } from './floor-plan';
import { decodeValue, documentsRead, encodeValue, queryOf, readPaths, wavesOf, writtenPaths, type RecordedEvent, type RecordedRequest } from './io-record';

// A Firestore client that never connects: nothing here sends a request.
const db = getFirestore(initializeApp({ projectId: 'demo-io-record' }, 'io-record-test'));

const read = (paths: string[], start: number, end: number): RecordedEvent => ({ type: 'read', read: { kind: 'getAll', paths }, start, end });

describe('encodeValue and decodeValue', () => {
  it('carry timestamps, field values, field paths and references through JSON', () => {
    const value = {
      at: Timestamp.fromMillis(1_700_000_000_123),
      count: FieldValue.increment(3),
      gone: FieldValue.delete(),
      tags: FieldValue.arrayUnion('a', 'b'),
      path: new FieldPath('a', 'b'),
      ref: db.doc('users/u1'),
      bytes: Buffer.from([0, 1, 254]),
      nested: { list: [1, 'x', null, true] },
    };
    const decoded = decodeValue(JSON.parse(JSON.stringify(encodeValue(value))), db) as typeof value;
    expect(decoded.at.isEqual(value.at)).toBe(true);
    expect(decoded.count.isEqual(value.count)).toBe(true);
    expect(decoded.gone.isEqual(FieldValue.delete())).toBe(true);
    expect(decoded.tags.isEqual(FieldValue.arrayUnion('a', 'b'))).toBe(true);
    expect(decoded.path.isEqual(value.path)).toBe(true);
    expect(decoded.ref.path).toBe('users/u1');
    expect(decoded.bytes).toEqual(Buffer.from([0, 1, 254]));
    expect(decoded.nested).toEqual(value.nested);
  });

  it('refuses what it cannot replay, rather than record it wrong', () => {
    expect(() => encodeValue(new Map())).toThrow(/cannot record/);
  });
});

describe('queryOf', () => {
  it('rebuilds a query from its recipe, the same query the app built', () => {
    const recipe = { collection: 'weeklyScores', steps: [{ method: 'where', args: ['cohortId', '==', 'c1'] }, { method: 'orderBy', args: ['points', 'desc'] }, { method: 'limit', args: [10] }] };
    const built = db.collection('weeklyScores').where('cohortId', '==', 'c1').orderBy('points', 'desc').limit(10);
    expect(queryOf(db, recipe).isEqual(built)).toBe(true);
  });
});

describe('wavesOf', () => {
  it('puts what ran at once in one wave, what came after in the next', () => {
    const events = [read(['a/1'], 0, 5), read(['a/2'], 1, 6), read(['a/3'], 7, 9), { type: 'commit', writes: [], start: 10, end: 12 } as RecordedEvent];
    expect(wavesOf(events).map((wave) => wave.length)).toEqual([2, 1, 1]);
  });
});

describe('a recording', () => {
  const events: RecordedEvent[] = [
    read(['progress/u1', 'users/u1'], 0, 4),
    { type: 'read', read: { kind: 'query', recipe: { collection: 'weeklyScores', steps: [] }, documents: 0, paths: [] }, start: 1, end: 3 },
    {
      type: 'commit',
      writes: [
        { op: 'create', path: 'progressRevisions/u1_8', data: { expireAt: null } },
        { op: 'set', path: 'progress/u1', data: { data: '{}', revision: 8 } },
        { op: 'update', path: 'users/u1', data: { triageDueAt: 'x', rosterDigest: 'y' } },
        { op: 'delete', path: 'weeklyScores/w_u1' },
        { op: 'set', path: 'progress/u1', data: { data: '{"a":1}', revision: 8 } },
      ],
      start: 5,
      end: 8,
    },
  ];

  it('counts documents read as they are billed (an empty query one), and lists its paths', () => {
    expect(documentsRead(events)).toBe(3);
    expect(readPaths(events)).toEqual(['progress/u1', 'users/u1']);
    expect(writtenPaths(events)).toEqual(['progressRevisions/u1_8', 'progress/u1', 'users/u1', 'weeklyScores/w_u1']);
  });

  it('becomes a floor that reads the same documents and writes the same data to scratch copies, repeatably', () => {
    const request: RecordedRequest = { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"ok":true}'), gzip: false, events, problems: [] };
    const { plan, seeds } = floorPlanOf('sync', [request, request]);
    expect(plan.slots).toHaveLength(2);
    const [first, second] = plan.slots[1]!.waves as [RecordedEvent[], RecordedEvent[]];
    expect(first.map((step) => step.type)).toEqual(['read', 'read']);
    expect(first[0]).toMatchObject({ read: { kind: 'getAll', paths: ['progress/u1', 'users/u1'] } });
    const commit = second[0]!;
    if (commit.type !== 'commit') throw new Error('expected the batch');
    // No write reaches a real document: each path written has its own scratch copy, seeded from it,
    // and a create makes a new document in the created one's collection (floor-fn.ts names it).
    expect(commit.writes.map((write) => write.path)).toEqual(['progressRevisions', ...[0, 1, 2, 0].map((k) => scratchPath('sync', 1, k))]);
    expect(commit.writes.map((write) => write.op)).toEqual(['create', 'set', 'set', 'delete', 'set']);
    expect(commit.writes[0]!.data).toEqual({ expireAt: null });
    expect(commit.writes[2]).toMatchObject({ data: { triageDueAt: 'x', rosterDigest: 'y' }, options: { mergeFields: ['triageDueAt', 'rosterDigest'] } });
    expect(commit.writes[1]!.data).toEqual({ data: '{}', revision: 8 });
    expect(seeds.filter((seed) => seed.to.startsWith(scratchPath('sync', 1, 0).slice(0, -1)))).toContainEqual({ from: 'users/u1', to: scratchPath('sync', 1, 1) });
    expect(seeds).toHaveLength(6);
    expect(plan.slots[0]!.response).toEqual({ status: 200, contentType: 'application/json', body: '{"ok":true}', gzip: false });
  });
});
