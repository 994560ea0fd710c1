import { expect, test } from '@playwright/test';
import { DEMO_PARTICIPANT } from '../../scripts/stack/profiles';

// The production wiring, locally: Hosting serves the SPA and rewrites /api/** to
// the function; only the cookie named __session survives that hop in production.
test.describe('Hosting in front of the API', () => {
  test('an /api call goes through the rewrite and answers JSON, never cached', async ({ request }) => {
    const response = await request.get('/api/auth/me');
    expect(response.status()).toBe(401);
    expect(response.headers()['content-type']).toContain('application/json');
    expect(response.headers()['cache-control']).toBe('private, no-store');
    expect(await response.json()).toEqual({ message: expect.any(String) });
  });

  test('signing in sets the __session cookie, HttpOnly, Secure, SameSite=Lax, on the app origin', async ({ request, baseURL }) => {
    const response = await request.post('/api/auth/login', {
      data: { email: DEMO_PARTICIPANT.email, password: DEMO_PARTICIPANT.password },
      headers: { Origin: baseURL! },
    });
    expect(response.status()).toBe(200);
    const setCookie = response.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie');
    expect(setCookie).toHaveLength(1);
    const cookie = setCookie[0]!.value;
    expect(cookie).toMatch(/^__session=[^;]{60,}/);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    expect(cookie).not.toMatch(/Domain=/i);

    const me = await request.get('/api/auth/me');
    expect(me.status()).toBe(200);
    expect((await me.json()).email).toBe(DEMO_PARTICIPANT.email);
  });

  test('the browser keeps the Secure session cookie on the local http origin', async ({ page, baseURL }) => {
    const response = await page.request.post('/api/auth/login', {
      data: { email: DEMO_PARTICIPANT.email, password: DEMO_PARTICIPANT.password },
      headers: { Origin: baseURL! },
    });
    expect(response.ok()).toBe(true);
    const cookies = await page.context().cookies();
    expect(cookies.map((c) => c.name)).toContain('__session');
    await page.goto('/api/auth/me');
    await expect(page.locator('body')).toContainText(DEMO_PARTICIPANT.email);
  });
});
