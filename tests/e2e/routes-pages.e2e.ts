import { expect, test, type Page } from '@playwright/test';
import { addDays, appOrigin, registerParticipant, romeToday, setChallengeStart } from './support';
import { expectItalianTitle, expectPdfDownload, type TitledPath } from './account-support';
import { seriousAxeReport } from './axe-support';
import { watchCspViolations } from './csp-support';

// The program pages around the tracker (landing, events, resources) and, for every route, axe
// and the Italian tab title.

const url = (path: string) => `${appOrigin}${path}`;

test.describe('Landing', () => {
  test('five feature cards, the way in, and a footer linking terms and privacy', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /Otto settimane per diventare/ })).toBeInViewport();
    const header = page.getByRole('navigation', { name: 'Accesso' });
    await expect(header.getByRole('link', { name: 'Accedi' })).toHaveAttribute('href', '/login');
    await expect(header.getByRole('link', { name: 'Registrati' })).toHaveAttribute('href', '/register');

    const howItWorks = page.getByRole('region', { name: 'Come funziona' });
    const cards = howItWorks.getByRole('listitem');
    await expect(cards).toHaveCount(5);
    await expect(howItWorks.getByRole('heading', { level: 3 })).toHaveText([
      'Planner settimanale',
      'Abitudini e costanza',
      'Check-in emotivo settimanale',
      'Classifica e badge',
      'Community e coach',
    ]);
    await expect(page.getByRole('link', { name: 'Crea il tuo account' })).toHaveAttribute('href', '/register');
    // Good on a phone: nothing overflows sideways at 360 px.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    const legal = page.getByRole('contentinfo').getByRole('navigation', { name: 'Informazioni legali' });
    await legal.getByRole('link', { name: 'Termini e condizioni' }).click();
    await expect(page).toHaveURL(url('/terms'));
    await expect(page.getByRole('heading', { level: 1, name: 'Termini e condizioni d’uso' })).toBeVisible();
    await expect(page.getByText('Ultimo aggiornamento: settembre 2025')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(url('/'));
    await legal.getByRole('link', { name: 'Privacy' }).click();
    await expect(page).toHaveURL(url('/privacy'));
    await expect(page.getByRole('heading', { level: 1, name: 'Informativa sulla privacy' })).toBeVisible();
    // The privacy notice changed with the data rights and the retention it now describes.
    await expect(page.getByText('Ultimo aggiornamento: dicembre 2026')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Torna alla home' })).toHaveAttribute('href', '/');
  });
});

test.describe('Landing served as finished HTML', () => {
  test.use({ javaScriptEnabled: false });

  test('without JavaScript the landing is complete, styled, and its links lead in', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.headers()['content-type']).toContain('text/html');
    await expect(page.getByRole('heading', { level: 1, name: /Otto settimane per diventare/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Come funziona' }).getByRole('listitem')).toHaveCount(5);
    // The design system's styles came with the HTML: the primary call to action is the brand's green.
    const cta = page.getByRole('link', { name: 'Inizia la tua sfida' });
    await expect(cta).toHaveCSS('background-color', 'rgb(15, 92, 77)');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await cta.click();
    await expect(page).toHaveURL(url('/register'));
  });
});

test.describe('App shell', () => {
  test('the design system\'s global styles come with app.html, once, and the app is styled by them', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Accedi' })).toBeVisible();
    // Built at build time (web/scripts/prerender.ts) and not inserted a second time at start-up.
    await expect(page.locator('style#chakra-global-styles')).toHaveCount(1);
    const copies = await page.evaluate(
      () => Array.from(document.styleSheets).filter((sheet) => Array.from(sheet.cssRules).some((rule) => rule.cssText.includes('--chakra-colors-brand-700:'))).length,
    );
    expect(copies).toBe(1);
    await expect(page.getByRole('button', { name: 'Accedi', exact: true })).toHaveCSS('background-color', 'rgb(15, 92, 77)');
    // The reset is there too: no default body margin.
    await expect(page.locator('body')).toHaveCSS('margin', '0px');
  });
});

