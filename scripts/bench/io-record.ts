import { request as httpRequest, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { FieldPath, FieldValue, Timestamp, type DocumentReference, type Firestore, type Query } from 'firebase-admin/firestore';

// What one request of the app does with Firestore, recorded, so a floor (floor-fn.ts) can do the
// same reads and writes and nothing else, whatever layout the features store today. Like
// read-count.ts, the Admin SDK's classes are wrapped while `recording` is on, on the app built in
// the bench's process (createApp(deps)), one request at a time: Firestore.getAll (which
// DocumentReference.get uses), Query.get with the query's recipe (the chain of where, orderBy,
// limit, select… that built it), count aggregations, a transaction's reads, and each committed
// batch's writes (a transaction commits through a batch too) with their data.

/** A value of a document or of a query's argument, as JSON: Timestamps, field values and field paths tagged. */
export type Encoded = null | boolean | number | string | Encoded[] | { [key: string]: Encoded };

/** One step of a query's recipe: a method of Query and its arguments. */
export interface QueryStep {
  method: string;
  args: Encoded[];
}

/** How a query was built: its collection (or collection group) and the steps after it. */
export interface QueryRecipe {
  collection?: string;
  group?: string;
  steps: QueryStep[];
}

export type RecordedRead =
  | { kind: 'getAll'; paths: string[]; fieldMask?: string[] }
  | { kind: 'query'; recipe: QueryRecipe; documents: number; paths?: string[] }
  | { kind: 'count'; recipe: QueryRecipe };

export interface RecordedWrite {
  op: 'create' | 'set' | 'update' | 'delete';
  path: string;
  data?: Encoded;
  /** set()'s options (merge, mergeFields), encoded. */
  options?: Encoded;
}

export type EventBody = { type: 'read'; read: RecordedRead } | { type: 'commit'; writes: RecordedWrite[] };
/** A read or a committed batch, with when it started and ended (ms, performance.now) to find what ran at once. */
export type RecordedEvent = EventBody & { start: number; end: number };

const TAG = '$bench';

/** A document's or an argument's value as JSON (tagged Timestamps, field values, field paths, references). */
export function encodeValue(value: unknown): Encoded {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(encodeValue);
  if (value instanceof Timestamp) return { [TAG]: 'timestamp', seconds: value.seconds, nanoseconds: value.nanoseconds };
  if (value instanceof Date) return { [TAG]: 'date', iso: value.toISOString() };
  if (value instanceof Uint8Array) return { [TAG]: 'bytes', base64: Buffer.from(value).toString('base64') };
  if (value instanceof FieldPath) return { [TAG]: 'fieldPath', segments: (value as unknown as { toArray(): string[] }).toArray() };
  if (value instanceof FieldValue) {
    const field = value as unknown as { methodName: string; operand?: number; elements?: unknown[] };
    return { [TAG]: 'fieldValue', method: field.methodName, ...(field.operand !== undefined ? { operand: field.operand } : {}), ...(field.elements ? { elements: field.elements.map(encodeValue) } : {}) };
  }
  if (typeof value === 'object') {
    const object = value as Record<string, unknown>;
    if (typeof object.path === 'string' && typeof object.id === 'string' && 'firestore' in object) return { [TAG]: 'reference', path: object.path };
    const prototype = Object.getPrototypeOf(value) as unknown;
    if (prototype !== Object.prototype && prototype !== null) throw new Error(`cannot record a ${(value as object).constructor?.name ?? 'value'}`);
    const out: Record<string, Encoded> = {};
    for (const [key, item] of Object.entries(object)) if (item !== undefined) out[key] = encodeValue(item);
    return out;
  }
  throw new Error(`cannot record a ${typeof value}`);
}

/** The value encodeValue encoded, for `db` (references are made on it). */
export function decodeValue(value: Encoded, db: Firestore): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => decodeValue(item, db));
  const tag = value[TAG];
  if (tag === undefined) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, decodeValue(item, db)]));
  if (tag === 'timestamp') return new Timestamp(value.seconds as number, value.nanoseconds as number);
  if (tag === 'date') return new Date(value.iso as string);
  if (tag === 'bytes') return Buffer.from(value.base64 as string, 'base64');
  if (tag === 'fieldPath') return new FieldPath(...(value.segments as string[]));
  if (tag === 'reference') return db.doc(value.path as string);
  if (tag === 'fieldValue') {
    const elements = ((value.elements as Encoded[] | undefined) ?? []).map((item) => decodeValue(item, db));
    switch (value.method) {
      case 'FieldValue.increment':
        return FieldValue.increment(value.operand as number);
      case 'FieldValue.serverTimestamp':
        return FieldValue.serverTimestamp();
      case 'FieldValue.delete':
        return FieldValue.delete();
      case 'FieldValue.arrayUnion':
        return FieldValue.arrayUnion(...elements);
      case 'FieldValue.arrayRemove':
        return FieldValue.arrayRemove(...elements);
      default:
        throw new Error(`cannot replay ${String(value.method)}`);
    }
  }
  throw new Error(`cannot replay a value tagged ${String(tag)}`);
}

