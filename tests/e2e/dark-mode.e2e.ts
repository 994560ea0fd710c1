import { expect, test, type Page } from '@playwright/test';
import { DEMO_OWNER, DEMO_PARTICIPANT } from '../../scripts/stack/profiles';
import { addDays, appOrigin, romeToday, signIn } from './support';
import { addHabit, collectPageErrors, habitCard, newParticipant } from './tracker-support';
import { expectNoSeriousAxeViolations } from './axe-support';

// The system asks for dark: every page follows it from the first paint, and a choice made in the
// profile holds on this device.

test.use({ colorScheme: 'dark' });

const url = (path: string) => `${appOrigin}${path}`;

/** The page's <html>: its classes, its colour scheme and the body's background as painted. */
function rootState(page: Page) {
  return page.evaluate(() => ({
    dark: document.documentElement.classList.contains('dark'),
    scheme: getComputedStyle(document.documentElement).colorScheme,
    background: getComputedStyle(document.body).backgroundColor,
  }));
}

const DARK_BACKGROUND = 'rgb(17, 17, 17)'; // gray.950, the `bg` token in dark
const LIGHT_BACKGROUND = 'rgb(255, 255, 255)';

test('a prerendered page is dark before any of the app\'s code runs, and light when this device chose so', async ({ page }) => {
  // No module script reaches the page: what is dark is so by the inline script and the inline styles alone.
  const blocked: string[] = [];
  await page.route(/\/assets\/.*\.js$/, (route) => {
    blocked.push(route.request().url());
    return route.abort();
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await rootState(page)).toEqual({ dark: true, scheme: 'dark', background: DARK_BACKGROUND });
  await expectNoSeriousAxeViolations(page, '/login (scuro)');

  await page.evaluate(() => localStorage.setItem('sfida8:colour-mode', 'light'));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await rootState(page)).toEqual({ dark: false, scheme: 'light', background: LIGHT_BACKGROUND });
  // The pages did ask for the app's code, which never came: nothing above depended on it.
  expect(blocked.length).toBeGreaterThan(0);
});

test('a participant in dark: dashboard, habits and check-in pass axe; the profile switch turns the app light on this device', async ({ page }) => {
  const errors = collectPageErrors(page);
  await signIn(page, DEMO_PARTICIPANT);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect((await rootState(page)).background).toBe(DARK_BACKGROUND);
  await expectNoSeriousAxeViolations(page, '/dashboard (scuro)');

  for (const path of ['/abitudini', '/checkin']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect((await rootState(page)).dark, path).toBe(true);
    await expectNoSeriousAxeViolations(page, `${path} (scuro)`);
  }
  // The profile in dark is scanned with the other routes (routes-pages.e2e.ts).
  await page.goto('/profilo');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect((await rootState(page)).dark, '/profilo').toBe(true);

  const appearance = page.getByRole('group', { name: 'Aspetto' });
  await expect(appearance.getByRole('radio', { name: 'Sistema' })).toBeChecked();
  await appearance.getByRole('radio', { name: 'Chiaro' }).check();
  expect(await rootState(page)).toEqual({ dark: false, scheme: 'light', background: LIGHT_BACKGROUND });
  await page.reload();
  await expect(page.getByRole('group', { name: 'Aspetto' }).getByRole('radio', { name: 'Chiaro' })).toBeChecked();
  expect((await rootState(page)).dark).toBe(false);
  await page.getByRole('group', { name: 'Aspetto' }).getByRole('radio', { name: 'Sistema' }).check();
  expect((await rootState(page)).dark).toBe(true);
  expect(errors).toEqual([]);
});

test('the habit strip in dark: days done, today and days to come pass axe', async ({ page }) => {
  const errors = collectPageErrors(page);
  // Started two days ago: a past day, today and days to come in the strip.
  await newParticipant(page, addDays(romeToday(), -2));
  await page.goto('/abitudini');
  await addHabit(page, 'Camminare 10 minuti');
  await habitCard(page, 'Camminare 10 minuti').getByRole('button', { name: 'Segna come fatto' }).click();
  await expect(habitCard(page, 'Camminare 10 minuti').getByRole('button', { name: /completato$/ }).first()).toBeVisible();
  expect((await rootState(page)).dark).toBe(true);
  await expectNoSeriousAxeViolations(page, '/abitudini con una abitudine (scuro)');
  expect(errors).toEqual([]);
});

test("the coach's home in dark passes axe", async ({ page }) => {
  const errors = collectPageErrors(page);
  await signIn(page, DEMO_OWNER);
  await page.goto('/coach');
  await expect(page).toHaveURL(url('/coach'));
  await expect(page.getByRole('heading', { level: 2, name: 'Da fare oggi' })).toBeVisible();
  expect(await rootState(page)).toEqual({ dark: true, scheme: 'dark', background: DARK_BACKGROUND });
  await expectNoSeriousAxeViolations(page, '/coach (scuro)');
  expect(errors).toEqual([]);
});
