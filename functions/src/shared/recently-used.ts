import type { Firestore } from 'firebase-admin/firestore';

/**
 * A map of at most `capacity` entries: reading an entry makes it the most recent, and adding one
 * past the capacity drops the least recent. What an instance keeps between requests is bounded by it.
 */
export class RecentlyUsed<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value!);
  }
}

/**
 * One RecentlyUsed of `capacity` per database: what is kept of one database is never answered for
 * another (the tests run several apps, each with its own, in one process).
 */
export function keptPerDatabase<K, V>(capacity: number): (db: Firestore) => RecentlyUsed<K, V> {
  const kept = new WeakMap<Firestore, RecentlyUsed<K, V>>();
  return (db) => {
    let copies = kept.get(db);
    if (!copies) {
      copies = new RecentlyUsed<K, V>(capacity);
      kept.set(db, copies);
    }
    return copies;
  };
}
