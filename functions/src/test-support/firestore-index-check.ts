import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { Firestore, Query, Transaction, type AggregateQuery } from 'firebase-admin/firestore';

/*
 * Which index a Firestore query needs, and whether firestore.indexes.json declares it.
 * The embedded emulator runs every query without indexes while production rejects one whose
 * composite index is missing, so the API tests record each query (recordQueries) and check it here.
 */

export type FilterOp = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'not-in' | 'array-contains' | 'array-contains-any';
export type Direction = 'ASCENDING' | 'DESCENDING';
export type QueryScope = 'COLLECTION' | 'COLLECTION_GROUP';

/** What decides a query's index: the collection it reads, its filters (all ANDed) and its orders. */
export interface QueryShape {
  collectionGroup: string;
  /** COLLECTION_GROUP for `db.collectionGroup(...)` queries, which need indexes of that scope. */
  scope: QueryScope;
  filters: { fieldPath: string; op: FilterOp }[];
  orderBy: { fieldPath: string; direction: Direction }[];
}

const direction = z.enum(['ASCENDING', 'DESCENDING']);
const queryScope = z.enum(['COLLECTION', 'COLLECTION_GROUP']);
const indexFileSchema = z.object({
  indexes: z.array(
    z.object({
      collectionGroup: z.string(),
      queryScope,
      fields: z.array(z.object({ fieldPath: z.string(), order: direction.optional(), arrayConfig: z.literal('CONTAINS').optional() })),
    }),
  ),
  fieldOverrides: z
    .array(
      z.object({
        collectionGroup: z.string(),
        fieldPath: z.string(),
        ttl: z.boolean().optional(),
        indexes: z.array(z.object({ queryScope: queryScope.optional(), order: direction.optional(), arrayConfig: z.literal('CONTAINS').optional() })),
      }),
    )
    .optional(),
});

/** firestore.indexes.json, in the format `firebase deploy --only firestore:indexes` reads. */
export type IndexFile = z.infer<typeof indexFileSchema>;
export type CompositeIndex = IndexFile['indexes'][number];
type IndexField = CompositeIndex['fields'][number];

/** The parsed firestore.indexes.json; throws on a shape this check would misread. */
export function parseIndexFile(json: unknown): IndexFile {
  return indexFileSchema.parse(json);
}

/** How one field must be indexed: in a given direction, in either direction (equality), or for array-contains. */
type FieldMode = Direction | 'ANY_ORDER' | 'CONTAINS';
interface FieldNeed {
  fieldPath: string;
  mode: FieldMode;
}

/**
 * What serves a query: single-field indexes alone (automatic in collection scope), or one composite
 * index of the equality fields in any order followed by the ordered fields in order and direction.
 */
export type IndexNeed = { kind: 'single-field'; fields: FieldNeed[] } | { kind: 'composite'; equality: FieldNeed[]; ordered: { fieldPath: string; direction: Direction }[] };

const DOCUMENT_ID = '__name__';
const EQUALITY_OPS = new Set<FilterOp>(['==', 'in', 'array-contains', 'array-contains-any']);
const isArrayOp = (op: FilterOp) => op === 'array-contains' || op === 'array-contains-any';

