import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'csv-parse/sync';
import { coachMessages, rosterPageSchema } from '@sfida/core/coach';
import { packageTexts, packageHistorySchema, packageImportReportSchema, setPackagesAnswerSchema, type PackageImportReport } from '@sfida/core/package-changes';
import { ensureAccount } from '../account/admin';
import { userRef } from '../../shared/user-repository';
import { hasPendingGrant, packageGrantRef } from '../../shared/package-repository';
import { Client, PASSWORD, readDoc, registerParticipant, startTestApp, uniqueEmail, type TestApp } from '../../test-support/api-harness';
import { signedInCoach, writeCohort, writeInvitingCohort } from '../../test-support/cohort-fixtures';
import { mailboxClient, VERIFICATION_SUBJECT } from '../../test-support/mailbox';
import { AUTH_RECHECK_MS } from '../../sessions/session-store';

let app: TestApp;
const START = '2025-09-15';

beforeAll(async () => {
  app = await startTestApp();
  app.setNow(new Date('2025-09-18T08:00:00Z'));
});
afterAll(async () => {
  await app.close();
});

async function participant(cohortId: string, name: string) {
  const registered = await registerParticipant(app, name);
  await userRef(app.deps.db, registered.user.id).update({ cohortId });
  return registered;
}

const base = (cohortId: string) => `/api/coach/cohorts/${cohortId}`;
const changesOf = async (userId: string) => (await app.deps.db.collection('packageChanges').where('userId', '==', userId).get()).docs.map((d) => d.data());
const packagesOf = async (userId: string) => (await userRef(app.deps.db, userId).get()).get('packages') as Record<string, string> | undefined;

/** A coach of a cohort with two participants; another cohort with its own coach. */
async function scene() {
  const mine = await signedInCoach(app, 'Giulia Coach');
  const stranger = await signedInCoach(app, 'Altro Coach');
  const cohortId = await writeCohort(app, { coachIds: [mine.user.id], startDate: START });
  await writeCohort(app, { coachIds: [stranger.user.id], startDate: START });
  const anna = await participant(cohortId, 'Anna Rossi');
  const luca = await participant(cohortId, 'Luca Bianchi');
  return { mine, stranger, cohortId, anna, luca };
}

describe('who may reach the packages', () => {
  test('signed out 401, a participant 403, a coach of another cohort 403, an unknown cohort 404, the coach of the cohort 200', async () => {
    const { mine, stranger, cohortId, anna } = await scene();
    const calls: Array<[method: string, path: string, json?: unknown]> = [
      ['POST', `${base(cohortId)}/packages`, { participantIds: [anna.user.id], package: 'GUIDA' }],
      ['GET', `${base(cohortId)}/participants/${anna.user.id}/package`],
      ['POST', `${base(cohortId)}/package-import`, { csv: `${anna.email};Premium`, dryRun: true }],
    ];
    for (const [method, path, json] of calls) {
      const as = (client: Client, at = path) => client.request(method, at, json === undefined ? {} : { json });
      expect((await as(new Client(app))).status, `${method} ${path} signed out`).toBe(401);
      expect(await as(anna.client), `${method} ${path} participant`).toMatchObject({ status: 403, body: { message: coachMessages.coachesOnly } });
      expect((await as(stranger.client)).status, `${method} ${path} another coach`).toBe(403);
      expect((await as(mine.client, path.replace(cohortId, 'coorte-che-non-esiste'))).status, `${method} ${path} unknown cohort`).toBe(404);
      expect((await as(mine.client)).status, `${method} ${path} its coach`).toBe(200);
    }
    // The participant's and the other coach's requests changed nothing: only the coach's dry run and one change.
    expect(await changesOf(anna.user.id)).toHaveLength(1);
  });
});

