import type { Readable } from 'node:stream';
import { Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import type { BlobStore } from '../../shared/blob-store';
import { cohortsCoachedBy } from '../../shared/cohort-repository';
import { accountLookups, type AccountScope, type PersonalDataCollection } from '../../shared/personal-data';
import { voiceNoteBlobPath } from '../../shared/voice-note-repository';

// What the data export reads: the account's documents, collection by collection as the personal
// data table finds them, as plain data (instants as ISO strings), one document at a time; and the
// bytes of its voice notes, as streams.

/** A stored document as the export sees it. */
export interface ExportedDoc {
  id: string;
  path: string;
  data: Record<string, unknown>;
}

/** Firestore's values as JSON has them: a Timestamp becomes its ISO instant, the rest as it is. */
function plain(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plain(inner)]));
  return value;
}

function exportedDoc(snap: DocumentSnapshot): ExportedDoc {
  return { id: snap.id, path: snap.ref.path, data: plain(snap.data() ?? {}) as Record<string, unknown> };
}

/**
 * Whose documents the export looks for: the account, its cohorts now and in earlier seasons, and
 * those it coaches (the subcollections under a cohort are found through them).
 */
export async function exportScope(db: Firestore, uid: string): Promise<AccountScope> {
  const [user, seasons, coached] = await Promise.all([
    db.getAll(db.collection('users').doc(uid)),
    db.collection('users').doc(uid).collection('seasons').select('cohortId').get(),
    cohortsCoachedBy(db, uid),
  ]);
  const cohortIds = new Set<string>();
  const current: unknown = user[0]?.get('cohortId');
  if (typeof current === 'string' && current) cohortIds.add(current);
  for (const doc of seasons.docs) {
    const cohortId: unknown = doc.get('cohortId');
    if (typeof cohortId === 'string' && cohortId) cohortIds.add(cohortId);
  }
  for (const { id } of coached) cohortIds.add(id);
  return { uid, cohortIds: [...cohortIds] };
}

/**
 * The account's documents in `entry`'s collection, each once (two locators may find the same one:
 * a high five to oneself is not possible, a note a coach wrote in their own thread is), streamed
 * query by query so a large collection is never held whole.
 */
export async function* accountDocuments(db: Firestore, entry: PersonalDataCollection, scope: AccountScope): AsyncGenerator<ExportedDoc> {
  const { refs, queries } = accountLookups(db, entry, scope);
  const seen = new Set<string>();
  if (refs.length > 0) {
    for (const snap of await db.getAll(...refs)) {
      if (!snap.exists || seen.has(snap.ref.path)) continue;
      seen.add(snap.ref.path);
      yield exportedDoc(snap);
    }
  }
  for (const query of queries) {
    for await (const snap of query.stream() as AsyncIterable<DocumentSnapshot>) {
      if (seen.has(snap.ref.path)) continue;
      seen.add(snap.ref.path);
      yield exportedDoc(snap);
    }
  }
}

/** The bytes of voice note `id`, as a stream; null when the bucket has none. */
export function voiceNoteBytes(blobStore: BlobStore, id: string): Promise<Readable | null> {
  return blobStore.read(voiceNoteBlobPath(id));
}
