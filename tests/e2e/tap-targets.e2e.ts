import { expect, test, type Page } from '@playwright/test';
import { registerParticipant, romeToday, setChallengeStart } from './support';
import { PHONE_390, addHabit } from './tracker-support';

// Every control on a participant's screens is at least 44 × 44 px on a 390 px phone: a finger's
// target. Exempt, as WCAG 2.5.8 allows: a link inside running text (its line is the text's), and
// what is not on screen (the skip link until focused, closed menus). A checkbox counts by its label
// when it has one (the label is what a tap hits).

const MIN = 44;

/** The controls on screen smaller than MIN in either direction, described for the failure message. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="switch"], [role="checkbox"], [tabindex]:not([tabindex="-1"])';
    const small: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || element.closest('[hidden], [aria-hidden="true"]')) continue;
      const own = element.getBoundingClientRect();
      // Off screen or visually hidden (the skip link, screen-reader-only text).
      if (own.width <= 1 || own.height <= 1) continue;
      // A link in running text: words of its own beside it in its parent.
      if (element.tagName === 'A') {
        const siblings = Array.from(element.parentElement?.childNodes ?? []);
        if (siblings.some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '')) continue;
      }
      const input = element as HTMLInputElement;
      const label = element.tagName === 'INPUT' && (input.type === 'checkbox' || input.type === 'radio') ? element.closest('label') : null;
      // A field whose box is the whole row (text inputs, selects) is measured as it is.
      const rect = (label ?? element).getBoundingClientRect();
      if (rect.width + 0.5 < min || rect.height + 0.5 < min) {
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
        small.push(`${element.tagName.toLowerCase()} "${name}" ${Math.round(rect.width)}×${Math.round(rect.height)}`);
      }
    }
    return small;
  }, MIN);
}

test.describe('tap targets at 390 px', () => {
  test.use({ viewport: PHONE_390 });

  test("every control on a participant's screens is at least 44 × 44 px", async ({ page }) => {
    const account = await registerParticipant(page.request, { onboarding: true, name: 'Chiara Test' });
    await setChallengeStart(account.id, romeToday());
    // A habit, so its controls (the day strip, the tick) are on screen.
    await page.goto('/abitudini');
    await addHabit(page, 'Camminare');

    const screens: Array<[string, RegExp | string]> = [
      ['/dashboard', 'Ciao, Chiara Test!'],
      ['/abitudini', 'Tracciamento Abitudini'],
      ['/planner', 'Planner Settimanale'],
      ['/checkin', 'Check-in Settimanale'],
      ['/messaggi', 'Messaggi'],
      ['/classifica', 'Vittorie'],
      ['/profilo', 'Profilo e Allenamento'],
      ['/eventi', 'Eventi'],
      ['/risorse', 'Risorse'],
    ];
    const found: string[] = [];
    for (const [path, heading] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // The cards that mount after the first paint, and the lazy ones.
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      for (const target of await smallTargets(page)) found.push(`${path}: ${target}`);
    }
    // The menu, open.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /^Menu/ }).click();
    await expect(page.getByRole('navigation', { name: 'Menu principale' })).toBeVisible();
    for (const target of await smallTargets(page)) found.push(`menu: ${target}`);
    expect(found).toEqual([]);
  });
});
