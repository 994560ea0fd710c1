import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { FirebaseCli, FunctionEndpoint, PredeployInput } from './predeploy';
import { clientSignUpWarning, declaredSecrets, exposureProblems, functionEndpoints, predeployChecks, projectArgument, selectProject } from './predeploy';

const goodSettings = 'INVITE_COHORT_ID=coorte-autunno-2025\nWEB_API_KEY=AIza-test-key   # the Web API key\nAPP_ORIGINS=\nSTORAGE_BUCKET=\nMAIL_FROM="Sfida 8 settimane <sfida@example.com>"\n';
const secretSet: FirebaseCli = async () => ({
  code: 0,
  stdout: JSON.stringify({ status: 'success', result: { secrets: [{ versionId: '1', state: 'ENABLED' }] } }),
  stderr: '',
});

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'sfida-predeploy-'));
  await mkdir(join(root, 'functions'));
  await writeFile(join(root, '.firebaserc'), JSON.stringify({ projects: { default: 'demo-sfida8', prod: 'sfida-prod' } }));
  await writeFile(join(root, 'firebase.json'), JSON.stringify({ functions: [{ source: 'functions', runtime: 'nodejs24' }] }));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The CLI answering `answer` about `secret` and that every other secret is set. */
const onlyFor =
  (secret: string, answer: FirebaseCli): FirebaseCli =>
  async (args) =>
    args[1] === secret ? answer(args) : secretSet(args);

/** The functions as functions/src/index.ts defines them (what the CLI reads of them). */
const goodEndpoints: Record<string, FunctionEndpoint> = {
  api: { httpsTrigger: {} },
  reminders: { scheduleTrigger: {} },
  scheduledMessages: { scheduleTrigger: {} },
  pushDeliveries: { taskQueueTrigger: { invoker: ['private'] } },
};

const settings = (text: string, file = '.env.sfida-prod') => writeFile(join(root, 'functions', file), text);
const check = (input: Partial<PredeployInput> = {}) =>
  predeployChecks({
    root,
    args: ['--project', 'sfida-prod'],
    activeProject: null,
    declaredSecrets: ['INVITE_CODE', 'VAPID_PRIVATE_KEY', 'SMTP_URL'],
    endpoints: goodEndpoints,
    firebase: secretSet,
    now: new Date('2026-06-01'),
    ...input,
  });

