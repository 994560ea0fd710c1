import type { Request } from 'express';

/**
 * Who is calling, for the per-address limits (docs/decisions/012-client-address.md).
 *
 * The proxies in front of the function append the address that connected to them to
 * X-Forwarded-For; everything to the left of what they appended was written by the caller.
 * `front` proxies are always there (Google's front end in production; none in the emulators),
 * so the entry they appended is the `connection`: nobody can forge it. Firebase Hosting adds
 * one more hop only when the call comes through it, and nothing tells that call apart from a
 * direct call to the function's own URL with a forged header: `client` is the browser's
 * address when the call came through Hosting, and whatever the caller wrote otherwise.
 */
export interface ClientAddresses {
  /** The address that connected to our nearest always-present proxy: unforgeable. */
  connection: string;
  /** The browser's address as Hosting reported it: forgeable by a direct caller. */
  client: string;
}

export interface ProxyHops {
  /** Proxies always in front of the function that append to X-Forwarded-For. */
  front: number;
  /** Hosting's hop, present only on calls that come through it. */
  hosting: number;
}

/** Addresses from the nearest (the socket's peer) to the furthest (the leftmost entry). */
function addressChain(req: Request): string[] {
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .reverse();
  const peer = req.socket.remoteAddress ?? 'unknown';
  return [peer, ...forwarded].map(normalise);
}

/** `::ffff:1.2.3.4` and `1.2.3.4` are the same caller. */
function normalise(address: string): string {
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}

export function clientAddresses(req: Request, hops: ProxyHops): ClientAddresses {
  const chain = addressChain(req);
  const at = (index: number) => chain[Math.min(index, chain.length - 1)]!;
  return { connection: at(hops.front), client: at(hops.front + hops.hosting) };
}
