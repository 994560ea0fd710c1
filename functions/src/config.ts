import { createECDH, hkdfSync } from 'node:crypto';
import * as z from 'zod/mini';
import type { ProxyHops } from './shared/client-address';

/**
 * Server configuration, parsed once from the environment. Firebase params and
 * secrets arrive as environment variables (in production and in the emulators),
 * so this is the only place that reads process.env.
 */
const envSchema = z.object({
  INVITE_CODE: z.optional(z.string()),
  INVITE_COHORT_ID: z._default(z.string().check(z.trim(), z.minLength(1)), 'coorte-2025'),
  APP_ORIGINS: z._default(z.string(), ''),
  WEB_API_KEY: z._default(z.string(), ''),
  /**
   * Where the browser's Firebase Auth SDK runs Google's sign-in: the app's own domain, whose
   * /__/auth/* Hosting serves (empty: the host of the first of APP_ORIGINS).
   */
  AUTH_DOMAIN: z._default(z.string().check(z.trim()), ''),
  STORAGE_BUCKET: z._default(z.string(), ''),
  LOCAL_BLOB_DIR: z.optional(z.string()),
  FUNCTIONS_EMULATOR: z.optional(z.string()),
  VITEST: z.optional(z.string()),
  FIRESTORE_EMULATOR_HOST: z.optional(z.string()),
  FIREBASE_AUTH_EMULATOR_HOST: z.optional(z.string()),
  GCLOUD_PROJECT: z.optional(z.string()),
  GOOGLE_CLOUD_PROJECT: z.optional(z.string()),
  FIREBASE_CONFIG: z.optional(z.string()),
  /**
   * Proxies that append to X-Forwarded-For (shared/client-address.ts): those always in front
   * of the function (Google's front end in production, none in the emulators) and Hosting's
   * hop, present only on calls that come through Hosting.
   */
  FRONT_PROXY_HOPS: z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(3))),
  HOSTING_PROXY_HOPS: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(3)), 1),
  /** The VAPID private key (a Firebase secret): base64url of the 32-byte P-256 key. */
  VAPID_PRIVATE_KEY: z.optional(z.string()),
  /** Who push services may contact about our messages (mailto: or https:). */
  VAPID_SUBJECT: z.optional(z.string()),
  /** The SMTP server email goes out through (a Firebase secret): smtp:// or smtps://, with its user and password. */
  SMTP_URL: z.optional(z.string().check(z.trim())),
  /** The emulators' SMTP server (maildev), a plain setting of the local stack: never honoured in production. */
  LOCAL_SMTP_URL: z.optional(z.string().check(z.trim())),
  /** Who the emails come from: `Name <address>` or an address. */
  MAIL_FROM: z.optional(z.string().check(z.trim())),
});

export interface Config {
  projectId: string;
  /** The invite code; only the API needs it (operator scripts run without it). */
  inviteCode: string | null;
  inviteCohortId: string;
  /** Origins allowed to make state-changing calls. */
  appOrigins: string[];
  webApiKey: string;
  /** What the browser's Firebase Auth SDK starts from for "Accedi con Google" (GET /api/auth/google/config). */
  googleSignIn: GoogleSignInSettings;
  storageBucket: string;
  /** File-backed stand-in for the bucket (emulators and tests only). */
  localBlobDir: string | null;
  firestoreEmulatorHost: string | null;
  authEmulatorHost: string | null;
  proxyHops: ProxyHops;
  /** Web Push signing (null: no key configured, the API says notifications are unavailable). */
  push: PushConfig | null;
  /**
   * The key of the deletion ledger's hashes (features/privacy): derived from the VAPID private key,
   * a secret every deployment has, so no second secret is needed; null when there is none (then
   * an account cannot be deleted). In the emulators without a VAPID key, a fixed local key.
   */
  deletionLedgerKey: Buffer | null;
  /** Email by SMTP (null: no SMTP server configured, emails stay queued). */
  mail: MailConfig | null;
  /** Signs the unsubscribe links (shared/mail/unsubscribe.ts): derived from the VAPID key like the ledger's; null without one. */
  emailTokenKey: Buffer | null;
  /** Running in the emulators or a test run, never in production. */
  emulated: boolean;
}

