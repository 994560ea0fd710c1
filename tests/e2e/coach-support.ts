import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { addDays, appOrigin, e2eFirestore, registerParticipant as registerWithLocalCode, romeToday, signIn, uniqueEmail, type TestAccount } from './support';
import { syncedTracker } from './tracker-support';

// What the coach's end-to-end tests set up the same way: a coach with a fresh cohort, participants
// on their own phones, a check-in sent from the phone.

export const PHONE = { locale: 'it-IT', timezoneId: 'Europe/Rome', viewport: { width: 360, height: 740 } } as const;

/**
 * A participant's user document as registration, the onboarding and a first look of the triage
 * leave it, for the tests that write a cohort's people with the Admin SDK (the coach's calls only
 * read them); the caller adds `createdAt` and `challengeStartDate`.
 */
export function storedParticipant(cohortId: string, name: string, email: string, now = new Date().toISOString()) {
  return {
    role: 'PARTICIPANT',
    cohortId,
    name,
    // What the coach's search reads (core's participant-search): the name without case or accents.
    searchName: name.toLowerCase(),
    email,
    onboardingCompletato: true,
    tempoAllenamento: 'MENO_UN_ANNO',
    luogoAllenamento: 'CASA',
    livelloAllenamento: 'PRINCIPIANTE',
    schedaAssegnata: 'PRINCIPIANTE_CASA',
    timeZone: 'Europe/Rome',
    disabled: false,
    rosterDigest: null,
    triageDueAt: now,
  };
}

/** This week's Monday in Rome. */
export function thisMonday(): string {
  const today = romeToday();
  return addDays(today, -((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7));
}

/**
 * A coach of a fresh cohort starting on `startDate` (this week's Monday unless given); answers the
 * coach's account and the cohort's invite code.
 */
export async function coachWithCohort(page: Page, startDate = thisMonday()): Promise<{ coach: TestAccount; cohortId: string; inviteCode: string }> {
  const coach = await registerWithLocalCode(page.request, { name: 'Marta Coach' });
  const db = await e2eFirestore();
  await db.collection('users').doc(coach.id).set({ role: 'OWNER' }, { merge: true });
  // Its roster row too, as every writer of the role does (decision 055).
  await db.collection('rosterRows').doc(coach.id).set({ role: 'OWNER' }, { merge: true });
  await signIn(page, coach);
  const created = await page.request.post('/api/coach/cohorts', {
    headers: { Origin: appOrigin },
    data: { name: `Risposte ${uniqueEmail('').slice(1, 7)}`, startDate, pace: 'ownDay', confirmPastStart: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const cohort = (await created.json()) as { id: string; inviteCode: string };
  return { coach, cohortId: cohort.id, inviteCode: cohort.inviteCode };
}

/** A participant on their own phone: registered with the cohort's code, onboarded, started today. */
export async function phoneParticipant(browser: Browser, baseURL: string, inviteCode: string, name: string): Promise<{ context: BrowserContext; page: Page; account: TestAccount }> {
  const context = await browser.newContext({ baseURL, ...PHONE });
  const account = { name, email: uniqueEmail('p'), password: 'password-e2e-123' };
  const headers = { Origin: appOrigin };
  const registered = await context.request.post('/api/auth/register', { headers, data: { ...account, role: 'PARTICIPANT', secretCode: inviteCode } });
  expect(registered.status(), await registered.text()).toBe(201);
  const { id } = (await registered.json()) as { id: string };
  const onboarding = await context.request.post('/api/onboarding', {
    headers,
    data: { tempoAllenamento: 'MENO_UN_ANNO', luogoAllenamento: 'CASA', livelloAllenamento: 'PRINCIPIANTE' },
  });
  expect(onboarding.ok()).toBe(true);
  expect((await context.request.post('/api/auth/start-challenge', { headers, data: { challengeStartDate: romeToday() } })).ok()).toBe(true);
  return { context, page: await context.newPage(), account: { id, ...account } };
}

export async function sendCheckIn(page: Page, mood: string, reflection: string): Promise<void> {
  await page.goto('/checkin');
  await page.getByText(mood).click();
  await page.getByRole('textbox', { name: 'La tua riflessione' }).fill(reflection);
  const synced = syncedTracker(page, (body) => body.checkIns.length === 1);
  await page.getByRole('button', { name: 'Invia check-in' }).click();
  await synced;
}

/** Opens one part of a cohort's page by its tab (the page already open), as a coach taps it. */
export async function openCohortTab(page: Page, name: string): Promise<void> {
  const tab = page.getByRole('navigation', { name: 'Parti della coorte' }).getByRole('link', { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-current', 'page');
}
