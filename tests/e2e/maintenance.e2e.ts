import { expect, test } from '@playwright/test';
import { emptyTracker } from '@sfida/core/tracker';
import { addHabit as addHabitTo, toggleHabit } from '@sfida/core/tracker-actions';
import { coachWithCohort, phoneParticipant } from './coach-support';
import { addDays, appOrigin, romeNoon, romeToday, setChallengeStart } from './support';
import { expectNoSideScroll, habitCard, must, newParticipant, PHONE_390, seedServerTracker, serverTracker, statValue, syncedTracker, total } from './tracker-support';
import { expectNoSeriousAxeViolations } from './axe-support';

// After day 56, on a 390 px phone: the participant is in the "Fase di mantenimento", keeps ticking
// (the streak goes on, no point is added) and sends the monthly check-in that replaces the weekly one.

test('after day 56 a participant keeps ticking in the maintenance phase for no points, and sends the monthly check-in', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE_390);
  const today = romeToday();
  // Started 60 days ago: today is day 61, the fifth day of the first maintenance month.
  const start = addDays(today, -60);
  const account = await newParticipant(page, start, 'Marta Mantenimento');
  // Ticked on days 57 to 60 as the server received each on its day: maintenance days, worth nothing.
  let seeded = must(addHabitTo(emptyTracker('Europe/Rome', romeNoon(start), start), 'Camminare', romeNoon(start), 'h1'));
  for (let day = 56; day < 60; day++) seeded = must(toggleHabit(seeded, 'h1', addDays(start, day), romeNoon(addDays(start, day))));
  expect(seeded.pointsHistory).toEqual([]);
  await seedServerTracker(account.id, seeded);

  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Fase di mantenimento' });
  await expect(card).toContainText('Mese 1');
  await expect(card).toContainText('non si guadagnano punti');
  // The end of the challenge stays beside it.
  await expect(page.getByRole('region', { name: 'Hai completato la Sfida 8 settimane! 🎉' })).toBeVisible();
  await expect(statValue(page, 'Costanza')).toHaveText('4 gg');
  await expectNoSideScroll(page);
  await expectNoSeriousAxeViolations(page, '/dashboard in fase di mantenimento');

  await card.getByRole('link', { name: 'Continua con le tue abitudini' }).click();
  await expect(page).toHaveURL(/\/abitudini$/);
  await expect(page.getByRole('note').filter({ hasText: 'Fase di mantenimento' })).toBeVisible();
  const ticked = syncedTracker(page, (tracker) => tracker.completions.h1?.[today] !== undefined);
  await habitCard(page, 'Camminare').getByRole('button', { name: 'Segna come fatto' }).click();
  await ticked;
  await expect(habitCard(page, 'Camminare').getByRole('button', { name: '✓ Fatto oggi' })).toBeVisible();
  // The streak goes on through the maintenance days; the points stay where the eight weeks left them.
  await expect(statValue(page, 'Costanza')).toHaveText('5 gg');
  await expect(statValue(page, 'Punti')).toHaveText('0');
  const afterTick = await serverTracker(page.request);
  expect(afterTick.completions.h1?.[today]).toBe('onTime');
  expect(total(afterTick.pointsHistory)).toBe(0);
  await expectNoSideScroll(page);
  await expectNoSeriousAxeViolations(page, '/abitudini in fase di mantenimento');

  await page.goto('/checkin');
  await expect(page.getByRole('heading', { name: 'Check-in mensile', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Check-in mensile · Mese 1 di mantenimento' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, '/checkin mensile');
  await page.getByRole('textbox', { name: 'La tua riflessione' }).fill('Cammino ancora ogni giorno');
  const checkedIn = syncedTracker(page, (tracker) => tracker.checkIns.some((checkIn) => checkIn.weekNumber === 9));
  await page.getByRole('button', { name: 'Invia check-in' }).click();
  await expect(page.getByText('✓ Check-in già completato questo mese')).toBeVisible();
  await checkedIn;
  const afterCheckIn = await serverTracker(page.request);
  expect(afterCheckIn.checkIns.map((checkIn) => [checkIn.weekNumber, checkIn.date])).toEqual([[9, today]]);
  expect(total(afterCheckIn.pointsHistory)).toBe(0);
  await expectNoSideScroll(page);
});

test('the coach sees who keeps going after day 56 in the cohort\'s "Mantenimento" view', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const { cohortId, inviteCode } = await coachWithCohort(page);
  const { context, account } = await phoneParticipant(browser, baseURL!, inviteCode, 'Nina Costante');
  const today = romeToday();
  const start = addDays(today, -60);
  await setChallengeStart(account.id, start);
  // Their tracker as the server takes it today: a habit ticked today, day 61.
  const now = new Date();
  const tracker = must(toggleHabit(must(addHabitTo(emptyTracker('Europe/Rome', now, start), 'Leggere', now, 'h1')), 'h1', today, now));
  const synced = await context.request.put('/api/users/me/progress', { headers: { Origin: appOrigin }, data: tracker });
  expect(synced.status(), await synced.text()).toBe(200);
  await context.close();

  await page.setViewportSize(PHONE_390);
  await page.goto(`/coach/${cohortId}/partecipanti`);
  const view = page.getByRole('region', { name: 'Mantenimento' });
  const item = view.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Nina Costante' }) });
  // The console's first load asks for many things at once: the roster may take a while.
  await expect(item).toContainText('Mese 1 · giorno 5', { timeout: 30_000 });
  await expect(item).toContainText('Abitudini 7 gg1 spunta');
  await expect(item).toContainText('Check-in mensilenessun check-in mensile');
  await expectNoSideScroll(page);
  await expectNoSeriousAxeViolations(page, '/coach/:cohortId con la vista Mantenimento');
});