/** The index a query needs, by Firestore's rules (every index ends in an implicit `__name__`, so that is left out). */
export function indexNeed(shape: QueryShape): IndexNeed {
  const filters = shape.filters.filter((f) => f.fieldPath !== DOCUMENT_ID);
  // A field pinned by `==` has one value: ordering by it changes nothing.
  const pinned = new Set(filters.filter((f) => f.op === '==').map((f) => f.fieldPath));
  const ordered: { fieldPath: string; direction: Direction }[] = [];
  for (const order of shape.orderBy) {
    if (order.fieldPath !== DOCUMENT_ID && !pinned.has(order.fieldPath) && !ordered.some((o) => o.fieldPath === order.fieldPath)) ordered.push(order);
  }
  // The backend orders by inequality fields not ordered explicitly: by name, in the last explicit direction.
  const lastDirection = shape.orderBy.at(-1)?.direction ?? 'ASCENDING';
  const inequalityFields = [...new Set(filters.filter((f) => !EQUALITY_OPS.has(f.op)).map((f) => f.fieldPath))].sort();
  for (const fieldPath of inequalityFields) {
    if (!ordered.some((o) => o.fieldPath === fieldPath)) ordered.push({ fieldPath, direction: lastDirection });
  }

  const equality: FieldNeed[] = [];
  for (const filter of filters) {
    if (!EQUALITY_OPS.has(filter.op)) continue;
    const mode: FieldMode = isArrayOp(filter.op) ? 'CONTAINS' : 'ANY_ORDER';
    if (mode === 'ANY_ORDER' && ordered.some((o) => o.fieldPath === filter.fieldPath)) continue;
    if (!equality.some((e) => e.fieldPath === filter.fieldPath && e.mode === mode)) equality.push({ fieldPath: filter.fieldPath, mode });
  }

  const touched = new Set([...equality.map((e) => e.fieldPath), ...ordered.map((o) => o.fieldPath)]);
  // One field, or equalities only: Firestore merges the single-field indexes.
  if (touched.size <= 1 || ordered.length === 0) {
    return { kind: 'single-field', fields: [...equality, ...ordered.map((o) => ({ fieldPath: o.fieldPath, mode: o.direction }))] };
  }
  return { kind: 'composite', equality, ordered };
}

export interface IndexCheck {
  needsComposite: boolean;
  served: boolean;
  /** When not served: what to add to firestore.indexes.json (an `indexes` or a `fieldOverrides` entry). */
  toDeclare?: { indexes: CompositeIndex } | { fieldOverrides: NonNullable<IndexFile['fieldOverrides']>[number] };
}

const DEFAULT_SINGLE_FIELD = [{ order: 'ASCENDING' }, { order: 'DESCENDING' }, { arrayConfig: 'CONTAINS' }] as const;

function modeServedBy(mode: FieldMode, index: { order?: Direction; arrayConfig?: 'CONTAINS' }): boolean {
  if (mode === 'CONTAINS') return index.arrayConfig === 'CONTAINS';
  if (mode === 'ANY_ORDER') return index.order !== undefined;
  return index.order === mode;
}

function indexFieldFor(need: FieldNeed): IndexField {
  if (need.mode === 'CONTAINS') return { fieldPath: need.fieldPath, arrayConfig: 'CONTAINS' };
  return { fieldPath: need.fieldPath, order: need.mode === 'ANY_ORDER' ? 'ASCENDING' : need.mode };
}

/** Whether a query needs a composite index and whether `file` declares what serves it. */
export function checkQuery(shape: QueryShape, file: IndexFile): IndexCheck {
  const need = indexNeed(shape);
  const { collectionGroup, scope } = shape;
  if (need.kind === 'single-field') {
    for (const field of need.fields) {
      const override = file.fieldOverrides?.find((o) => o.collectionGroup === collectionGroup && o.fieldPath === field.fieldPath);
      // Single-field indexes are automatic in collection scope only; an override replaces them.
      const available = override
        ? override.indexes.filter((i) => (i.queryScope ?? 'COLLECTION') === scope)
        : scope === 'COLLECTION'
          ? DEFAULT_SINGLE_FIELD
          : [];
      if (available.some((index) => modeServedBy(field.mode, index))) continue;
      const { fieldPath, ...mode } = indexFieldFor(field);
      return {
        needsComposite: false,
        served: false,
        toDeclare: {
          fieldOverrides: { ...override, collectionGroup, fieldPath, indexes: [...(override?.indexes ?? []), { ...mode, queryScope: scope }] },
        },
      };
    }
    return { needsComposite: false, served: true };
  }

  const served = file.indexes.some((index) => {
    if (index.collectionGroup !== collectionGroup || index.queryScope !== scope) return false;
    const fields = index.fields.at(-1)?.fieldPath === DOCUMENT_ID ? index.fields.slice(0, -1) : index.fields;
    if (fields.length !== need.equality.length + need.ordered.length) return false;
    const head = fields.slice(0, need.equality.length);
    const tail = fields.slice(need.equality.length);
    return (
      need.equality.every((e) => head.some((f) => f.fieldPath === e.fieldPath && modeServedBy(e.mode, f))) &&
      need.ordered.every((o, i) => tail[i]!.fieldPath === o.fieldPath && tail[i]!.order === o.direction)
    );
  });
  if (served) return { needsComposite: true, served };
  const equality = [...need.equality].sort((a, b) => a.fieldPath.localeCompare(b.fieldPath)).map(indexFieldFor);
  const ordered = need.ordered.map((o) => ({ fieldPath: o.fieldPath, order: o.direction }));
  return { needsComposite: true, served, toDeclare: { indexes: { collectionGroup, queryScope: scope, fields: [...equality, ...ordered] } } };
}

