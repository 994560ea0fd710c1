import { expect, test, type Page } from '@playwright/test';
import { addDays, romeToday } from './support';
import {
  addHabit,
  collectPageErrors,
  corruptBackupStorageKey,
  habitCard,
  newParticipant,
  serverTracker,
  signIn,
  statValue,
  syncedTracker,
  total,
  trackerStorageKey,
} from './tracker-support';

/** As when the tab goes to the background or comes back (headless Chromium never hides a page). */
async function setVisibility(page: Page, state: DocumentVisibilityState): Promise<void> {
  await page.evaluate((next) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => next });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

// Where the tracker lives: this browser's local storage (per user, re-read every second and on
// storage events), repaired when damaged, and the server's copy that brings it back elsewhere.

test.describe('Tracker storage and sync', () => {
  test('a second tab sees a change without reloading', async ({ page, context }) => {
    const errors = collectPageErrors(page);
    await newParticipant(page, romeToday());
    await page.goto('/abitudini');
    const habit = 'Leggere 10 pagine';
    await addHabit(page, habit);

    const other = await context.newPage();
    const otherErrors = collectPageErrors(other);
    await other.goto('/dashboard');
    const dashboardToggle = other.getByRole('button', { name: new RegExp(`^${habit}: `) });
    await expect(dashboardToggle).toHaveAccessibleName(`${habit}: da fare`);
    await expect(statValue(other, 'Punti')).toHaveText('0');

    // Ticked in the first tab → shown in the second, which is never reloaded.
    await habitCard(page, habit).getByRole('button', { name: 'Segna come fatto' }).click();
    await expect(statValue(page, 'Punti')).toHaveText('2');
    await expect(dashboardToggle).toHaveAccessibleName(`${habit}: fatto`);
    await expect(dashboardToggle).toHaveAttribute('aria-pressed', 'true');
    await expect(statValue(other, 'Punti')).toHaveText('2');

    // And back: un-ticked from the dashboard tab → the habits tab follows.
    await dashboardToggle.click();
    await expect(statValue(other, 'Punti')).toHaveText('0');
    await expect(habitCard(page, habit).getByRole('button', { name: 'Segna come fatto' })).toHaveAttribute('aria-pressed', 'false');
    await expect(statValue(page, 'Punti')).toHaveText('0');

    // A habit added in one tab appears in the other.
    await other.goto('/abitudini');
    await addHabit(other, 'Stretching');
    await expect(habitCard(page, 'Stretching')).toBeVisible();
    expect([...errors, ...otherErrors]).toEqual([]);
  });

  test('a corrupted storage entry is survived: valid parts stay, garbage comes back from the server', async ({ page }) => {
    const errors = collectPageErrors(page);
    const account = await newParticipant(page, addDays(romeToday(), -1));
    const key = trackerStorageKey(account.id);
    await page.goto('/abitudini');
    const habit = 'Bere acqua';
    await addHabit(page, habit);
    const synced = syncedTracker(page, (body) => Object.keys(body.completions[body.habits[0]?.id ?? ''] ?? {}).length === 1);
    await habitCard(page, habit).getByRole('button', { name: 'Segna come fatto' }).click();
    await expect(statValue(page, 'Punti')).toHaveText('2');
    await synced;

    // 1. Partly broken (hand-edited) entry, with the server out of reach so only the local repair can help.
    await page.route('**/api/users/me/progress', (route) => route.abort());
    const broken = await page.evaluate((storageKey) => {
      const data = JSON.parse(localStorage.getItem(storageKey)!) as Record<string, unknown>;
      data.habits = [...(data.habits as unknown[]), { id: 42, name: null }, 'non una abitudine'];
      data.checkIns = 'rotto';
      data.pointsHistory = [...(data.pointsHistory as unknown[]), { points: 'tantissimi', reason: 7 }];
      data.weeklyActions = { '1': [{ id: 'x', text: 5 }], '99': 'boh' };
      data.savedPlannerWeeks = 'due';
      const text = JSON.stringify(data);
      localStorage.setItem(storageKey, text);
      return text;
    }, key);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Tracciamento Abitudini', level: 1 })).toBeVisible();
    await expect(habitCard(page, habit)).toBeVisible();
    await expect(habitCard(page, habit).getByRole('button', { name: '✓ Fatto oggi' })).toHaveAttribute('aria-pressed', 'true');
    await expect(statValue(page, 'Punti')).toHaveText('2');
    await expect(page.getByRole('heading', { level: 3 })).toHaveCount(1);
    // The repaired tracker was written back; the damaged original is kept aside.
    const stored = await page.evaluate(
      ([storageKey, backupKey]) => ({ repaired: localStorage.getItem(storageKey!), backup: localStorage.getItem(backupKey!) }),
      [key, corruptBackupStorageKey(account.id)],
    );
    expect(stored.backup).toBe(broken);
    const repaired = JSON.parse(stored.repaired!) as { habits: unknown[]; checkIns: unknown; savedPlannerWeeks: unknown };
    expect(repaired.habits).toHaveLength(1);
    expect(repaired.checkIns).toEqual([]);
    // Still works: a new habit can be added on top of the repaired tracker.
    await addHabit(page, 'Meditare');

    // 2. Not even JSON: the app starts empty instead of crashing, then the server's copy comes back.
    await page.unroute('**/api/users/me/progress');
    await page.evaluate((storageKey) => localStorage.setItem(storageKey, '{"version":1,"habits":[{"id":"h-'), key);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Tracciamento Abitudini', level: 1 })).toBeVisible();
    await expect(habitCard(page, habit)).toBeVisible();
    await expect(habitCard(page, habit).getByRole('button', { name: '✓ Fatto oggi' })).toHaveAttribute('aria-pressed', 'true');
    await expect(statValue(page, 'Punti')).toHaveText('2');
    expect(errors).toEqual([]);
  });

  // Known bug (see the report): the repair keeps a week in savedPlannerWeeks after dropping one of
  // its actions, so the +10 of the save stays and the server refuses every upload from then on.
  test('a damaged action of a saved planner leaves a tracker the server accepts', async ({ page }) => {
    const errors = collectPageErrors(page);
    const account = await newParticipant(page, romeToday());
    const key = trackerStorageKey(account.id);
    // Offline from the start: the server holds no copy that could heal the damage.
    await page.route('**/api/users/me/progress', (route) => route.abort());
    await page.goto('/planner');
    await page.getByRole('textbox', { name: 'Azione 1', exact: true }).fill('Preparare i pasti');
    await page.getByRole('textbox', { name: 'Azione 2', exact: true }).fill('Camminare 30 minuti');
    await page.getByRole('textbox', { name: 'Azione 3', exact: true }).fill('Dormire 7 ore');
    await page.getByRole('button', { name: 'Salva Planner' }).click();
    await expect(statValue(page, 'Punti')).toHaveText('10');

    // One action of the saved week gets damaged (its text is no longer a string).
    await page.evaluate((storageKey) => {
      const data = JSON.parse(localStorage.getItem(storageKey)!) as { weeklyActions: Record<string, Array<{ text: unknown }>> };
      data.weeklyActions['1']![2]!.text = 12345;
      localStorage.setItem(storageKey, JSON.stringify(data));
    }, key);
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Azione 1', exact: true })).toHaveValue('Preparare i pasti');
    await expect(page.getByRole('textbox', { name: 'Azione 3', exact: true })).toHaveValue('');

    // Back online: the repaired tracker must be one the server accepts.
    await page.unroute('**/api/users/me/progress');
    const upload = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/api/users/me/progress'));
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const response = await upload;
    expect(response.status(), `PUT /api/users/me/progress: ${await response.text()}`).toBe(200);
    await expect(page.getByText(/Il server non ha accettato i dati/)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('a returning participant starts without downloading or uploading the tracker again', async ({ page }) => {
    const errors = collectPageErrors(page);
    await newParticipant(page, romeToday());
    await page.goto('/abitudini');
    const synced = syncedTracker(page, (body) => body.habits.length === 1);
    await addHabit(page, 'Leggere 10 pagine');
    await synced;
    // The copy this browser got from the server once, kept in its HTTP cache.
    await page.reload();
    await expect(habitCard(page, 'Leggere 10 pagine')).toBeVisible();
    await page.waitForLoadState('networkidle');

    // Chromium shows a revalidated answer as the cached 200; the server's 304 is the empty body.
    const progressCalls: string[] = [];
    page.on('requestfinished', async (request) => {
      if (new URL(request.url()).pathname !== '/api/users/me/progress') return;
      const { responseBodySize } = await request.sizes();
      progressCalls.push(`${request.method()} ${responseBodySize === 0 ? 'no body' : `${responseBodySize} bytes`}`);
    });
    await page.reload();
    await expect(habitCard(page, 'Leggere 10 pagine')).toBeVisible();
    await expect.poll(() => progressCalls).toEqual(['GET no body']);
    // Longer than the sync's pause: nothing is sent back, the server already holds this copy.
    await page.waitForTimeout(2500);
    expect(progressCalls).toEqual(['GET no body']);
    expect(errors).toEqual([]);
  });

  test('a tab left open takes what another device did meanwhile, instead of overwriting it later', async ({ page, browser, baseURL }) => {
    const errors = collectPageErrors(page);
    const account = await newParticipant(page, romeToday(), 'Marta Due Dispositivi');
    await page.clock.install();
    await page.goto('/abitudini');
    const habit = 'Bere acqua';
    const synced = syncedTracker(page, (body) => body.habits.length === 1);
    await addHabit(page, habit);
    await synced;

    // The laptop's tab goes to the background; the phone ticks the habit.
    await setVisibility(page, 'hidden');
    const phone = await browser.newContext({ baseURL, locale: 'it-IT', timezoneId: 'Europe/Rome', viewport: { width: 360, height: 740 } });
    try {
      const device = await phone.newPage();
      await signIn(device, account);
      await device.goto('/abitudini');
      const ticked = syncedTracker(device, (body) => Object.keys(body.completions).length === 1);
      await habitCard(device, habit).getByRole('button', { name: 'Segna come fatto' }).click();
      await ticked;
    } finally {
      await phone.close();
    }

    // Back to the laptop two minutes later: it shows the phone's tick, and its next change keeps it.
    await page.clock.fastForward('02:00');
    await setVisibility(page, 'visible');
    await expect(habitCard(page, habit).getByRole('button', { name: '✓ Fatto oggi' })).toHaveAttribute('aria-pressed', 'true');
    await expect(statValue(page, 'Punti')).toHaveText('2');
    const both = syncedTracker(page, (body) => body.habits.length === 2);
    await addHabit(page, 'Stretching');
    await page.clock.fastForward(3000);
    await both;
    // The change went as changes to the copy with the phone's tick: the server still holds the tick.
    expect(Object.keys((await serverTracker(page.request)).completions)).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test('two devices changing the tracker at the same moment, ten rounds: every change survives on both', async ({ page, browser, baseURL }) => {
    test.setTimeout(240_000);
    const errors = collectPageErrors(page);
    const account = await newParticipant(page, romeToday(), 'Dario Due Telefoni');
    const phoneContext = await browser.newContext({ baseURL, locale: 'it-IT', timezoneId: 'Europe/Rome', viewport: { width: 360, height: 740 } });
    try {
      const phone = await phoneContext.newPage();
      await signIn(phone, account);
      const habits = (on: Page) => on.getByRole('heading', { level: 3 });
      for (let round = 0; round < 10; round++) {
        // Both devices start the round from the copy the server holds.
        await Promise.all([page.goto('/abitudini'), phone.goto('/abitudini')]);
        await expect(habits(page)).toHaveCount(2 * round);
        await expect(habits(phone)).toHaveCount(2 * round);
        const laptopSynced = syncedTracker(page, (body) => body.habits.some((h) => h.name === `Portatile ${round}`));
        const phoneSynced = syncedTracker(phone, (body) => body.habits.some((h) => h.name === `Telefono ${round}`));
        await Promise.all([addHabit(page, `Portatile ${round}`), addHabit(phone, `Telefono ${round}`)]);
        // Each device's change is stored: the later one after merging what the other sent first.
        await Promise.all([laptopSynced, phoneSynced]);
      }
      const onServer = await serverTracker(page.request);
      expect(onServer.habits.map((h) => h.name).sort()).toEqual(
        Array.from({ length: 10 }, (_, round) => [`Portatile ${round}`, `Telefono ${round}`]).flat().sort(),
      );
      await phone.goto('/abitudini');
      await expect(habits(phone)).toHaveCount(20);
      expect(errors).toEqual([]);
    } finally {
      await phoneContext.close();
    }
  });

  test('data comes back on a new browser profile after sign-in', async ({ page, browser, baseURL }) => {
    const account = await newParticipant(page, addDays(romeToday(), -3), 'Luca Ritorno');
    await page.goto('/abitudini');
    const habit = 'Camminare 8000 passi';
    await addHabit(page, habit);
    await habitCard(page, habit).getByRole('button', { name: 'Segna come fatto' }).click();
    await expect(statValue(page, 'Punti')).toHaveText('2');
    await page.goto('/checkin');
    await page.getByText('5 · Eccellente').click();
    await page.getByRole('textbox', { name: 'La tua riflessione' }).fill('Ho ritrovato il ritmo.');
    const synced = syncedTracker(page, (body) => body.checkIns.length === 1 && total(body.pointsHistory) === 12);
    await page.getByRole('button', { name: 'Invia check-in' }).click();
    await expect(page.getByText('✓ Check-in già completato questa settimana')).toBeVisible();
    await synced;

    // A new profile: no cookies, empty local storage.
    const fresh = await browser.newContext({ baseURL, locale: 'it-IT', timezoneId: 'Europe/Rome', viewport: { width: 360, height: 740 } });
    try {
      const device = await fresh.newPage();
      const errors = collectPageErrors(device);
      await signIn(device, account);
      await device.goto('/abitudini');
      await expect(habitCard(device, habit)).toBeVisible();
      await expect(habitCard(device, habit).getByRole('button', { name: '✓ Fatto oggi' })).toHaveAttribute('aria-pressed', 'true');
      await expect(statValue(device, 'Punti')).toHaveText('12');
      await device.goto('/checkin');
      await expect(device.getByText('✓ Check-in già completato questa settimana')).toBeVisible();
      await expect(device.getByRole('list', { name: 'Check-in precedenti' })).toContainText('Ho ritrovato il ritmo.');
      await device.goto('/dashboard');
      await expect(statValue(device, 'Punti')).toHaveText('12');
      await expect(device.getByRole('button', { name: `${habit}: fatto` })).toBeVisible();

      // The restored copy is stored on the new device, and the new device did not overwrite the server with an empty tracker.
      const local = await device.evaluate((storageKey) => localStorage.getItem(storageKey), trackerStorageKey(account.id));
      expect(local).toContain(habit);
      const onServer = await serverTracker(device.request);
      expect(onServer.habits.map((h) => h.name)).toEqual([habit]);
      expect(onServer.checkIns).toHaveLength(1);
      expect(total(onServer.pointsHistory)).toBe(12);
      expect(errors).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
