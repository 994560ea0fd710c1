import { expect, test } from '@playwright/test';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { addHabit as addHabitTo, toggleHabit } from '@sfida/core/tracker-actions';
import { coachWithCohort, phoneParticipant, thisMonday } from './coach-support';
import { addDays, appOrigin, romeNoon, romeToday, setChallengeStart } from './support';
import { expectNoSideScroll, habitCard, italianDate, must, PHONE_390, seedServerTracker, serverTracker, trackerStorageKey } from './tracker-support';
import { expectNoSeriousAxeViolations } from './axe-support';

// "Nuova stagione" on 390 px phones: the coach of a finished cohort invites its participants to a
// cohort starting next Monday; a participant accepts on the dashboard and lands there with their
// habit and none of the old season's ticks, on the server and in the browser.

test('the coach invites a finished cohort to a new season; a participant accepts and starts afresh with their habits', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const today = romeToday();
  const nextMonday = addDays(thisMonday(), 7);
  // A cohort where each starts on their own day: the participant's 60 days are theirs.
  const { cohortId, inviteCode } = await coachWithCohort(page);
  const created = await page.request.post('/api/coach/cohorts', {
    headers: { Origin: appOrigin },
    data: { name: 'Primavera nuova', startDate: nextMonday, pace: 'together' },
  });
  expect(created.status(), await created.text()).toBe(201);

  const { context, page: phone, account } = await phoneParticipant(browser, baseURL!, inviteCode, 'Nina Stagione');
  // Started 60 days ago (day 61), a habit ticked on days 57 to 60 as the server received them.
  const start = addDays(today, -60);
  await setChallengeStart(account.id, start);
  let seeded = must(addHabitTo(emptyTracker('Europe/Rome', romeNoon(start), start), 'Camminare', romeNoon(start), 'h1'));
  for (let day = 56; day < 60; day++) seeded = must(toggleHabit(seeded, 'h1', addDays(start, day), romeNoon(addDays(start, day))));
  await seedServerTracker(account.id, seeded);
  await phone.setViewportSize(PHONE_390);
  // The phone holds the old season too, in its local copy.
  await phone.goto('/dashboard');
  await expect(phone.getByRole('region', { name: 'Fase di mantenimento' })).toBeVisible();
  await expect.poll(() => phone.evaluate((key) => Object.keys(JSON.parse(localStorage.getItem(key) ?? '{}').completions?.h1 ?? {}).length, trackerStorageKey(account.id))).toBe(4);

  await page.setViewportSize(PHONE_390);
  await page.goto(`/coach/${cohortId}/partecipanti`);
  const section = page.getByRole('region', { name: 'Nuova stagione' });
  await expect(section).toBeVisible({ timeout: 30_000 });
  await section.getByRole('combobox', { name: 'Coorte della nuova stagione' }).selectOption({ label: `Primavera nuova · dal ${italianDate(nextMonday)}` });
  await section.getByRole('button', { name: 'Invita alla nuova stagione' }).click();
  await expect(section.getByRole('status')).toContainText('1 invito inviato');
  await expectNoSideScroll(page);

  await phone.reload();
  const card = phone.getByRole('region', { name: 'Nuova stagione' });
  await expect(card).toContainText('Il tuo coach ti invita alla nuova stagione: Primavera nuova');
  await expectNoSideScroll(phone);
  await expectNoSeriousAxeViolations(phone, '/dashboard con l’invito alla nuova stagione');
  await card.getByRole('button', { name: 'Accetta' }).click();
  await expect(card).toBeHidden();
  // The new cohort runs together from next Monday: the dashboard counts down to it.
  await expect(phone.getByRole('region', { name: 'Fase di mantenimento' })).toBeHidden();
  await expect
    .poll(() => phone.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}') as TrackerData, trackerStorageKey(account.id)))
    .toMatchObject({ season: 2, completions: {}, challengeStartDate: nextMonday });

  const onServer = await serverTracker(context.request);
  expect(onServer.completions).toEqual({});
  expect(onServer.habits.map((habit) => habit.name)).toEqual(['Camminare']);
  await phone.goto('/abitudini');
  await expect(habitCard(phone, 'Camminare')).toBeVisible();
  await expect(habitCard(phone, 'Camminare').getByRole('button', { name: '✓ Fatto oggi' })).toHaveCount(0);
  // A while later the server still holds no old tick: the browser did not merge them back.
  await phone.waitForTimeout(2500);
  expect((await serverTracker(context.request)).completions).toEqual({});
  await context.close();
});