describe('POST …/packages', () => {
  test('sets one package for the selected people in one go, an audit entry per change, and the history shows them', async () => {
    const { mine, cohortId, anna, luca } = await scene();
    const set = await mine.client.post(`${base(cohortId)}/packages`, { participantIds: [anna.user.id, luca.user.id], package: 'PREMIUM', reason: 'Acquisto in negozio' });
    expect(setPackagesAnswerSchema.parse(set.body)).toEqual({ changed: 2, unchanged: 0 });
    expect(await packagesOf(anna.user.id)).toEqual({ [cohortId]: 'PREMIUM' });
    // The same again changes nothing, and writes no audit entry.
    expect((await mine.client.post(`${base(cohortId)}/packages`, { participantIds: [anna.user.id], package: 'PREMIUM' })).body).toEqual({ changed: 0, unchanged: 1 });
    app.advance(1000);
    expect(await mine.client.post(`${base(cohortId)}/packages`, { participantIds: [anna.user.id], package: 'GUIDA' })).toMatchObject({ status: 200, body: { changed: 1 } });

    const history = packageHistorySchema.parse((await mine.client.get(`${base(cohortId)}/participants/${anna.user.id}/package`)).body);
    expect(history.package).toBe('GUIDA');
    expect(history.changes.map((c) => [c.from, c.to, c.how, c.byName, c.why])).toEqual([
      ['PREMIUM', 'GUIDA', 'manual', 'Giulia Coach', null],
      ['BASE', 'PREMIUM', 'manual', 'Giulia Coach', 'Acquisto in negozio'],
    ]);
    const stored = await changesOf(luca.user.id);
    expect(stored).toEqual([expect.objectContaining({ cohortId, userId: luca.user.id, from: 'BASE', to: 'PREMIUM', by: mine.user.id, how: 'manual', why: 'Acquisto in negozio' })]);
  });

  test('all or none: someone of another cohort refuses the whole request (404); bad input 400 in Italian', async () => {
    const { mine, cohortId, anna } = await scene();
    const elsewhere = await registerParticipant(app, 'Elena Neri');
    expect(await mine.client.post(`${base(cohortId)}/packages`, { participantIds: [anna.user.id, elsewhere.user.id], package: 'GUIDA' })).toMatchObject({
      status: 404,
      body: { message: packageTexts.notParticipants },
    });
    expect(await packagesOf(anna.user.id)).toBeUndefined();
    const bad: Array<[unknown, string]> = [
      [{ participantIds: [], package: 'GUIDA' }, packageTexts.participantsRequired],
      [{ participantIds: [anna.user.id], package: 'ORO' }, packageTexts.packageInvalid],
      [{ participantIds: Array.from({ length: 201 }, (_, i) => `u${i}`), package: 'BASE' }, packageTexts.tooManyParticipants],
      [{ participantIds: [anna.user.id], package: 'BASE', reason: 'x'.repeat(201) }, packageTexts.reasonTooLong],
    ];
    for (const [json, message] of bad) expect(await mine.client.post(`${base(cohortId)}/packages`, json)).toMatchObject({ status: 400, body: { message } });
    expect((await mine.client.get(`${base(cohortId)}/participants/${elsewhere.user.id}/package`)).status).toBe(404);
  });
});

describe('the roster and its CSV', () => {
  test('each row carries the package; ?package= filters (validated); the export has a "pacchetto" column', async () => {
    const { mine, cohortId, anna, luca } = await scene();
    const bea = await participant(cohortId, 'Bea Verdi');
    await mine.client.post(`${base(cohortId)}/packages`, { participantIds: [anna.user.id, bea.user.id], package: 'GUIDA' });
    const all = rosterPageSchema.parse((await mine.client.get(`${base(cohortId)}/participants`)).body);
    expect(Object.fromEntries(all.rows.map((r) => [r.name, r.package]))).toEqual({ 'Anna Rossi': 'GUIDA', 'Luca Bianchi': 'BASE', 'Bea Verdi': 'GUIDA' });
    const guida = rosterPageSchema.parse((await mine.client.get(`${base(cohortId)}/participants?package=GUIDA`)).body);
    expect(guida.rows.map((r) => r.name).sort()).toEqual(['Anna Rossi', 'Bea Verdi']);
    // A page of one reads on past Luca to find the next with Guida.
    const first = rosterPageSchema.parse((await mine.client.get(`${base(cohortId)}/participants?package=GUIDA&limit=1`)).body);
    expect(first.rows).toHaveLength(1);
    const second = rosterPageSchema.parse((await mine.client.get(`${base(cohortId)}/participants?package=GUIDA&limit=1&cursor=${first.nextCursor}`)).body);
    expect([...first.rows, ...second.rows].map((r) => r.name).sort()).toEqual(['Anna Rossi', 'Bea Verdi']);
    const base_ = rosterPageSchema.parse((await mine.client.get(`${base(cohortId)}/participants?package=base`)).body);
    expect(base_.rows.map((r) => r.userId)).toEqual([luca.user.id]);
    expect(await mine.client.get(`${base(cohortId)}/participants?package=ORO`)).toMatchObject({ status: 400, body: { message: packageTexts.packageFilterInvalid } });

    const csv = await mine.client.get<string>(`${base(cohortId)}/export.csv`);
    const records = parse(csv.body, { bom: true, delimiter: ';', columns: true }) as Array<Record<string, string>>;
    expect(Object.fromEntries(records.map((r) => [r.nome, r.pacchetto]))).toEqual({ 'Anna Rossi': 'Guida', 'Luca Bianchi': 'Base', 'Bea Verdi': 'Guida' });
  });
});

