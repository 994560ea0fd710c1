/**
 * Whether an If-None-Match or If-Match header names `tag`, or is `*` (weak comparison, RFC 9110
 * §13.1.2: a proxy that compresses an answer may weaken the tag it forwards).
 * Express's `req.fresh` cannot be used behind Firebase Hosting: Hosting adds
 * "Cache-Control: no-cache" to every request it forwards, which `req.fresh` reads as
 * "send the whole answer".
 */
export function headerNamesTag(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (value: string) => value.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => opaque(candidate) === opaque(tag));
}
