import { Timestamp } from 'firebase-admin/firestore';

// A stored document's size as Firestore counts it against its 1 MiB limit: the document's name
// (each segment's bytes plus one, and 16), each field's name (its bytes plus one) and value, and 32 bytes.

/** Firestore's limit on a document's size. */
export const DOCUMENT_LIMIT_BYTES = 1024 * 1024;

const stringBytes = (text: string) => Buffer.byteLength(text, 'utf8') + 1;

/** The size of a document name (`users/jeff/tasks/my_task_id`): each segment's bytes plus one, and 16. */
export function documentNameBytes(path: string): number {
  return path.split('/').reduce((sum, segment) => sum + stringBytes(segment), 16);
}

/** The size of one field value. */
export function valueBytes(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'number') return 8;
  if (typeof value === 'string') return stringBytes(value);
  if (value instanceof Timestamp || value instanceof Date) return 8;
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return value.byteLength;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + valueBytes(item), 0);
  if (typeof value === 'object') {
    const reference = value as { path?: unknown; firestore?: unknown };
    if (typeof reference.path === 'string' && reference.firestore) return documentNameBytes(reference.path);
    const geo = value as { latitude?: unknown; longitude?: unknown };
    if (typeof geo.latitude === 'number' && typeof geo.longitude === 'number' && Object.keys(value).length <= 2) return 16;
    return Object.entries(value as Record<string, unknown>).reduce((sum, [key, item]) => sum + stringBytes(key) + valueBytes(item), 0);
  }
  return 0;
}

/** The stored size of the document at `path` holding `data`. */
export function documentBytes(path: string, data: Record<string, unknown>): number {
  return documentNameBytes(path) + valueBytes(data) + 32;
}
