import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { addDays, formatItalianShortDate, todayIn, weekdayIndex } from '@sfida/core/dates';
import type { PushPayload } from '@sfida/core/notifications';
import { instantAt } from '@sfida/core/reminders';
import { localSecret } from '../../scripts/stack/local-jobs';
import { e2eProfile, emulatorEnv, repoRoot } from '../../scripts/stack/profiles';
import { coachWithCohort } from './coach-support';
import { startPushStandIn } from './push-support';
import { appOrigin, uniqueEmail } from './support';
import { collectPageErrors, serverTrackerIfAny } from './tracker-support';
import { expectNoSeriousAxeViolations } from './axe-support';

// If-then plans (issue 39 §5) on a 390 px phone: a participant of a new cohort (its rule on) gives
// an action "giovedì alle 18:30 in palestra", and when that Thursday evening comes on their clock
// the reminders job sends it to their phone through the push service (a local stand-in).

const THURSDAY = 3;

/**
 * A zone whose today is not a Thursday: the participant starts today, so their week's Thursday is
 * still to come and the planned moment is ahead of the server's clock. Two of these zones are 25
 * hours apart, so one of them always fits.
 */
function zoneWithThursdayAhead(now = new Date()): string {
  return ['Europe/Rome', 'Pacific/Pago_Pago', 'Pacific/Kiritimati'].find((zone) => weekdayIndex(todayIn(zone, now)) !== THURSDAY)!;
}

/** Runs the reminders of planned actions once as of `at` (scripts/stack/run-planned-action-reminders.ts). */
function runPlannedActionReminders(at: Date): { looked: number; due: number; tasks: number } {
  const vapid = localSecret('VAPID_PRIVATE_KEY');
  const run = spawnSync(join(repoRoot, 'node_modules', '.bin', 'tsx'), ['scripts/stack/run-planned-action-reminders.ts', at.toISOString()], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, ...emulatorEnv(e2eProfile), ...(vapid ? { VAPID_PRIVATE_KEY: vapid } : {}) },
    timeout: 60_000,
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { looked: number; due: number; tasks: number };
}