test.describe('Signed-in pages', () => {
  test("come with their screen's styles and tab title; emotion neither serializes nor inserts those again", async ({ page }) => {
    const account = await registerParticipant(page.request, { onboarding: true });
    await setChallengeStart(account.id, addDays(romeToday(), -9));
    const html = await (await page.request.get('/dashboard')).text();
    expect(html).toContain('<title>Dashboard · Sfida 8 settimane</title>');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Settimana 2').first()).toBeVisible();
    // The leaderboard's rows arrive later, from the API: the list's styles, which style its rows,
    // came with the page too.
    const rows = page.getByRole('list', { name: 'Classifica della settimana' });
    await expect(rows.getByRole('listitem').first()).toBeAttached();
    await rows.evaluate((element) => element.setAttribute('data-probe', 'rows'));
    const styles = await page.evaluate(() => {
      const built = document.querySelector('style[data-emotion^="css "][data-s]');
      const builtNames = new Set((built?.getAttribute('data-emotion') ?? '').split(' ').slice(1));
      const classesIn = (sheet: CSSStyleSheet) => Array.from(sheet.cssRules).flatMap((rule) => [...rule.cssText.matchAll(/\.css-([a-z0-9]+)/g)].map((m) => m[1]!));
      const insertedNow = Array.from(document.querySelectorAll<HTMLStyleElement>('style[data-emotion="css"]')).flatMap((tag) => classesIn(tag.sheet!));
      const emotionClass = (selector: string) => /css-([a-z0-9]+)/.exec(document.querySelector(selector)?.className ?? '')?.[1] ?? '';
      return {
        built: builtNames.size,
        insertedAgain: insertedNow.filter((name) => builtNames.has(name)),
        headingBuilt: builtNames.has(emotionClass('h1')),
        headerBuilt: builtNames.has(emotionClass('header')),
        rowsBuilt: builtNames.has(emotionClass('[data-probe="rows"]')),
      };
    });
    expect(styles.built).toBeGreaterThan(30);
    expect(styles.insertedAgain).toEqual([]);
    expect(styles).toMatchObject({ headingBuilt: true, headerBuilt: true, rowsBuilt: true });
    await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('font-weight', '600');
  });

  test('the dashboard does not move under the reader while it loads (no layout shift)', async ({ page }) => {
    const account = await registerParticipant(page.request, { onboarding: true });
    await setChallengeStart(account.id, addDays(romeToday(), -9));
    // Twice: a new device (the tracker restored from the server), then a returning one.
    for (const visit of ['new device', 'returning']) {
      await page.goto('/dashboard');
      await expect(page.getByRole('region', { name: 'Classifica del gruppo' }).getByRole('listitem').first()).toBeAttached();
      await expect(page.getByRole('region', { name: 'Riepilogo della settimana' })).toBeAttached();
      // Every shift the page had so far (buffered), none caused by input: what Lighthouse sums as CLS.
      const shifts = await page.evaluate(
        () =>
          new Promise<Array<{ value: number; sources: string[] }>>((resolve) => {
            new PerformanceObserver((list) => {
              resolve(
                (list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node?: Node }> }>)
                  .filter((entry) => !entry.hadRecentInput)
                  .map((entry) => ({ value: entry.value, sources: entry.sources.map((source) => (source.node as Element | undefined)?.outerHTML.slice(0, 80) ?? '?') })),
              );
            }).observe({ type: 'layout-shift', buffered: true });
            // With no entry at all the observer's callback is never called.
            setTimeout(() => resolve([]), 500);
          }),
      );
      expect(shifts, visit).toEqual([]);
    }
  });
});

test.describe('Eventi', () => {
  const eventList = (page: Page) => page.getByRole('list', { name: 'Calendario degli eventi' }).getByRole('listitem');

  test("the cohort's six seeded events, dated from its start, with dates and speakers; upcoming first, past ones marked; no reserved notice", async ({ page }) => {
    await registerParticipant(page.request, { onboarding: true });
    const { user } = (await (await page.request.get('/api/auth/session')).json()) as { user: { cohortId: string } };
    const { events } = (await (await page.request.get(`/api/cohorts/${user.cohortId}/events`)).json()) as { events: { title: string; startsAt: string }[] };
    const byTime = [...events].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
    expect(byTime.map((event) => event.title.split(':')[0])).toEqual([
      'Kick-off',
      'Abitudini che restano',
      'Mangiare bene senza complicarsi la vita',
      'Allenarsi a casa e in palestra',
      'Stress, sonno e recupero',
      'Traguardo',
    ]);

    // The morning after the third session: three are over, the three to come are listed first.
    await page.clock.setFixedTime(new Date(Date.parse(byTime[2]!.startsAt) + 12 * 60 * 60 * 1000));
    await page.goto('/eventi');
    await expect(page.getByRole('heading', { level: 1, name: 'Eventi' })).toBeVisible();
    const items = eventList(page);
    await expect(items).toHaveCount(6);
    // The local cohort keeps its events open to everyone: no "reserved" notice.
    await expect(page.getByText('Accesso riservato')).toHaveCount(0);
    await expect(items.first()).toContainText('Allenarsi a casa e in palestra');
    await expect(items.first()).toContainText(/Giovedì \d+ \p{L}+ \d{4}, ore 19:00/u);
    await expect(items.first()).toContainText('Con Andrea Galli, personal trainer');
    await expect(items.first().getByRole('link', { name: /Aggiungi al calendario/ })).toBeVisible();
    await expect(items.nth(3)).toContainText('Kick-off');
    const states = await items.evaluateAll((lis) =>
      lis.map((li) => (li.textContent?.includes('Evento concluso') ? 'past' : li.textContent?.includes('In programma') ? 'next' : '?')),
    );
    expect(states).toEqual(['next', 'next', 'next', 'past', 'past', 'past']);
  });
});

