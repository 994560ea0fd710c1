import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../stack/chromium';
import { NOT_AVAILABLE, type Row } from './results';
import { BENCH_TIME_ZONE } from './tracker-fixture';

// The dashboard's first visit against a repeat visit served by the service worker's cache, on a
// phone's connection and CPU: Lighthouse resets storage (and the worker) before every run, so the
// repeat visit is measured here, in a Playwright-driven Chromium, from navigation start to the
// dashboard's heading.

const RUNS = 5;
/** Lighthouse's "slow 4G": 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up. */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

/** Slow 4G and a 4× slower CPU for the page (requests the worker answers from its cache skip the network's delay). */
async function asAPhone(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return cdp;
}

/** Milliseconds from the navigation's start to the dashboard's heading on screen. */
async function timeToHeading(page: Page, load: () => Promise<unknown>): Promise<number> {
  await load();
  await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible', timeout: 60_000 });
  return page.evaluate(() => performance.now());
}

async function signedInContext(browser: Browser, hostingUrl: string, cookie: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: hostingUrl, locale: 'it-IT', timezoneId: BENCH_TIME_ZONE, serviceWorkers: 'allow' });
  await context.addCookies([{ name: '__session', value: cookie, url: hostingUrl }]);
  return context;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureRepeatVisit(options: { hostingUrl: string | null; cookie: string | null; log: (line: string) => void }): Promise<Row[]> {
  const { hostingUrl, cookie, log } = options;
  const rows = (first: number | null, repeat: number | null, note: string): Row[] => [
    { section: 'Pagine', figure: '/dashboard first visit, to the heading (slow 4G, CPU 4×)', value: first, baseline: null, unit: 'ms', goal: '', ok: null, note },
    {
      section: 'Pagine',
      figure: '/dashboard repeat visit from the service worker, to the heading',
      value: repeat,
      baseline: first,
      unit: 'ms',
      goal: '< 1× first visit',
      ok: first !== null && repeat !== null ? repeat < first : null,
    },
  ];
  if (!hostingUrl || !cookie) return rows(null, null, `${NOT_AVAILABLE}: ${hostingUrl ? 'no signed-in session' : 'web/dist is not built'}`);
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS, env: { ...process.env, TZ: BENCH_TIME_ZONE } });
  try {
    const firsts: number[] = [];
    const repeats: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      log(`  /dashboard first and repeat visit, run ${run + 1} of ${RUNS}…`);
      // A new context each run: a first visit with nothing cached, then the worker's repeat visits.
      const context = await signedInContext(browser, hostingUrl, cookie);
      try {
        const page = await context.newPage();
        await asAPhone(page);
        firsts.push(await timeToHeading(page, () => page.goto('/dashboard')));
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 }).catch(async () => {
          // The first load registers the worker after its paint; it controls the page from the next load.
          await page.reload();
          await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
        });
        const again = await context.newPage();
        await asAPhone(again);
        repeats.push(await timeToHeading(again, () => again.goto('/dashboard')));
      } finally {
        await context.close();
      }
    }
    const note = `median of ${RUNS} runs, each in a new browser context: first visits ${firsts.map(Math.round).join(', ')} ms; repeat visits ${repeats.map(Math.round).join(', ')} ms`;
    return rows(median(firsts), median(repeats), note);
  } catch (error) {
    return rows(null, null, `${NOT_AVAILABLE}: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    await browser.close();
  }
}
