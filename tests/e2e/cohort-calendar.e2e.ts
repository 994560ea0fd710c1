import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { FieldValue } from 'firebase-admin/firestore';
import { openCohortTab, thisMonday } from './coach-support';
import { addDays, appOrigin, e2eFirestore, registerParticipant, signIn, uniqueEmail } from './support';
import { addHabit, collectPageErrors, habitCard, syncedTracker } from './tracker-support';

// A cohort on one calendar (issue 38): a coach creates a cohort running together that began last
// Monday; a participant joins through its link and lands in week 2 with no start of their own; the
// coach copies the local cohort's events and sets the community link; the participant downloads an
// event's .ics and fetches their calendar feed; the coach's "Andamento" counts them active this week.

const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

/** A new coach (as `npm run make-owner` makes one) who coaches the local default cohort too. */
async function newCoach(page: Page) {
  const coach = await registerParticipant(page.request, { name: 'Marta Coach' });
  const db = await e2eFirestore();
  await db.collection('users').doc(coach.id).set({ role: 'OWNER' }, { merge: true });
  // Its roster row too, as every writer of the role does (decision 055).
  await db.collection('rosterRows').doc(coach.id).set({ role: 'OWNER' }, { merge: true });
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
  await expect(page.getByLabel(/Codice segreto/)).not.toHaveValue('', { timeout: 30_000 });
  await page.getByLabel(/Nome e cognome/).fill(account.name);
  await page.getByLabel(/^Email/).fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByLabel(/Conferma password/).fill(account.password);
  await page.getByRole('button', { name: 'Registrati', exact: true }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  const onboarding = await page.request.post('/api/onboarding', {
    headers: { Origin: appOrigin },
    data: { tempoAllenamento: 'MENO_UN_ANNO', luogoAllenamento: 'CASA', livelloAllenamento: 'PRINCIPIANTE' },
  });
  expect(onboarding.ok()).toBe(true);
  return { context, page, account };
}

/** On a cohort's page, the coach copies every event of the local cohort, after the review; answers how many. */
async function copyLocalEvents(page: Page): Promise<number> {
  const copy = page.getByRole('region', { name: 'Copia da un’altra coorte' });
  if (!(await copy.isVisible())) await page.getByRole('button', { name: 'Copia da un’altra coorte' }).click();
  const source = copy.getByLabel('Coorte da cui copiare');
  const value = await source.locator('option', { hasText: 'Coorte principale' }).getAttribute('value');
  await source.selectOption(value!);
  const drafts = copy.getByRole('list', { name: 'Eventi da copiare' });
  await expect(drafts.getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
  const count = await drafts.getByRole('listitem').count();
  await copy.getByRole('button', { name: count === 1 ? 'Salva 1 evento' : `Salva ${count} eventi` }).click();
  // Saved in one request (a busy local functions emulator may take a while to answer it).
  await expect(page.getByRole('list', { name: 'Eventi della coorte' }).getByRole('listitem')).toHaveCount(count, { timeout: 30_000 });
  return count;
}

for (const { name: width, viewport } of WIDTHS) {
  test(`${width}: a cohort running together that began last Monday: the newcomer's week, the copied events in their calendar, the community link, Andamento`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(viewport);
    const errors = collectPageErrors(page);
    await newCoach(page);
    const cohortName = `Insieme ${uniqueEmail('').slice(1, 7)}`;
    const link = await createStartedCohort(page, cohortName);
    const cohortPage = page.getByRole('region', { name: cohortName }).getByRole('link', { name: 'Apri la coorte' });
    await cohortPage.click();
    const cohortUrl = page.url();

    // The coach copies the local cohort's events (reviewed, all kept) and sets the community link.
    await openCohortTab(page, 'Eventi');
    const copied = await copyLocalEvents(page);
    await openCohortTab(page, 'Impostazioni');
    const community = page.getByRole('form', { name: 'Community ed eventi' });
    await community.getByLabel('Link della community').fill('https://chat.example.it/insieme');
    await community.getByRole('button', { name: 'Salva impostazioni' }).click();
    await expect(community.getByLabel('Link della community')).toHaveValue('https://chat.example.it/insieme');

    const participant = await joinThroughLink(browser, baseURL!, viewport, link);
    try {
      const phone = participant.page;
      await phone.goto('/dashboard');
      await expect(phone.getByText('Settimana 2 di 8 con la tua coorte')).toBeVisible();
      await expect(phone.getByRole('button', { name: 'Inizia la challenge' })).toHaveCount(0);
      await expect(phone.getByRole('link', { name: /Entra nel gruppo della community/ })).toHaveAttribute('href', 'https://chat.example.it/insieme');

      // Active this week: a habit ticked today.
      await phone.goto('/abitudini');
      await addHabit(phone, 'Camminare');
      const synced = syncedTracker(phone, (body) => Object.keys(body.completions).length > 0);
      await habitCard(phone, 'Camminare').getByRole('button', { name: 'Segna come fatto' }).click();
      await synced;

      // An upcoming event as an .ics file.
      await phone.goto('/eventi');
      const add = phone.getByRole('link', { name: /^Aggiungi al calendario/ }).first();
      const download = phone.waitForEvent('download');
      await add.click();
      const ics = await readFile((await (await download).path())!, 'utf8');
      expect(ics).toContain('BEGIN:VCALENDAR');
      expect(ics).toMatch(/UID:[^\r\n]+@sfida8settimane/);
      expect(ics).toContain('SEQUENCE:0');

      // The private feed holds every copied event, with no cookie.
      await phone.goto('/profilo');
      await phone.getByRole('button', { name: 'Crea il link del calendario' }).click();
      const feedUrl = await phone.getByLabel('Link del calendario').inputValue();
      const calendarApp = await browser.newContext();
      try {
        const feed = await calendarApp.request.get(feedUrl);
        expect(feed.status()).toBe(200);
        expect(feed.headers()['content-type']).toContain('text/calendar');
        expect(((await feed.text()).match(/BEGIN:VEVENT/g) ?? []).length).toBe(copied);
      } finally {
        await calendarApp.close();
      }
    } finally {
      await participant.context.close();
    }

    // The coach's Andamento counts the newcomer active in week 2 (they joined then: week 1 had nobody).
    await page.goto(`${cohortUrl}/andamento`);
    const progress = page.getByRole('region', { name: 'Andamento' });
    const table = progress.getByRole('table', { name: `Andamento settimana per settimana: ${cohortName}` });
    await expect(table.getByRole('row', { name: /Settimana 2/ })).toContainText('100 % (1 di 1)');
    expect(errors).toEqual([]);
  });
}