describe('POST …/package-import', () => {
  const importCsv = (client: Client, cohortId: string, csv: string, options: { dryRun: boolean; confirmDowngrades?: boolean }) =>
    client.post<PackageImportReport>(`${base(cohortId)}/package-import`, { csv, ...options });

  test('the dry run reports and changes nothing; the real run applies; the same file again changes nothing', async () => {
    const { mine, cohortId, anna, luca } = await scene();
    const buyer = `acquirente-${randomBytes(4).toString('hex')}@esempio.it`;
    // A BOM, a header, `;` and `,`, an upper-cased email with spaces, an unknown package and a bad row.
    const csv = `\uFEFFEmail;Pacchetto\r\n  ${anna.email.toUpperCase()} ; premium\r\n${luca.email},Base\r\n${buyer};Guida\r\nmario@esempio.it;Oro\r\nnon-una-email;Guida\r\n`;
    const dry = await importCsv(mine.client, cohortId, csv, { dryRun: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    const report = packageImportReportSchema.parse(dry.body);
    expect(report).toMatchObject({
      rows: 5,
      matched: [{ line: 2, email: anna.email, userId: anna.user.id, name: 'Anna Rossi', from: 'BASE', to: 'PREMIUM', downgrade: false }],
      unchanged: 1,
      notRegistered: [{ line: 4, email: buyer, from: null, to: 'GUIDA', downgrade: false }],
      downgrades: [],
      unknownPackages: [{ line: 5, email: 'mario@esempio.it', value: 'Oro' }],
      badRows: [{ line: 6, reason: packageTexts.badEmail }],
      applied: false,
    });
    expect(await packagesOf(anna.user.id)).toBeUndefined();
    expect(await hasPendingGrant(app.deps.db, cohortId, buyer)).toBe(false);

    const real = packageImportReportSchema.parse((await importCsv(mine.client, cohortId, csv, { dryRun: false })).body);
    expect(real.applied).toBe(true);
    expect(await packagesOf(anna.user.id)).toEqual({ [cohortId]: 'PREMIUM' });
    expect(await changesOf(anna.user.id)).toEqual([expect.objectContaining({ how: 'import', from: 'BASE', to: 'PREMIUM', by: mine.user.id })]);
    expect((await packageGrantRef(app.deps.db, cohortId, buyer).get()).data()).toMatchObject({ cohortId, email: buyer, package: 'GUIDA', by: mine.user.id });

    const again = packageImportReportSchema.parse((await importCsv(mine.client, cohortId, csv, { dryRun: false })).body);
    expect(again).toMatchObject({ matched: [], notRegistered: [], unchanged: 3, applied: true });
    expect(await changesOf(anna.user.id)).toHaveLength(1);
  });

  test('nothing is downgraded without confirmDowngrades: the real run is refused (409), then applied with it', async () => {
    const { mine, cohortId, anna, luca } = await scene();
    await mine.client.post(`${base(cohortId)}/packages`, { participantIds: [anna.user.id], package: 'PREMIUM' });
    const csv = `${anna.email},Guida\n${luca.email},Premium`;
    const dry = packageImportReportSchema.parse((await importCsv(mine.client, cohortId, csv, { dryRun: true })).body);
    expect(dry.downgrades).toEqual([{ line: 1, email: anna.email, from: 'PREMIUM', to: 'GUIDA', registered: true }]);
    expect(dry.matched.map((m) => [m.email, m.downgrade])).toEqual([
      [anna.email, true],
      [luca.email, false],
    ]);
    expect(await importCsv(mine.client, cohortId, csv, { dryRun: false })).toMatchObject({ status: 409, body: { message: packageTexts.downgradesNotConfirmed } });
    expect(await packagesOf(luca.user.id)).toBeUndefined();
    expect((await importCsv(mine.client, cohortId, csv, { dryRun: false, confirmDowngrades: true })).status).toBe(200);
    expect(await packagesOf(anna.user.id)).toEqual({ [cohortId]: 'GUIDA' });
    expect(await packagesOf(luca.user.id)).toEqual({ [cohortId]: 'PREMIUM' });
  });

  test('bounded: more than 5,000 rows, too many characters, no dryRun: 400 in Italian', async () => {
    const { mine, cohortId } = await scene();
    const rows = Array.from({ length: 5001 }, (_, i) => `p${i}@e.it;Base`).join('\n');
    expect(await importCsv(mine.client, cohortId, rows, { dryRun: true })).toMatchObject({ status: 400, body: { message: packageTexts.tooManyRows } });
    expect(await importCsv(mine.client, cohortId, 'a'.repeat(400_001), { dryRun: true })).toMatchObject({ status: 400, body: { message: packageTexts.csvTooLarge } });
    expect(await mine.client.post(`${base(cohortId)}/package-import`, { csv: 'a@b.it;Base' })).toMatchObject({ status: 400, body: { message: packageTexts.dryRunRequired } });
    expect(await mine.client.post(`${base(cohortId)}/package-import`, { csv: '', dryRun: true })).toMatchObject({ status: 400, body: { message: packageTexts.csvRequired } });
    // Buyers with no account, more than one `in` query holds: looked up in batches, all reported.
    // (600, not 5,000: the local emulator scans every user for each query.)
    const many = Array.from({ length: 600 }, (_, i) => `compratore${i}-${randomBytes(2).toString('hex')}@esempio.it;Guida`).join('\n');
    const report = packageImportReportSchema.parse((await importCsv(mine.client, cohortId, many, { dryRun: true })).body);
    expect(report.notRegistered).toHaveLength(600);
  });
});

describe('a buyer not yet registered', () => {
  const mailbox = mailboxClient();
  const authHost = () => process.env.FIREBASE_AUTH_EMULATOR_HOST!;

  async function googleToken(email: string): Promise<string> {
    const claims = { sub: randomBytes(8).toString('hex'), email, email_verified: true, name: 'Nuova Google' };
    const response = await fetch(`http://${authHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=fake-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`, requestUri: 'http://127.0.0.1', returnSecureToken: true }),
    });
    const body = (await response.json()) as { idToken?: string };
    if (!body.idToken) throw new Error(`signInWithIdp failed: ${JSON.stringify(body)}`);
    return body.idToken;
  }

  async function importingScene() {
    const mine = await signedInCoach(app, 'Giulia Coach');
    const cohort = await writeInvitingCohort(app);
    await app.deps.db.collection('cohorts').doc(cohort.id).update({ coachIds: [mine.user.id] });
    return { mine, cohort };
  }

  const grantFor = async (client: Client, cohortId: string, email: string, pkg: string) =>
    expect((await client.post(`${base(cohortId)}/package-import`, { csv: `${email};${pkg}`, dryRun: false })).status).toBe(200);

  test('gets the package at a Google registration, whose email Google verified', async () => {
    const { mine, cohort } = await importingScene();
    const email = uniqueEmail('google');
    await grantFor(mine.client, cohort.id, email, 'Premium');
    const client = new Client(app);
    const signedIn = await client.post<{ id: string }>('/api/auth/google', { idToken: await googleToken(email), inviteCode: cohort.code });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(await packagesOf(signedIn.body.id)).toEqual({ [cohort.id]: 'PREMIUM' });
    expect(await changesOf(signedIn.body.id)).toEqual([expect.objectContaining({ how: 'registration', from: 'BASE', to: 'PREMIUM', by: mine.user.id })]);
    expect(await hasPendingGrant(app.deps.db, cohort.id, email)).toBe(false);
  });

  test('not at a password registration, nor at its sign-ins, until Firebase Auth says the email is verified', async () => {
    const { mine, cohort } = await importingScene();
    const email = uniqueEmail('password');
    await grantFor(mine.client, cohort.id, email, 'Guida');
    const client = new Client(app);
    const registered = await client.post<{ id: string }>('/api/auth/register', { name: 'Nuova Password', email, password: PASSWORD, role: 'PARTICIPANT', secretCode: cohort.code });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const uid = registered.body.id;
    expect(await packagesOf(uid)).toBeUndefined();
    expect((await client.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    expect(await packagesOf(uid)).toBeUndefined();
    expect(await hasPendingGrant(app.deps.db, cohort.id, email)).toBe(true);

    await app.deps.auth.updateUser(uid, { emailVerified: true });
    expect((await client.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    expect(await packagesOf(uid)).toEqual({ [cohort.id]: 'GUIDA' });
    expect(await changesOf(uid)).toEqual([expect.objectContaining({ how: 'registration', to: 'GUIDA' })]);
    expect(await hasPendingGrant(app.deps.db, cohort.id, email)).toBe(false);
  });

  test('the link of the verification email gives it, signed in as they were: no new sign-in needed', async () => {
    const { mine, cohort } = await importingScene();
    const email = uniqueEmail('verifica');
    await grantFor(mine.client, cohort.id, email, 'Premium');
    const client = new Client(app);
    const registered = await client.post<{ id: string }>('/api/auth/register', { name: 'Nuova Verifica', email, password: PASSWORD, role: 'PARTICIPANT', secretCode: cohort.code });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const uid = registered.body.id;
    expect((await readDoc(app, `users/${uid}`))?.packageGrantWaiting).toBe(true);
    // Requests before the address is verified give nothing, however often the session looks at Auth.
    app.advance(AUTH_RECHECK_MS + 1000);
    expect((await client.get('/api/auth/session')).status).toBe(200);
    expect(await packagesOf(uid)).toBeUndefined();

    // The link the email carries (the Auth emulator's action page) verifies the address, as a click does.
    await app.emails.idle();
    const [verification] = (await mailbox.all(email)).filter((sent) => sent.subject === VERIFICATION_SUBJECT);
    const link = /https?:\/\/\S+oobCode=\S+/.exec(verification!.text)![0].replace(/[>\])]+$/, '');
    expect((await fetch(link, { redirect: 'manual' })).status).toBeLessThan(400);
    expect((await app.deps.auth.getUser(uid)).emailVerified).toBe(true);

    // Back in the app with the same session: its next look at Auth gives the package, once.
    app.advance(AUTH_RECHECK_MS + 1000);
    expect((await client.get('/api/auth/session')).status).toBe(200);
    expect(await packagesOf(uid)).toEqual({ [cohort.id]: 'PREMIUM' });
    expect(await changesOf(uid)).toEqual([expect.objectContaining({ how: 'registration', from: 'BASE', to: 'PREMIUM', by: mine.user.id })]);
    expect(await hasPendingGrant(app.deps.db, cohort.id, email)).toBe(false);
    expect((await readDoc(app, `users/${uid}`))?.packageGrantWaiting).toBe(false);
    app.advance(AUTH_RECHECK_MS + 1000);
    expect((await client.get('/api/auth/session')).status).toBe(200);
    expect(await changesOf(uid)).toHaveLength(1);
  });

  test('a grant of one cohort is not given in another', async () => {
    const { mine, cohort } = await importingScene();
    const email = uniqueEmail('altrove');
    await grantFor(mine.client, cohort.id, email, 'Premium');
    const elsewhere = await ensureAccount(app.deps, { email, password: PASSWORD, name: 'Altrove', role: 'PARTICIPANT', cohortId: await writeCohort(app, { coachIds: [], startDate: START }) });
    await app.deps.auth.updateUser(elsewhere.id, { emailVerified: true });
    expect((await new Client(app).post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    expect(await packagesOf(elsewhere.id)).toBeUndefined();
    expect(await hasPendingGrant(app.deps.db, cohort.id, email)).toBe(true);
  });
});
