import { gzipSync } from 'node:zlib';
import { expect, test, type Browser, type Page, type Response } from '@playwright/test';
import { appUrl, DEMO_PARTICIPANT, e2eProfile } from '../../scripts/stack/profiles';
import { COMPILE_HINT } from '../../web/scripts/compile-hints';

// JavaScript budgets: the JavaScript a route loads before it works, each file
// gzip-compressed at level 9 (deterministic) and summed. KB = 1024 bytes. For a page the app
// renders, that is what it asked for before its main heading entered the page (the landing's, served
// in its HTML: before its first paint); a prerendered page (login, register, terms,
// privacy) shows its heading at once, so for it everything until the network is idle counts:
// the app's code that makes the page work.
const KB = 1024;
const LANDING_BUDGET = 140 * KB;
// A page without the tracker never loads the tracker's code: the shell loads its sign-out step when
// a sign-out begins. Habit schedules, the maintenance phase, the new season and Google sign-in (issues
// 39 and 41) took /dashboard to 204.4 KB; core's rules then came in two chunks, what the tracker
// screens need and `core-more` (201.5 KB). The conversation (its components, rules and React
// Query's infinite queries) now rides in a chunk of its own that only the messages and the coach's
// threads load, not in `ui` and `core` (web/vite.config.ts): /dashboard 198.7 KB in 7 files,
// /messaggi 199.2 in 8, the sign-in pages 155. Back within 200 KB.
const ROUTE_BUDGET = 200 * KB;
// A phone's connection pays a round trip per file: a route's code comes in a few shared chunks
// (web/vite.config.ts), not in a file per component. The dashboard once took 14.
const MAX_FILES = 8;

const signedOutRoutes = ['/', '/login', '/register', '/terms', '/privacy'];
const signedInRoutes = ['/dashboard', '/planner', '/abitudini', '/checkin', '/classifica', '/punti', '/squadra', '/profilo', '/eventi', '/risorse', '/messaggi'];

const baseURL = appUrl(e2eProfile);

function isJavaScript(response: Response): boolean {
  const type = response.headers()['content-type'] ?? '';
  return response.request().resourceType() === 'script' || /javascript|ecmascript/.test(type);
}

/**
 * Loads `path` in a fresh page and sums the gzipped JavaScript it fetched before it worked (see above).
 *
 * For a page the app renders, "before its heading shows" is read in the page, not from when the test
 * saw the heading: a script counts when its request began before the app put its first `h1` in the document.
 * Code the screen loads after its first paint (the dashboard's ranking, below the fold) then never
 * counts, however fast it arrives.
 */
async function javaScriptBeforeHeading(page: Page, path: string): Promise<{ bytes: number; files: string[] }> {
  const bodies = new Map<string, Promise<Buffer>>();
  const collect = (response: Response) => {
    if (!isJavaScript(response) || bodies.has(response.url())) return;
    const body = response.body();
    // A file that arrives after the measurement (the landing's prefetches) is never awaited:
    // its body may be cut off when the test ends, which is no failure.
    body.catch(() => {});
    bodies.set(response.url(), body);
  };
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const state = window as unknown as { __headingAt?: number; __servedHeading?: boolean };
      // The landing's heading comes in the served HTML and shows with the first paint; no app renders it.
      if (document.querySelector('h1')) {
        state.__servedHeading = true;
        return;
      }
      const observer = new MutationObserver((records) => {
        const added = records.flatMap((record) => Array.from(record.addedNodes));
        if (!added.some((node) => node instanceof Element && (node.matches('h1') || node.querySelector('h1')))) return;
        state.__headingAt = performance.now();
        observer.disconnect();
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
  });
  page.on('response', collect);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(new URL(page.url()).pathname, `${path} redirected`).toBe(path);
  const prerendered = (await page.locator('#root[data-prerendered]').count()) > 0;
  const headingAt = () => {
    const state = window as unknown as { __headingAt?: number; __servedHeading?: boolean };
    if (state.__servedHeading) return performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    return state.__headingAt ?? null;
  };
  const shownAt = prerendered ? Infinity : ((await (await page.waitForFunction(headingAt)).jsonValue()) as number);
  // Every file the page asked for in its first moments has arrived: none is left out by chance.
  await page.waitForLoadState('networkidle');
  page.off('response', collect);
  const startedBeforeHeading = new Set(
    await page.evaluate(
      (before) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime < before)
          .map((entry) => entry.name),
      shownAt,
    ),
  );
  const loaded = [...bodies.entries()].filter(([url]) => prerendered || startedBeforeHeading.has(url));
  let bytes = 0;
  for (const [, body] of loaded) bytes += gzipSync(await body, { level: 9 }).length;
  return { bytes, files: loaded.map(([url]) => new URL(url).pathname) };
}

