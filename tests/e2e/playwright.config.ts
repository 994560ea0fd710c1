import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/stack/chromium';
import { appUrl, e2eProfile } from '../../scripts/stack/profiles';

// End-to-end tests drive a real Chromium against the real local stack
// (Hosting → Functions → Auth + embedded Firestore) on the e2e ports.
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../../.test-results/e2e.json' }]],
  outputDir: '../../test-results',
  use: {
    baseURL: appUrl(e2eProfile),
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    // A failed test keeps its trace (actions, DOM snapshots, network); the screencast of every
    // test was a tenth of the suite's CPU on two cores, for pictures the DOM snapshots already give.
    trace: { mode: 'retain-on-failure', screenshots: false },
    // The app's service worker would serve pages and scripts from its cache, out of reach of
    // page.route and the response counts most tests rely on; the offline tests allow it.
    serviceWorkers: 'block',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'mobile', use: { ...devices['Pixel 5'], viewport: { width: 360, height: 740 }, defaultBrowserType: 'chromium' } },
  ],
});
