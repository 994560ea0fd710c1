/**
 * `npm run deploy [-- --project <alias-or-id>] [other firebase deploy options]`: checks what would
 * otherwise fail only at the first request in production (project, the function's settings and
 * secret, runtime, lockfile) and that no function but the API can be called by the public, then builds and runs `firebase deploy` on the project it checked.
 * It runs the build and the deploy itself because npm passes the arguments only to the last
 * command of a script: `predeploy && build && firebase deploy` would check one project and deploy another.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../functions/src/config';
import { functionsLockfileProblem } from './functions-lockfile';
import { repoRoot } from './stack/profiles';
import { capture, run } from './stack/run';

/** Runs the Firebase CLI with these arguments; injectable, since the real one needs a login and the network. */
export type FirebaseCli = (args: string[]) => Promise<{ code: number | null; stdout: string; stderr: string }>;

export interface PredeployInput {
  /** The folder with firebase.json, .firebaserc and the functions source. */
  root: string;
  /** The arguments for `firebase deploy`. */
  args: string[];
  /** The project `firebase use` selected for this folder, if any. */
  activeProject: string | null;
  /** The secrets the function declares (defineSecret + `secrets` option). */
  declaredSecrets: string[];
  /** Each exported function's definition, as the Firebase CLI reads it. */
  endpoints: Record<string, FunctionEndpoint>;
  firebase: FirebaseCli;
  /** Reads Firebase Auth's settings of the project; without it client sign-up is not checked. */
  authSettings?: AuthSettingsReader;
  now?: Date;
}

export interface PredeployResult {
  projectId: string | null;
  problems: string[];
  warnings: string[];
}

interface FirebaseJson {
  functions?: FunctionsConfig | FunctionsConfig[];
}
interface FunctionsConfig {
  source?: string;
  runtime?: string;
  configDir?: string;
}

// The CLI's own runtime table and dotenv parser, so these checks agree with `firebase deploy`.
const requireCli = createRequire(import.meta.url);
const { RUNTIMES } = requireCli('firebase-tools/lib/deploy/functions/runtimes/supported/types.js') as {
  RUNTIMES: Record<string, { friendly: string; deprecationDate: string; decommissionDate: string }>;
};
const dotenv = requireCli('firebase-tools/lib/functions/env.js') as {
  parse: (data: string) => { envs: Record<string, string>; errors: string[] };
  validateKey: (key: string) => void;
};

const readJson = <T>(path: string): T | null => (existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : null);

/** The value of `--project`/`-P` among the arguments, and the arguments without it. */
export function projectArgument(args: string[]): { project: string | null; rest: string[] } {
  const rest: string[] = [];
  let project: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--project' || arg === '-P') project = args[++i] ?? null;
    else if (arg.startsWith('--project=')) project = arg.slice('--project='.length);
    else rest.push(arg);
  }
  return { project, rest };
}

/** The project `firebase deploy` would use: --project, else `firebase use`, else .firebaserc's only or default alias. */
export function selectProject(
  argument: string | null,
  activeProject: string | null,
  aliases: Record<string, string>,
): { projectId: string; alias: string | null } | null {
  const chosen = argument ?? activeProject ?? (Object.keys(aliases).length === 1 ? Object.keys(aliases)[0]! : aliases.default ? 'default' : null);
  if (!chosen) return null;
  return aliases[chosen] ? { projectId: aliases[chosen], alias: chosen } : { projectId: chosen, alias: null };
}