test.describe('Risorse', () => {
  test('the recipe book downloads as a PDF; guides and tools are coming', async ({ page }) => {
    await registerParticipant(page.request, { onboarding: true });
    await page.goto('/risorse');
    const recipes = page.getByRole('region', { name: 'Ricettario' });
    await expect(recipes).toContainText('Disponibile');
    for (const name of ['Guide Pratiche', 'Strumenti']) {
      await expect(page.getByRole('region', { name })).toContainText('In arrivo');
    }
    const bytes = await expectPdfDownload(page, recipes.getByRole('link', { name: 'Scarica il ricettario (PDF)' }), 'ricettario-veloce.pdf');
    expect(bytes.length).toBeGreaterThan(5_000);
  });
});

// Every route: axe finds no serious or critical problem, the tab title is Italian, and nothing
// breaks production's Content-Security-Policy.
// One test per kind of visitor (an account each); every route is checked before the test fails.
const routes: Record<'anonimo' | 'nuovo' | 'partecipante', { path: TitledPath; heading: string | RegExp }[]> = {
  anonimo: [
    { path: '/', heading: /Otto settimane per diventare/ },
    { path: '/login', heading: 'Accedi' },
    { path: '/register', heading: 'Crea il tuo account' },
    { path: '/terms', heading: 'Termini e condizioni d’uso' },
    { path: '/privacy', heading: 'Informativa sulla privacy' },
  ],
  nuovo: [{ path: '/onboarding', heading: /iniziamo!/ }],
  partecipante: [
    { path: '/profilo', heading: 'Profilo e Allenamento' },
    { path: '/eventi', heading: 'Eventi' },
    { path: '/messaggi', heading: 'Messaggi' },
    { path: '/risorse', heading: 'Risorse' },
    { path: '/punti', heading: 'Come funzionano i punti' },
    { path: '/squadra', heading: 'La mia squadra' },
  ],
};

// In the system's light and dark alike: contrast is judged on the colours each mode paints.
for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`Accessibility and titles (${colorScheme === 'dark' ? 'scuro' : 'chiaro'})`, () => {
    test.use({ colorScheme });
    for (const [visitor, pages] of Object.entries(routes)) {
      test(`${pages.map((p) => p.path).join(' ')} (${visitor}): no serious axe violation, Italian title`, async ({ page }) => {
        const violations = await watchCspViolations(page);
        if (visitor !== 'anonimo') await registerParticipant(page.request, { onboarding: visitor === 'partecipante' });
        const problems: string[] = [];
        for (const route of pages) {
          await page.goto(route.path);
          await expect(page).toHaveURL(url(route.path));
          await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
          await expectItalianTitle(page, route.path);
          // A prerendered page is checked once the app runs it (its buttons are off until then).
          if ((await page.locator('#root[data-prerendered]').count()) > 0) await expect(page.locator('#root button:disabled')).toHaveCount(0);
          // Checked as the reader sees it once its data came, not while a button is still half-faded
          // loading; whatever the screen loads after its first paint comes under the CSP too.
          await page.waitForLoadState('networkidle');
          const report = await seriousAxeReport(page);
          if (report) problems.push(`${route.path}:\n${report}`);
        }
        if (visitor === 'partecipante') {
          await page.getByRole('button', { name: 'Menu' }).click();
          await expect(page.getByRole('navigation', { name: 'Menu principale' })).toBeVisible();
          const report = await seriousAxeReport(page);
          if (report) problems.push(`menu aperto:\n${report}`);
        }
        if (visitor === 'anonimo') {
          // The landing's own script sends a signed-in visitor on; the login form is the app's code at work.
          await page.goto('/login');
          await page.getByLabel('Email').fill('nessuno@sfida8.test');
          await page.locator('input[name="password"]').fill('password-sbagliata');
          await page.getByRole('button', { name: 'Accedi', exact: true }).click();
          await expect(page.getByRole('alert').first()).toBeVisible();
        }
        expect(problems, `axe (serious/critical):\n${problems.join('\n')}`).toEqual([]);
        expect(violations, 'CSP').toEqual([]);
      });
    }
  });
}
