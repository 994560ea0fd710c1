import type { Agent } from 'node:https';
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import type { Config } from './config';
import { FileBlobStore, GcsBlobStore, type BlobStore } from './shared/blob-store';
import { createIdentityToolkit, type IdentityToolkit } from './shared/identity-toolkit';
import { cloudTasksPushQueue, type PushQueue } from './shared/push-fan-out';
import { cloudTasksEmailQueue, type EmailQueue } from './shared/mail/outbox';
import { smtpMailer, type Mailer } from './shared/mail/transport';
import type { RateLimiter } from './shared/rate-limiter';
import type { SessionStore } from './sessions/session-store';

/** Everything the app talks to; tests and scripts build the same set. */
export interface Deps {
  config: Config;
  db: Firestore;
  auth: Auth;
  identityToolkit: IdentityToolkit;
  blobStore: BlobStore;
  /** The server's clock (injected so tests can move time). */
  clock: () => Date;
  /** How push services are reached (tests: one that trusts the local stand-in's certificate); undefined: Node's default. */
  pushAgent?: Agent;
  /** Where pushes to many wait to be sent (Cloud Tasks; the API tests' stand-in runs them in-process). */
  pushQueue: PushQueue;
  /** Sends email by SMTP (null: no SMTP server configured; emails stay queued). */
  mailer: Mailer | null;
  /** Where emails wait to be sent (Cloud Tasks; the API tests' stand-in runs them in-process). */
  emailQueue: EmailQueue;
}

/**
 * What every router is built from: the dependencies, and the app's one session store (whose
 * copies of sessions the session check and logout share) and rate limiter.
 */
export interface ApiDeps extends Deps {
  sessions: SessionStore;
  limiter: RateLimiter;
}

function adminApp(config: Config): App {
  const name = `sfida-${config.projectId}`;
  const existing = getApps().find((a) => a.name === name);
  if (existing) return existing;
  return initializeApp({ projectId: config.projectId, storageBucket: config.storageBucket }, name);
}

/** Builds the real dependencies for a configuration (Admin SDK, bucket, Identity Toolkit). */
export async function createDeps(config: Config, overrides: Partial<Omit<Deps, 'config'>> = {}): Promise<Deps> {
  const app = adminApp(config);
  const db = getFirestore(app);
  if (!firestoreConfigured.has(db)) {
    db.settings({ ignoreUndefinedProperties: true });
    firestoreConfigured.add(db);
  }
  // The file-backed stand-in only when config allows it (emulators and tests).
  const blobStore =
    overrides.blobStore ??
    (config.localBlobDir ? new FileBlobStore(config.localBlobDir) : new GcsBlobStore(getStorage(app).bucket(config.storageBucket)));
  return {
    config,
    db,
    auth: overrides.auth ?? getAuth(app),
    identityToolkit:
      overrides.identityToolkit ?? createIdentityToolkit({ apiKey: config.webApiKey, emulatorHost: config.authEmulatorHost }),
    blobStore,
    clock: overrides.clock ?? (() => new Date()),
    pushAgent: overrides.pushAgent,
    pushQueue: overrides.pushQueue ?? cloudTasksPushQueue(app),
    mailer: overrides.mailer !== undefined ? overrides.mailer : config.mail && smtpMailer(config.mail),
    emailQueue: overrides.emailQueue ?? cloudTasksEmailQueue(app),
    ...(overrides.db ? { db: overrides.db } : {}),
  };
}

const firestoreConfigured = new WeakSet<Firestore>();
