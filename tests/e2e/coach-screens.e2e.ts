import { expect, test, type Page } from '@playwright/test';
import { FieldValue } from 'firebase-admin/firestore';
import { emptyTracker } from '@sfida/core/tracker';
import { addHabit as addHabitTo, toggleHabit } from '@sfida/core/tracker-actions';
import { coachWithCohort, phoneParticipant, sendCheckIn, storedParticipant, thisMonday } from './coach-support';
import { addDays, appOrigin, e2eFirestore, romeNoon, romeToday, signIn, uniqueEmail } from './support';
import { collectPageErrors, expectNoSideScroll, must, PHONE_390, seedServerTracker } from './tracker-support';
import { expectNoSeriousAxeViolations } from './axe-support';

// The coach's console one screen at a time: every coach screen, on a cohort of 40 with something on
// every part (check-ins, events, resources, messages, teams), is at most three windows tall at
// 1280 × 800; on a phone the cohort's parts are tabs, tapped, with "back" and a shared link landing
// on the same tab. 37 participants are written with the Admin SDK as the server stores them (some
// with a tracker), three use their phones and send a check-in.

const DESKTOP = { width: 1280, height: 800 };
const MAX_HEIGHT = 3 * DESKTOP.height;
const SEEDED = 37;

/** `count` participants of `cohortId` as registration and syncs leave them; the first fifteen ticked a habit on the days since their start. */
async function seedParticipants(cohortId: string, count: number): Promise<void> {
  const db = await e2eFirestore();
  const batch = db.batch();
  const now = new Date().toISOString();
  const suffix = cohortId.slice(-6);
  const ids = Array.from({ length: count }, (_, i) => `schermi-${suffix}-${String(i + 1).padStart(2, '0')}`);
  ids.forEach((id, i) => {
    batch.set(db.collection('users').doc(id), {
      ...storedParticipant(cohortId, `Persona ${String(i + 1).padStart(2, '0')}`, `${id}@sfida8.test`, now),
      createdAt: now,
      // Started on different days of the last week: the roster and Andamento have something to show.
      challengeStartDate: addDays(romeToday(), -(i % 7)),
    });
  });
  batch.set(db.doc(`cohorts/${cohortId}/members/index`), { ids: FieldValue.arrayUnion(...ids) }, { merge: true });
  await batch.commit();
  const today = romeToday();
  const active = ids.slice(0, 15);
  for (let i = 0; i < active.length; i += 5) {
    await Promise.all(
      active.slice(i, i + 5).map(async (id, j) => {
        const start = addDays(today, -((i + j) % 7));
        let tracker = must(addHabitTo(emptyTracker('Europe/Rome', romeNoon(start), start), 'Camminare', romeNoon(start), 'h1'));
        for (let day = start; day <= today; day = addDays(day, 1)) tracker = must(toggleHabit(tracker, 'h1', day, romeNoon(day)));
        await seedServerTracker(id, tracker);
      }),
    );
  }
}

/** Runs `calls` five at a time: the local emulators reset connections under more. */
async function inBatches(calls: Array<() => Promise<void>>): Promise<void> {
  for (let i = 0; i < calls.length; i += 5) await Promise.all(calls.slice(i, i + 5).map((call) => call()));
}

