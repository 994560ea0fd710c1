import { expect, test, type Browser } from '@playwright/test';
import { coachWithCohort, phoneParticipant } from './coach-support';
import { collectPageErrors, PHONE_390 } from './tracker-support';
import { expectNoSeriousAxeViolations } from './axe-support';

// Teams inside a cohort, on 390 px phones against the real API: the coach forms the teams, a
// participant sees theirs and gives a teammate "il cinque", and the teammate finds it on their
// dashboard. A cohort made from the console has the team rule on.

async function onPhone(browser: Browser, baseURL: string, inviteCode: string, name: string) {
  const participant = await phoneParticipant(browser, baseURL, inviteCode, name);
  await participant.page.setViewportSize(PHONE_390);
  return participant;
}

test('the coach forms teams; a participant sees their team and gives a teammate "il cinque", which the teammate sees', async ({ browser, page, baseURL }) => {
  // Four people on a machine shared with other runs: the first loads can be slow.
  test.setTimeout(240_000);
  await page.setViewportSize(PHONE_390);
  const errors = collectPageErrors(page);
  const { cohortId, inviteCode } = await coachWithCohort(page);
  const anna = await onPhone(browser, baseURL!, inviteCode, 'Anna Rossi');
  const bruno = await onPhone(browser, baseURL!, inviteCode, 'Bruno Verdi');
  const carla = await onPhone(browser, baseURL!, inviteCode, 'Carla Neri');

  // The coach forms the teams: three people aiming at three, one team.
  await page.goto(`/coach/${cohortId}/squadre`);
  await expect(page.getByRole('heading', { level: 1, name: /^Risposte / })).toBeVisible({ timeout: 30_000 });
  const section = page.getByRole('region', { name: 'Squadre' });
  await expect(section.getByText('Nessuna squadra: formale qui sopra.')).toBeVisible({ timeout: 30_000 });
  await section.getByLabel('Come formarle').selectOption({ label: 'A caso' });
  await section.getByLabel('Persone per squadra').selectOption('3');
  await section.getByRole('button', { name: 'Forma le squadre' }).click();
  await expect(section.getByText('Squadra 1 · 3 persone')).toBeVisible();
  await section.getByLabel('Nome della squadra 1').fill('I Falchi');
  await section.getByRole('button', { name: 'Rinomina' }).click();
  await expect(section.getByText('I Falchi · 3 persone')).toBeVisible();
  await expect(section.getByRole('list', { name: 'Classifica delle squadre' })).toContainText('I Falchi');
  await expectNoSeriousAxeViolations(page, '/coach/:cohortId (Squadre)');

  // Anna opens her team from the dashboard and gives Bruno "il cinque".
  await anna.page.goto('/dashboard');
  const card = anna.page.getByRole('region', { name: 'La tua squadra' });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await card.getByRole('link', { name: 'La mia squadra' }).click();
  await expect(anna.page.getByRole('heading', { level: 1, name: 'La mia squadra' })).toBeVisible();
  await expect(anna.page.getByRole('heading', { level: 2, name: 'I Falchi' })).toBeVisible();
  const members = anna.page.getByRole('list', { name: 'Membri della squadra' });
  await expect(members.getByRole('listitem')).toHaveCount(3);
  await expect(members.getByRole('listitem').first()).toContainText('Anna R. (tu)');
  await expect(anna.page.getByRole('list', { name: 'Classifica delle squadre' })).toContainText('La tua');
  await expectNoSeriousAxeViolations(anna.page, '/squadra');
  await anna.page.getByRole('button', { name: 'Dai il cinque a Bruno V.' }).click();
  await expect(anna.page.getByText('Hai dato il cinque a Bruno V.!')).toBeVisible();
  await expect(members.getByRole('listitem').filter({ hasText: 'Bruno V.' })).toContainText('Cinque dato oggi');
  // Once a day: after a reload it is still given.
  await anna.page.reload();
  await expect(anna.page.getByRole('list', { name: 'Membri della squadra' }).getByRole('listitem').filter({ hasText: 'Bruno V.' })).toContainText('Cinque dato oggi');
  await expect(anna.page.getByRole('button', { name: 'Dai il cinque a Bruno V.' })).toHaveCount(0);

  // Bruno sees it on his dashboard; Carla received none.
  await bruno.page.goto('/dashboard');
  const received = bruno.page.getByRole('region', { name: 'La tua squadra' }).getByRole('list', { name: 'Ti hanno dato il cinque' });
  await expect(received).toContainText('Anna R. ti ha dato il cinque');
  await expectNoSeriousAxeViolations(bruno.page, '/dashboard (squadra)');
  await carla.page.goto('/dashboard');
  await expect(carla.page.getByRole('region', { name: 'La tua squadra' })).toContainText('Dai il cinque a chi è in squadra con te');

  expect(errors).toEqual([]);
  for (const participant of [anna, bruno, carla]) await participant.context.close();
});
