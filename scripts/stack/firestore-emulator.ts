import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type * as EmulatorServer from '@firestore-emulator/server';
import type { FirestoreStateDocument } from '@firestore-emulator/server';
import type * as WriteProto from '@firestore-emulator/proto/dist/google/firestore/v1/write';
import type * as DocumentProto from '@firestore-emulator/proto/dist/google/firestore/v1/document';
import { createRequire } from 'node:module';
import { registerStopper } from './cleanup';

/**
 * The embedded Node Firestore emulator (the official one needs Java 21), with
 * optional persistence: every change is written, debounced, to a JSON file of
 * v1 documents and replayed on the next start, so `npm start` keeps its data.
 */
export interface RunningFirestore {
  host: string;
  stop(): Promise<void>;
}

// Loaded with require: the packages' ESM builds use extension-less imports that
// Node's ESM loader rejects, and Vite-based runners (Vitest) would pick those.
const require = createRequire(import.meta.url);
const { FirestoreServer, FirestoreStateDocument: StateDocument } = require('@firestore-emulator/server') as typeof EmulatorServer;
const { Write } = require('@firestore-emulator/proto/dist/google/firestore/v1/write') as typeof WriteProto;
const { Value } = require('@firestore-emulator/proto/dist/google/firestore/v1/document') as typeof DocumentProto;

/** The comparisons the emulator's query code asks of a field. */
interface ComparableField {
  value: string;
  eq(other: { value?: unknown }): boolean;
  lt(other: { value?: unknown }): boolean;
  lte(other: { value?: unknown }): boolean;
  gt(other: { value?: unknown }): boolean;
  gte(other: { value?: unknown }): boolean;
}

/** Two document names in Firestore's order: segment by segment. */
function compareNames(a: string, b: string): number {
  const [x, y] = [a.split('/'), b.split('/')];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  }
  return x.length - y.length;
}

/** A document's `__name__` as a reference value the query code can filter and sort by. */
function nameField(name: string): ComparableField {
  const against = (other: { value?: unknown }) => (typeof other.value === 'string' ? compareNames(name, other.value) : NaN);
  return {
    value: name,
    eq: (other) => against(other) === 0,
    lt: (other) => against(other) < 0,
    lte: (other) => against(other) <= 0,
    gt: (other) => against(other) > 0,
    gte: (other) => against(other) >= 0,
  };
}

// The emulator has no `__name__` field: a query filtered or ordered by document id (the range
// filter the API pages with, since the emulator ignores cursors) found nothing. Each document
// answers it here with its full name, as production compares it.
const getField = StateDocument.prototype.getField;
StateDocument.prototype.getField = function (this: FirestoreStateDocument, path: string) {
  if (path === '__name__') return nameField(this.getPath()) as unknown as ReturnType<typeof getField>;
  return getField.call(this, path);
};

// Array transforms (arrayUnion, arrayRemove), as production applies them: the emulator applied only
// the first transform of a write, and threw on one whose field did not exist yet (production takes
// it as an empty array). Each transform is applied on its own, and a missing field the write
// transforms as an array is written empty first, in the same write.
type WriteMessage = InstanceType<typeof Write>;
type Transform = WriteMessage['update_transforms'][number];
const v1Transform = StateDocument.prototype.v1Transform;
StateDocument.prototype.v1Transform = function (this: FirestoreStateDocument, date: Date, transforms: Transform[]) {
  for (const transform of transforms) v1Transform.call(this, date, [transform]);
};
const isArrayTransform = (transform: Transform) => transform.has_append_missing_elements || transform.has_remove_all_from_array;
function withEmptyArrays(state: { getDocument(name: string): FirestoreStateDocument }, write: WriteMessage): void {
  if (!write.has_update || !write.update_transforms.some(isArrayTransform)) return;
  const document = state.getDocument(write.update.name);
  const missing = write.update_transforms.filter((t) => isArrayTransform(t) && !write.update.fields.has(t.field_path) && (!document.metadata.hasExist || document.getField(t.field_path) === undefined));
  if (missing.length === 0) return;
  const fields = new Map(write.update.fields);
  for (const transform of missing) fields.set(transform.field_path, Value.fromObject({ array_value: { values: [] } }));
  write.update.fields = fields;
  if (write.has_update_mask) write.update_mask.field_paths = [...write.update_mask.field_paths, ...missing.map((t) => t.field_path)];
}

type StoredDocument = ReturnType<FirestoreStateDocument['toV1DocumentObject']>;

export async function startFirestoreEmulator(options: { port: number; persistFile?: string }): Promise<RunningFirestore> {
  const server = new FirestoreServer();
  const writeV1Document = server.state.writeV1Document.bind(server.state);
  server.state.writeV1Document = (date, write) => {
    withEmptyArrays(server.state, write);
    return writeV1Document(date, write);
  };
  const live = new Map<string, FirestoreStateDocument>();
  const track = ({ document }: { document: FirestoreStateDocument }) => {
    if (document.metadata.hasExist) live.set(document.getPath(), document);
    else live.delete(document.getPath());
  };
  server.state.emitter.on('create-document', track);
  server.state.emitter.on('update-document', track);
  server.state.emitter.on('delete-document', ({ document }) => live.delete(document.getPath()));

  const { persistFile } = options;
  if (persistFile) await restore(server, persistFile);

  let timer: NodeJS.Timeout | undefined;
  let saving: Promise<void> = Promise.resolve();
  const save = () => {
    if (!persistFile) return Promise.resolve();
    const documents = [...live.values()].filter((d) => d.metadata.hasExist).map((d) => d.toV1DocumentObject());
    saving = saving.then(() => writeAtomically(persistFile, JSON.stringify({ version: 1, documents })));
    return saving;
  };
  const scheduleSave = () => {
    if (!persistFile) return;
    clearTimeout(timer);
    timer = setTimeout(() => void save(), 250);
  };
  for (const event of ['create-document', 'update-document', 'delete-document'] as const) {
    server.state.emitter.on(event, scheduleSave);
  }

  const stopServer = async () => {
    clearTimeout(timer);
    await save();
    server.stop();
  };
  const unregister = registerStopper(stopServer);
  await server.start(options.port);
  return {
    host: `127.0.0.1:${options.port}`,
    async stop() {
      unregister();
      await stopServer();
    },
  };
}

async function restore(server: InstanceType<typeof FirestoreServer>, file: string): Promise<void> {
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch {
    return; // first start: nothing saved yet
  }
  const parsed = JSON.parse(raw) as { documents: StoredDocument[] };
  const now = new Date();
  for (const document of parsed.documents) {
    server.state.writeV1Document(now, Write.fromObject({ update: { name: document.name, fields: document.fields } }));
  }
}

async function writeAtomically(file: string, content: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, content);
  await rename(tmp, file);
}
