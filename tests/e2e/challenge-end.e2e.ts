import { expect, test } from '@playwright/test';
import { expectPdfDownload } from './account-support';
import { addDays, registerParticipant, romeToday, setChallengeStart } from './support';
import { addHabit, habitCard, serverTracker, syncedTracker, total } from './tracker-support';
import { expectNoSeriousAxeViolations } from './axe-support';

// After the eight weeks: the dashboard says the challenge is complete, with the participant's own
// summary and the certificate; ticking habits goes on.

test('from day 57 the dashboard shows the challenge complete, the certificate downloads, and habits can still be ticked', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const account = await registerParticipant(page.request, { name: 'Giada Fine', onboarding: true });
  // Started 60 days ago: the last day was 4 days ago.
  const start = addDays(romeToday(), -60);
  await setChallengeStart(account.id, start);

  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Hai completato la Sfida 8 settimane! 🎉' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('ecco le tue otto settimane');
  await expect(card).toContainText('da 18 a 254 giorni');
  await expect(page.getByRole('region', { name: 'La tua challenge' })).toContainText('conclusa il');
  await expectPdfDownload(page, card.getByRole('link', { name: 'Scarica il certificato (PDF)' }), 'certificato-sfida-8-settimane.pdf');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousAxeViolations(page, '/dashboard a sfida conclusa');

  // The habit goes on: a habit added and ticked today is kept, and earns no points.
  await page.goto('/abitudini');
  await addHabit(page, 'Stretching');
  const synced = syncedTracker(page, (body) => Object.values(body.completions).some((days) => days[romeToday()] !== undefined));
  await habitCard(page, 'Stretching').getByRole('button', { name: 'Segna come fatto' }).click();
  await synced;
  await expect(habitCard(page, 'Stretching').getByRole('button', { name: '✓ Fatto oggi' })).toBeVisible();
  const stored = await serverTracker(page.request);
  expect(Object.values(stored.completions).map((days) => days[romeToday()])).toEqual(['onTime']);
  expect(total(stored.pointsHistory)).toBe(0);
});
