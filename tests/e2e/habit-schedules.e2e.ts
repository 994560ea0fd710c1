import { expect, test } from '@playwright/test';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { addHabit as addHabitTo } from '@sfida/core/tracker-actions';
import { addDays, romeNoon, romeToday } from './support';
import { expectNoSideScroll, habitCard, must, newParticipant, PHONE_390, seedServerTracker, serverTracker, syncedTracker } from './tracker-support';
import { expectNoSeriousAxeViolations } from './axe-support';

// Habits that fit a life on a 390 px phone: a participant archives a habit, gives another a
// three-times-a-week schedule and sees "N di 3", looks at the whole challenge, and restores the
// archived one; the server keeps what they did.

test('archives a habit, gives another 3 times a week with "N di 3", sees the whole challenge, and restores the archived one', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE_390);
  const start = addDays(romeToday(), -3);
  const account = await newParticipant(page, start, 'Sara Programmi');
  let seeded = emptyTracker('Europe/Rome', romeNoon(start), start);
  for (const [id, name] of [['h1', 'Meditare'], ['h2', 'Leggere']] as const) seeded = must(addHabitTo(seeded, name, romeNoon(start), id));
  await seedServerTracker(account.id, seeded);

  await page.goto('/abitudini');
  const leggere = habitCard(page, 'Leggere');
  await leggere.getByRole('button', { name: 'Archivia Leggere' }).click();
  await leggere.getByRole('group', { name: 'Conferma archiviazione' }).getByRole('button', { name: 'Archivia' }).click();
  const archived = page.getByRole('region', { name: 'Archiviate' });
  await expect(archived.getByText('Leggere')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Leggere', level: 3 })).toHaveCount(0);

  const meditare = habitCard(page, 'Meditare');
  await meditare.getByRole('button', { name: 'Modifica Meditare' }).click();
  const editor = meditare.getByRole('group', { name: 'Modifica Meditare' });
  await editor.getByRole('radio', { name: 'N volte a settimana' }).check();
  await editor.getByRole('spinbutton', { name: 'Volte a settimana' }).fill('3');
  await editor.getByRole('button', { name: 'Salva programma' }).click();
  await expect(meditare.getByText('3 volte a settimana · 0 di 3 questa settimana')).toBeVisible();
  await expectNoSideScroll(page);
  await expectNoSeriousAxeViolations(page, '/abitudini con la modifica aperta e le archiviate');

  await meditare.getByRole('button', { name: 'Segna come fatto' }).click();
  await expect(meditare.getByText('3 volte a settimana · 1 di 3 questa settimana')).toBeVisible();

  await meditare.getByRole('button', { name: 'Vedi tutta la sfida: Meditare' }).click();
  const heatmap = page.getByRole('table', { name: 'Tutta la sfida: Meditare' });
  await expect(heatmap).toBeVisible();
  await expect(heatmap.getByRole('row')).toHaveCount(9);
  await expect(heatmap.getByRole('rowheader', { name: 'Sett. 1' })).toBeVisible();
  await expectNoSideScroll(page);
  await expectNoSeriousAxeViolations(page, '/abitudini con tutta la sfida');
  // The narrowest phone the app is made for: the heatmap and the open editor still fit.
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSideScroll(page, 360);
  await page.setViewportSize(PHONE_390);

  const synced = syncedTracker(page, (tracker) => {
    const habits = (tracker as unknown as TrackerData).habits;
    const h1 = habits.find((habit) => habit.id === 'h1');
    const h2 = habits.find((habit) => habit.id === 'h2');
    return h1?.schedule?.kind === 'timesPerWeek' && h2 !== undefined && h2.archivedAt === undefined && h2.stamps?.archived !== undefined;
  });
  await archived.getByRole('button', { name: 'Ripristina Leggere' }).click();
  await expect(page.getByRole('heading', { name: 'Leggere', level: 3 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Archiviate' })).toHaveCount(0);
  await synced;
  const stored = (await serverTracker(page.request)) as unknown as TrackerData;
  expect(stored.habits.find((habit) => habit.id === 'h1')?.schedule).toEqual({ kind: 'timesPerWeek', times: 3 });
  expect(Object.keys(stored.completions.h1 ?? {})).toEqual([romeToday()]);

  // The same panels in the system's dark scheme (the page reads it as it loads).
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await meditare.getByRole('button', { name: 'Modifica Meditare' }).click();
  await meditare.getByRole('button', { name: 'Vedi tutta la sfida: Meditare' }).click();
  await expect(page.getByRole('table', { name: 'Tutta la sfida: Meditare' })).toBeVisible();
  await expect(meditare.getByRole('group', { name: 'Modifica Meditare' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, '/abitudini, modifica e tutta la sfida (scuro)');
});