/** The query `recipe` rebuilt on `db`. */
export function queryOf(db: Firestore, recipe: QueryRecipe): Query {
  let query: Query = recipe.group !== undefined ? db.collectionGroup(recipe.group) : db.collection(recipe.collection!);
  for (const step of recipe.steps) {
    const method = (query as unknown as Record<string, (...args: unknown[]) => Query>)[step.method];
    if (typeof method !== 'function') throw new Error(`cannot replay Query.${step.method}`);
    query = method.apply(query, step.args.map((arg) => decodeValue(arg, db)));
  }
  return query;
}

/**
 * The events in waves: an event joins the wave before it when it started before every event of
 * that wave had ended (they ran at once, as Promise.all runs them); a floor runs the waves in turn
 * and each wave's events at once.
 */
export function wavesOf<T extends { start: number; end: number }>(events: T[]): T[][] {
  const waves: T[][] = [];
  let waveEnd = -Infinity;
  for (const event of [...events].sort((a, b) => a.start - b.start)) {
    const current = waves.at(-1);
    if (current && event.start < waveEnd) {
      current.push(event);
      waveEnd = Math.min(waveEnd, event.end);
    } else {
      waves.push([event]);
      waveEnd = event.end;
    }
  }
  return waves;
}

/** Every document path a recording wrote, in the order first written. */
export function writtenPaths(events: RecordedEvent[]): string[] {
  const paths = new Set<string>();
  for (const event of events) if (event.type === 'commit') for (const write of event.writes) paths.add(write.path);
  return [...paths];
}

/** Every document path a recording read (by reference or found by a query), in the order first read. */
export function readPaths(events: RecordedEvent[]): string[] {
  const paths = new Set<string>();
  for (const event of events) if (event.type === 'read' && event.read.kind !== 'count') for (const path of event.read.paths ?? []) paths.add(path);
  return [...paths];
}

/** Documents read by a recording, as read-count.ts bills them. */
export function documentsRead(events: RecordedEvent[]): number {
  let reads = 0;
  for (const event of events) {
    if (event.type !== 'read') continue;
    const { read } = event;
    reads += read.kind === 'getAll' ? read.paths.length : read.kind === 'query' ? Math.max(1, read.documents) : 1;
  }
  return reads;
}

let recording: RecordedEvent[] | null = null;
/** What the recording saw but could not record (a value or a query it cannot replay): the app's request goes on. */
let problems: string[] = [];
let installed = false;
const recipes = new WeakMap<object, QueryRecipe>();
const batchWrites = new WeakMap<object, RecordedWrite[]>();

const QUERY_STEPS = ['where', 'orderBy', 'limit', 'limitToLast', 'offset', 'select', 'startAt', 'startAfter', 'endAt', 'endBefore'] as const;

function recipeOf(query: object): QueryRecipe {
  const known = recipes.get(query);
  if (known) return known;
  const path = (query as { path?: unknown }).path;
  if (typeof path === 'string') return { collection: path, steps: [] };
  throw new Error('a query whose collection the recorder did not see');
}