/** The query as code, for messages: `collection('a').where('b', '==', …).orderBy('c', 'desc')`. */
export function describeQuery(shape: QueryShape): string {
  const from = `${shape.scope === 'COLLECTION_GROUP' ? 'collectionGroup' : 'collection'}('${shape.collectionGroup}')`;
  const filters = shape.filters.map((f) => `.where('${f.fieldPath}', '${f.op}', …)`).join('');
  const orders = shape.orderBy.map((o) => `.orderBy('${o.fieldPath}', '${o.direction === 'ASCENDING' ? 'asc' : 'desc'}')`).join('');
  return from + filters + orders;
}

export interface RecordedQuery {
  shape: QueryShape;
  /** Where the code ran it (a stack frame), when known. */
  calledFrom?: string;
}

/** One message per distinct query that firestore.indexes.json does not serve. */
export function indexProblems(recorded: RecordedQuery[], file: IndexFile): string[] {
  const problems = new Map<string, string>();
  for (const { shape, calledFrom } of recorded) {
    const query = describeQuery(shape);
    if (problems.has(query)) continue;
    const check = checkQuery(shape, file);
    if (check.served) continue;
    const where = calledFrom ? `\n  run at ${calledFrom}` : '';
    problems.set(query, `${query}${where}\n  needs in firestore.indexes.json: ${JSON.stringify(check.toDeclare)}`);
  }
  return [...problems.values()];
}

// The wire form of a query (google.firestore.v1.StructuredQuery), as the Admin SDK builds it.
interface FieldReferenceProto {
  fieldPath?: string | null;
}
interface FilterProto {
  compositeFilter?: { op?: string | null; filters?: FilterProto[] | null } | null;
  fieldFilter?: { field?: FieldReferenceProto | null; op?: string | null } | null;
  unaryFilter?: { field?: FieldReferenceProto | null; op?: string | null } | null;
}
export interface StructuredQueryProto {
  from?: { collectionId?: string | null; allDescendants?: boolean | null }[] | null;
  where?: FilterProto | null;
  orderBy?: { field?: FieldReferenceProto | null; direction?: string | null }[] | null;
}

const FIELD_OPS: Record<string, FilterOp> = {
  EQUAL: '==',
  NOT_EQUAL: '!=',
  LESS_THAN: '<',
  LESS_THAN_OR_EQUAL: '<=',
  GREATER_THAN: '>',
  GREATER_THAN_OR_EQUAL: '>=',
  IN: 'in',
  NOT_IN: 'not-in',
  ARRAY_CONTAINS: 'array-contains',
  ARRAY_CONTAINS_ANY: 'array-contains-any',
};
// `== null` and `== NaN` travel as unary filters.
const UNARY_OPS: Record<string, FilterOp> = { IS_NULL: '==', IS_NAN: '==', IS_NOT_NULL: '!=', IS_NOT_NAN: '!=' };

function known<T>(table: Record<string, T>, op: string | null | undefined): T {
  const value = op ? table[op] : undefined;
  // An operator this check does not know must not pass unchecked.
  if (value === undefined) throw new Error(`firestore-index-check: unknown filter operator ${op}`);
  return value;
}

