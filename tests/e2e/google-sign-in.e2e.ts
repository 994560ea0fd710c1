import { expect, test, type Page } from '@playwright/test';
import { LOCAL_INVITE_CODE } from '../../scripts/stack/profiles';
import { firebaseTraces, markEmailVerified, pickGoogleAccount, pickNewGoogleAccount, standInForGoogleScripts } from './google-support';
import { appOrigin, registerParticipant, uniqueEmail } from './support';

// "Accedi con Google" on a phone: the Firebase SDK's redirect flow through the Auth emulator's
// account picker, the exchange for our own session, and nothing of Firebase's left in the browser.
test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ context }) => {
  await standInForGoogleScripts(context);
});

/** Nothing of Firebase's in the browser's storage (the page after the sign-in deletes the SDK's databases as it starts). */
async function expectNoFirebaseToken(page: Page): Promise<void> {
  await expect.poll(() => firebaseTraces(page)).toEqual({ storage: [], databases: [] });
}

async function signOut(page: Page): Promise<void> {
  const response = await page.request.post('/api/auth/logout', { headers: { Origin: appOrigin } });
  expect(response.status()).toBe(204);
}

async function me(page: Page): Promise<{ id: string; email: string; name: string; role: string }> {
  const response = await page.request.get('/api/auth/me');
  expect(response.status()).toBe(200);
  return (await response.json()) as { id: string; email: string; name: string; role: string };
}

test('registers with Google through an invite link, then onboarding; signs out and back in with Google', async ({ page }) => {
  const account = { name: 'Giada Verdi', email: uniqueEmail('google') };
  await page.goto(`/register?codice=${LOCAL_INVITE_CODE}`);
  await page.getByRole('button', { name: 'Registrati con Google' }).click();
  await pickNewGoogleAccount(page, account);

  await expect(page).toHaveURL(`${appOrigin}/onboarding`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ciao Giada Verdi, iniziamo!' })).toBeVisible();
  const registered = await me(page);
  expect(registered).toMatchObject({ email: account.email, name: 'Giada Verdi', role: 'PARTICIPANT' });
  await expectNoFirebaseToken(page);

  for (const answer of [/Da più di un anno/, /In palestra/, /Principiante/]) {
    await page.getByRole('radio', { name: answer }).check();
    const next = page.getByRole('button', { name: 'Avanti' });
    if (await next.isVisible()) await next.click();
  }
  await page.getByRole('button', { name: 'Completa Onboarding' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();

  await signOut(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Accedi con Google' }).click();
  await pickGoogleAccount(page, account.email);
  await expect(page).toHaveURL(`${appOrigin}/dashboard`);
  expect((await me(page)).id).toBe(registered.id);
  await expectNoFirebaseToken(page);
});

test('"Registrati con Google" without a code asks for it before going to Google', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Registrati con Google' }).click();
  await expect(page.getByRole('alert')).toHaveText('Per registrarti con Google inserisci prima il codice segreto del tuo gruppo');
  await expect(page.getByLabel(/^Codice segreto/)).toBeFocused();
  await expect(page).toHaveURL(`${appOrigin}/register`);
});

test('a Google sign-in with the verified email of a password account is that account, and the password still works', async ({ page }) => {
  const password = await registerParticipant(page.request, { name: 'Paola Password', onboarding: true });
  await markEmailVerified(page.request, password.id);
  await signOut(page);

  await page.goto('/login');
  await page.getByRole('button', { name: 'Accedi con Google' }).click();
  await pickNewGoogleAccount(page, { name: 'Paola da Google', email: password.email });
  await expect(page).toHaveURL(`${appOrigin}/dashboard`);
  expect(await me(page)).toMatchObject({ id: password.id, name: 'Paola Password' });
  await expectNoFirebaseToken(page);

  await signOut(page);
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill(password.email);
  await page.getByLabel(/^Password/).fill(password.password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page).toHaveURL(`${appOrigin}/dashboard`);
  expect((await me(page)).id).toBe(password.id);
});
