import { expect, test } from '@playwright/test';
import { coachWithCohort, PHONE, phoneParticipant } from './coach-support';
import { uniqueEmail } from './support';
import { expectNoSeriousAxeViolations } from './axe-support';

// Packages on the membership (issue 54 §1), on a 360 px phone: the coach imports a shop's CSV of
// buyers, checks the dry run, applies it; the roster shows the participant's Premium and the
// participant's page its history; then the coach selects the participant and sets Guida.

test.use(PHONE);

test('a coach imports buyers after a dry run, sees the packages in the roster, and sets one for the selected', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const { cohortId, inviteCode } = await coachWithCohort(page);
  const { context, account } = await phoneParticipant(browser, baseURL!, inviteCode, 'Sara Pacchetti');
  await context.close();

  await page.goto(`/coach/${cohortId}/partecipanti`);
  const roster = page.getByRole('region', { name: 'Roster' });
  await roster.getByRole('button', { name: 'Importa acquisti (CSV)' }).click({ timeout: 30_000 });
  const panel = page.getByRole('region', { name: 'Importa acquisti (CSV)' });
  await panel.getByLabel('Oppure incolla il contenuto').fill(`email;pacchetto\n${account.email.toUpperCase()};Premium\n${uniqueEmail('acquirente')};Guida\n`);
  await panel.getByRole('button', { name: 'Controlla il file' }).click();
  await expect(panel.getByRole('list', { name: 'Da aggiornare' })).toContainText(`${account.email}): Base → Premium`);
  await expect(panel.getByRole('list', { name: 'Ancora senza account' })).toContainText('nessuno → Guida');
  await expectNoSeriousAxeViolations(page, 'la console con il controllo degli acquisti');
  await panel.getByRole('button', { name: 'Applica a 2 persone' }).click();
  await expect(panel).toBeHidden({ timeout: 30_000 });

  const card = roster.getByRole('list', { name: 'Roster della coorte' }).getByRole('listitem').filter({ hasText: account.email });
  await expect(card.getByText('Premium')).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Selected, set to Guida after the confirmation that counts one person.
  await card.getByRole('checkbox', { name: `Seleziona Sara Pacchetti (${account.email})` }).check();
  await roster.getByLabel('Nuovo pacchetto').selectOption('GUIDA');
  await roster.getByRole('button', { name: 'Imposta pacchetto' }).click();
  await roster.getByRole('button', { name: 'Imposta per 1 persona' }).click();
  await expect(card.getByText('Guida')).toBeVisible({ timeout: 30_000 });

  // The participant's page: the package now and both changes.
  await card.getByRole('link', { name: 'Sara Pacchetti' }).click();
  await expect(page.getByRole('combobox', { name: 'Pacchetto', exact: true })).toHaveValue('GUIDA', { timeout: 30_000 });
  const history = page.getByRole('list', { name: 'Storico del pacchetto' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').first()).toContainText('Premium → Guida · a mano');
  await expect(history.getByRole('listitem').last()).toContainText('Base → Premium · da importazione');
});
