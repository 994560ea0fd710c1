import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startToolkitStandIn, toolkitError, type ToolkitStandIn } from '../test-support/api-harness';
import {
  createIdentityToolkit,
  IdentityToolkitError,
  IdentityToolkitThrottled,
  IdentityToolkitUnavailable,
  type IdentityToolkit,
} from './identity-toolkit';

const CONTINUE_URL = 'https://sfida.example/login';

let standIn: ToolkitStandIn;
let toolkit: IdentityToolkit;
beforeAll(async () => {
  standIn = await startToolkitStandIn();
  toolkit = createIdentityToolkit({ apiKey: 'chiave di prova', emulatorHost: standIn.host, timeoutMs: 300 });
});
afterAll(async () => {
  await standIn.close();
});
beforeEach(() => {
  standIn.requests.length = 0;
  standIn.answer = { status: 200, body: {} };
});

const reset = () => toolkit.sendPasswordResetEmail('anna@example.com', CONTINUE_URL);

describe('sendPasswordResetEmail', () => {
  test('asks for an Italian email whose link leads back to the app', async () => {
    standIn.answer = { status: 200, body: { kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email: 'anna@example.com' } };
    await expect(reset()).resolves.toBeUndefined();
    expect(standIn.requests).toHaveLength(1);
    const [request] = standIn.requests;
    expect(request!.url).toBe('/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=chiave%20di%20prova');
    expect(request!.headers['x-firebase-locale']).toBe('it');
    expect(request!.body).toEqual({ requestType: 'PASSWORD_RESET', email: 'anna@example.com', continueUrl: CONTINUE_URL });
  });

  test.each(['EMAIL_NOT_FOUND', 'INVALID_EMAIL', 'USER_DISABLED'])('%s: ignored, like a sent email', async (code) => {
    standIn.answer = toolkitError(code);
    await expect(reset()).resolves.toBeUndefined();
  });

  test.each(['TOO_MANY_ATTEMPTS_TRY_LATER', 'RESET_PASSWORD_EXCEED_LIMIT', 'QUOTA_EXCEEDED'])('%s: IdentityToolkitThrottled', async (code) => {
    standIn.answer = toolkitError(code);
    const error = await reset().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdentityToolkitThrottled);
    expect(error).toMatchObject({ message: expect.stringContaining(code), retryAfterSeconds: null });
  });

  test('HTTP 429 (RESOURCE_EXHAUSTED): IdentityToolkitThrottled with its Retry-After', async () => {
    standIn.answer = { status: 429, headers: { 'retry-after': '120' }, body: { error: { code: 429, message: 'Quota exceeded for quota metric', status: 'RESOURCE_EXHAUSTED' } } };
    await expect(reset()).rejects.toSatisfy((e) => e instanceof IdentityToolkitThrottled && e.retryAfterSeconds === 120);
  });

  test.each([
    ['500 INTERNAL_ERROR', toolkitError('INTERNAL_ERROR', 500)],
    ['502 with an HTML page', { status: 502, body: '<html>Bad Gateway</html>' }],
    ['503 UNAVAILABLE', { status: 503, body: { error: { code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' } } }],
  ] as const)('%s: IdentityToolkitUnavailable', async (_name, answer) => {
    standIn.answer = answer;
    await expect(reset()).rejects.toBeInstanceOf(IdentityToolkitUnavailable);
  });

  test('503 with Retry-After: the delay is kept (capped at an hour)', async () => {
    standIn.answer = { status: 503, headers: { 'retry-after': '86400' }, body: {} };
    await expect(reset()).rejects.toSatisfy((e) => e instanceof IdentityToolkitUnavailable && e.retryAfterSeconds === 3600);
  });

  test('no answer within the timeout: IdentityToolkitUnavailable', async () => {
    standIn.answer = 'hang';
    const started = Date.now();
    const error = await reset().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdentityToolkitUnavailable);
    expect((error as Error).cause).toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  test('connection dropped: IdentityToolkitUnavailable', async () => {
    standIn.answer = 'drop';
    await expect(reset()).rejects.toBeInstanceOf(IdentityToolkitUnavailable);
  });

  test('nothing listening: IdentityToolkitUnavailable', async () => {
    const gone = await startToolkitStandIn();
    await gone.close();
    const offline = createIdentityToolkit({ apiKey: 'k', emulatorHost: gone.host });
    await expect(offline.sendPasswordResetEmail('anna@example.com', CONTINUE_URL)).rejects.toBeInstanceOf(IdentityToolkitUnavailable);
  });

  test.each(['UNAUTHORIZED_DOMAIN', 'INVALID_CONTINUE_URI', 'CONFIGURATION_NOT_FOUND'])('%s: a bug, IdentityToolkitError', async (code) => {
    standIn.answer = toolkitError(code);
    await expect(reset()).rejects.toBeInstanceOf(IdentityToolkitError);
  });

  test('403 (a restricted API key): a bug, IdentityToolkitError', async () => {
    standIn.answer = { status: 403, body: { error: { code: 403, message: 'Requests to this API are blocked.', status: 'PERMISSION_DENIED' } } };
    await expect(reset()).rejects.toBeInstanceOf(IdentityToolkitError);
  });
});

describe('signInWithPassword', () => {
  const signIn = () => toolkit.signInWithPassword('anna@example.com', 'password-sicura-1');

  test('right password: the uid', async () => {
    standIn.answer = { status: 200, body: { localId: 'uid-anna', email: 'anna@example.com' } };
    await expect(signIn()).resolves.toEqual({ ok: true, uid: 'uid-anna' });
    expect(standIn.requests[0]!.body).toEqual({ email: 'anna@example.com', password: 'password-sicura-1', returnSecureToken: false });
  });

  test.each([
    ['INVALID_LOGIN_CREDENTIALS', { ok: false, reason: 'invalid-credentials' }],
    ['EMAIL_NOT_FOUND', { ok: false, reason: 'invalid-credentials' }],
    ['INVALID_PASSWORD', { ok: false, reason: 'invalid-credentials' }],
    ['USER_DISABLED', { ok: false, reason: 'disabled' }],
  ])('%s: %j', async (code, result) => {
    standIn.answer = toolkitError(code);
    await expect(signIn()).resolves.toEqual(result);
  });

  test('TOO_MANY_ATTEMPTS_TRY_LATER (the account is locked for a while): IdentityToolkitThrottled', async () => {
    standIn.answer = toolkitError('TOO_MANY_ATTEMPTS_TRY_LATER');
    await expect(signIn()).rejects.toBeInstanceOf(IdentityToolkitThrottled);
  });

  test('503: IdentityToolkitUnavailable; an unknown 400: IdentityToolkitError', async () => {
    standIn.answer = { status: 503, body: {} };
    await expect(signIn()).rejects.toBeInstanceOf(IdentityToolkitUnavailable);
    standIn.answer = toolkitError('OPERATION_NOT_ALLOWED');
    await expect(signIn()).rejects.toBeInstanceOf(IdentityToolkitError);
  });
});
