/** Password checks and reset emails through Firebase Auth's REST API (the Auth emulator serves it too). */
export type SignInResult = { ok: true; uid: string } | { ok: false; reason: 'invalid-credentials' | 'disabled' };

export interface IdentityToolkit {
  signInWithPassword(email: string, password: string): Promise<SignInResult>;
  /** Asks Firebase Auth to send its password-reset email; unknown addresses are ignored. */
  sendPasswordResetEmail(email: string): Promise<void>;
}

export class IdentityToolkitError extends Error {}

const INVALID_CREDENTIALS = new Set(['EMAIL_NOT_FOUND', 'INVALID_PASSWORD', 'INVALID_LOGIN_CREDENTIALS', 'INVALID_EMAIL', 'MISSING_PASSWORD']);

/** The REST client; `emulatorHost` (host:port) switches to the Auth emulator. */
export function createIdentityToolkit(options: { apiKey: string; emulatorHost: string | null; timeoutMs?: number }): IdentityToolkit {
  const base = options.emulatorHost
    ? `http://${options.emulatorHost}/identitytoolkit.googleapis.com/v1`
    : 'https://identitytoolkit.googleapis.com/v1';
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function call(method: string, body: object): Promise<{ status: number; json: Record<string, unknown> }> {
    const response = await fetch(`${base}/accounts:${method}?key=${encodeURIComponent(options.apiKey)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: response.status, json };
  }

  function errorCode(json: Record<string, unknown>): string {
    const error = json.error as { message?: unknown } | undefined;
    const message = typeof error?.message === 'string' ? error.message : '';
    // Messages look like "TOO_MANY_ATTEMPTS_TRY_LATER : details".
    return message.split(':')[0]!.trim();
  }

  return {
    async signInWithPassword(email, password) {
      const { status, json } = await call('signInWithPassword', { email, password, returnSecureToken: false });
      if (status === 200 && typeof json.localId === 'string') return { ok: true, uid: json.localId };
      const code = errorCode(json);
      if (INVALID_CREDENTIALS.has(code)) return { ok: false, reason: 'invalid-credentials' };
      if (code === 'USER_DISABLED') return { ok: false, reason: 'disabled' };
      throw new IdentityToolkitError(`signInWithPassword non riuscito: ${status} ${code}`);
    },
    async sendPasswordResetEmail(email) {
      const { status, json } = await call('sendOobCode', { requestType: 'PASSWORD_RESET', email });
      if (status === 200) return;
      const code = errorCode(json);
      if (code === 'EMAIL_NOT_FOUND' || code === 'INVALID_EMAIL' || code === 'USER_DISABLED') return;
      throw new IdentityToolkitError(`sendOobCode non riuscito: ${status} ${code}`);
    },
  };
}