/** Runs `work`, recording it as an event when recording is on. */
async function timed<T>(work: () => Promise<T>, describe: (result: T) => EventBody): Promise<T> {
  const log = recording;
  const start = performance.now();
  const result = await work();
  if (log && log === recording) {
    try {
      log.push({ ...describe(result), start, end: performance.now() });
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  return result;
}

type GetAllArgs = Array<DocumentReference | { fieldMask?: Array<string | FieldPath> }>;

function getAllRead(args: GetAllArgs): RecordedRead {
  const paths: string[] = [];
  let fieldMask: string[] | undefined;
  for (const arg of args) {
    if (typeof (arg as DocumentReference).path === 'string') paths.push((arg as DocumentReference).path);
    else if ((arg as { fieldMask?: unknown }).fieldMask) fieldMask = (arg as { fieldMask: Array<string | FieldPath> }).fieldMask.map((field) => (typeof field === 'string' ? field : (field as unknown as { toArray(): string[] }).toArray().join('.')));
  }
  return { kind: 'getAll', paths, ...(fieldMask ? { fieldMask } : {}) };
}

/** Wraps the Admin SDK's read and write paths (found from instances: the package does not export them all at run time). */
async function install(db: Firestore): Promise<void> {
  if (installed) return;
  installed = true;
  const firestoreProto = Object.getPrototypeOf(db) as Record<string, unknown>;
  const collection = db.collection('ioRecord');
  const queryProto = Object.getPrototypeOf(Object.getPrototypeOf(collection)) as Record<string, unknown>;
  const aggregateProto = Object.getPrototypeOf(collection.count()) as Record<string, unknown>;
  const batchProto = Object.getPrototypeOf(db.batch()) as Record<string, unknown>;
  let transactionProto: Record<string, unknown> | null = null;
  await db.runTransaction(async (transaction) => {
    transactionProto = Object.getPrototypeOf(transaction) as Record<string, unknown>;
  });

  const wrap = (proto: Record<string, unknown>, name: string, make: (original: (...args: unknown[]) => unknown) => (this: object, ...args: unknown[]) => unknown) => {
    const original = proto[name] as (...args: unknown[]) => unknown;
    proto[name] = make(original);
  };

  wrap(firestoreProto, 'collectionGroup', (original) =>
    function (this: object, ...args) {
      const query = original.apply(this, args) as object;
      recipes.set(query, { group: String(args[0]), steps: [] });
      return query;
    },
  );
  for (const method of QUERY_STEPS) {
    wrap(queryProto, method, (original) =>
      function (this: object, ...args) {
        const query = original.apply(this, args) as object;
        try {
          const base = recipeOf(this);
          recipes.set(query, { ...base, steps: [...base.steps, { method, args: args.map(encodeValue) }] });
        } catch {
          // Not replayable (a Filter, a snapshot cursor): the floor says so when it meets it.
        }
        return query;
      },
    );
  }
  wrap(queryProto, 'count', (original) =>
    function (this: object, ...args) {
      const aggregate = original.apply(this, args) as object;
      if (recipes.has(this) || typeof (this as { path?: unknown }).path === 'string') recipes.set(aggregate, recipeOf(this));
      return aggregate;
    },
  );

  wrap(firestoreProto, 'getAll', (original) =>
    function (this: object, ...args) {
      return timed(
        () => original.apply(this, args) as Promise<unknown[]>,
        () => ({ type: 'read', read: getAllRead(args as GetAllArgs) }),
      );
    },
  );
  wrap(queryProto, 'get', (original) =>
    function (this: object) {
      return timed(
        () => original.call(this) as Promise<{ size: number; docs: Array<{ ref: DocumentReference }> }>,
        (snap) => ({ type: 'read', read: { kind: 'query', recipe: recipeOf(this), documents: snap.size, paths: snap.docs.map((doc) => doc.ref.path) } }),
      );
    },
  );
  wrap(aggregateProto, 'get', (original) =>
    function (this: object) {
      return timed(
        () => original.call(this) as Promise<unknown>,
        () => ({ type: 'read', read: { kind: 'count', recipe: recipeOf(this) } }),
      );
    },
  );
  // A transaction's reads do not go through Firestore.getAll or Query.get; the floor does them as plain reads.
  const transaction = transactionProto as Record<string, unknown> | null;
  if (transaction) {
    wrap(transaction, 'get', (original) =>
      function (this: object, ...args) {
        const target = args[0] as object;
        const isRef = typeof (target as { path?: unknown }).path === 'string' && typeof (target as { collection?: unknown }).collection === 'function' && 'parent' in target && !('where' in target);
        return timed(
          () => original.apply(this, args) as Promise<{ size?: number }>,
          (snap) =>
            isRef
              ? { type: 'read', read: { kind: 'getAll', paths: [(target as DocumentReference).path] } }
              : { type: 'read', read: { kind: 'query', recipe: recipeOf(target), documents: snap.size ?? 1 } },
        );
      },
    );
    wrap(transaction, 'getAll', (original) =>
      function (this: object, ...args) {
        return timed(
          () => original.apply(this, args) as Promise<unknown[]>,
          () => ({ type: 'read', read: getAllRead(args as GetAllArgs) }),
        );
      },
    );
  }

  const pushWrite = (batch: object, write: RecordedWrite) => {
    if (!recording) return;
    const writes = batchWrites.get(batch) ?? [];
    writes.push(write);
    batchWrites.set(batch, writes);
  };
  for (const op of ['create', 'set', 'update', 'delete'] as const) {
    wrap(batchProto, op, (original) =>
      function (this: object, ...args) {
        const result = original.apply(this, args);
        if (!recording) return result;
        const ref = args[0] as DocumentReference;
        try {
          if (op === 'delete') pushWrite(this, { op, path: ref.path });
          else if (op === 'update' && typeof args[1] === 'object' && args[1] !== null && !(args[1] instanceof FieldPath)) pushWrite(this, { op, path: ref.path, data: encodeValue(args[1]) });
          else if (op === 'update') {
            // update(ref, field, value, field, value…): the pairs as one object.
            const data: Record<string, unknown> = {};
            for (let i = 1; i + 1 < args.length; i += 2) data[String(args[i])] = args[i + 1];
            pushWrite(this, { op, path: ref.path, data: encodeValue(data) });
          } else pushWrite(this, { op, path: ref.path, data: encodeValue(args[1]), ...(op === 'set' && args[2] ? { options: encodeValue(args[2]) } : {}) });
        } catch (error) {
          problems.push(`${op} of ${ref.path}: ${(error as Error).message}`);
        }
        return result;
      },
    );
  }
  wrap(batchProto, '_commit', (original) =>
    function (this: object, ...args) {
      return timed(
        () => original.apply(this, args) as Promise<unknown>,
        () => ({ type: 'commit', writes: batchWrites.get(this) ?? [] }),
      );
    },
  );
}

/** One request, recorded. */
export interface RecordedRequest {
  status: number;
  headers: Record<string, string>;
  /** The answer's body, decompressed. */
  body: Buffer;
  /** Whether the answer came gzip-compressed. */
  gzip: boolean;
  events: RecordedEvent[];
  /** What it did that the recording could not keep: a floor made from it would do less than the request. */
  problems: string[];
}

export interface Recorder {
  /** Sends one request to the app (nothing else runs meanwhile) and records its Firestore reads and writes. */
  record(path: string, init: { method?: string; headers?: Record<string, string>; body?: string }): Promise<RecordedRequest>;
  /** Sends one request unrecorded (a warm-up: caches of sessions and such filled as on a running instance). */
  send(path: string, init: { method?: string; headers?: Record<string, string>; body?: string }): Promise<RecordedRequest>;
  base: string;
  close(): Promise<void>;
}

/** Events in the order they started (each is noted when it ends). */
const inOrder = (events: RecordedEvent[]) => [...events].sort((a, b) => a.start - b.start);

/** Runs `work` (in this process, on `db`) and records its Firestore reads and writes; nothing else may use `db` meanwhile. */
export async function recordDuring<T>(db: Firestore, work: () => Promise<T>): Promise<{ result: T; events: RecordedEvent[]; problems: string[] }> {
  await install(db);
  const events: RecordedEvent[] = [];
  recording = events;
  problems = [];
  try {
    const result = await work();
    return { result, events: inOrder(events), problems };
  } finally {
    recording = null;
  }
}

/** Serves `app` (an Express app built in this process on `db`) on 127.0.0.1 and records requests to it. */
export async function startRecorder(app: (req: never, res: never) => void, db: Firestore): Promise<Recorder> {
  await install(db);
  const server: Server = createServer(app as Parameters<typeof createServer>[0]);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const send = (path: string, init: { method?: string; headers?: Record<string, string>; body?: string }) =>
    new Promise<RecordedRequest>((resolve, reject) => {
      const request = httpRequest({ host: '127.0.0.1', port, path, method: init.method ?? 'GET', headers: init.headers ?? {} }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const gzip = response.headers['content-encoding'] === 'gzip';
          const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]));
          resolve({ status: response.statusCode ?? 0, headers, body: gzip ? gunzipSync(raw) : raw, gzip, events: [], problems: [] });
        });
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(init.body);
    });
  return {
    base: `http://127.0.0.1:${port}`,
    send,
    async record(path, init) {
      const events: RecordedEvent[] = [];
      recording = events;
      problems = [];
      try {
        const answer = await send(path, init);
        return { ...answer, events: inOrder(events), problems };
      } finally {
        recording = null;
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