/** Every check, none of them stopping the others; problems say what to set. */
export async function predeployChecks(input: PredeployInput): Promise<PredeployResult> {
  const problems: string[] = [];
  const warnings: string[] = [];
  const now = input.now ?? new Date();
  const firebaseJson = readJson<FirebaseJson>(join(input.root, 'firebase.json')) ?? {};
  const functions = [firebaseJson.functions ?? []].flat();

  // The project.
  const aliases = readJson<{ projects?: Record<string, string> }>(join(input.root, '.firebaserc'))?.projects ?? {};
  const selected = selectProject(projectArgument(input.args).project, input.activeProject, aliases);
  let projectId: string | null = selected?.projectId ?? null;
  if (!selected) {
    problems.push('Nessun progetto Firebase selezionato: esegui `npx firebase use --add <project-id>` oppure `npm run deploy -- --project <project-id>`.');
  } else if (selected.projectId.startsWith('demo-')) {
    problems.push(
      `Il progetto "${selected.projectId}" è un progetto demo, solo per gli emulatori locali: scegli il progetto reale con ` +
        '`npm run deploy -- --project <project-id>` (o `npx firebase use <project-id>`).',
    );
    projectId = null;
  }

  // The runtime.
  for (const { runtime } of functions) {
    const support = runtime ? RUNTIMES[runtime] : undefined;
    if (!support) {
      problems.push(`firebase.json: runtime "${runtime ?? '(mancante)'}" sconosciuto a firebase-tools; usa uno di ${Object.keys(RUNTIMES).filter((r) => r.startsWith('nodejs')).join(', ')}.`);
    } else if (now >= new Date(support.decommissionDate)) {
      problems.push(`firebase.json: il runtime ${support.friendly} è dismesso dal ${support.decommissionDate}: passa a un Node.js supportato ("runtime" in firebase.json, "engines" in functions/package.json).`);
    } else if (now >= new Date(support.deprecationDate)) {
      warnings.push(`firebase.json: il runtime ${support.friendly} è deprecato dal ${support.deprecationDate} e sarà dismesso il ${support.decommissionDate}.`);
    }
  }

  // The secrets the function needs: declared, and (for a real project) set.
  for (const secret of REQUIRED_SECRETS) {
    if (!input.declaredSecrets.includes(secret)) {
      problems.push(`functions/src/index.ts non dichiara il secret ${secret}: serve \`defineSecret('${secret}')\` nell'opzione \`secrets\` di onRequest.`);
    }
  }
  problems.push(...exposureProblems(input.endpoints));
  if (selected && projectId) {
    for (const config of functions) problems.push(...checkSettings(input.root, config, projectId, selected.alias));
    for (const secret of input.declaredSecrets) {
      const problem = await checkSecret(input.firebase, secret, projectId);
      if (problem) problems.push(problem);
    }
    if (input.authSettings) {
      const warning = await clientSignUpWarning(input.authSettings, projectId);
      if (warning) warnings.push(warning);
    }
  }
  return { projectId, problems, warnings };
}

/** The invite code, the key that signs push notifications (docs/deploy.md says how to make one) and the SMTP server's URL. */
const REQUIRED_SECRETS = ['INVITE_CODE', 'VAPID_PRIVATE_KEY', 'SMTP_URL'] as const;

/** The function's settings, read from the files the CLI deploys them from and parsed by the function's own config schema. */
function checkSettings(root: string, config: FunctionsConfig, projectId: string, alias: string | null): string[] {
  const folder = config.configDir ?? config.source ?? 'functions';
  const dir = join(root, folder);
  const byId = `.env.${projectId}`;
  const byAlias = alias && alias !== projectId ? `.env.${alias}` : null;
  const present = [byId, byAlias].filter((file): file is string => !!file && existsSync(join(dir, file)));
  if (present.length === 0) {
    return [
      `Manca ${folder}/${byId}, le impostazioni della funzione (INVITE_COHORT_ID, WEB_API_KEY, APP_ORIGINS, AUTH_DOMAIN, STORAGE_BUCKET, MAIL_FROM): ` +
        'crealo come descritto in docs/deploy.md.',
    ];
  }
  if (present.length > 1) return [`Ci sono sia ${folder}/${byId} sia ${folder}/${byAlias}: firebase deploy ne accetta uno solo, tieni ${byId}.`];

  const problems: string[] = [];
  const env: Record<string, string> = {};
  for (const file of ['.env', present[0]!].filter((f) => existsSync(join(dir, f)))) {
    const { envs, errors } = dotenv.parse(readFileSync(join(dir, file), 'utf8'));
    if (errors.length > 0) problems.push(`${folder}/${file}: righe non valide: ${errors.join(', ')}.`);
    for (const key of Object.keys(envs)) {
      try {
        dotenv.validateKey(key);
      } catch (error) {
        problems.push(`${folder}/${file}: ${key} non è ammessa (${error instanceof Error ? error.message : String(error)}).`);
      }
    }
    Object.assign(env, envs);
  }
  const file = `${folder}/${present[0]}`;
  for (const secret of REQUIRED_SECRETS.filter((key) => key in env)) {
    problems.push(`${file}: togli ${secret}, è un secret (\`npx firebase functions:secrets:set ${secret}\`), non un'impostazione in chiaro.`);
  }
  // The SMTP server is a secret; its sender is a setting, without which no email goes.
  if (!env.MAIL_FROM) problems.push(`${file}: manca MAIL_FROM, il mittente delle email (es. MAIL_FROM="Sfida 8 settimane <sfida@example.com>").`);
  try {
    // What the function parses at start-up: these settings plus what the runtime sets.
    const parsed = loadConfig({ ...env, GCLOUD_PROJECT: projectId });
    if (parsed.emulated || parsed.firestoreEmulatorHost || parsed.authEmulatorHost) {
      problems.push(`${file}: contiene variabili degli emulatori (FUNCTIONS_EMULATOR, VITEST, *_EMULATOR_HOST): in produzione vanno tolte.`);
    }
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(`${file}: ${error.message}.`);
  }
  return problems;
}

