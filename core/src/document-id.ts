// An id from a request (a path, a query, a body) reaches Firestore's doc(), which throws on a
// string it cannot take as a document id rather than missing: checked first, it names nothing.

/** Bytes of `text` in UTF-8 (a lone surrogate as the 3 of its replacement character, as Node counts it). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** True for a string Firestore takes as a document id (a bad one would throw, not miss). */
export function isDocumentId(id: string): boolean {
  return id.length > 0 && utf8Length(id) <= 1500 && !id.includes('/') && id !== '.' && id !== '..' && !/^__.*__$/.test(id);
}