export interface MailConfig {
  /** smtp:// or smtps:// (its credentials inside): never logged. */
  smtpUrl: string;
  /** The From header: `Name <address>` or an address. */
  from: string;
}

export interface GoogleSignInSettings {
  apiKey: string;
  /** A host name (with a port on the local stack), never a URL. */
  authDomain: string;
  projectId: string;
  /** The Auth emulator's URL, on the local stack only. */
  emulatorUrl: string | null;
}

export interface PushConfig {
  /** base64url, the application server key browsers subscribe with. */
  publicKey: string;
  privateKey: string;
  subject: string;
}

export class ConfigError extends Error {}

function projectIdFrom(env: z.infer<typeof envSchema>): string | undefined {
  const direct = env.GCLOUD_PROJECT ?? env.GOOGLE_CLOUD_PROJECT;
  if (direct) return direct;
  if (env.FIREBASE_CONFIG) {
    try {
      const parsed = JSON.parse(env.FIREBASE_CONFIG) as { projectId?: unknown };
      if (typeof parsed.projectId === 'string') return parsed.projectId;
    } catch {
      // FIREBASE_CONFIG may also be a file path; then the project id must come from GCLOUD_PROJECT.
    }
  }
  return undefined;
}

/** Parses the environment; throws a ConfigError naming every problem. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Configurazione non valida: ${problems}`);
  }
  const env = result.data;
  const projectId = projectIdFrom(env);
  if (!projectId) throw new ConfigError('Configurazione non valida: GCLOUD_PROJECT (id del progetto Firebase) non impostato');

  // Emulated: the Functions emulator, a test run, or a script pointed at both local emulators.
  const emulated =
    env.FUNCTIONS_EMULATOR === 'true' || env.VITEST === 'true' || Boolean(env.FIRESTORE_EMULATOR_HOST && env.FIREBASE_AUTH_EMULATOR_HOST);
  const authEmulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST || null;
  if (!authEmulatorHost && !env.WEB_API_KEY) {
    throw new ConfigError('Configurazione non valida: WEB_API_KEY (chiave Web API del progetto) è necessaria per il login con password');
  }

  const origins = env.APP_ORIGINS.split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  const appOrigins = origins.length > 0 ? origins : [`https://${projectId}.web.app`, `https://${projectId}.firebaseapp.com`];

  // The file-backed bucket is a local stand-in: never honoured in production.
  const localAllowed = emulated;
  const webApiKey = env.WEB_API_KEY || (emulated ? 'emulator-key' : '');
  return {
    projectId,
    inviteCode: env.INVITE_CODE || null,
    inviteCohortId: env.INVITE_COHORT_ID,
    appOrigins,
    webApiKey,
    googleSignIn: {
      apiKey: webApiKey,
      authDomain: authDomainFrom(env.AUTH_DOMAIN, appOrigins, emulated),
      projectId,
      emulatorUrl: emulated && authEmulatorHost ? `http://${authEmulatorHost}` : null,
    },
    storageBucket: env.STORAGE_BUCKET || `${projectId}.firebasestorage.app`,
    localBlobDir: localAllowed && env.LOCAL_BLOB_DIR ? env.LOCAL_BLOB_DIR : null,
    firestoreEmulatorHost: env.FIRESTORE_EMULATOR_HOST || null,
    authEmulatorHost,
    proxyHops: { front: env.FRONT_PROXY_HOPS ?? (emulated ? 0 : 1), hosting: env.HOSTING_PROXY_HOPS },
    push: pushConfigFrom(env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT || `https://${projectId}.web.app`),
    deletionLedgerKey: deletionLedgerKeyFrom(env.VAPID_PRIVATE_KEY, emulated),
    emailTokenKey: derivedKey(env.VAPID_PRIVATE_KEY, emulated, 'sfida email unsubscribe v1'),
    mail: mailConfigFrom((emulated && env.LOCAL_SMTP_URL) || env.SMTP_URL, env.MAIL_FROM, emulated),
    emulated,
  };
}

/**
 * The auth domain: a host of one of the app's origins, since the sign-in comes back to the page
 * that started it and browsers that block third-party storage need both on one site.
 */
