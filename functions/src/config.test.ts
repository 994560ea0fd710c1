import { createECDH } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { ConfigError, assertApiConfig, loadConfig } from './config';

const production = { GCLOUD_PROJECT: 'sfida-prod', INVITE_CODE: 'segreto', WEB_API_KEY: 'chiave' };

describe('loadConfig', () => {
  test('production defaults come from the project id', () => {
    const config = loadConfig(production);
    expect(config).toMatchObject({
      projectId: 'sfida-prod',
      inviteCohortId: 'coorte-2025',
      appOrigins: ['https://sfida-prod.web.app', 'https://sfida-prod.firebaseapp.com'],
      storageBucket: 'sfida-prod.firebasestorage.app',
      localBlobDir: null,
      authEmulatorHost: null,
      proxyHops: { front: 1, hosting: 1 },
      emulated: false,
    });
  });

  test('email: SMTP_URL with a sender; the local SMTP server only when emulated; a bad URL never repeated', () => {
    expect(loadConfig(production).mail).toBeNull();
    const smtp = { SMTP_URL: 'smtps://utente:segreto@smtp.example.com:465', MAIL_FROM: 'Sfida <sfida@example.com>' };
    expect(loadConfig({ ...production, ...smtp }).mail).toEqual({ smtpUrl: smtp.SMTP_URL, from: smtp.MAIL_FROM });
    expect(() => loadConfig({ ...production, SMTP_URL: smtp.SMTP_URL })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ ...production, ...smtp, MAIL_FROM: 'Sfida' })).toThrow(/MAIL_FROM deve essere un indirizzo/);
    expect(() => loadConfig({ ...production, ...smtp, SMTP_URL: 'https://utente:segreto@example.com' })).toThrow(/^(?!.*segreto).*SMTP_URL deve essere/);
    expect(loadConfig({ ...production, LOCAL_SMTP_URL: 'smtp://127.0.0.1:1025' }).mail).toBeNull();
    expect(loadConfig({ ...production, FUNCTIONS_EMULATOR: 'true', LOCAL_SMTP_URL: 'smtp://127.0.0.1:1025' }).mail).toEqual({
      smtpUrl: 'smtp://127.0.0.1:1025',
      from: 'Sfida 8 settimane <noreply@sfida8.local>',
    });
  });

  test('in the emulators nothing stands in front of the function', () => {
    expect(loadConfig({ ...production, FUNCTIONS_EMULATOR: 'true' })).toMatchObject({ proxyHops: { front: 0, hosting: 1 }, emulated: true });
  });

  test("the deletion ledger's key is derived from the VAPID key (none in production without one, a local one when emulated)", () => {
    const vapid = createECDH('prime256v1');
    vapid.generateKeys();
    const VAPID_PRIVATE_KEY = vapid.getPrivateKey().toString('base64url');
    const key = loadConfig({ ...production, VAPID_PRIVATE_KEY }).deletionLedgerKey;
    expect(key).toHaveLength(32);
    expect(key!.equals(Buffer.from(VAPID_PRIVATE_KEY, 'base64url'))).toBe(false);
    expect(loadConfig({ ...production, VAPID_PRIVATE_KEY }).deletionLedgerKey!.equals(key!)).toBe(true);
    expect(loadConfig(production).deletionLedgerKey).toBeNull();
    expect(loadConfig({ ...production, FUNCTIONS_EMULATOR: 'true' }).deletionLedgerKey).toHaveLength(32);
  });

  test('the project id may come from FIREBASE_CONFIG', () => {
    expect(loadConfig({ INVITE_CODE: 'x', WEB_API_KEY: 'k', FIREBASE_CONFIG: '{"projectId":"da-config"}' }).projectId).toBe('da-config');
  });

  test('APP_ORIGINS is a comma list (trailing slashes dropped)', () => {
    expect(loadConfig({ ...production, APP_ORIGINS: 'https://a.it/, http://127.0.0.1:5000' }).appOrigins).toEqual(['https://a.it', 'http://127.0.0.1:5000']);
  });

  test("the browser's Google sign-in settings: the Web API key and the app's own domain, the Auth emulator only when emulated", () => {
    expect(loadConfig(production).googleSignIn).toEqual({ apiKey: 'chiave', authDomain: 'sfida-prod.web.app', projectId: 'sfida-prod', emulatorUrl: null });
    const custom = { ...production, APP_ORIGINS: 'https://sfida.example.it,https://sfida-prod.web.app' };
    expect(loadConfig(custom).googleSignIn.authDomain).toBe('sfida.example.it');
    expect(loadConfig({ ...custom, AUTH_DOMAIN: 'sfida-prod.web.app' }).googleSignIn.authDomain).toBe('sfida-prod.web.app');
    // Not the app's domain, or a URL instead of a domain: the redirect would come back to a page it cannot read.
    expect(() => loadConfig({ ...custom, AUTH_DOMAIN: 'sfida-prod.firebaseapp.com' })).toThrow(/AUTH_DOMAIN.*APP_ORIGINS/);
    expect(() => loadConfig({ ...custom, AUTH_DOMAIN: 'https://sfida.example.it' })).toThrow(/AUTH_DOMAIN deve essere un nome di dominio/);
    const local = loadConfig({ ...production, FUNCTIONS_EMULATOR: 'true', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    expect(local.googleSignIn.emulatorUrl).toBe('http://127.0.0.1:9099');
    expect(loadConfig({ ...production, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', VITEST: undefined }).googleSignIn.emulatorUrl).toBeNull();
  });

  test('LOCAL_BLOB_DIR is ignored in production', () => {
    expect(loadConfig({ ...production, LOCAL_BLOB_DIR: '/tmp/x', VITEST: undefined }).localBlobDir).toBeNull();
    expect(loadConfig({ ...production, LOCAL_BLOB_DIR: '/tmp/x', FUNCTIONS_EMULATOR: 'true' }).localBlobDir).toBe('/tmp/x');
  });

  test('fails fast with a clear message', () => {
    expect(() => loadConfig({ INVITE_CODE: 'x', WEB_API_KEY: 'k' })).toThrow(/GCLOUD_PROJECT/);
    expect(() => loadConfig({ GCLOUD_PROJECT: 'p', INVITE_CODE: 'x' })).toThrow(/WEB_API_KEY/);
    expect(() => loadConfig({ ...production, FRONT_PROXY_HOPS: 'molti' })).toThrow(ConfigError);
    const withoutCode = loadConfig({ GCLOUD_PROJECT: 'p', WEB_API_KEY: 'k' });
    expect(() => assertApiConfig(withoutCode)).toThrow(/INVITE_CODE/);
  });

  test('in the emulators no Web API key is needed', () => {
    const config = loadConfig({ GCLOUD_PROJECT: 'demo-x', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' });
    expect(config.authEmulatorHost).toBe('127.0.0.1:9099');
    expect(config.webApiKey).not.toBe('');
  });

  test('the VAPID public key is derived from the private key, which must be a P-256 key', () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const privateKey = ecdh.getPrivateKey().toString('base64url');
    expect(loadConfig(production).push).toBeNull();
    expect(loadConfig({ ...production, VAPID_PRIVATE_KEY: privateKey }).push).toEqual({
      publicKey: ecdh.getPublicKey().toString('base64url'),
      privateKey,
      subject: 'https://sfida-prod.web.app',
    });
    expect(loadConfig({ ...production, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: 'mailto:coach@sfida8.it' }).push?.subject).toBe('mailto:coach@sfida8.it');
    expect(() => loadConfig({ ...production, VAPID_PRIVATE_KEY: 'corta' })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ ...production, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: 'http://x.it' })).toThrow(/VAPID_SUBJECT/);
  });
});
