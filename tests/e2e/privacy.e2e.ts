import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { LOCAL_INVITE_CODE } from '../../scripts/stack/profiles';
import { expectNoSeriousAxeViolations } from './axe-support';
import { coachWithCohort } from './coach-support';
import { firebaseTraces, pickGoogleAccount, pickNewGoogleAccount, standInForGoogleScripts } from './google-support';
import { appOrigin, e2eFirestore, registerParticipant, signIn, uniqueEmail, type TestAccount } from './support';
import { PHONE_390 } from './tracker-support';

// "Privacy e dati" on a 390 px phone, for a participant and for a coach: the menu leads to the
// profile, the section downloads the person's data as a ZIP and deletes the account for good; an
// account that signs in with Google only confirms with a fresh Google sign-in.

test.use({ viewport: PHONE_390 });

/** The names of a ZIP's entries and the text of `dati.json`. */
async function readExport(zip: Buffer): Promise<{ names: string[]; data: Record<string, unknown> }> {
  const file = await new Promise<ZipFile>((resolve, reject) => fromBuffer(zip, { lazyEntries: true }, (error, opened) => (error ? reject(error) : resolve(opened))));
  const names: string[] = [];
  let data: Record<string, unknown> = {};
  await new Promise<void>((resolve, reject) => {
    file.on('entry', (entry: Entry) => {
      names.push(entry.fileName);
      if (entry.fileName !== 'dati.json') return file.readEntry();
      file.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          data = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
          file.readEntry();
        });
      });
    });
    file.on('end', () => resolve());
    file.on('error', reject);
    file.readEntry();
  });
  return { names, data };
}

/** Menu → Profilo → "Privacy e dati": the section a person reaches in two taps from any screen. */
async function openPrivacySection(page: Page, home = '/dashboard') {
  await page.goto(home);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Profilo e Allenamento' }).click();
  await page.getByRole('link', { name: 'Privacy e dati' }).click();
  const section = page.getByRole('region', { name: 'Privacy e dati' });
  await expect(section).toBeInViewport();
  return section;
}

/** Downloads the person's data from the section and reads the ZIP the browser saved. */
async function downloadData(page: Page, account: TestAccount) {
  const section = page.getByRole('region', { name: 'Privacy e dati' });
  const started = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Scarica i miei dati' }).click();
  const download = await started;
  expect(download.suggestedFilename()).toMatch(/^sfida-8-settimane-dati-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await readFile((await download.path())!);
  const { names, data } = await readExport(zip);
  expect(names).toEqual(expect.arrayContaining(['dati.json', 'abitudini.csv', 'check-in.csv']));
  expect(JSON.stringify(data)).toContain(account.email);
  return data;
}

/** Types ELIMINA and the password, and deletes. */
async function confirmDeletion(page: Page, account: TestAccount) {
  const section = page.getByRole('region', { name: 'Privacy e dati' });
  await section.getByRole('button', { name: 'Elimina il mio account' }).click();
  const form = section.getByRole('form', { name: 'Eliminare il tuo account?' });
  await form.getByLabel(/Scrivi ELIMINA per confermare/).fill('ELIMINA');
  await form.getByLabel(/La tua password/).fill(account.password);
  await form.getByRole('button', { name: 'Elimina definitivamente' }).click();
  return form;
}

/** After a deletion: this browser forgot the account, its session is over, and the password opens nothing. */
async function expectGone(page: Page, account: TestAccount) {
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByText('Il tuo account è stato eliminato.')).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  const keys = await page.evaluate(() => Object.keys(localStorage));
  expect(keys.filter((key) => key.includes(account.id) || key.includes(account.email))).toEqual([]);
  const login = await page.request.post('/api/auth/login', { headers: { Origin: appOrigin }, data: { email: account.email, password: account.password } });
  expect(login.status()).toBe(401);
}

test('a participant downloads their data and deletes their account from the profile, on a 390 px phone', async ({ page }) => {
  const account = await registerParticipant(page.request, { onboarding: true, name: 'Paola Privacy' });
  await signIn(page, account);
  await openPrivacySection(page);
  const data = await downloadData(page, account);
  expect(data).toHaveProperty('schemaVersion');
  expect(String(data.exportedAt)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)$/);

  // A second download within a minute is refused in Italian, next to the buttons.
  await page.getByRole('region', { name: 'Privacy e dati' }).getByRole('button', { name: 'Scarica i miei dati' }).click();
  await expect(page.getByRole('region', { name: 'Privacy e dati' }).getByRole('alert')).toContainText(/minuto/);

  const form = await confirmDeletion(page, { ...account, password: 'password-sbagliata' });
  await expect(form.getByRole('alert')).toBeVisible();
  await expectNoSeriousAxeViolations(page, '/profilo con Privacy e dati e la conferma');
  await form.getByLabel(/La tua password/).fill(account.password);
  await form.getByRole('button', { name: 'Elimina definitivamente' }).click();
  await expectGone(page, account);
});

