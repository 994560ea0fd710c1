// An id from a request (a path, a query, a body) reaches Firestore's doc(), which throws on a
// string it cannot take as a document id rather than missing: checked first, it names nothing.

/** True for a string Firestore takes as a document id (a bad one would throw, not miss). */
export function isDocumentId(id: string): boolean {
  return id.length > 0 && Buffer.byteLength(id) <= 1500 && !id.includes('/') && id !== '.' && id !== '..' && !/^__.*__$/.test(id);
}
