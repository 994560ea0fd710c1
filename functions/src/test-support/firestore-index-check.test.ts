import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { FieldPath, Filter, Firestore, Query } from 'firebase-admin/firestore';
import { SESSION_TTL_FIELD } from '../sessions/session-store';
import { RATE_LIMIT_TTL_FIELD } from '../shared/rate-limiter';
import { DEVICE_TOKEN_TTL_FIELD } from '../features/auth/device-tokens';
import { REVISION_TTL_FIELD } from '../shared/tracker-repository';
import { DELIVERY_TTL_FIELD } from '../shared/reminder-delivery-repository';
import { CLAIM_TTL_FIELD } from '../shared/push-fan-out';
import { EMAIL_TTL_FIELD } from '../shared/mail/email-repository';
import { checkQuery, indexProblems, parseIndexFile, recordQueries, shapesOfQuery, type CompositeIndex, type IndexFile, type QueryShape } from './firestore-index-check';

const NO_INDEXES: IndexFile = { indexes: [], fieldOverrides: [] };
const rawIndexFile: unknown = JSON.parse(readFileSync(new URL('../../../firestore.indexes.json', import.meta.url), 'utf8'));

/** A collection query; `filters` as `[field, op]`, `orderBy` as `[field, direction]`. */
function shape(collectionGroup: string, filters: [string, QueryShape['filters'][number]['op']][], orderBy: [string, 'asc' | 'desc'][] = []): QueryShape {
  return {
    collectionGroup,
    scope: 'COLLECTION',
    filters: filters.map(([fieldPath, op]) => ({ fieldPath, op })),
    orderBy: orderBy.map(([fieldPath, dir]) => ({ fieldPath, direction: dir === 'asc' ? 'ASCENDING' : 'DESCENDING' })),
  };
}

const leaderboard = shape('users', [['cohortId', '==']], [['points', 'desc']]);
/** A collection-scope composite index; `fields` as `[field, order]`. */
function composite(collectionGroup: string, fields: [string, 'ASCENDING' | 'DESCENDING'][]): CompositeIndex {
  return { collectionGroup, queryScope: 'COLLECTION', fields: fields.map(([fieldPath, order]) => ({ fieldPath, order })) };
}

const leaderboardIndex = composite('users', [
  ['cohortId', 'ASCENDING'],
  ['points', 'DESCENDING'],
]);