/** Null when the secret has an enabled version in the project, otherwise what to do. */
async function checkSecret(firebase: FirebaseCli, secret: string, projectId: string): Promise<string | null> {
  const setIt = `\`npx firebase functions:secrets:set ${secret} --project ${projectId}\``;
  const { stdout, stderr } = await firebase(['functions:secrets:get', secret, '--project', projectId, '--json', '--non-interactive']);
  let answer: { status?: string; error?: string; result?: { secrets?: Array<{ state?: string }> } } = {};
  try {
    answer = JSON.parse(stdout.slice(stdout.indexOf('{'))) as typeof answer;
  } catch {
    // Not JSON: reported below with what the CLI printed.
  }
  if (answer.status === 'success') {
    return answer.result?.secrets?.some((v) => v.state === 'ENABLED') ? null : `Il secret ${secret} non ha versioni attive nel progetto ${projectId}: impostalo con ${setIt}.`;
  }
  const detail = answer.error ?? (stderr.trim() || stdout.trim() || 'nessuna risposta');
  if (/not found|NOT_FOUND|404/i.test(detail)) return `Il secret ${secret} non esiste nel progetto ${projectId}: impostalo con ${setIt}.`;
  return `Non riesco a verificare il secret ${secret} nel progetto ${projectId} (${detail}): hai fatto \`npx firebase login\`?`;
}

/** `client.permissions` of the project's Identity Platform config (admin/v2 `projects/{id}/config`). */
export interface AuthClientPermissions {
  disabledUserSignup?: boolean;
}
export type AuthSettingsReader = (projectId: string) => Promise<AuthClientPermissions>;

/**
 * A warning while clients may create Firebase Auth accounts with the public Web API key: anyone can
 * then take someone else's email in Firebase Auth. Registration takes such an account back
 * (decision 001), so this warns rather than refuses; docs/deploy.md says how to turn it off and what that costs.
 */
export async function clientSignUpWarning(read: AuthSettingsReader, projectId: string): Promise<string | null> {
  let permissions: AuthClientPermissions;
  try {
    permissions = await read(projectId);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return `Non riesco a leggere le impostazioni di Firebase Auth del progetto ${projectId} (${detail}): controlla a mano le registrazioni dai client (docs/deploy.md, «Client sign-up»).`;
  }
  if (permissions.disabledUserSignup === true) return null;
  return (
    `Firebase Auth del progetto ${projectId} accetta registrazioni dai client: chiunque, con la Web API key pubblica, può creare ` +
    "un account con l'email di un altro (la registrazione nell'app lo riprende). Per spegnerle vedi docs/deploy.md, «Client sign-up»."
  );
}

/** The project's Identity Platform `client.permissions`, read with the Firebase CLI's login. */
async function readAuthSettings(projectId: string): Promise<AuthClientPermissions> {
  const { configstore } = requireCli('firebase-tools/lib/configstore.js') as { configstore: { get: (key: string) => unknown } };
  const { requireAuth } = requireCli('firebase-tools/lib/requireAuth.js') as { requireAuth: (options: object) => Promise<unknown> };
  const { Client } = requireCli('firebase-tools/lib/apiv2.js') as {
    Client: new (options: { urlPrefix: string; apiVersion: string }) => { get: <T>(path: string) => Promise<{ body: T }> };
  };
  const { identityOrigin } = requireCli('firebase-tools/lib/api.js') as { identityOrigin: () => string };
  await requireAuth({ user: configstore.get('user'), tokens: configstore.get('tokens'), project: projectId });
  const client = new Client({ urlPrefix: identityOrigin(), apiVersion: 'admin/v2' });
  const { body } = await client.get<{ client?: { permissions?: AuthClientPermissions } }>(`projects/${projectId}/config`);
  return body.client?.permissions ?? {};
}

/** What the Firebase CLI reads of an exported function (its `__endpoint`), as far as these checks look. */
export interface FunctionEndpoint {
  secretEnvironmentVariables?: Array<{ key: string }>;
  httpsTrigger?: { invoker?: string[] | null };
  callableTrigger?: object;
  taskQueueTrigger?: { invoker?: string[] | null };
  scheduleTrigger?: object;
}