function authDomainFrom(setting: string, appOrigins: string[], emulated: boolean): string {
  const hosts = appOrigins.flatMap((origin) => (URL.canParse(origin) ? [new URL(origin).host] : []));
  const domain = setting || (hosts[0] ?? '');
  if (!/^[a-z0-9.-]+(:\d+)?$/i.test(domain)) {
    throw new ConfigError(`Configurazione non valida: AUTH_DOMAIN deve essere un nome di dominio (es. sfida.example.com), non "${domain}"`);
  }
  if (!emulated && !hosts.includes(domain)) {
    throw new ConfigError(`Configurazione non valida: AUTH_DOMAIN (${domain}) deve essere il dominio di una delle APP_ORIGINS (${hosts.join(', ')})`);
  }
  return domain;
}

/** The key pair from the private key alone (the public key is derived, so the two always match). */
function pushConfigFrom(privateKey: string | undefined, subject: string): PushConfig | null {
  if (!privateKey) return null;
  const key = Buffer.from(privateKey, 'base64url');
  if (key.length !== 32 || key.toString('base64url') !== privateKey.replace(/=+$/, '')) {
    throw new ConfigError('Configurazione non valida: VAPID_PRIVATE_KEY deve essere una chiave P-256 in base64url (32 byte)');
  }
  if (!/^(mailto:|https:\/\/)/.test(subject)) {
    throw new ConfigError('Configurazione non valida: VAPID_SUBJECT deve iniziare con mailto: o https://');
  }
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(key);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: key.toString('base64url'), subject };
}

/** The sender locally, where no MAIL_FROM is set. */
export const LOCAL_MAIL_FROM = 'Sfida 8 settimane <noreply@sfida8.local>';

/** A sender as the From header takes it: an address, or a name and an address in angle brackets. */
export function isMailFrom(value: string): boolean {
  return /^([^<>@\r\n]+ )?<?[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>?$/.test(value) && value.includes('<') === value.endsWith('>');
}

/** SMTP settings; a sender is required beside a server outside the emulators. */
function mailConfigFrom(smtpUrl: string | undefined, from: string | undefined, emulated: boolean): MailConfig | null {
  if (from && !isMailFrom(from)) {
    throw new ConfigError('Configurazione non valida: MAIL_FROM deve essere un indirizzo email, es. "Sfida 8 settimane <sfida@example.com>"');
  }
  if (!smtpUrl) return null;
  if (!URL.canParse(smtpUrl) || !/^smtps?:$/.test(new URL(smtpUrl).protocol)) {
    // The value holds a password: the message never repeats it.
    throw new ConfigError('Configurazione non valida: SMTP_URL deve essere un URL smtp:// o smtps:// (es. smtps://utente:password@smtp.example.com:465)');
  }
  if (!from && !emulated) throw new ConfigError('Configurazione non valida: MAIL_FROM (il mittente delle email) manca in functions/.env.<project-id>');
  return { smtpUrl, from: from || LOCAL_MAIL_FROM };
}

/** A key of its own for the ledger (HKDF), so a ledger hash never reveals anything about the VAPID key. */
function deletionLedgerKeyFrom(vapidPrivateKey: string | undefined, emulated: boolean): Buffer | null {
  return derivedKey(vapidPrivateKey, emulated, 'sfida deletion ledger v1', 'sfida-local-deletion-ledger');
}

/** A key for one purpose (`info`), derived from the VAPID key by HKDF: none reveals another, nor the VAPID key. */
function derivedKey(vapidPrivateKey: string | undefined, emulated: boolean, info: string, local = `local ${info}`): Buffer | null {
  const secret = vapidPrivateKey ? Buffer.from(vapidPrivateKey, 'base64url') : emulated ? Buffer.from(local) : null;
  if (!secret) return null;
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), info, 32));
}

/** The API cannot run without an invite code: fail at start-up, not at the first registration. */
export function assertApiConfig(config: Config): asserts config is Config & { inviteCode: string } {
  if (!config.inviteCode) {
    throw new ConfigError('Configurazione non valida: INVITE_CODE manca (secret Firebase in produzione, functions/.secret.local in locale)');
  }
}
