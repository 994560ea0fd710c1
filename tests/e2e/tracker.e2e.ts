import { expect, test } from '@playwright/test';
import { emptyTracker } from '@sfida/core/tracker';
import { addHabit as addHabitTo, toggleHabit } from '@sfida/core/tracker-actions';
import { addDays, romeNoon, romeToday } from './support';
import { addHabit, collectPageErrors, habitCard, italianDate, must, newParticipant, seedServerTracker, serverTracker, serverTrackerIfAny, statValue, syncedTracker, total } from './tracker-support';
import { expectNoSeriousAxeViolations } from './axe-support';
import { watchCspViolations } from './csp-support';

// The tracker in a real Chromium against the real local stack: the points, streak, planner,
// check-in and badge rules as a participant meets them on the screens, and the
// server's copy that the cohort sees. The browser clock is moved day by day where days matter.

test.describe('Tracker: points, streaks, planner, check-in, badges', () => {
  test('a seven-day habit streak pays its bonus, and toggling today cannot farm it', async ({ page }) => {
    test.setTimeout(90_000);
    const errors = collectPageErrors(page);
    const today = romeToday();
    const days = Array.from({ length: 7 }, (_, i) => addDays(today, i - 6));
    const account = await newParticipant(page, days[0]!);
    const habit = 'Camminare 30 minuti';
    // Six days ticked, each received by the server on its day.
    let seeded = must(addHabitTo(emptyTracker('Europe/Rome', romeNoon(days[0]!), days[0]!), habit, romeNoon(days[0]!), 'h1'));
    for (const day of days.slice(0, 6)) seeded = must(toggleHabit(seeded, 'h1', day, romeNoon(day)));
    await seedServerTracker(account.id, seeded);

    await page.goto('/abitudini');
    const points = statValue(page, 'Punti');
    await expect(points).toHaveText('12');
    await expect(habitCard(page, habit)).toContainText('Serie: 6 giorni');
    const strip = page.getByRole('list', { name: `Settimana di ${habit}` }).getByRole('button');
    await expect(strip.nth(6)).toHaveAccessibleName(/oggi, da fare$/);

    await habitCard(page, habit).getByRole('button', { name: 'Segna come fatto' }).click();
    let expected = 12 + 2 + 5;
    await expect(points).toHaveText(String(expected));
    await expect(habitCard(page, habit)).toContainText('Serie: 7 giorni');
    await expect(page.getByRole('status').filter({ hasText: 'Abitudine completata!' })).toContainText('+7 punti');
    await expect(statValue(page, 'Costanza')).toHaveText('7 gg');
    expected = 7 * 2 + 5;

    // Un-ticking today takes back the day's 2 points and the bonus it completed; ticking again restores them.
    const todayToggle = habitCard(page, habit).getByRole('button', { name: '✓ Fatto oggi' });
    await todayToggle.click();
    await expect(points).toHaveText(String(expected - 7));
    await expect(statValue(page, 'Costanza')).toHaveText('6 gg');
    const synced = syncedTracker(page, (body) => Object.keys(Object.values(body.completions)[0] ?? {}).length === 7);
    await habitCard(page, habit).getByRole('button', { name: 'Segna come fatto' }).click();
    await expect(points).toHaveText(String(expected));
    for (let round = 0; round < 3; round++) {
      await habitCard(page, habit).getByRole('button', { name: '✓ Fatto oggi' }).click();
      await expect(points).toHaveText(String(expected - 7));
      await habitCard(page, habit).getByRole('button', { name: 'Segna come fatto' }).click();
      await expect(points).toHaveText(String(expected));
    }

    // The server received today's tick today: it pays the day and the bonus, and holds the same total.
    await synced;
    await expect.poll(async () => total((await serverTrackerIfAny(page.request))?.pointsHistory ?? [])).toBe(expected);
    expect(errors).toEqual([]);
  });

  test('on a 360 px phone every planner placeholder is read whole, never clipped', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await newParticipant(page, romeToday());
    await page.goto('/planner');
    const inputs = page.getByRole('textbox', { name: /^Azione \d$/ });
    await expect(inputs).toHaveCount(3);
    // The placeholder's width in the input's own font, against the room inside its padding.
    const fits = await inputs.evaluateAll((elements) =>
      elements.map((element) => {
        const input = element as HTMLInputElement;
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { placeholder: input.placeholder, text: Math.ceil(context.measureText(input.placeholder).width), room: Math.floor(room) };
      }),
    );
    expect(fits[0]!.placeholder).toMatch(/^Es\. /);
    for (const fit of fits) expect(fit.text, fit.placeholder).toBeLessThanOrEqual(fit.room);
  });

  test('a planner saved twice pays once; fewer than 3 actions is refused in the page', async ({ page }) => {
    const errors = collectPageErrors(page);
    await newParticipant(page, romeToday());
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    await page.goto('/planner');
    await expect(page.getByText('Settimana 1', { exact: true })).toBeVisible();
    const points = statValue(page, 'Punti');
    await expect(points).toHaveText('0');

    await page.getByRole('textbox', { name: 'Azione 1', exact: true }).fill('Preparare i pasti per 3 giorni');
    await page.getByRole('textbox', { name: 'Azione 2', exact: true }).fill('Camminare martedì e giovedì');
    await page.getByRole('button', { name: 'Salva Planner' }).click();
    await expect(page.getByRole('alert')).toHaveText('Devi inserire almeno 3 azioni per salvare il planner.');
    await expect(points).toHaveText('0');

    await page.getByRole('textbox', { name: 'Azione 3', exact: true }).fill('Dormire 7 ore');
    await page.getByRole('button', { name: 'Salva Planner' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(points).toHaveText('10');
    await expect(page.getByText('✓ Planner della settimana salvato')).toBeVisible();

    await page.getByRole('button', { name: 'Salva Planner' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Planner aggiornato' })).toBeVisible();
    await expect(points).toHaveText('10');
    // Still once after a reload (the saved week is remembered, not just the button state).
    await page.reload();
    await page.getByRole('button', { name: 'Salva Planner' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Planner aggiornato' })).toBeVisible();
    await expect(points).toHaveText('10');

    const first = page.getByRole('checkbox', { name: 'Azione 1 completata' });
    await first.check();
    await expect(points).toHaveText('20');
    await expect(page.getByText('33% delle azioni completate')).toBeVisible();
    await first.uncheck();
    await expect(points).toHaveText('10');
    await expect(page.getByText('0% delle azioni completate')).toBeVisible();

    expect(dialogs, 'validation must show in the page, not in a browser dialog').toBe(0);
    expect(errors).toEqual([]);
  });

  test('a second check-in in the same week is refused in the browser and never taken by the server', async ({ page }) => {
    const errors = collectPageErrors(page);
    await newParticipant(page, romeToday());
    await page.goto('/checkin');
    const submit = page.getByRole('button', { name: 'Invia check-in' });
    await expect(submit).toBeDisabled();

    await page.getByText('4 · Bene').click();
    await expect(page.getByRole('radio', { name: /Bene$/ })).toBeChecked();
    await page.getByRole('textbox', { name: 'La tua riflessione' }).fill('Settimana intensa ma ho tenuto il ritmo.');
    const synced = syncedTracker(page, (body) => body.checkIns.length === 1);
    await submit.click();

    await expect(page.getByText('✓ Check-in già completato questa settimana')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Check-in inviato!' })).toContainText('+10 punti');
    await expect(submit).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'La tua riflessione' })).toHaveCount(0);
    // The form stays gone after a reload.
    await page.reload();
    await expect(page.getByText('✓ Check-in già completato questa settimana')).toBeVisible();
    await expect(submit).toHaveCount(0);

    await synced;
    const stored = await serverTracker(page.request);
    expect(stored.checkIns.filter((c) => c.weekNumber === 1)).toHaveLength(1);
    expect(stored.checkIns[0]).toMatchObject({ mood: 4, reflection: 'Settimana intensa ma ho tenuto il ritmo.', date: romeToday() });
    expect(total(stored.pointsHistory)).toBe(10);

    // A tampered upload with a second check-in for the same week and a doubled history: the
    // server keeps the check-in it received and derives the points itself.
    const second = { ...stored.checkIns[0]!, id: `${stored.checkIns[0]!.id}-bis`, mood: 5 };
    const tampered = {
      ...stored,
      checkIns: [...stored.checkIns, second],
      pointsHistory: [...stored.pointsHistory, { ...stored.pointsHistory[0]! }],
    };
    const tag = (await page.request.get('/api/users/me/progress')).headers()['etag']!;
    const answer = await page.request.put('/api/users/me/progress', { data: tampered, headers: { Origin: new URL(page.url()).origin, 'If-Match': tag } });
    expect(answer.status()).toBe(200);
    const after = await serverTracker(page.request);
    expect(after.checkIns).toEqual(stored.checkIns);
    expect(total(after.pointsHistory)).toBe(10);
    expect(errors).toEqual([]);
  });

  test('badges appear when earned: the first check-in earns "Guerriero della Mente"', async ({ page }) => {
    await newParticipant(page, romeToday());
    await page.goto('/classifica');
    const warrior = page.getByRole('listitem').filter({ hasText: 'Guerriero della Mente' });
    await expect(statValue(page, 'Badge ottenuti')).toHaveText('0/6');
    await expect(warrior).toContainText('Da conquistare');

    await page.goto('/checkin');
    await page.getByRole('textbox', { name: 'La tua riflessione' }).fill('Prima settimana fatta.');
    await page.getByRole('button', { name: 'Invia check-in' }).click();
    await expect(page.getByText('✓ Check-in già completato questa settimana')).toBeVisible();

    await page.goto('/classifica');
    await expect(statValue(page, 'Badge ottenuti')).toHaveText('1/6');
    await expect(warrior).toContainText('✓ Ottenuto');
    await expect(statValue(page, 'Punti totali')).toHaveText('10');
    await expect(page.getByRole('listitem').filter({ hasText: 'Collection Point' }).first()).toContainText('Da conquistare');
  });

  test('the dashboard starts the challenge for a participant without a start date', async ({ page }) => {
    const errors = collectPageErrors(page);
    const account = await newParticipant(page, null, 'Marta Avvio');
    const today = romeToday();
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Ciao, Marta Avvio!' })).toBeVisible();

    await page.getByRole('button', { name: 'Inizia la challenge' }).click();
    const date = page.getByLabel('Giorno di inizio:');
    await expect(date).toHaveValue(today);
    await expect(page.getByRole('button', { name: 'Annulla' })).toBeVisible();
    await page.getByRole('button', { name: 'Conferma' }).click();

    await expect(page.getByRole('status').filter({ hasText: 'Challenge iniziata!' })).toContainText(italianDate(today));
    await expect(page.getByRole('button', { name: 'Inizia la challenge' })).toHaveCount(0);
    await expect(page.getByText(/^Iniziata il/)).toContainText(italianDate(today));
    await expect(page.getByText(/^Iniziata il/)).toContainText('Settimana 1');

    const me = await page.request.get('/api/auth/me');
    expect(((await me.json()) as { id: string; challengeStartDate: string }).challengeStartDate).toBe(today);
    await page.reload();
    await expect(page.getByText(/^Iniziata il/)).toContainText(italianDate(today));
    await expect(page.getByRole('button', { name: 'Inizia la challenge' })).toHaveCount(0);
    expect(account.id).toBeTruthy();
    expect(errors).toEqual([]);
  });

  test('the tracker screens have no serious or critical axe violations, and nothing breaks the CSP', async ({ page }) => {
    const violations = await watchCspViolations(page);
    await newParticipant(page, addDays(romeToday(), -2), 'Giulia Axe');
    await page.goto('/abitudini');
    await addHabit(page, 'Bere 2 litri di acqua');
    await habitCard(page, 'Bere 2 litri di acqua').getByRole('button', { name: 'Segna come fatto' }).click();
    await expect(statValue(page, 'Punti')).toHaveText('2');

    for (const path of ['/dashboard', '/planner', '/abitudini', '/checkin', '/classifica']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('Caricamento...')).toHaveCount(0);
      if (path === '/dashboard') {
        await expect(page.getByRole('list', { name: 'Classifica della settimana' })).toBeVisible();
      }
      await page.waitForLoadState('networkidle');
      await expectNoSeriousAxeViolations(page, path);
    }
    expect(violations, 'CSP').toEqual([]);
  });
});