/** What a coach adds through the console's own API: six events, four links, three messages, the teams. */
async function seedCohortContent(page: Page, cohortId: string): Promise<void> {
  const headers = { Origin: appOrigin };
  const base = `/api/coach/cohorts/${cohortId}`;
  const created = (status: number) => (response: { status(): number; text(): Promise<string> }) => response.text().then((text) => expect(response.status(), text).toBe(status));
  await inBatches([
    ...Array.from(
      { length: 6 },
      (_, i) => () =>
        page.request
          .post(`${base}/events`, {
            headers,
            data: {
              startsAt: new Date(Date.now() + (i + 1) * 3 * 24 * 60 * 60 * 1000).toISOString(),
              title: `Incontro ${i + 1}`,
              speaker: 'Marta Coach',
              description: 'Domande e risposte',
              link: '',
              access: 'BASE',
              durationMinutes: 60,
            },
          })
          .then(created(201)),
    ),
    ...Array.from(
      { length: 4 },
      (_, i) => () =>
        page.request
          .post(`${base}/resources/links`, {
            headers,
            data: { section: i % 2 === 0 ? 'guide' : 'strumenti', title: `Risorsa ${i + 1}`, description: 'Da leggere con calma', url: `https://esempio.it/risorsa-${i + 1}` },
          })
          .then(created(201)),
    ),
  ]);
  for (let i = 0; i < 3; i++) {
    const sent = await page.request.post(`${base}/messages`, {
      headers,
      data: { segment: 'all', requestId: `schermi-${uniqueEmail('').slice(1, 9)}-${i}`, text: `Ciao {nome}, messaggio ${i + 1} della settimana.` },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
  }
  const teams = await page.request.post(`${base}/teams`, { headers, data: { method: 'random', size: 4 } });
  expect(teams.ok(), await teams.text()).toBe(true);
}

/** Waits until the screen has its content (no "Caricamento..." left), then answers the page's height. */
async function settledHeight(page: Page, ready: ReturnType<Page['getByRole']>): Promise<number> {
  await expect(ready.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Caricamento...')).toHaveCount(0, { timeout: 30_000 });
  return page.evaluate(() => document.documentElement.scrollHeight);
}

test('every coach screen on a cohort of 40 is at most three windows tall at 1280 × 800; on a phone a tab per part, with back and a shared link', async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  const errors = collectPageErrors(page);
  const { coach, cohortId, inviteCode } = await coachWithCohort(page, addDays(thisMonday(), -7));
  const cohortName = ((await (await page.request.get('/api/coach/cohorts')).json()) as Array<{ id: string; name: string }>).find((c) => c.id === cohortId)!.name;
  // A second, empty cohort: the console's picker has a choice to remember.
  const other = await page.request.post('/api/coach/cohorts', {
    headers: { Origin: appOrigin },
    data: { name: `Altra ${uniqueEmail('').slice(1, 7)}`, startDate: thisMonday(), pace: 'ownDay', confirmPastStart: true },
  });
  expect(other.status(), await other.text()).toBe(201);
  await seedParticipants(cohortId, SEEDED);
  const phones = await Promise.all(['Sara Fatica', 'Luca Sereno', 'Nina Costante'].map((name) => phoneParticipant(browser, baseURL!, inviteCode, name)));
  try {
    await Promise.all([
      sendCheckIn(phones[0]!.page, '1 · Molto difficile', 'Settimana durissima.\nNon dormo e salto tutto.'),
      sendCheckIn(phones[1]!.page, '4 · Bene', 'Buona settimana.'),
      sendCheckIn(phones[2]!.page, '5 · Eccellente', 'La migliore finora.'),
      seedCohortContent(page, cohortId),
    ]);
  } finally {
    await Promise.all(phones.map((phone) => phone.context.close()));
  }

  // On a desktop, every screen of the console.
  await page.setViewportSize(DESKTOP);
  const cohort = `/coach/${cohortId}`;
  const screens: Array<[string, ReturnType<Page['getByRole']>]> = [
    [`/coach?coorte=${cohortId}`, page.getByRole('list', { name: 'Check-in da leggere' })],
    ['/coach/check-in', page.getByRole('list', { name: 'Check-in da leggere' })],
    ['/coach/coorti', page.getByRole('region', { name: cohortName, exact: true })],
    [`/coach/eventi?coorte=${cohortId}`, page.getByRole('list', { name: 'Eventi della coorte' })],
    ['/coach/conversazioni', page.getByRole('heading', { level: 1, name: 'Conversazioni' })],
    [cohort, page.getByText('persone da seguire oggi')],
    [`${cohort}/partecipanti`, page.getByText('40 di 40 partecipanti')],
    [`${cohort}/andamento`, page.getByRole('table', { name: `Andamento settimana per settimana: ${cohortName}` })],
    [`${cohort}/messaggi`, page.getByRole('list', { name: 'Messaggi inviati' })],
    [`${cohort}/eventi`, page.getByRole('list', { name: 'Eventi della coorte' })],
    [`${cohort}/risorse`, page.getByRole('list', { name: 'Strumenti' })],
    [`${cohort}/squadre`, page.getByRole('list', { name: 'Classifica delle squadre' })],
    [`${cohort}/impostazioni`, page.getByRole('region', { name: 'Impostazioni della coorte' })],
    [`${cohort}/partecipanti/${phones[0]!.account.id}`, page.getByRole('heading', { level: 1, name: 'Sara Fatica' })],
  ];
  const heights: Record<string, number> = {};
  const tabLabels: Record<string, string> = {
    partecipanti: 'Partecipanti',
    andamento: 'Andamento',
    messaggi: 'Messaggi',
    eventi: 'Eventi',
    risorse: 'Risorse',
    squadre: 'Squadre',
    impostazioni: 'Impostazioni',
  };
  for (const [path, ready] of screens) {
    // From one part of the cohort to the next by its tab, as a coach goes; every other screen by its address.
    const label = tabLabels[path.slice(cohort.length + 1)];
    if (path.startsWith(`${cohort}/`) && label) {
      await page.getByRole('navigation', { name: 'Parti della coorte' }).getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(`${appOrigin}${path}`);
    } else {
      await page.goto(path);
    }
    heights[path] = await settledHeight(page, ready);
  }
  // One assertion for all, so a failure names every screen that grew too tall.
  expect(Object.entries(heights).filter(([, height]) => height > MAX_HEIGHT)).toEqual([]);
  // The 40 people are there: the home's list is capped, not empty.
  await page.goto(`/coach?coorte=${cohortId}`);
  const triage = page.getByRole('region', { name: 'Da fare oggi' });
  await expect(triage.getByRole('button', { name: /^Mostra altri \(\d+\)$/ }).first()).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousAxeViolations(page, '/coach (40 partecipanti, 1280 px)');

  // On a phone (a touch screen): the cohort's parts are tabs, tapped one after the other.
  const phoneContext = await browser.newContext({ baseURL, locale: 'it-IT', timezoneId: 'Europe/Rome', viewport: PHONE_390, hasTouch: true, isMobile: true });
  try {
    await onPhone(await phoneContext.newPage());
  } finally {
    await phoneContext.close();
  }
  expect(errors).toEqual([]);

  async function onPhone(phone: Page) {
    const phoneErrors = collectPageErrors(phone);
    await signIn(phone, coach);
    const page = phone;
    await page.goto(cohort);
    const tabs = page.getByRole('navigation', { name: 'Parti della coorte' });
    const tab = (name: string) => tabs.getByRole('link', { name, exact: true });
    await expect(tab('Oggi')).toHaveAttribute('aria-current', 'page');
    const parts: Array<[string, string, ReturnType<Page['getByRole']>]> = [
      ['Partecipanti', 'partecipanti', page.getByRole('region', { name: 'Roster' })],
      ['Andamento', 'andamento', page.getByRole('region', { name: 'Andamento' })],
      ['Messaggi', 'messaggi', page.getByRole('region', { name: 'Messaggi inviati' })],
      ['Eventi', 'eventi', page.getByRole('region', { name: 'Eventi' })],
      ['Risorse', 'risorse', page.getByRole('region', { name: 'Risorse' })],
      ['Squadre', 'squadre', page.getByRole('region', { name: 'Squadre' })],
      ['Impostazioni', 'impostazioni', page.getByRole('region', { name: 'Impostazioni della coorte' })],
    ];
    for (const [name, path, region] of parts) {
      await tab(name).tap();
      await expect(page).toHaveURL(`${appOrigin}${cohort}/${path}`);
      await expect(tab(name)).toHaveAttribute('aria-current', 'page');
      await expect(region).toBeVisible();
      // Each tab is a finger's size, and the bar never widens the page.
      expect((await tab(name).boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await expectNoSideScroll(page);
    }
    await expectNoSeriousAxeViolations(page, '/coach/:cohortId/impostazioni (390 px)');
    // Scrolled to the end of a long part, the tabs are still in reach.
    await tab('Partecipanti').tap();
    await expect(page.getByRole('region', { name: 'Roster' })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(tabs).toBeInViewport();

    // "Back" returns to the tab before, marked as such.
    await page.goBack();
    await expect(page).toHaveURL(`${appOrigin}${cohort}/impostazioni`);
    await expect(tab('Impostazioni')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('region', { name: 'Impostazioni della coorte' })).toBeVisible();

    // A shared link opens on its tab.
    await page.goto(`${cohort}/squadre`);
    await expect(tab('Squadre')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('list', { name: 'Classifica delle squadre' })).toBeVisible();

    // The cohort opened last is the console's choice: "Eventi" and "Check-in", from the menu, open on it.
    for (const [entry, heading] of [
      ['Eventi', 'Eventi'],
      ['Check-in', 'Check-in'],
    ] as const) {
      await page.getByRole('button', { name: 'Menu' }).tap();
      await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: entry, exact: true }).tap();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Coorte' })).toHaveValue(cohortId);
      await expect(page).toHaveURL(new RegExp(`[?&]coorte=${cohortId}$`));
    }
    await expect(page.getByRole('list', { name: 'Check-in da leggere' }).locator(':scope > li')).toHaveCount(3);
    await expectNoSeriousAxeViolations(page, '/coach/check-in (390 px)');
    expect(phoneErrors).toEqual([]);
  }
});
