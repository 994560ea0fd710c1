import { expect, test, type Page } from '@playwright/test';
import { romeToday, signIn } from './support';
import { addHabit, collectPageErrors, habitCard, newParticipant, serverTracker, syncedTracker } from './tracker-support';

// The app on a phone with no network: once signed in, the service worker has every page and
// script, the tracker works on the device, and what was done offline reaches the server when the
// network returns, merged with what another device did meanwhile.

test.use({ serviceWorkers: 'allow' });

/** Waits until the service worker controls the page (it precaches the whole app before it activates). */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return registration?.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
}

test('offline: the app opens from the cache, a tick made offline reaches the server with another device\'s, nothing lost', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const account = await newParticipant(page, romeToday(), 'Olga Offline');
  await page.goto('/abitudini');
  await addHabit(page, 'Camminare');
  const both = syncedTracker(page, (body) => body.habits.length === 2);
  await addHabit(page, 'Leggere');
  await both;
  await controlledByServiceWorker(page);

  // No network: the page reloads from the worker's cache, says it is offline, and ticks.
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Tracciamento Abitudini' })).toBeVisible();
  await expect(page.getByText(/Sei offline: puoi continuare a usare l’app/)).toBeVisible();
  await habitCard(page, 'Camminare').getByRole('button', { name: 'Segna come fatto' }).click();
  await expect(habitCard(page, 'Camminare').getByRole('button', { name: '✓ Fatto oggi' })).toBeVisible();
  // A screen not visited yet opens too: its code is in the cache.
  await page.goto('/planner');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/abitudini');

  // Meanwhile another device, online, ticks the other habit.
  const other = await browser.newContext({ baseURL, locale: 'it-IT', timezoneId: 'Europe/Rome', serviceWorkers: 'block' });
  try {
    const phone = await other.newPage();
    await signIn(phone, account);
    await phone.goto('/abitudini');
    const ticked = syncedTracker(phone, (body) => Object.keys(body.completions).length === 1);
    await habitCard(phone, 'Leggere').getByRole('button', { name: 'Segna come fatto' }).click();
    await ticked;
  } finally {
    await other.close();
  }

  // The network returns: the offline tick is sent, merged with the other device's.
  const merged = syncedTracker(page, (body) => Object.keys(body.completions).length === 2);
  await page.context().setOffline(false);
  await merged;
  await expect(page.getByText(/Sei offline/)).toHaveCount(0);
  const stored = await serverTracker(page.request);
  const today = romeToday();
  const idOf = (name: string) => stored.habits.find((habit) => habit.name === name)!.id;
  expect(stored.completions[idOf('Camminare')]?.[today]).toBeDefined();
  expect(stored.completions[idOf('Leggere')]?.[today]).toBeDefined();
  expect(errors).toEqual([]);
});

test('the worker never caches /api, and a new page load still asks the server for the session', async ({ page }) => {
  await newParticipant(page, romeToday(), 'Paolo Privato');
  await page.goto('/dashboard');
  await controlledByServiceWorker(page);
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/dashboard.html');
  expect(cached).toContain('/app.html');
  expect(cached.some((path) => path.startsWith('/assets/'))).toBe(true);
  expect(cached.filter((path) => path.startsWith('/api/'))).toEqual([]);
  const session = page.waitForResponse((response) => response.url().endsWith('/api/auth/session'));
  await page.reload();
  expect((await session).fromServiceWorker()).toBe(false);
});

test('a push message becomes a notification carrying the screen a tap opens, never another site', async ({ page, context, baseURL }) => {
  await newParticipant(page, romeToday(), 'Nadia Notifiche');
  await context.grantPermissions(['notifications'], { origin: baseURL! });
  await page.goto('/dashboard');
  await controlledByServiceWorker(page);

  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> }) => {
      const ours = registrations.find((registration) => registration.scopeURL === `${baseURL}/` && !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const deliver = async (data: object) =>
    cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL!, registrationId: await registrationId, data: JSON.stringify(data) });

  const reminder = { title: 'Sfida 8 settimane', body: 'Ti mancano 2 abitudini oggi 💪', url: '/abitudini', tag: 'habits' };
  await deliver(reminder);
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown })),
    );
  // On a loaded machine the browser may drop a delivery made while it starts the worker (a push
  // service retries; DevTools does not): delivered again until shown. The tag keeps it to one.
  await expect
    .poll(
      async () => {
        const notifications = await shown();
        if (notifications.length === 0) await deliver(reminder);
        return notifications;
      },
      { timeout: 30_000, intervals: [1000, 2000, 3000] },
    )
    .toEqual([{ title: 'Sfida 8 settimane', body: 'Ti mancano 2 abitudini oggi 💪', tag: 'habits', data: { url: '/abitudini' } }]);

  // A link to another site never leaves the app: it opens the dashboard.
  const phishing = { title: 'Messaggio', body: 'Prova', url: 'https://altro.example/phishing', tag: 'message' };
  await deliver(phishing);
  await expect
    .poll(
      async () => {
        const message = (await shown()).find((n) => n.tag === 'message');
        if (!message) await deliver(phishing);
        return message?.data;
      },
      { timeout: 30_000, intervals: [1000, 2000, 3000] },
    )
    .toEqual({ url: '/dashboard' });
});