/** The filter as an OR of ANDs: Firestore serves each AND with an index of its own. */
function conjunctions(filter: FilterProto | null | undefined): QueryShape['filters'][] {
  if (!filter) return [[]];
  if (filter.fieldFilter) return [[{ fieldPath: filter.fieldFilter.field?.fieldPath ?? '', op: known(FIELD_OPS, filter.fieldFilter.op) }]];
  if (filter.unaryFilter) return [[{ fieldPath: filter.unaryFilter.field?.fieldPath ?? '', op: known(UNARY_OPS, filter.unaryFilter.op) }]];
  const parts = (filter.compositeFilter?.filters ?? []).map(conjunctions);
  if (filter.compositeFilter?.op === 'OR') return parts.flat();
  return parts.reduce<QueryShape['filters'][]>((acc, part) => acc.flatMap((left) => part.map((right) => [...left, ...right])), [[]]);
}

/** The shapes (one per OR branch) of a query in its wire form. */
export function shapesOfStructuredQuery(query: StructuredQueryProto): QueryShape[] {
  const from = query.from?.[0];
  const orderBy = (query.orderBy ?? []).map((o) => ({
    fieldPath: o.field?.fieldPath ?? '',
    direction: (o.direction === 'DESCENDING' ? 'DESCENDING' : 'ASCENDING') as Direction,
  }));
  return conjunctions(query.where).map((filters) => ({
    collectionGroup: from?.collectionId ?? '',
    scope: from?.allDescendants ? 'COLLECTION_GROUP' : 'COLLECTION',
    filters,
    orderBy,
  }));
}

/** The shapes of an Admin SDK query, read from the request it would send (no network call). */
export function shapesOfQuery(query: Query): QueryShape[] {
  // toProto() is the SDK's own serialisation (internal, hence the cast): exactly what the backend plans.
  const { structuredQuery } = (query as unknown as { toProto(): { structuredQuery?: StructuredQueryProto } }).toProto();
  return shapesOfStructuredQuery(structuredQuery ?? {});
}

const THIS_FILE = fileURLToPath(import.meta.url);

function callSite(): string | undefined {
  const frames = (new Error().stack ?? '').split('\n').slice(1);
  const frame = frames.find((line) => !line.includes(THIS_FILE) && !line.includes('node_modules') && !line.includes('(node:'));
  return frame?.trim().replace(/^at /, '');
}

/**
 * Calls `onQuery` with every query the Admin SDK runs (`get`, `stream`, `count().get()`,
 * `transaction.get(query)`) until the returned function is called.
 */
export function recordQueries(onQuery: (query: Query, calledFrom: string | undefined) => void): () => void {
  const queryProto = Query.prototype;
  // AggregateQuery is a type only in the SDK's exports: reach its class through a query (no network call).
  const aggregateProto = Object.getPrototypeOf(new Firestore({ projectId: 'index-check' }).collection('_').count()) as AggregateQuery<never>;
  const AggregateQueryClass = aggregateProto.constructor as abstract new (...args: never[]) => AggregateQuery<never>;
  const transactionProto = Transaction.prototype;
  const { get, stream } = queryProto;
  const aggregateGet = aggregateProto.get;
  const transactionGet = transactionProto.get;

  queryProto.get = function (this: Query) {
    onQuery(this, callSite());
    return get.call(this);
  } as typeof get;
  queryProto.stream = function (this: Query) {
    onQuery(this, callSite());
    return stream.call(this);
  };
  aggregateProto.get = function (this: AggregateQuery<never>) {
    onQuery(this.query, callSite());
    return aggregateGet.call(this);
  } as typeof aggregateGet;
  transactionProto.get = function (this: Transaction, refOrQuery: unknown) {
    if (refOrQuery instanceof Query) onQuery(refOrQuery, callSite());
    else if (refOrQuery instanceof AggregateQueryClass) onQuery(refOrQuery.query, callSite());
    return (transactionGet as (this: Transaction, arg: unknown) => unknown).call(this, refOrQuery);
  } as typeof transactionGet;

  return () => {
    queryProto.get = get;
    queryProto.stream = stream;
    aggregateProto.get = aggregateGet;
    transactionProto.get = transactionGet;
  };
}
