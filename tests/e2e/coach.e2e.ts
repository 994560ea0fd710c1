import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_OWNER, DEMO_PARTICIPANT } from '../../scripts/stack/profiles';
import { addDays, appOrigin, e2eFirestore, expectHeaderOnOneRow, registerParticipant, romeToday, signIn, uniqueEmail } from './support';
import { addHabit, collectPageErrors, habitCard, syncedTracker } from './tracker-support';
import { expectNoSeriousAxeViolations } from './axe-support';
import { openCohortTab } from './coach-support';

// The coach console against the real API, on a phone's screen: the demo coach coaches the local
// cohort, where the demo participant is.

/** The cohort the local stack seeds, with the demo coach, the demo participant and its events. */
const DEFAULT_COHORT = 'Coorte principale';
const url = (path: string) => `${appOrigin}${path}`;

test('the demo coach goes from the home to the cohorts, the roster and a participant, with no serious axe violations', async ({ page }) => {
  const errors = collectPageErrors(page);
  await signIn(page, DEMO_OWNER);
  await page.goto('/login');
  await expect(page).toHaveURL(url('/coach'));
  await expect(page.getByRole('heading', { level: 1, name: 'Oggi' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Da fare oggi' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, '/coach');

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Coorti' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Coorti' })).toBeVisible();
  // The seeded cohort, by name: other tests may give the demo coach cohorts of their own.
  const seeded = page.getByRole('region', { name: DEFAULT_COHORT, exact: true });
  await expect(seeded.getByRole('link', { name: 'Apri la coorte' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, '/coach/coorti');

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Eventi' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Eventi' })).toBeVisible();
  // One cohort's calendar at a time: the seeded one, picked if the coach has others.
  await expect(page.getByRole('list', { name: 'Eventi della coorte' })).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Coorte' });
  if ((await picker.count()) > 0) await picker.selectOption({ label: DEFAULT_COHORT });
  await expect(seeded.getByRole('list', { name: 'Eventi della coorte' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, '/coach/eventi');

  await page.goto('/coach/coorti');
  await seeded.getByRole('link', { name: 'Apri la coorte' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Da fare oggi' })).toBeVisible();
  await openCohortTab(page, 'Partecipanti');
  const roster = page.getByRole('region', { name: 'Roster' });
  await expect(roster.getByRole('status')).toHaveText(/\d+ di \d+ partecipant[ei]/);
  await expectNoSeriousAxeViolations(page, '/coach/:cohortId');
  // A wide screen shows the roster as a table instead of cards.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(roster.getByRole('table')).toBeVisible();
  await expectHeaderOnOneRow(page);
  await expectNoSeriousAxeViolations(page, '/coach/:cohortId (tabella)');
  await page.setViewportSize({ width: 360, height: 740 });

  // The roster shows its first ten; other tests register people in the seeded cohort too: found by name.
  await roster.getByLabel('Cerca per nome o email').fill(DEMO_PARTICIPANT.email);
  await roster.getByRole('link', { name: DEMO_PARTICIPANT.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: DEMO_PARTICIPANT.name })).toBeVisible();
  await expect(page.getByText('Settimana', { exact: true }).first()).toBeVisible();
  await expectNoSeriousAxeViolations(page, '/coach/:cohortId/partecipanti/:userId');
  expect(errors).toEqual([]);
});

test('a participant opening /coach is sent to the dashboard', async ({ page }) => {
  await signIn(page, DEMO_PARTICIPANT);
  await page.goto('/coach');
  await expect(page).toHaveURL(url('/dashboard'));
});

/** A new coach: registered, then made an OWNER as `npm run make-owner` does. */
async function newCoach(request: APIRequestContext, name: string) {
  const account = await registerParticipant(request, { name });
  const db = await e2eFirestore();
  await db.collection('users').doc(account.id).set({ role: 'OWNER' }, { merge: true });
  // Its roster row too, as every writer of the role does (decision 055).
  await db.collection('rosterRows').doc(account.id).set({ role: 'OWNER' }, { merge: true });
  return account;
}

test('a coach creates a cohort; a participant joins with its link and has a hard week; the coach sees it, opens them, exports the cohort; another coach sees none of it', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const errors = collectPageErrors(page);
  const coach = await newCoach(page.request, 'Marta Coach');
  await signIn(page, coach);
  await page.goto('/coach/coorti');
  const monday = addDays(romeToday(), -((new Date(`${romeToday()}T12:00:00Z`).getUTCDay() + 6) % 7));
  const cohortName = `Primavera ${uniqueEmail('').slice(1, 7)}`;
  await page.getByLabel(/Nome della coorte/).fill(cohortName);
  await page.getByLabel(/Data di inizio/).fill(monday);
  // Its participants choose their own start (a cohort running together gives them its Monday).
  await page.getByRole('radio', { name: /Ognuno dal suo giorno/ }).check();
  await page.getByRole('button', { name: 'Crea la coorte' }).click();
  const card = page.getByRole('region', { name: cohortName });
  await expect(card).toBeVisible();
  const link = (await card.getByText(/\/register\?codice=/).textContent())!.trim();

  // The participant opens the link on their phone: the code is filled in.
  const phone = await browser.newContext({ baseURL, locale: 'it-IT', timezoneId: 'Europe/Rome', viewport: { width: 360, height: 740 } });
  const participant = { name: 'Giulia Prova', email: uniqueEmail('giulia'), password: 'password-e2e-123' };
  try {
    const device = await phone.newPage();
    await device.goto(link);
    await expect(device.getByLabel(/Codice segreto/)).not.toHaveValue('');
    await device.getByLabel(/Nome e cognome/).fill(participant.name);
    await device.getByLabel(/^Email/).fill(participant.email);
    await device.getByLabel(/^Password/).fill(participant.password);
    await device.getByLabel(/Conferma password/).fill(participant.password);
    await device.getByRole('button', { name: 'Registrati', exact: true }).click();
    await expect(device).toHaveURL(/\/onboarding$/);
    const onboarding = await device.request.post('/api/onboarding', {
      headers: { Origin: appOrigin },
      data: { tempoAllenamento: 'MENO_UN_ANNO', luogoAllenamento: 'CASA', livelloAllenamento: 'PRINCIPIANTE' },
    });
    expect(onboarding.ok()).toBe(true);
    const started = await device.request.post('/api/auth/start-challenge', { headers: { Origin: appOrigin }, data: { challengeStartDate: romeToday() } });
    expect(started.ok()).toBe(true);

    await device.goto('/abitudini');
    await addHabit(device, 'Camminare');
    await habitCard(device, 'Camminare').getByRole('button', { name: 'Segna come fatto' }).click();
    await device.goto('/checkin');
    await device.getByText('1 · Molto difficile').click();
    await device.getByRole('textbox', { name: 'La tua riflessione' }).fill('Settimana pesante; ; "dura", =difficile');
    const synced = syncedTracker(device, (body) => body.checkIns.length === 1);
    await device.getByRole('button', { name: 'Invia check-in' }).click();
    await synced;
  } finally {
    await phone.close();
  }

  // The coach sees her today, with the mood as the reason, and opens her page.
  await card.getByRole('link', { name: 'Apri la coorte' }).click();
  const attention = page.getByRole('region', { name: 'Da fare oggi' });
  await expect(attention).toContainText(participant.name);
  await expect(attention).toContainText("Umore basso nell'ultimo check-in");
  const cohortUrl = page.url();
  await attention.getByRole('link', { name: participant.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: participant.name })).toBeVisible();
  await expect(page.getByText('Settimana pesante; ; "dura", =difficile')).toBeVisible();

  // The export: a CSV with a byte-order mark, her email in her row, the formula defused.
  await page.goto(`${cohortUrl}/partecipanti`);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Esporta CSV' }).click();
  const file = await (await download).path();
  const csv = await readFile(file!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv).toContain(participant.email);
  expect(csv).not.toContain(coach.email);

  // Another coach: not one of this cohort's calls answers.
  const cohortId = new URL(cohortUrl).pathname.split('/').pop()!;
  const other = await browser.newContext({ baseURL });
  try {
    const stranger = await newCoach(other.request, 'Luca Altro Coach');
    const login = await other.request.post('/api/auth/login', { headers: { Origin: appOrigin }, data: { email: stranger.email, password: stranger.password } });
    expect(login.ok()).toBe(true);
    for (const path of ['participants', 'export.csv']) {
      expect((await other.request.get(`/api/coach/cohorts/${cohortId}/${path}`)).status()).toBe(403);
    }
    const cohorts = (await (await other.request.get('/api/coach/cohorts')).json()) as Array<{ id: string }>;
    expect(cohorts.map((c) => c.id)).not.toContain(cohortId);
  } finally {
    await other.close();
  }
  expect(errors).toEqual([]);
});