/** Reports the measure and checks it against the budget and the file count. */
function expectWithinBudget(path: string, measured: { bytes: number; files: string[] }, budget: number): void {
  const description = `${path}: ${(measured.bytes / KB).toFixed(1)} KB gzip in ${measured.files.length} files (budget ${budget / KB} KB, ${MAX_FILES} files)`;
  test.info().annotations.push({ type: 'js-gzip', description });
  console.log(`[budget] ${description}`);
  expect(measured.bytes, measured.files.join('\n')).toBeLessThanOrEqual(budget);
  // The service worker's registration costs the start-up no script (no workbox-window, no chunk of its own).
  expect(measured.files.filter((file) => /workbox/i.test(file))).toEqual([]);
  expect(measured.files.length, measured.files.join('\n')).toBeLessThanOrEqual(MAX_FILES);
}

/** Signs the demo participant in through the API and returns the session cookie's value. */
async function demoSessionCookie(browser: Browser): Promise<string> {
  const context = await browser.newContext({ baseURL });
  const response = await context.request.post('/api/auth/login', {
    headers: { Origin: baseURL },
    data: { email: DEMO_PARTICIPANT.email, password: DEMO_PARTICIPANT.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const cookie = (await context.cookies()).find((c) => c.name === '__session');
  const fromHeader = /__session=([^;]+)/.exec(response.headers()['set-cookie'] ?? '')?.[1];
  await context.close();
  const value = cookie?.value ?? fromHeader;
  if (!value) throw new Error('POST /api/auth/login did not set the __session cookie');
  return value;
}

test.describe('JavaScript budget, signed out', () => {
  for (const path of signedOutRoutes) {
    const budget = path === '/' ? LANDING_BUDGET : ROUTE_BUDGET;
    test(`${path} loads at most ${budget / KB} KB of gzipped JavaScript, in at most ${MAX_FILES} files`, async ({ page }) => {
      const measured = await javaScriptBeforeHeading(page, path);
      expectWithinBudget(path, measured, budget);
      // "Accedi con Google" (/login, /register) keeps these budgets as they were: the Firebase Auth
      // SDK is loaded by a tap on its button, never with the page (web/src/features/auth/google-sign-in.ts).
      expect(measured.files.filter((file) => /firebase-auth-/.test(file))).toEqual([]);
    });
  }
});

test.describe('JavaScript budget, signed in as the demo participant', () => {
  let session = '';
  test.beforeAll(async ({ browser }) => {
    session = await demoSessionCookie(browser);
  });

  for (const path of signedInRoutes) {
    test(`${path} loads at most ${ROUTE_BUDGET / KB} KB of gzipped JavaScript, in at most ${MAX_FILES} files`, async ({ page }) => {
      await page.context().addCookies([
        { name: '__session', value: session, domain: '127.0.0.1', path: '/', httpOnly: true, secure: false, sameSite: 'Lax' },
      ]);
      const measured = await javaScriptBeforeHeading(page, path);
      expectWithinBudget(path, measured, ROUTE_BUDGET);
      // The coach console is a chunk of its own that only /coach loads.
      expect(measured.files.filter((file) => /coach-console-/.test(file))).toEqual([]);
    });
  }
});

test('the files every page runs at start ask to be compiled off the main thread; screens loaded on demand do not', async ({ request }) => {
  // The SPA shell: every page starts with its entry and module preloads.
  const shell = await (await request.get('/app.html')).text();
  const entryPath = /<script type="module"[^>]* src="([^"]+)"/.exec(shell)?.[1];
  const preloaded = [...shell.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map((match) => match[1]!);
  expect(entryPath, shell).toBeDefined();
  expect(preloaded.length, shell).toBeGreaterThanOrEqual(1);
  const startUp = [entryPath!, ...preloaded];
  for (const path of startUp) {
    expect((await (await request.get(path)).text()).startsWith(`${COMPILE_HINT}\n`), path).toBe(true);
  }
  const entry = await (await request.get(entryPath!)).text();
  const screen = /assets\/dashboard-page-[\w-]+\.js/.exec(entry)?.[0];
  expect(screen, 'the entry names the dashboard screen it loads on demand').toBeDefined();
  const screenCode = await (await request.get(`/${screen}`)).text();
  expect(screenCode).toContain('Ecco a che punto sei oggi.');
  expect(screenCode).not.toContain(COMPILE_HINT);
});

test("a signed-in page downloads its screen's chunks next to the entry, not after running it", async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  // The app's entry never arrives: whatever else is fetched was asked for by the page itself.
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/planner');
  await expect.poll(() => requested.filter((path) => /\/assets\/planner-page-[\w-]+\.js$/.test(path))).toHaveLength(1);
  expect(requested.some((path) => /\/assets\/app-shell-[\w-]+\.js$/.test(path)), requested.join('\n')).toBe(true);
  expect(requested.some((path) => /\/assets\/dashboard-page-[\w-]+\.js$/.test(path)), requested.join('\n')).toBe(false);
  await expect(page.getByRole('status')).toHaveText('Caricamento...');
});
