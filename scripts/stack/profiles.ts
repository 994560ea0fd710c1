import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The repository root (scripts/stack/ is two levels down). */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface StackPorts {
  hosting: number;
  functions: number;
  auth: number;
  firestore: number;
  hub: number;
  logging: number;
  /** The Functions emulator also starts Eventarc and Cloud Tasks emulators (the push queue runs on the latter); pin them too. */
  eventarc: number;
  tasks: number;
  /** The local mailbox (maildev): its SMTP server, and its web page and REST API. */
  smtp: number;
  mail: number;
}

export interface StackProfile {
  name: 'dev' | 'api-test' | 'e2e' | 'bench' | 'crash-test';
  projectId: string;
  ports: StackPorts;
  /** Where this profile keeps its data (Firestore snapshot, Auth export, bucket files). */
  dataDir: string;
  /** Keep data across restarts (only `npm start`). */
  persist: boolean;
  /** Which of a profile's side-by-side copies this is (the API tests' workers), if any. */
  instance?: number;
}

// Each purpose has its own ports and data, so tests can run while `npm start` is up.
export const profiles = {
  dev: {
    name: 'dev',
    projectId: 'demo-sfida8',
    ports: { hosting: 5000, functions: 5001, auth: 9099, firestore: 8080, hub: 4400, logging: 4500, eventarc: 9299, tasks: 9499, smtp: 1025, mail: 1080 },
    dataDir: join(repoRoot, '.data', 'dev'),
    persist: true,
  },
  'api-test': {
    name: 'api-test',
    projectId: 'demo-sfida8-test',
    ports: { hosting: 5200, functions: 5201, auth: 9199, firestore: 8180, hub: 4410, logging: 4510, eventarc: 9210, tasks: 9211, smtp: 1125, mail: 1180 },
    dataDir: join(repoRoot, '.test-data', 'api'),
    persist: false,
  },
  e2e: {
    name: 'e2e',
    projectId: 'demo-sfida8-e2e',
    ports: { hosting: 5300, functions: 5301, auth: 9320, firestore: 8280, hub: 4420, logging: 4520, eventarc: 9321, tasks: 9322, smtp: 1225, mail: 1280 },
    dataDir: join(repoRoot, '.test-data', 'e2e'),
    persist: false,
  },
  bench: {
    name: 'bench',
    projectId: 'demo-sfida8-bench',
    ports: { hosting: 5400, functions: 5401, auth: 9399, firestore: 8380, hub: 4430, logging: 4530, eventarc: 9410, tasks: 9411, smtp: 1325, mail: 1380 },
    dataDir: join(repoRoot, '.test-data', 'bench'),
    persist: false,
  },
  /** The local stack's persistence across a crash (scripts/stack/auth-snapshots.test.ts). */
  'crash-test': {
    name: 'crash-test',
    projectId: 'demo-sfida8-crash',
    ports: { hosting: 5500, functions: 5501, auth: 9520, firestore: 8480, hub: 4440, logging: 4540, eventarc: 9521, tasks: 9522, smtp: 1425, mail: 1480 },
    dataDir: join(repoRoot, '.test-data', 'crash'),
    persist: true,
  },
} satisfies Record<string, StackProfile>;

/**
 * The profile with every port moved by `offset`, so that two checkouts of the project can run
 * their API tests side by side (SFIDA_PORT_OFFSET in the environment; 0 in CI).
 */
export function withPortOffset<P extends StackProfile>(profile: P, offset: number): P {
  if (!Number.isInteger(offset) || offset === 0) return profile;
  const ports = Object.fromEntries(Object.entries(profile.ports).map(([name, port]) => [name, port + offset])) as unknown as StackPorts;
  return { ...profile, ports };
}

/** The end-to-end tests' profile, moved like the API tests' by SFIDA_PORT_OFFSET (0 in CI). */
export const e2eProfile: StackProfile = withPortOffset(profiles.e2e, Number(process.env.SFIDA_PORT_OFFSET ?? 0));

