import { expect, test } from '@playwright/test';
import { DEMO_OWNER, DEMO_PARTICIPANT } from '../../scripts/stack/profiles';
import { appOrigin, signIn } from './support';
import { collectPageErrors, expectNoSeriousAxeViolations } from './tracker-support';

// The coach console against the real API, on a phone's screen: the demo coach coaches the local
// cohort, where the demo participant is.

const url = (path: string) => `${appOrigin}${path}`;

test('the demo coach goes from the cohorts to the roster to a participant, with no serious axe violations', async ({ page }) => {
  const errors = collectPageErrors(page);
  await signIn(page, DEMO_OWNER);
  await page.goto('/login');
  await expect(page).toHaveURL(url('/coach'));
  await expect(page.getByRole('heading', { level: 1, name: 'Area coach' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Apri la coorte' }).first()).toBeVisible();
  await expectNoSeriousAxeViolations(page, '/coach');

  await page.getByRole('link', { name: 'Apri la coorte' }).first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Da contattare oggi' })).toBeVisible();
  const roster = page.getByRole('region', { name: 'Roster' });
  await expect(roster.getByRole('status')).toHaveText(/\d+ di \d+ partecipanti/);
  await expectNoSeriousAxeViolations(page, '/coach/:cohortId');
  // A wide screen shows the roster as a table instead of cards.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(roster.getByRole('table')).toBeVisible();
  await expectNoSeriousAxeViolations(page, '/coach/:cohortId (tabella)');
  await page.setViewportSize({ width: 360, height: 740 });

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