test('a coach downloads their data; the only coach of a cohort is told why they cannot delete yet, and can once another coach joins', async ({ page, browser, baseURL }) => {
  const { coach, cohortId } = await coachWithCohort(page);
  const other = await browser.newContext({ baseURL });
  try {
    const second = await registerParticipant(other.request, { name: 'Luca Secondo Coach' });
    await openPrivacySection(page, '/coach');
    await downloadData(page, coach);

    const form = await confirmDeletion(page, coach);
    await expect(form.getByRole('alert')).toContainText(/coach/);
    expect((await page.request.get('/api/auth/me')).status()).toBe(200);

    // Another coach on the cohort: now the account can go.
    const db = await e2eFirestore();
    await db.collection('users').doc(second.id).set({ role: 'OWNER' }, { merge: true });
    // Its roster row too, as every writer of the role does (decision 055).
    await db.collection('rosterRows').doc(second.id).set({ role: 'OWNER' }, { merge: true });
    const added = await page.request.post(`/api/coach/cohorts/${cohortId}/coaches`, { headers: { Origin: appOrigin }, data: { email: second.email } });
    expect(added.ok(), await added.text()).toBe(true);
    await form.getByRole('button', { name: 'Elimina definitivamente' }).click();
    await expectGone(page, coach);
  } finally {
    await other.close();
  }
});

test('a participant who signs in with Google only deletes their account with "Conferma con Google", on a 390 px phone', async ({ page, context }) => {
  await standInForGoogleScripts(context);
  // Registered with Google through the invite link; the onboarding, which this journey is not about, through the API.
  const account = { name: 'Giorgia Google', email: uniqueEmail('google') };
  await page.goto(`/register?codice=${LOCAL_INVITE_CODE}`);
  await page.getByRole('button', { name: 'Registrati con Google' }).click();
  await pickNewGoogleAccount(page, account);
  await expect(page).toHaveURL(`${appOrigin}/onboarding`);
  const me = await page.request.get('/api/auth/me');
  const registered = (await me.json()) as { id: string; signIn?: unknown };
  expect(registered.signIn).toEqual({ password: false, google: true });
  const onboarding = await page.request.post('/api/onboarding', {
    headers: { Origin: appOrigin },
    data: { tempoAllenamento: 'PIU_UN_ANNO', luogoAllenamento: 'CASA', livelloAllenamento: 'PRINCIPIANTE', schedaAssegnata: 'PRINCIPIANTE_CASA' },
  });
  expect(onboarding.ok(), await onboarding.text()).toBe(true);

  const section = await openPrivacySection(page);
  await section.getByRole('button', { name: 'Elimina il mio account' }).click();
  const form = section.getByRole('form', { name: 'Eliminare il tuo account?' });
  // No password to ask for, and no e-mail to write: Google confirms it.
  await expect(form.getByLabel(/La tua password/)).toHaveCount(0);
  await expect(form.getByText(/privacy@/)).toHaveCount(0);
  const confirmWithGoogle = form.getByRole('button', { name: 'Conferma con Google' });
  await expect(confirmWithGoogle).toBeVisible();
  await expectNoSeriousAxeViolations(page, '/profilo con la conferma con Google');

  // Without ELIMINA the page stays, and says why.
  await confirmWithGoogle.click();
  await expect(form.getByRole('alert')).toHaveText(/Per eliminare l.account scrivi ELIMINA/);
  await expect(page).toHaveURL(/\/profilo/);

  await form.getByLabel(/Scrivi ELIMINA per confermare/).fill('ELIMINA');
  await confirmWithGoogle.click();
  await pickGoogleAccount(page, account.email);

  // Back from Google, the account goes: the privacy page says goodbye, and nothing of it or of Firebase's token stays here.
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByText('Il tuo account è stato eliminato.')).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  const keys = await page.evaluate(() => Object.keys(localStorage));
  expect(keys.filter((key) => key.includes(registered.id) || key.includes(account.email))).toEqual([]);
  expect((await firebaseTraces(page)).storage).toEqual([]);

  // Google opens no account any more: the emulator's picker no longer lists it (its Auth user is
  // gone), and the same Google address added again finds none of ours.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Accedi con Google' }).click();
  await expect(page).toHaveURL(/\/emulator\/auth\/handler/);
  await expect(page.getByText(account.email)).toHaveCount(0);
  await pickNewGoogleAccount(page, account);
  await expect(page.getByRole('alert')).toHaveText('Non hai ancora un account: registrati con Google inserendo il codice segreto del tuo gruppo');
});
