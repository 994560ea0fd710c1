/**
 * A short random suffix for the ids the browser gives new items (habits, planner slots): two
 * devices adding one in the same millisecond must not get the same id, or the merge would take
 * them for one item and keep only one of the two.
 */
export function randomIdSuffix(): string {
  const bytes = new Uint32Array(2);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (n) => n.toString(36)).join('');
}