describe('predeployChecks', () => {
  test('all good: nothing to fix, and the secret is looked up in the selected project', async () => {
    await settings(goodSettings);
    const firebase = vi.fn(secretSet);
    expect(await check({ firebase })).toEqual({ projectId: 'sfida-prod', problems: [], warnings: [] });
    expect(firebase).toHaveBeenCalledWith(['functions:secrets:get', 'INVITE_CODE', '--project', 'sfida-prod', '--json', '--non-interactive']);
  });

  test('a missing settings file is named, with what goes in it', async () => {
    const { problems } = await check();
    expect(problems).toEqual([expect.stringMatching(/^Manca functions\/\.env\.sfida-prod, .*WEB_API_KEY/)]);
  });

  test("settings that fail the function's own schema: an empty WEB_API_KEY, a blank cohort", async () => {
    await settings('INVITE_COHORT_ID=coorte-autunno-2025\nWEB_API_KEY=\nMAIL_FROM=sfida@example.com\n');
    expect((await check()).problems).toEqual([expect.stringMatching(/^functions\/\.env\.sfida-prod: Configurazione non valida: WEB_API_KEY/)]);
    await settings('INVITE_COHORT_ID=  \nWEB_API_KEY=AIza\nMAIL_FROM=sfida@example.com\n');
    expect((await check()).problems).toEqual([expect.stringMatching(/^functions\/\.env\.sfida-prod: Configurazione non valida: INVITE_COHORT_ID/)]);
  });

  test("the web app's Firebase settings for Google sign-in: an auth domain that is not one of the app's origins", async () => {
    await settings(`${goodSettings}APP_ORIGINS=https://sfida.example.it\nAUTH_DOMAIN=sfida-prod.firebaseapp.com\n`);
    expect((await check()).problems).toEqual([expect.stringMatching(/^functions\/\.env\.sfida-prod: Configurazione non valida: AUTH_DOMAIN \(sfida-prod\.firebaseapp\.com\)/)]);
    await settings(`${goodSettings}APP_ORIGINS=https://sfida.example.it\nAUTH_DOMAIN=sfida.example.it\n`);
    expect((await check()).problems).toEqual([]);
  });

  test('settings the CLI or production would reject: reserved keys, the secret in clear, emulator variables', async () => {
    await settings(`${goodSettings}GCLOUD_PROJECT=other\nINVITE_CODE=in-chiaro\nFUNCTIONS_EMULATOR=true\n`);
    const { problems } = await check();
    expect(problems).toEqual([
      expect.stringMatching(/GCLOUD_PROJECT non è ammessa/),
      expect.stringMatching(/togli INVITE_CODE/),
      expect.stringMatching(/variabili degli emulatori/),
    ]);
  });

  test('a demo project is refused, and not looked up', async () => {
    const firebase = vi.fn(secretSet);
    const result = await check({ args: [], firebase });
    expect(result.projectId).toBeNull();
    expect(result.problems).toEqual([expect.stringMatching(/"demo-sfida8" è un progetto demo, solo per gli emulatori locali/)]);
    expect(firebase).not.toHaveBeenCalled();
  });

  test('a missing secret says how to set it; an unverifiable one asks for a login', async () => {
    await settings(goodSettings);
    const missing: FirebaseCli = async () => ({
      code: 1,
      stdout: JSON.stringify({ status: 'error', error: 'Secret [projects/123/secrets/INVITE_CODE] not found.' }),
      stderr: '',
    });
    expect((await check({ firebase: onlyFor('INVITE_CODE', missing) })).problems).toEqual([
      'Il secret INVITE_CODE non esiste nel progetto sfida-prod: impostalo con `npx firebase functions:secrets:set INVITE_CODE --project sfida-prod`.',
    ]);
    const destroyed: FirebaseCli = async () => ({ code: 0, stdout: JSON.stringify({ status: 'success', result: { secrets: [{ state: 'DESTROYED' }] } }), stderr: '' });
    expect((await check({ firebase: onlyFor('INVITE_CODE', destroyed) })).problems).toEqual([expect.stringMatching(/non ha versioni attive/)]);
    const loggedOut: FirebaseCli = async () => ({ code: 1, stdout: '{"status":"error","error":"Failed to authenticate, have you run firebase login?"}', stderr: '' });
    expect((await check({ firebase: onlyFor('INVITE_CODE', loggedOut) })).problems).toEqual([expect.stringMatching(/Non riesco a verificare il secret INVITE_CODE .*npx firebase login/)]);
  });

  test('a function that does not declare its secrets is refused', async () => {
    await settings(goodSettings);
    expect((await check({ declaredSecrets: [] })).problems).toEqual([
      expect.stringMatching(/non dichiara il secret INVITE_CODE/),
      expect.stringMatching(/non dichiara il secret VAPID_PRIVATE_KEY/),
      expect.stringMatching(/non dichiara il secret SMTP_URL/),
    ]);
  });

  test('a decommissioned runtime is refused, a deprecated one warned about', async () => {
    await settings(goodSettings);
    await writeFile(join(root, 'firebase.json'), JSON.stringify({ functions: [{ source: 'functions', runtime: 'nodejs20' }] }));
    expect(await check({ now: new Date('2026-05-15') })).toMatchObject({ problems: [], warnings: [expect.stringMatching(/Node.js 20 è deprecato/)] });
    expect((await check({ now: new Date('2026-11-01') })).problems).toEqual([expect.stringMatching(/Node.js 20 è dismesso dal 2026-10-30/)]);
  });

  test('email: a missing or malformed sender is refused, and the SMTP URL is a secret, never a setting', async () => {
    await settings(goodSettings.replace(/MAIL_FROM=.*\n/, ''));
    expect((await check()).problems).toEqual([expect.stringMatching(/^functions\/\.env\.sfida-prod: manca MAIL_FROM/)]);
    await settings(goodSettings.replace(/MAIL_FROM=.*\n/, 'MAIL_FROM=Sfida senza indirizzo\n'));
    expect((await check()).problems).toEqual([expect.stringMatching(/Configurazione non valida: MAIL_FROM/)]);
    await settings(`${goodSettings}SMTP_URL=smtps://utente:password@smtp.example.com\n`);
    const { problems } = await check();
    expect(problems).toEqual([expect.stringMatching(/togli SMTP_URL, è un secret/)]);
    expect(problems.join(' ')).not.toContain('password');
  });

  test('the settings may be named after the alias, as the CLI allows', async () => {
    await settings(goodSettings, '.env.prod');
    expect(await check({ args: ['-P', 'prod'] })).toMatchObject({ projectId: 'sfida-prod', problems: [] });
  });
});

