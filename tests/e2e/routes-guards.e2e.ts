import { expect, test } from '@playwright/test';
import { DEMO_OWNER } from '../../scripts/stack/profiles';
import { appOrigin, expectHeaderOnOneRow, registerParticipant, signIn } from './support';
import { gate } from './account-support';
import { watchCspViolations } from './csp-support';

// Route access, in both directions.

const url = (path: string) => `${appOrigin}${path}`;
const appRoutes = ['/dashboard', '/planner', '/abitudini', '/checkin', '/risorse', '/classifica', '/punti', '/squadra', '/profilo', '/eventi', '/messaggi'] as const;

test.describe('Signed out', () => {
  test('every app route, deep links included, goes to /login', async ({ page }) => {
    for (const path of ['/planner?settimana=2', '/onboarding', ...appRoutes.filter((p) => p !== '/planner')]) {
      await page.goto(path);
      await expect(page, `${path} da anonimo`).toHaveURL(url('/login'));
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Accedi' })).toBeVisible();
  });

  test('an unknown path goes to the landing', async ({ page }) => {
    for (const path of ['/non-esiste', '/dashboard/extra', '/api-non-esiste']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(url('/'));
      await expect(page.getByRole('heading', { level: 1, name: /Otto settimane per diventare/ })).toBeVisible();
    }
  });

  test('while the session is being read a spinner says "Caricamento..."', async ({ page }) => {
    const held = gate();
    await page.route('**/api/auth/session', async (route) => {
      await held.opened;
      await route.continue();
    });
    await page.goto('/planner');
    await expect(page.getByRole('status').filter({ hasText: 'Caricamento...' })).toBeVisible();
    await expect(page).toHaveURL(url('/planner'));
    held.open();
    await expect(page).toHaveURL(url('/login'));
  });
});

test.describe('Signed in', () => {
  test('a participant with onboarding done: /, /login, /register and /onboarding go to /dashboard; an unknown path ends there too, with no CSP violation', async ({ page }) => {
    const violations = await watchCspViolations(page);
    await registerParticipant(page.request, { onboarding: true });
    for (const path of ['/', '/login', '/register', '/onboarding', '/non-esiste']) {
      await page.goto(path);
      await expect(page, `${path} da partecipante`).toHaveURL(url('/dashboard'));
    }
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(violations, 'CSP').toEqual([]);
    // …and the app routes stay where they are (the tracker's own tests visit the rest).
    for (const path of ['/planner', '/profilo']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(url(path));
    }
  });

  test('a participant without onboarding is sent to /onboarding from every app route', async ({ page }) => {
    await registerParticipant(page.request);
    for (const path of appRoutes) {
      await page.goto(path);
      await expect(page, `${path} senza onboarding`).toHaveURL(url('/onboarding'));
    }
    await expect(page.getByText('Domanda 1 di 3')).toBeVisible();
    // A signed-out-only page sends to the dashboard, which sends on to the onboarding.
    await page.goto('/register');
    await expect(page).toHaveURL(url('/onboarding'));
  });

  test('the OWNER skips the onboarding: /, /onboarding and /login go to the coach console, and the profile says why there is no sheet', async ({ page }) => {
    await signIn(page, DEMO_OWNER);
    await page.goto('/');
    await expect(page).toHaveURL(url('/coach'));
    await page.goto('/onboarding');
    await expect(page).toHaveURL(url('/coach'));
    await page.goto('/login');
    await expect(page).toHaveURL(url('/coach'));
    await page.goto('/profilo');
    await expect(page).toHaveURL(url('/profilo'));
    await expect(page.getByRole('region', { name: 'Il tuo profilo' })).toContainText('Coach');
    await expect(page.getByRole('region', { name: 'Il tuo profilo' })).not.toContainText('OWNER');
    await expect(page.getByRole('region', { name: 'Il tuo allenamento' })).toContainText('Come coach non hai un questionario di allenamento da compilare.');
  });

  test('/terms and /privacy stay public when signed in, with a way back to the dashboard', async ({ page }) => {
    await registerParticipant(page.request, { onboarding: true });
    for (const [path, heading] of [
      ['/terms', 'Termini e condizioni d’uso'],
      ['/privacy', 'Informativa sulla privacy'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveURL(url(path));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Torna alla dashboard' })).toHaveAttribute('href', '/dashboard');
    }
  });
});

test.describe('Mobile menu at 360 px', () => {
  test('opens with Enter and Space, links reachable with Tab, Escape closes it and gives focus back', async ({ page }) => {
    await registerParticipant(page.request, { onboarding: true });
    await page.goto('/eventi');
    const button = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('navigation', { name: 'Menu principale' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    const controls = await button.getAttribute('aria-controls');
    expect(controls).toBeTruthy();
    await expect(page.locator(`[id="${controls}"]`)).toBeHidden();
    // The desktop navigation is not even rendered at this width (a phone's start-up skips its styling).
    await expect(page.getByRole('navigation', { name: 'Navigazione principale', includeHidden: true })).toHaveCount(0);

    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    await expect(page.locator(`[id="${controls}"]`)).toBeVisible();

    // The daily screens are in the bottom bar: the menu has the rest.
    const expected = ['Classifica', 'Eventi', 'Risorse', 'Profilo e Allenamento'];
    for (const name of expected) {
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name, exact: true }), `Tab → ${name}`).toBeFocused();
    }
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Esci' })).toBeFocused();
    await expect(menu.getByRole('link', { name: 'Eventi' })).toHaveAttribute('aria-current', 'page');

    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    await page.keyboard.press('Space');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Space');
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    // Following a link from the menu navigates and closes it.
    await page.keyboard.press('Enter');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Risorse' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(url('/risorse'));
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();

    // Widened to a desktop's 1280 px the header shows its navigation instead of the menu button, and back.
    const desktopNav = page.getByRole('navigation', { name: 'Navigazione principale', includeHidden: true });
    await page.setViewportSize({ width: 1280, height: 740 });
    await expect(desktopNav).toBeVisible();
    // Risorse is behind "Altro", which a navigation closes and Escape too.
    await expect(desktopNav.getByRole('link', { name: 'Risorse' })).toHaveCount(0);
    const more = desktopNav.getByRole('button', { name: 'Altro' });
    await more.click();
    await expect(desktopNav.getByRole('link', { name: 'Risorse' })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(more).toBeFocused();
    await expect(page.getByRole('button', { name: 'Esci' })).toBeVisible();
    await expect(button).toBeHidden();
    await expectHeaderOnOneRow(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(desktopNav).toHaveCount(0);
    await expect(button).toBeVisible();
  });
});
