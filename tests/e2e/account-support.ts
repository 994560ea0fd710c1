import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';

// Helpers for the account, onboarding and route end-to-end tests (account*.e2e.ts, routes-*.e2e.ts).

export const APP_NAME = 'Sfida 8 settimane';

/** The browser tab's title of each screen (web/src/lib/use-document-title.ts adds the app name). */
export const pageTitles = {
  '/': 'Otto settimane per cambiare davvero',
  '/login': 'Accedi',
  '/register': 'Registrati',
  '/terms': 'Termini e condizioni',
  '/privacy': 'Informativa sulla privacy',
  '/onboarding': 'Onboarding',
  '/profilo': 'Profilo e Allenamento',
  '/eventi': 'Eventi',
  '/messaggi': 'Messaggi',
  '/risorse': 'Risorse',
  '/punti': 'Come funzionano i punti',
  '/squadra': 'La mia squadra',
} as const;

export type TitledPath = keyof typeof pageTitles;

/** The exact Italian title in the tab, and an Italian document. */
export async function expectItalianTitle(page: Page, path: TitledPath): Promise<void> {
  await expect(page).toHaveTitle(`${pageTitles[path]} · ${APP_NAME}`);
  expect((await page.title()).trim().length).toBeGreaterThan(APP_NAME.length);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
}

/** Clicks a download link and checks the browser saved a real PDF under the expected name. */
export async function expectPdfDownload(page: Page, link: Locator, fileName: string): Promise<Buffer> {
  const downloadStarted = page.waitForEvent('download');
  await link.click();
  const download = await downloadStarted;
  expect(download.suggestedFilename()).toBe(fileName);
  expect(await download.failure()).toBeNull();
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(1000);
  return bytes;
}

/** A gate to hold a request in `page.route` until the test has seen the in-between state. */
export function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** The red inline error box above a form. */
export function errorBox(page: Page): Locator {
  return page.getByRole('alert');
}

/** The registration date as the profile writes it ("21 novembre 2026"), in the browser's zone. */
export function italianDate(iso: string): string {
  return new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Rome' }).format(new Date(iso));
}

/**
 * Clicks the button named `name` in the very task it turns enabled, as an impatient thumb would,
 * instead of waiting for the page to settle as Playwright's click does.
 */
export async function clickTheMomentEnabled(page: Page, name: string): Promise<void> {
  await page.evaluate((buttonName) => {
    const find = () => Array.from(document.querySelectorAll('button')).find((button) => button.textContent?.trim() === buttonName);
    const observer = new MutationObserver(() => {
      const button = find();
      if (button && !button.disabled) {
        observer.disconnect();
        button.click();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
  }, name);
}
