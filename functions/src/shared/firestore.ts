import type { Firestore, WriteBatch } from 'firebase-admin/firestore';

// Helpers for talking to Firestore that any repository may use; nothing here knows a collection.

/** gRPC ALREADY_EXISTS: a create() found the document there (or a batch holding one failed for it). */
export function isAlreadyExists(error: unknown): boolean {
  return (error as { code?: unknown }).code === 6;
}

/**
 * Runs a write that leads with a create() (a batch whose first write creates a marker, or a lone
 * create): true when it landed, false when the document was there already (another request got
 * there first: a retry, a double tap, a race). Any other failure is thrown.
 */
export async function unlessItExists(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isAlreadyExists(error)) return false;
    throw error;
  }
}

/** gRPC FAILED_PRECONDITION: a write's condition (the document unchanged since it was read) did not hold. */
export function isFailedPrecondition(error: unknown): boolean {
  return (error as { code?: unknown }).code === 9;
}

/** Adds `write` to a batch of at most `size` writes, committing the full ones (a migration's bounded batches). */
export function batchedWrites(db: Firestore, size: number) {
  let batch: WriteBatch = db.batch();
  let count = 0;
  const flush = async () => {
    if (count > 0) await batch.commit();
    batch = db.batch();
    count = 0;
  };
  return {
    async add(write: (batch: WriteBatch) => void): Promise<void> {
      write(batch);
      if (++count >= size) await flush();
    },
    flush,
  };
}