describe('client sign-up in Firebase Auth', () => {
  test('on (the default): a warning that says where to turn it off; off: nothing', async () => {
    await settings(goodSettings);
    const read = vi.fn(async () => ({}));
    const { problems, warnings } = await check({ authSettings: read });
    expect(read).toHaveBeenCalledWith('sfida-prod');
    expect(problems).toEqual([]);
    expect(warnings).toEqual([expect.stringMatching(/^Firebase Auth del progetto sfida-prod accetta registrazioni dai client: .*docs\/deploy\.md, «Client sign-up»/)]);
    expect((await check({ authSettings: async () => ({ disabledUserSignup: false }) })).warnings).toHaveLength(1);
    expect(await check({ authSettings: async () => ({ disabledUserSignup: true }) })).toMatchObject({ problems: [], warnings: [] });
  });

  test('settings that cannot be read: a warning to check by hand', async () => {
    const warning = await clientSignUpWarning(async () => {
      throw new Error('Failed to authenticate');
    }, 'sfida-prod');
    expect(warning).toMatch(/^Non riesco a leggere le impostazioni di Firebase Auth del progetto sfida-prod \(Failed to authenticate\)/);
  });

  test('a demo project is not looked up', async () => {
    const read = vi.fn(async () => ({}));
    await check({ args: [], authSettings: read });
    expect(read).not.toHaveBeenCalled();
  });
});

describe('who may call each function', () => {
  test('a public task queue or a job that answers HTTP stops the deploy', async () => {
    await settings(goodSettings);
    const endpoints = { ...goodEndpoints, pushDeliveries: { taskQueueTrigger: { invoker: ['public'] } }, reminders: { httpsTrigger: {} } };
    expect((await check({ endpoints })).problems).toEqual([
      expect.stringMatching(/la funzione reminders risponde a chiunque/),
      expect.stringMatching(/la funzione pushDeliveries ha invoker "public": chiunque potrebbe chiamarla; usa invoker: 'private'/),
    ]);
  });

  test("a task queue must say who calls it: private, or service accounts, never anyone", () => {
    const queue = (invoker?: string[] | null) => exposureProblems({ pushDeliveries: { taskQueueTrigger: { invoker } } });
    expect(queue(['private'])).toEqual([]);
    expect(queue(['123-compute@developer.gserviceaccount.com'])).toEqual([]);
    expect(queue(undefined)).toEqual([expect.stringMatching(/non dichiara invoker/)]);
    expect(queue(null)).toEqual([expect.stringMatching(/non dichiara invoker/)]);
    for (const open of ['public', 'allUsers', 'allAuthenticatedUsers']) expect(queue([open])).toEqual([expect.stringMatching(/chiunque potrebbe chiamarla/)]);
    expect(exposureProblems({ later: { callableTrigger: {} } })).toEqual([expect.stringMatching(/la funzione later risponde a chiunque/)]);
    expect(exposureProblems({ api: { httpsTrigger: {} } })).toEqual([]);
  });

  test('the real functions: only the API is public, the queue private, the jobs scheduled', async () => {
    const endpoints = await functionEndpoints();
    expect(Object.keys(endpoints).sort()).toEqual(['api', 'emailDeliveries', 'pushDeliveries', 'reminders', 'scheduledMessages']);
    expect(endpoints.pushDeliveries?.taskQueueTrigger?.invoker).toEqual(['private']);
    expect(endpoints.emailDeliveries?.taskQueueTrigger?.invoker).toEqual(['private']);
    expect(endpoints.reminders?.scheduleTrigger).toBeDefined();
    expect(endpoints.scheduledMessages?.scheduleTrigger).toBeDefined();
    expect(exposureProblems(endpoints)).toEqual([]);
  });
});

describe('selecting the project as the Firebase CLI does', () => {
  const aliases = { default: 'demo-sfida8', prod: 'sfida-prod' };
  test('--project first, then `firebase use`, then the default alias; aliases become project ids', () => {
    expect(selectProject('prod', 'other', aliases)).toEqual({ projectId: 'sfida-prod', alias: 'prod' });
    expect(selectProject('my-id', null, aliases)).toEqual({ projectId: 'my-id', alias: null });
    expect(selectProject(null, 'prod', aliases)).toEqual({ projectId: 'sfida-prod', alias: 'prod' });
    expect(selectProject(null, null, aliases)).toEqual({ projectId: 'demo-sfida8', alias: 'default' });
    expect(selectProject(null, null, { prod: 'sfida-prod' })).toEqual({ projectId: 'sfida-prod', alias: 'prod' });
    expect(selectProject(null, null, {})).toBeNull();
  });

  test('--project is taken out of the deploy arguments, whatever its spelling', () => {
    expect(projectArgument(['--only', 'hosting', '--project', 'a'])).toEqual({ project: 'a', rest: ['--only', 'hosting'] });
    expect(projectArgument(['--project=b', '--force'])).toEqual({ project: 'b', rest: ['--force'] });
    expect(projectArgument(['-P', 'c'])).toEqual({ project: 'c', rest: [] });
  });
});

test('the real function declares INVITE_CODE, VAPID_PRIVATE_KEY and SMTP_URL as secrets', async () => {
  expect(await declaredSecrets()).toEqual(['INVITE_CODE', 'VAPID_PRIVATE_KEY', 'SMTP_URL']);
});
