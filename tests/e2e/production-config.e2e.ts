import { expect, test } from '@playwright/test';
import { emptyTracker } from '@sfida/core/tracker';
import { requiredNodeMajor } from '../../scripts/stack/node-runtime';
import { e2eProfile } from '../../scripts/stack/profiles';
import { addDays, appOrigin, clearRateLimits, registerParticipant, romeToday, setChallengeStart } from './support';

// What production's firebase.json promises, checked against the Hosting and Functions emulators:
// the function's runtime, the caching and security headers, and a CSP the app works under.

const profile = e2eProfile;
/** The function's own URL on the Functions emulator, bypassing Hosting (as a caller of the deployed URL would). */
const functionUrl = (path: string) => `http://127.0.0.1:${profile.ports.functions}/${profile.projectId}/europe-west1/api${path}`;

const signedOutRoutes = ['/', '/login', '/register', '/terms', '/privacy'];
const signedInRoutes = ['/onboarding', '/dashboard', '/planner', '/abitudini', '/checkin', '/classifica', '/punti', '/squadra', '/eventi', '/messaggi', '/risorse', '/profilo', '/pagina-inesistente'];

test.describe('The function runtime', () => {
  test(`the API runs on Node.js ${requiredNodeMajor()}, through Hosting and at the function's own URL`, async ({ request }) => {
    for (const url of ['/api/health', functionUrl('/api/health')]) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      const body = (await response.json()) as { status: string; node: string };
      expect(body.status).toBe('ok');
      expect(body.node, url).toMatch(new RegExp(`^v${requiredNodeMajor()}\\.`));
    }
  });
});

test.describe('Caching', () => {
  test('every HTML document is revalidated on each visit; hashed assets are immutable', async ({ request, page }) => {
    for (const path of [...signedOutRoutes, ...signedInRoutes, '/index.html', '/dashboard.html']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toContain('text/html');
      expect(response.headers()['cache-control'], path).toBe('no-cache');
    }
    await page.goto('/login');
    const scripts = await page.locator('script[src^="/assets/"]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('src')!));
    expect(scripts.length).toBeGreaterThan(0);
    const asset = await request.get(scripts[0]!);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    // The API's own caching comes through untouched: no-store for a session, revalidation for the tracker.
    const api = await request.get('/api/auth/me');
    expect(api.headers()['cache-control']).toBe('private, no-store');
    const account = await registerParticipant(page.request, { onboarding: true });
    const start = addDays(romeToday(), -1);
    await setChallengeStart(account.id, start);
    const put = await page.request.put('/api/users/me/progress', { data: emptyTracker('Europe/Rome', new Date(), start), headers: { Origin: appOrigin } });
    expect(put.status()).toBe(200);
    const tracker = await page.request.get('/api/users/me/progress');
    expect([tracker.status(), tracker.headers()['cache-control']]).toEqual([200, 'private, no-cache']);
  });
});

test.describe('Security headers', () => {
  test('every document carries the CSP, HSTS, Permissions-Policy and the older headers', async ({ request }) => {
    for (const path of ['/', '/login', '/dashboard']) {
      const headers = (await request.get(path)).headers();
      // Google's iframe library is the one script from elsewhere, for "Accedi con Google" (decision 004's addendum).
      expect(headers['content-security-policy'], path).toMatch(/^default-src 'self'; script-src 'self' https:\/\/apis\.google\.com 'sha256-/);
      expect(headers['strict-transport-security'], path).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
      expect(headers['permissions-policy'], path).toContain('camera=()');
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    }
  });
});

// The app under that policy: every screen's test watches for violations (csp-support.ts) where it
// already opens the screen: the routes' axe tests (routes-pages), the tracker's screens (tracker),
// an unknown path (routes-guards).

test.describe('Per-address limits cannot be dodged with a forged X-Forwarded-For', () => {
  // The limits this test trips would refuse the other tests' registrations from this machine.
  test.afterAll(clearRateLimits);

  test('wrong invite codes at the function URL are counted per connection, whatever address the caller claims', async ({ request }) => {
    // The limiter counts in fixed ten-minute windows of the clock (auth service's limits.windowMs):
    // a window that turned during the guesses would start the count again, so start in a fresh one.
    test.setTimeout(120_000);
    const windowMs = 10 * 60 * 1000;
    const leftInWindow = windowMs - (Date.now() % windowMs);
    if (leftInWindow < 40_000) await new Promise((resolve) => setTimeout(resolve, leftInWindow + 1000));
    const statuses: number[] = [];
    const guess = (attempt: number) =>
      request.post(functionUrl('/api/auth/register'), {
        headers: { Origin: appOrigin, 'X-Forwarded-For': `198.51.${100 + Math.floor(attempt / 256)}.${attempt % 256}` },
        data: { email: `forged-${attempt}@sfida8.test`, password: 'password-e2e-123', name: 'Falso', role: 'PARTICIPANT', secretCode: `SBAGLIATO-${attempt}` },
      });
    // The connection's budget is 300 wrong codes (30 a client address, ten times that a connection),
    // shared with whatever else this machine sent in the window: 403 until the refusal, which comes by
    // the 320th. One at a time: concurrent guesses made the emulators reset other tests' connections.
    for (let attempt = 0; attempt < 320 && !statuses.includes(429); attempt++) {
      const response = await guess(attempt);
      statuses.push(response.status());
      if (response.status() === 429) expect(await response.json()).toEqual({ message: 'Troppi tentativi con il codice segreto. Riprova tra qualche minuto.' });
    }
    const firstRefusal = statuses.indexOf(429);
    expect(firstRefusal, statuses.join(' ')).toBeGreaterThanOrEqual(0);
    // Before the refusal, every guess was a wrong code's 403; after it, only refusals.
    expect(statuses.slice(0, firstRefusal).every((status) => status === 403), statuses.join(' ')).toBe(true);
    expect(statuses.slice(firstRefusal).every((status) => status === 429), statuses.join(' ')).toBe(true);
    statuses.splice(firstRefusal + 1);
    expect(statuses.at(-1)).toBe(429);
  });
});