/** The bench's profile, moved the same way, so a bench can run beside another checkout's tests. */
export const benchProfile = withPortOffset(profiles.bench, Number(process.env.SFIDA_PORT_OFFSET ?? 0));

/** How many API test files run at once at most, each in its own copy of the emulators' data. */
export const MAX_API_WORKERS = 4;

/**
 * The API tests' profile for one Vitest worker (`VITEST_POOL_ID`, 1 to MAX_API_WORKERS): a
 * project of its own on the shared embedded Firestore (it keeps projects apart) and an Auth
 * emulator of its own, since the Auth emulator answers API-key calls such as sign-in with a
 * password for its default project only. Worker 1 keeps the profile's own ports.
 */
export function apiWorkerProfile(profile: StackProfile, worker: number): StackProfile {
  if (!Number.isInteger(worker) || worker < 1 || worker > MAX_API_WORKERS) throw new Error(`API test worker ${worker} out of 1–${MAX_API_WORKERS}`);
  // Two ports apart: an Auth-only emulator suite listens on auth, hub and logging. The workers share
  // the embedded Firestore and the mailbox (each test reads the mail of its own addresses).
  const shift = (worker - 1) * 2;
  const { firestore, smtp, mail, ...others } = profile.ports;
  const moved = Object.fromEntries(Object.entries(others).map(([name, port]) => [name, port + shift]));
  return {
    ...profile,
    projectId: `${profile.projectId}-${worker}`,
    ports: { ...(moved as Omit<StackPorts, 'firestore' | 'smtp' | 'mail'>), firestore, smtp, mail },
    dataDir: join(profile.dataDir, `worker-${worker}`),
    instance: worker,
  };
}

/** The local invite code (the emulators read it from functions/.secret.local). */
export const LOCAL_INVITE_CODE = 'SFIDA-LOCALE-2025';
export const LOCAL_COHORT_ID = 'coorte-locale';

export const DEMO_PARTICIPANT = {
  email: 'partecipante@sfida8.local',
  password: 'demo-sfida-2025',
  name: 'Giulia Partecipante',
} as const;

export const DEMO_OWNER = {
  email: 'coach@sfida8.local',
  password: 'demo-coach-2025',
  name: 'Marco Coach',
} as const;

/** The local mailbox's web page, where what the app sent can be read (its REST API is under /api). */
export function mailboxUrl(profile: StackProfile): string {
  return `http://127.0.0.1:${profile.ports.mail}`;
}

export function appUrl(profile: StackProfile): string {
  return `http://127.0.0.1:${profile.ports.hosting}`;
}

/** Origins the API accepts for state-changing calls in this profile. */
export function appOrigins(profile: StackProfile): string {
  return [`http://127.0.0.1:${profile.ports.hosting}`, `http://localhost:${profile.ports.hosting}`].join(',');
}

/** Environment for every process that talks to this profile's emulators. */
export function emulatorEnv(profile: StackProfile): Record<string, string> {
  return {
    GCLOUD_PROJECT: profile.projectId,
    GOOGLE_CLOUD_PROJECT: profile.projectId,
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${profile.ports.firestore}`,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${profile.ports.auth}`,
    LOCAL_BLOB_DIR: join(profile.dataDir, 'bucket'),
    APP_ORIGINS: appOrigins(profile),
    INVITE_COHORT_ID: LOCAL_COHORT_ID,
    WEB_API_KEY: 'local-emulator-key',
    // The Admin SDK otherwise probes the GCE metadata server, which is unreachable offline.
    METADATA_SERVER_DETECTION: 'none',
    // Where the Admin SDK enqueues the push tasks (the jobs the local stack runs itself; the
    // Functions emulator sets the same for its functions).
    CLOUD_TASKS_EMULATOR_HOST: `127.0.0.1:${profile.ports.tasks}`,
    // Where the app's email goes (config.ts honours it in the emulators only), and where tests read it.
    LOCAL_SMTP_URL: `smtp://127.0.0.1:${profile.ports.smtp}`,
    LOCAL_MAILBOX_URL: mailboxUrl(profile),
  };
}
