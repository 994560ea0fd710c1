// The local mailbox (maildev, which tests/setup/emulators.global.ts and the local stack start), read
// through its REST API: what the app really sent by SMTP. Workers share one mailbox, so a test reads
// the mail of its own (unique) addresses rather than clearing everyone's.

/** One received email, as maildev lists it. */
export interface ReceivedEmail {
  id: string;
  subject: string;
  text: string;
  html: string;
  from: Array<{ address: string; name: string }>;
  to: Array<{ address: string; name: string }>;
  time: string;
}

export interface MailboxClient {
  /** Every email received, oldest first. */
  list(): Promise<ReceivedEmail[]>;
  /** Deletes every email (only where nothing else shares the mailbox). */
  clear(): Promise<void>;
  /**
   * The emails sent to `address`, but for the verification every password registration gets
   * (`registerParticipant`): a test of another email reads what it is about.
   */
  to(address: string): Promise<ReceivedEmail[]>;
  /** Every email sent to `address`, the verification included. */
  all(address: string): Promise<ReceivedEmail[]>;
  /** Waits until `address` has at least `count` emails (as `to` counts them), or fails after `timeoutMs`. */
  waitFor(address: string, count?: number, timeoutMs?: number): Promise<ReceivedEmail[]>;
  /** An email's headers, from its raw source (names lower-cased, folded lines joined). */
  headers(id: string): Promise<Record<string, string>>;
}

/** The subject of the verification email (shared/mail/account-emails.ts). */
export const VERIFICATION_SUBJECT = 'Conferma il tuo indirizzo email';

export function mailboxClient(baseUrl = process.env.LOCAL_MAILBOX_URL): MailboxClient {
  if (!baseUrl) throw new Error('LOCAL_MAILBOX_URL is not set: the local mailbox is not running');
  const api = `${baseUrl}/api`;
  const call = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${api}${path}`, init);
    if (!response.ok) throw new Error(`mailbox ${init?.method ?? 'GET'} ${path}: ${response.status}`);
    return response;
  };
  const list = async () => {
    const emails = (await (await call('/email')).json()) as ReceivedEmail[];
    return emails.sort((a, b) => a.time.localeCompare(b.time));
  };
  const all = async (address: string) => (await list()).filter((email) => email.to.some((recipient) => recipient.address.toLowerCase() === address.toLowerCase()));
  const to = async (address: string) => (await all(address)).filter((email) => email.subject !== VERIFICATION_SUBJECT);
  return {
    list,
    to,
    all,
    async clear() {
      await call('/email/all', { method: 'DELETE' });
    },
    async waitFor(address, count = 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = await to(address);
        if (found.length >= count) return found;
        if (Date.now() > deadline) throw new Error(`mailbox: ${found.length} of ${count} emails to ${address} after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async headers(id) {
      const source = await (await call(`/email/${encodeURIComponent(id)}/source`)).text();
      const head = source.split(/\r?\n\r?\n/, 1)[0] ?? '';
      const headers: Record<string, string> = {};
      for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
      }
      return headers;
    },
  };
}

/** Decodes a header's RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=), as a mail client shows them. */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=(\s+(?==\?))?/g, (_, _charset: string, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );
}
