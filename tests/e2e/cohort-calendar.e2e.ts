import { expect, test, type Browser, type Page } from '@playwright/test';
import { FieldValue } from 'firebase-admin/firestore';
import { thisMonday } from './coach-support';
import { addDays, appOrigin, e2eFirestore, registerParticipant, signIn, uniqueEmail } from './support';
import { addHabit, collectPageErrors, habitCard, syncedTracker } from './tracker-support';

// A cohort on one calendar (issue 38): a coach creates a cohort running together that began last
// Monday; a participant joins through its link and lands in week 2 with no start of their own.

const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

/** A new coach (as `npm run make-owner` makes one) who coaches the local default cohort too. */
async function newCoach(page: Page) {
  const coach = await registerParticipant(page.request, { name: 'Marta Coach' });
  const db = await e2eFirestore();
  await db.collection('users').doc(coach.id).set({ role: 'OWNER' }, { merge: true });
  const defaultCohort = (await db.collection('users').doc(coach.id).get()).get('cohortId') as string;
  await db.collection('cohorts').doc(defaultCohort).update({ coachIds: FieldValue.arrayUnion(coach.id) });
  await signIn(page, coach);
  return coach;
}

/** Creates a cohort running together that began last Monday, through the form; answers its registration link. */
async function createStartedCohort(page: Page, name: string): Promise<string> {
  await page.goto('/coach/coorti');
  await page.getByLabel(/Nome della coorte/).fill(name);
  await page.getByLabel(/Data di inizio/).fill(addDays(thisMonday(), -7));
  await expect(page.getByText('La coorte è già iniziata: i partecipanti inizieranno dalla settimana 2.')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Tutti insieme/ })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Sì, la coorte è già iniziata' }).check();
  await page.getByRole('button', { name: 'Crea la coorte' }).click();
  const card = page.getByRole('region', { name });
  await expect(card).toBeVisible();
  return (await card.getByText(/\/register\?codice=/).textContent())!.trim();
}

/** A participant registers through the link on their own device and answers the onboarding. */
async function joinThroughLink(browser: Browser, baseURL: string, viewport: { width: number; height: number }, link: string) {
  const context = await browser.newContext({ baseURL, locale: 'it-IT', timezoneId: 'Europe/Rome', viewport });
  const page = await context.newPage();
  const account = { name: 'Giulia Insieme', email: uniqueEmail('insieme'), password: 'password-e2e-123' };
  await page.goto(link);
  await expect(page.getByLabel(/Codice segreto/)).not.toHaveValue('');
  await page.getByLabel(/Nome e cognome/).fill(account.name);
  await page.getByLabel(/^Email/).fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByLabel(/Conferma password/).fill(account.password);
  await page.getByRole('button', { name: 'Registrati' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  const onboarding = await page.request.post('/api/onboarding', {
    headers: { Origin: appOrigin },
    data: { tempoAllenamento: 'MENO_UN_ANNO', luogoAllenamento: 'CASA', livelloAllenamento: 'PRINCIPIANTE' },
  });
  expect(onboarding.ok()).toBe(true);
  return { context, page, account };
}

for (const { name: width, viewport } of WIDTHS) {
  test(`${width}: a cohort running together that began last Monday; a newcomer lands in week 2 with no start step`, async ({ page, browser, baseURL }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    const errors = collectPageErrors(page);
    await newCoach(page);
    const cohortName = `Insieme ${uniqueEmail('').slice(1, 7)}`;
    const link = await createStartedCohort(page, cohortName);

    const participant = await joinThroughLink(browser, baseURL!, viewport, link);
    try {
      const phone = participant.page;
      await phone.goto('/dashboard');
      await expect(phone.getByText('Settimana 2 di 8 con la tua coorte')).toBeVisible();
      await expect(phone.getByRole('button', { name: 'Inizia la challenge' })).toHaveCount(0);

      // Active this week: a habit ticked today.
      await phone.goto('/abitudini');
      await addHabit(phone, 'Camminare');
      const synced = syncedTracker(phone, (body) => Object.keys(body.completions).length > 0);
      await habitCard(phone, 'Camminare').getByRole('button', { name: 'Segna come fatto' }).click();
      await synced;
    } finally {
      await participant.context.close();
    }
    expect(errors).toEqual([]);
  });
}