/** The function that answers the public (behind Hosting's /api rewrite); every other one is called by Google's own services only. */
const PUBLIC_FUNCTION = 'api';
/** Invokers that let anyone call a function. */
const PUBLIC_INVOKERS = new Set(['public', 'allUsers', 'allAuthenticatedUsers']);

/**
 * Who could call each function. Only `api` answers the public. A task queue's function must say
 * `invoker: 'private'` (or name service accounts): the deploy then grants Cloud Run's invoker role
 * to no one else, and Cloud Tasks calls it with its own token. A scheduled function takes no
 * invoker: the deploy grants the role to the scheduler's service account only. Any other trigger
 * that answers HTTP (onRequest, onCall) would be public.
 */
export function exposureProblems(endpoints: Record<string, FunctionEndpoint>): string[] {
  const problems: string[] = [];
  for (const [name, endpoint] of Object.entries(endpoints)) {
    if (name === PUBLIC_FUNCTION) continue;
    const at = `functions/src/index.ts, la funzione ${name}`;
    if (endpoint.httpsTrigger || endpoint.callableTrigger) {
      problems.push(`${at} risponde a chiunque (onRequest/onCall): solo ${PUBLIC_FUNCTION} può essere pubblica; i job usano onSchedule o onTaskDispatched.`);
    } else if (endpoint.taskQueueTrigger) {
      const invoker = endpoint.taskQueueTrigger.invoker ?? [];
      const open = invoker.filter((who) => PUBLIC_INVOKERS.has(who) || (who !== 'private' && !who.includes('@')));
      if (open.length > 0) {
        problems.push(`${at} ha invoker ${open.map((who) => `"${who}"`).join(', ')}: chiunque potrebbe chiamarla; usa invoker: 'private' (la chiama solo Cloud Tasks).`);
      } else if (invoker.length === 0) {
        problems.push(`${at} non dichiara invoker: scrivi invoker: 'private', così la chiama solo Cloud Tasks (docs/deploy.md).`);
      }
    } else if (!endpoint.scheduleTrigger) {
      problems.push(`${at} non è né un job pianificato né una coda di Cloud Tasks: chi può chiamarla non è controllato.`);
    }
  }
  return problems;
}

/** Each function's definition, read from its export as the Firebase CLI reads it. */
export async function functionEndpoints(): Promise<Record<string, FunctionEndpoint>> {
  const exported = (await import('../functions/src/index')) as unknown as Record<string, { __endpoint?: FunctionEndpoint }>;
  return Object.fromEntries(Object.entries(exported).flatMap(([name, value]) => (value?.__endpoint ? [[name, value.__endpoint]] : [])));
}

/** The secrets the function declares, read from its definition as the Firebase CLI reads them. */
export async function declaredSecrets(): Promise<string[]> {
  const { api } = await functionEndpoints();
  return (api?.secretEnvironmentVariables ?? []).map((s) => s.key);
}

/** The project `firebase use` selected for this folder or a parent, as the CLI stores it. */
export function activeProject(dir: string): string | null {
  const { configstore } = requireCli('firebase-tools/lib/configstore.js') as { configstore: { get: (key: string) => unknown } };
  const byDir = (configstore.get('activeProjects') ?? {}) as Record<string, string>;
  for (let current = resolve(dir); ; current = dirname(current)) {
    const project = byDir[current];
    if (project) return project;
    if (dirname(current) === current) return null;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const firebaseBin = join(repoRoot, 'node_modules', '.bin', 'firebase');
  const args = process.argv.slice(2);
  const result = await predeployChecks({
    root: repoRoot,
    args,
    activeProject: activeProject(repoRoot),
    declaredSecrets: await declaredSecrets(),
    endpoints: await functionEndpoints(),
    firebase: (cliArgs) => capture(firebaseBin, cliArgs),
    authSettings: readAuthSettings,
  });
  const lockfile = await functionsLockfileProblem();
  if (lockfile) result.problems.push(lockfile);
  for (const warning of result.warnings) console.warn(`Attenzione: ${warning}`);
  if (result.problems.length > 0 || !result.projectId) {
    console.error(`Deploy fermato, prima sistema:\n${result.problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`Controlli pre-deploy superati: deploy sul progetto ${result.projectId}.`);
  try {
    await run('npm', ['run', 'build']);
    await run(firebaseBin, ['deploy', ...projectArgument(args).rest, '--project', result.projectId]);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
