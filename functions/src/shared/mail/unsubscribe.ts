import { createHmac } from 'node:crypto';
import { isDocumentId } from '@sfida/core/document-id';
import { isOptionalEmailKind, type OptionalEmailKind } from '@sfida/core/email-preferences';
import { safeEqual } from '../crypto';

// The unsubscribe link of a non-essential email: one per person and kind, signed with a key of its
// own (config.emailTokenKey), so it works with no session (RFC 8058's one-click POST, from the
// mail client) and cannot be made for someone else. It names the person by uid, never by address.

export interface UnsubscribeTarget {
  uid: string;
  kind: OptionalEmailKind;
}

function mac(key: Buffer, uid: string, kind: string): string {
  return createHmac('sha256', key).update(`unsubscribe\n${uid}\n${kind}`).digest('base64url').slice(0, 32);
}

export function unsubscribeToken(key: Buffer, { uid, kind }: UnsubscribeTarget): string {
  return `${kind}.${uid}.${mac(key, uid, kind)}`;
}

/** Who and what a token unsubscribes, or null when it is not one of ours. */
export function readUnsubscribeToken(key: Buffer, token: string): UnsubscribeTarget | null {
  const [kind, uid, signature, ...rest] = token.split('.');
  if (rest.length > 0 || !kind || !uid || !signature || !isOptionalEmailKind(kind) || !isDocumentId(uid)) return null;
  return safeEqual(signature, mac(key, uid, kind)) ? { uid, kind } : null;
}

/** The link, and the headers that let a mail client unsubscribe in one click. */
export function unsubscribeHeaders(appOrigin: string, key: Buffer, target: UnsubscribeTarget): { url: string; headers: Record<string, string> } {
  const url = `${appOrigin}/api/email/unsubscribe/${unsubscribeToken(key, target)}`;
  return { url, headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}