describe('checkQuery', () => {
  test.each([
    ['one equality', shape('sessions', [['uid', '==']])],
    ['equalities on several fields (merged single-field indexes)', shape('users', [['cohortId', '=='], ['role', 'in'], ['tags', 'array-contains']])],
    ['a range and an order on the same field', shape('users', [['points', '>']], [['points', 'desc']])],
    ['an order on a field pinned by ==', shape('users', [['cohortId', '==']], [['cohortId', 'desc']])],
    ['an order by document id', shape('users', [['cohortId', '==']], [['__name__', 'desc']])],
    ['no filter at all', shape('users', [])],
  ])('%s needs no composite index', (_name, query) => {
    expect(checkQuery(query, NO_INDEXES)).toEqual({ needsComposite: false, served: true });
  });

  test('an equality and an order on another field needs a composite index, reported with the entry to add', () => {
    expect(checkQuery(leaderboard, NO_INDEXES)).toEqual({ needsComposite: true, served: false, toDeclare: { indexes: leaderboardIndex } });
    expect(checkQuery(leaderboard, { indexes: [leaderboardIndex] })).toEqual({ needsComposite: true, served: true });
  });

  test('a composite index serves only its own direction, fields and scope', () => {
    const ascending = composite('users', [
      ['cohortId', 'ASCENDING'],
      ['points', 'ASCENDING'],
    ]);
    expect(checkQuery(leaderboard, { indexes: [ascending] }).served).toBe(false);
    expect(checkQuery(leaderboard, { indexes: [{ ...leaderboardIndex, collectionGroup: 'events' }] }).served).toBe(false);
    expect(checkQuery(leaderboard, { indexes: [{ ...leaderboardIndex, queryScope: 'COLLECTION_GROUP' }] }).served).toBe(false);
    const extra = { ...leaderboardIndex, fields: [...leaderboardIndex.fields, { fieldPath: 'name', order: 'ASCENDING' as const }] };
    expect(checkQuery(leaderboard, { indexes: [extra] }).served).toBe(false);
    // An explicit trailing __name__ is what Firestore adds anyway.
    const named = { ...leaderboardIndex, fields: [...leaderboardIndex.fields, { fieldPath: '__name__', order: 'DESCENDING' as const }] };
    expect(checkQuery(leaderboard, { indexes: [named] }).served).toBe(true);
  });

  test('equality fields may come in any order and either direction; ordered fields may not', () => {
    const query = shape('users', [['role', '=='], ['cohortId', '==']], [['points', 'desc'], ['name', 'asc']]);
    const index = (fields: [string, 'ASCENDING' | 'DESCENDING'][]) => ({ indexes: [composite('users', fields)] });
    expect(checkQuery(query, index([['cohortId', 'DESCENDING'], ['role', 'ASCENDING'], ['points', 'DESCENDING'], ['name', 'ASCENDING']])).served).toBe(true);
    expect(checkQuery(query, index([['role', 'ASCENDING'], ['cohortId', 'ASCENDING'], ['name', 'ASCENDING'], ['points', 'DESCENDING']])).served).toBe(false);
  });

  test('a range filter orders by its field implicitly, after the explicit orders', () => {
    expect(checkQuery(shape('checkins', [['uid', '=='], ['day', '>=']]), NO_INDEXES).toDeclare).toEqual({
      indexes: {
        collectionGroup: 'checkins',
        queryScope: 'COLLECTION',
        fields: [
          { fieldPath: 'uid', order: 'ASCENDING' },
          { fieldPath: 'day', order: 'ASCENDING' },
        ],
      },
    });
    expect(checkQuery(shape('checkins', [['day', '<']], [['points', 'desc']]), NO_INDEXES).toDeclare).toEqual({
      indexes: {
        collectionGroup: 'checkins',
        queryScope: 'COLLECTION',
        fields: [
          { fieldPath: 'points', order: 'DESCENDING' },
          { fieldPath: 'day', order: 'DESCENDING' },
        ],
      },
    });
  });

  test('array-contains asks for an array index field', () => {
    const query = shape('events', [['tags', 'array-contains']], [['startsAt', 'asc']]);
    expect(checkQuery(query, NO_INDEXES).toDeclare).toEqual({
      indexes: {
        collectionGroup: 'events',
        queryScope: 'COLLECTION',
        fields: [
          { fieldPath: 'tags', arrayConfig: 'CONTAINS' },
          { fieldPath: 'startsAt', order: 'ASCENDING' },
        ],
      },
    });
  });

  test('a field override that drops a single-field index breaks the queries that used it', () => {
    const exempt: IndexFile = { indexes: [], fieldOverrides: [{ collectionGroup: 'sessions', fieldPath: 'uid', indexes: [] }] };
    const check = checkQuery(shape('sessions', [['uid', '==']]), exempt);
    expect(check).toMatchObject({ needsComposite: false, served: false });
    expect(check.toDeclare).toEqual({ fieldOverrides: { collectionGroup: 'sessions', fieldPath: 'uid', indexes: [{ order: 'ASCENDING', queryScope: 'COLLECTION' }] } });
  });

  test('a collection-group query needs single-field indexes of that scope, which are not automatic', () => {
    const query: QueryShape = { ...shape('entries', [['uid', '==']]), scope: 'COLLECTION_GROUP' };
    expect(checkQuery(query, NO_INDEXES).served).toBe(false);
    const declared: IndexFile = {
      indexes: [],
      fieldOverrides: [{ collectionGroup: 'entries', fieldPath: 'uid', indexes: [{ order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' }] }],
    };
    expect(checkQuery(query, declared).served).toBe(true);
  });
});

describe('shapesOfQuery reads real Admin SDK queries, without a network call', () => {
  const db = new Firestore({ projectId: 'demo-index-check' });

  test('filters, orders and the collection', () => {
    expect(shapesOfQuery(db.collection('users').where('cohortId', '==', 'c1').orderBy('points', 'desc'))).toEqual([leaderboard]);
    expect(shapesOfQuery(db.collection('users').where('cohortId', '==', 'c1').select('name'))).toEqual([shape('users', [['cohortId', '==']])]);
    expect(shapesOfQuery(db.collection('users').where('deletedAt', '==', null).where('age', '>=', 18))).toEqual([
      shape('users', [['deletedAt', '=='], ['age', '>=']]),
    ]);
    expect(shapesOfQuery(db.collection('users').orderBy(FieldPath.documentId()))).toEqual([shape('users', [], [['__name__', 'asc']])]);
  });

  test('a collection-group query and a subcollection', () => {
    expect(shapesOfQuery(db.collectionGroup('entries').where('uid', '==', 'u1'))).toEqual([{ ...shape('entries', [['uid', '==']]), scope: 'COLLECTION_GROUP' }]);
    expect(shapesOfQuery(db.collection('users/u1/entries').orderBy('day', 'desc'))).toEqual([shape('entries', [], [['day', 'desc']])]);
  });

  test('an OR query becomes one shape per branch', () => {
    const query = db.collection('users').where(Filter.and(Filter.where('cohortId', '==', 'c1'), Filter.or(Filter.where('role', '==', 'coach'), Filter.where('points', '>', 10))));
    expect(shapesOfQuery(query)).toEqual([shape('users', [['cohortId', '=='], ['role', '==']]), shape('users', [['cohortId', '=='], ['points', '>']])]);
  });

  test('an undeclared two-field query is reported, naming the query and the index to add', () => {
    const recorded = shapesOfQuery(db.collection('users').where('cohortId', '==', 'c1').orderBy('points', 'desc')).map((s) => ({ shape: s, calledFrom: 'service.ts:1' }));
    expect(indexProblems(recorded, NO_INDEXES)).toEqual([
      `collection('users').where('cohortId', '==', …).orderBy('points', 'desc')\n  run at service.ts:1\n  needs in firestore.indexes.json: ${JSON.stringify({ indexes: leaderboardIndex })}`,
    ]);
    expect(indexProblems(recorded, { indexes: [leaderboardIndex] })).toEqual([]);
  });
});

describe('recordQueries', () => {
  const db = new Firestore({ projectId: 'demo-index-check' });
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    vi.restoreAllMocks();
  });

  test('sees get, stream and count queries and where they were run', async () => {
    // The SDK's own execution is stubbed underneath the recorder, so nothing leaves the process.
    vi.spyOn(Query.prototype, 'get').mockResolvedValue(undefined as never);
    vi.spyOn(Query.prototype, 'stream').mockReturnValue(undefined as never);
    vi.spyOn(Object.getPrototypeOf(db.collection('users').count()) as { get(): Promise<unknown> }, 'get').mockResolvedValue(undefined as never);
    const seen: { shapes: QueryShape[]; calledFrom: string | undefined }[] = [];
    stop = recordQueries((query, calledFrom) => seen.push({ shapes: shapesOfQuery(query), calledFrom }));

    await db.collection('users').where('cohortId', '==', 'c1').orderBy('points', 'desc').get();
    db.collection('sessions').where('uid', '==', 'u1').stream();
    await db.collection('users').where('cohortId', '==', 'c1').count().get();
    stop();
    await db.collection('users').get();

    expect(seen.map((s) => s.shapes)).toEqual([[leaderboard], [shape('sessions', [['uid', '==']])], [shape('users', [['cohortId', '==']])]]);
    expect(seen[0]!.calledFrom).toContain('firestore-index-check.test.ts');
  });
});

describe('firestore.indexes.json', () => {
  const file = parseIndexFile(rawIndexFile);

  test("passes firebase-tools' own validation for deploy", () => {
    const require = createRequire(import.meta.url);
    const { FirestoreApi } = require('firebase-tools/lib/firestore/api') as {
      FirestoreApi: new () => { validateSpec(spec: unknown): void; upgradeOldSpec(spec: unknown): unknown };
    };
    const api = new FirestoreApi();
    expect(() => api.validateSpec(api.upgradeOldSpec(rawIndexFile))).not.toThrow();
  });

  test.each([
    ['sessions', SESSION_TTL_FIELD],
    ['rateLimits', RATE_LIMIT_TTL_FIELD],
    ['deviceTokens', DEVICE_TOKEN_TTL_FIELD],
    ['progressRevisions', REVISION_TTL_FIELD],
    ['reminderDeliveries', DELIVERY_TTL_FIELD],
    ['pushDeliveries', CLAIM_TTL_FIELD],
    ['emails', EMAIL_TTL_FIELD],
    ['emailClaims', EMAIL_TTL_FIELD],
  ])('declares the TTL policy of %s on the field the code writes (%s)', (collectionGroup, fieldPath) => {
    const ttl = file.fieldOverrides?.filter((o) => o.collectionGroup === collectionGroup && o.ttl);
    expect(ttl?.map((o) => o.fieldPath)).toEqual([fieldPath]);
    // The override keeps the field's default single-field indexes.
    expect(checkQuery(shape(collectionGroup, [[fieldPath, '<']], [[fieldPath, 'desc']]), file).served).toBe(true);
    expect(checkQuery(shape(collectionGroup, [[fieldPath, '<']]), file).served).toBe(true);
  });
});
