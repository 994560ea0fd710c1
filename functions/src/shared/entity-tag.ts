import { sha256Hex } from './crypto';

/**
 * An entity tag for a response body. Weak: the same JSON is sent gzipped or as is, depending on
 * what the caller accepts, and a strong tag would have to differ between the two.
 */
export function entityTagOf(body: string): string {
  return `W/"${sha256Hex(body)}"`;
}

/**
 * Whether the request's If-None-Match names `tag` (weak comparison, RFC 9110 §13.1.2).
 * Express's `req.fresh` cannot be used behind Firebase Hosting: Hosting adds
 * "Cache-Control: no-cache" to every request it forwards, which `req.fresh` reads as
 * "send the whole answer".
 */
export function ifNoneMatchNames(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (value: string) => value.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => opaque(candidate) === opaque(tag));
}
