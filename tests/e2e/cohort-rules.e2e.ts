import { expect, test } from '@playwright/test';
import { formatItalianShortDate, italianWeekday } from '@sfida/core/dates';
import { emptyTracker } from '@sfida/core/tracker';
import { addHabit as addHabitTo, toggleHabit } from '@sfida/core/tracker-actions';
import { coachWithCohort, phoneParticipant } from './coach-support';
import { addDays, romeNoon, romeToday, setChallengeStart } from './support';
import { expectNoSideScroll, habitCard, must, PHONE_390, seedServerTracker, serverTracker, syncedTracker } from './tracker-support';
import { expectNoSeriousAxeViolations } from './axe-support';

// The cohort's motivation rules on a 390 px phone: a missed day covered by the jolly, the
// "Bentornato" for coming back after two misses, and "Come funzionano i punti" following the
// rules the coach chooses. A new cohort has every rule on.

test('a missed day shows the jolly; coming back after two misses earns "Bentornato", vouched by the server', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const { inviteCode } = await coachWithCohort(page);
  const { context, page: phone, account } = await phoneParticipant(browser, baseURL!, inviteCode, 'Elena Jolly');
  await phone.setViewportSize(PHONE_390);
  const today = romeToday();
  const start = addDays(today, -3);
  await setChallengeStart(account.id, start);
  // Ticked on the first day, as the server received it; the two days after it missed.
  let seeded = must(addHabitTo(emptyTracker('Europe/Rome', romeNoon(start), start), 'Meditare', romeNoon(start), 'h1'));
  seeded = must(toggleHabit(seeded, 'h1', start, romeNoon(start)));
  await seedServerTracker(account.id, seeded);

  await phone.goto('/abitudini');
  const card = habitCard(phone, 'Meditare');
  const covered = addDays(start, 1);
  const coveredDay = phone
    .getByRole('list', { name: 'Settimana di Meditare' })
    .getByRole('button', { name: `Meditare, ${italianWeekday(covered)} ${formatItalianShortDate(covered)}: Jolly usato` });
  await expect(coveredDay).toBeVisible();
  await expect(coveredDay).toHaveAttribute('aria-pressed', 'false');
  await expect(card).toContainText('Jolly usato:');
  await expect(card).toContainText('Nessun jolly rimasto questa settimana');
  await expectNoSideScroll(phone);
  await expectNoSeriousAxeViolations(phone, '/abitudini con un jolly usato');

  // Back today after the second missed day: +2 for today and +3 for coming back.
  const synced = syncedTracker(phone, (tracker) => tracker.pointsHistory.some((entry) => entry.kind === 'comebackBonus'));
  await card.getByRole('button', { name: 'Segna come fatto' }).click();
  await expect(phone.getByText('Ti diamo il bentornato! +3 punti per aver ripreso')).toBeVisible();
  await synced;
  const stored = await serverTracker(phone.request);
  expect(stored.pointsHistory.filter((entry) => entry.kind === 'comebackBonus').map((entry) => [entry.ref, entry.points])).toEqual([[`comebackBonus:h1:${today}`, 3]]);
  await context.close();
});

test('the coach turns "Bentornato" off, and the participant\'s "Come funzionano i punti" no longer lists it', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const { cohortId, inviteCode } = await coachWithCohort(page);
  const { context, page: phone } = await phoneParticipant(browser, baseURL!, inviteCode, 'Luca Regole');
  await phone.setViewportSize(PHONE_390);

  await phone.goto('/classifica');
  await phone.getByRole('link', { name: 'Come funzionano i punti' }).click();
  await expect(phone).toHaveURL(/\/punti$/);
  await expect(phone.getByRole('heading', { level: 1, name: 'Come funzionano i punti' })).toBeVisible();
  await expect(phone).toHaveTitle(/Come funzionano i punti/);
  const cohortRules = phone.getByRole('region', { name: 'Le regole della tua coorte' });
  const points = phone.getByRole('region', { name: 'Punti' });
  await expect(cohortRules).toContainText('Bonus ritorno');
  await expect(cohortRules).toContainText('Serie con jolly');
  await expect(points).toContainText('Bonus ritorno: riprendi');
  await expectNoSideScroll(phone);
  await expectNoSeriousAxeViolations(phone, '/punti');

  await page.setViewportSize(PHONE_390);
  await page.goto(`/coach/${cohortId}/impostazioni`);
  const form = page.getByRole('form', { name: 'Regole della coorte' });
  await form.getByRole('checkbox', { name: /Bonus ritorno/ }).uncheck();
  await form.getByRole('button', { name: 'Salva le regole' }).click();
  await expect(page.getByText('Regole salvate')).toBeVisible();

  await phone.reload();
  await expect(cohortRules).toContainText('Serie con jolly');
  await expect(cohortRules).not.toContainText('Bonus ritorno');
  await expect(points).not.toContainText('Bonus ritorno');
  await context.close();
});
