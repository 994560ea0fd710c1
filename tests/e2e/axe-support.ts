import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Waits until no finite animation or transition is running: axe reads each colour as it is at
 * that moment, and a button fading in (enabled once the app has started) is not the page's colour.
 */
export async function waitForStillPage(page: Page): Promise<void> {
  // Two frames first: a transition that a state change just committed (a button enabled again when
  // its request ends) has started by then, so the wait below sees it.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
}

/** axe on the page as it is: every serious or critical violation, one line per node ('' when none). */
export async function seriousAxeReport(page: Page): Promise<string> {
  await waitForStillPage(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return serious
    .map(
      (v) =>
        `- [${v.impact}] ${v.id}: ${v.help}\n${v.nodes
          .map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').join(' ')}`)
          .join('\n')}`,
    )
    .join('\n');
}

/**
 * Runs axe on the page as it is and fails the test listing every serious or critical violation;
 * softly, so that one run names the violations of every screen the test goes through.
 * Each call is a row of docs/accessibility.md (tests/cross/axe-coverage.test.ts).
 */
export async function expectNoSeriousAxeViolations(page: Page, where: string): Promise<void> {
  const report = await seriousAxeReport(page);
  expect.soft(report, `axe su ${where}:\n${report}`).toBe('');
}
