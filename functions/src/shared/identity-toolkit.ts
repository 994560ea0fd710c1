/** Password checks and reset emails through Firebase Auth's REST API (the Auth emulator serves it too). */
export type SignInResult = { ok: true; uid: string } | { ok: false; reason: 'invalid-credentials' | 'disabled' };

export interface IdentityToolkit {
  signInWithPassword(email: string, password: string): Promise<SignInResult>;
  /**
   * Asks Firebase Auth to send its password-reset email, in Italian; after the reset its page
   * leads on to `continueUrl`. Unknown, invalid and disabled addresses are ignored.
   */
  sendPasswordResetEmail(email: string, continueUrl: string): Promise<void>;
}

/** An answer we do not expect: a bug or a configuration mistake (e.g. UNAUTHORIZED_DOMAIN). */
export class IdentityToolkitError extends Error {}

/** Firebase Auth refuses for now: too many requests, a locked account or a spent quota. */
export class IdentityToolkitThrottled extends Error {
  constructor(
    message: string,
    /** From Firebase's Retry-After header, when it sent one. */
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
  }
}

/** Firebase Auth is out of reach or failing on its side: 5xx, timeout, network. */
export class IdentityToolkitUnavailable extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number | null,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

const INVALID_CREDENTIALS = new Set(['EMAIL_NOT_FOUND', 'INVALID_PASSWORD', 'INVALID_LOGIN_CREDENTIALS', 'INVALID_EMAIL', 'MISSING_PASSWORD']);
/** Codes Firebase answers (with HTTP 400) when it throttles; the client SDK maps them to too-many-requests / quota-exceeded. */
const THROTTLED = new Set(['TOO_MANY_ATTEMPTS_TRY_LATER', 'RESET_PASSWORD_EXCEED_LIMIT', 'QUOTA_EXCEEDED']);
/** Firebase writes its emails in this language. */
const EMAIL_LOCALE = 'it';
const MAX_RETRY_AFTER_SECONDS = 3600;

interface Answer {
  status: number;
  json: Record<string, unknown>;
  retryAfterSeconds: number | null;
}

/** The REST client; `emulatorHost` (host:port) switches to the Auth emulator. */
export function createIdentityToolkit(options: { apiKey: string; emulatorHost: string | null; timeoutMs?: number }): IdentityToolkit {
  const base = options.emulatorHost
    ? `http://${options.emulatorHost}/identitytoolkit.googleapis.com/v1`
    : 'https://identitytoolkit.googleapis.com/v1';
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function call(method: string, body: object): Promise<Answer> {
    let response: Response;
    let json: Record<string, unknown>;
    try {
      response = await fetch(`${base}/accounts:${method}?key=${encodeURIComponent(options.apiKey)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-firebase-locale': EMAIL_LOCALE },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      // Not JSON (a proxy's error page): the status decides.
      json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    } catch (error) {
      // Network failure or AbortSignal's TimeoutError.
      throw new IdentityToolkitUnavailable(`${method}: Firebase Auth non raggiungibile`, null, { cause: error });
    }
    return { status: response.status, json, retryAfterSeconds: retryAfter(response.headers.get('retry-after')) };
  }

  /** The error for an answer the caller does not handle itself. */
  function failure(method: string, { status, json, retryAfterSeconds }: Answer): Error {
    const code = errorCode(json);
    const what = `${method} non riuscito: ${status} ${code}`;
    if (status === 429 || THROTTLED.has(code)) return new IdentityToolkitThrottled(what, retryAfterSeconds);
    if (status >= 500) return new IdentityToolkitUnavailable(what, retryAfterSeconds);
    return new IdentityToolkitError(what);
  }

  return {
    async signInWithPassword(email, password) {
      const answer = await call('signInWithPassword', { email, password, returnSecureToken: false });
      if (answer.status === 200 && typeof answer.json.localId === 'string') return { ok: true, uid: answer.json.localId };
      const code = errorCode(answer.json);
      if (INVALID_CREDENTIALS.has(code)) return { ok: false, reason: 'invalid-credentials' };
      if (code === 'USER_DISABLED') return { ok: false, reason: 'disabled' };
      throw failure('signInWithPassword', answer);
    },
    async sendPasswordResetEmail(email, continueUrl) {
      const answer = await call('sendOobCode', { requestType: 'PASSWORD_RESET', email, continueUrl });
      if (answer.status === 200) return;
      const code = errorCode(answer.json);
      if (code === 'EMAIL_NOT_FOUND' || code === 'INVALID_EMAIL' || code === 'USER_DISABLED') return;
      throw failure('sendOobCode', answer);
    },
  };
}

function errorCode(json: Record<string, unknown>): string {
  const error = json.error as { message?: unknown } | undefined;
  const message = typeof error?.message === 'string' ? error.message : '';
  // Messages look like "TOO_MANY_ATTEMPTS_TRY_LATER : details".
  return message.split(':')[0]!.trim();
}

/** A Retry-After header (seconds or an HTTP date) as seconds, capped at an hour; null when absent or unreadable. */
function retryAfter(header: string | null): number | null {
  if (!header) return null;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header.trim()) : Math.ceil((Date.parse(header) - Date.now()) / 1000);
  if (!Number.isFinite(seconds)) return null;
  return Math.min(Math.max(seconds, 1), MAX_RETRY_AFTER_SECONDS);
}