/** A participant on a 390 px phone in `timeZone`: registered with the code, onboarded, started today on their clock. */
async function participantIn(browser: Browser, baseURL: string, inviteCode: string, timeZone: string) {
  const context = await browser.newContext({ baseURL, locale: 'it-IT', timezoneId: timeZone, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const headers = { Origin: appOrigin };
  const account = { name: 'Giulia Verdi', email: uniqueEmail('p'), password: 'password-e2e-123' };
  expect((await context.request.post('/api/auth/register', { headers, data: { ...account, role: 'PARTICIPANT', secretCode: inviteCode } })).status()).toBe(201);
  expect((await context.request.put('/api/auth/profile', { headers, data: { timeZone } })).ok()).toBe(true);
  const onboarded = await context.request.post('/api/onboarding', { headers, data: { tempoAllenamento: 'MENO_UN_ANNO', luogoAllenamento: 'CASA', livelloAllenamento: 'PRINCIPIANTE' } });
  expect(onboarded.ok()).toBe(true);
  const start = todayIn(timeZone, new Date());
  expect((await context.request.post('/api/auth/start-challenge', { headers, data: { challengeStartDate: start } })).ok()).toBe(true);
  return { context, page: await context.newPage(), start };
}

test('a participant plans "giovedì alle 18:30" on a 390 px phone, and the reminder reaches their phone at that time', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const { inviteCode } = await coachWithCohort(page);
  const zone = zoneWithThursdayAhead();
  const giulia = await participantIn(browser, baseURL!, inviteCode, zone);
  const errors = collectPageErrors(giulia.page);
  const pushService = await startPushStandIn();
  try {
    const phone = pushService.device();
    const subscribed = await giulia.context.request.post('/api/me/push-subscriptions', { headers: { Origin: appOrigin }, data: phone.subscription });
    expect(subscribed.ok(), await subscribed.text()).toBe(true);

    // The reminder is on by default, where the cohort's rule gives it.
    await giulia.page.goto('/profilo');
    await expect(giulia.page.getByRole('checkbox', { name: /^Promemoria delle azioni pianificate/ })).toBeChecked({ timeout: 30_000 });
    await expectNoSeriousAxeViolations(giulia.page, '/profilo (promemoria delle azioni pianificate)');

    await giulia.page.goto('/planner');
    await expect(giulia.page.getByText(/se è giovedì alle 18:30, allora corro in palestra/)).toBeVisible();
    await giulia.page.getByRole('textbox', { name: 'Azione 1', exact: true }).fill('30 minuti di corsa');
    await giulia.page.getByRole('textbox', { name: 'Azione 2', exact: true }).fill('Leggere 10 pagine');
    await giulia.page.getByRole('textbox', { name: 'Azione 3', exact: true }).fill('Preparare il pranzo');
    // The week's Thursday: a day of the participant's own week, still to come.
    const thursday = [1, 2, 3, 4, 5, 6].map((n) => addDays(giulia.start, n)).find((day) => weekdayIndex(day) === THURSDAY)!;
    const plan = giulia.page.getByRole('button', { name: 'Quando e dove, azione 1' });
    await plan.click();
    await expect(plan).toHaveAttribute('aria-expanded', 'true');
    await giulia.page.getByRole('combobox', { name: "Giorno dell'azione 1" }).selectOption({ label: `Giovedì ${formatItalianShortDate(thursday)}` });
    await giulia.page.getByLabel("Ora dell'azione 1").fill('18:30');
    await giulia.page.getByRole('textbox', { name: 'Dove, azione 1' }).fill('in palestra');
    await expect(giulia.page.getByText('Giovedì alle 18:30 in palestra: 30 minuti di corsa')).toBeVisible();
    await expect(giulia.page.getByText(/ti mandiamo un promemoria a quell.ora/)).toBeVisible();
    // The page fits the phone: nothing wider than the screen.
    expect(await giulia.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousAxeViolations(giulia.page, '/planner (quando e dove)');
    await giulia.page.getByRole('button', { name: 'Salva Planner' }).click();
    await expect(giulia.page.getByText('✓ Planner della settimana salvato')).toBeVisible();

    // The server holds the plan once the planner has synced.
    await expect
      .poll(async () => ((await serverTrackerIfAny(giulia.context.request))?.weeklyActions as Record<string, unknown[]> | undefined)?.['1']?.[0], { timeout: 20_000 })
      .toMatchObject({ text: '30 minuti di corsa', when: { weekday: THURSDAY, time: '18:30' }, where: 'in palestra' });

    // The week's Thursday on the participant's clock: nothing before 18:30, the reminder after it.
    const planned = instantAt(thursday, '18:30', zone);
    expect(runPlannedActionReminders(new Date(planned.getTime() - 60_000))).toMatchObject({ looked: 0, due: 0 });
    expect(runPlannedActionReminders(new Date(planned.getTime() + 60_000))).toMatchObject({ looked: 1, due: 1, tasks: 1 });
    await expect.poll(() => phone.received(), { timeout: 30_000 }).toEqual([
      expect.objectContaining({ title: 'È il momento della tua azione', body: 'Giovedì alle 18:30 in palestra: 30 minuti di corsa', url: '/planner' }) as PushPayload,
    ]);
    // Once: a later run sends nothing again.
    expect(runPlannedActionReminders(new Date(planned.getTime() + 5 * 60_000))).toMatchObject({ due: 0 });
    // The dashboard reads the plan the same way.
    await giulia.page.goto('/');
    await expect(giulia.page.getByText('Giovedì alle 18:30 in palestra: 30 minuti di corsa')).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await pushService.close();
    await giulia.context.close();
  }
});
