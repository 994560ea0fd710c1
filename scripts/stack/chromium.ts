import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as PlaywrightCore from 'playwright-core';

/**
 * The Chromium the tests drive: CHROMIUM_PATH, a system Chromium, or
 * Playwright's own download. Throws with install instructions when none exists.
 */
export function findChromium(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/snap/bin/chromium',
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  ].filter((path): path is string => Boolean(path));
  for (const path of candidates) if (existsSync(path)) return path;
  const bundled = playwrightChromium();
  if (bundled) return bundled;
  throw new Error(
    [
      'Nessun Chromium trovato: i test end-to-end e il benchmark ne hanno bisogno.',
      'Installalo con uno di questi comandi e riprova:',
      '  Debian/Ubuntu:  sudo apt-get install -y chromium',
      '  altrove:        npx playwright install chromium',
      'oppure indica il percorso con CHROMIUM_PATH=/percorso/chromium.',
    ].join('\n'),
  );
}

function playwrightChromium(): string | undefined {
  try {
    // playwright-core knows where `npx playwright install` puts its browsers.
    const require = createRequire(import.meta.url);
    const { chromium } = require('playwright-core') as typeof PlaywrightCore;
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** Flags for a closed network: without them Chromium stalls on refused connections. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
