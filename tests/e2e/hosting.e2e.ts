import { expect, test } from '@playwright/test';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { addHabit, toggleHabit } from '@sfida/core/tracker-actions';
import { DEMO_PARTICIPANT } from '../../scripts/stack/profiles';
import { addDays, appOrigin, registerParticipant, romeToday, setChallengeStart } from './support';

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

  test('a large JSON answer reaches the browser compressed through the rewrite; a small one as is', async ({ page }) => {
    const account = await registerParticipant(page.request, { onboarding: true });
    const start = addDays(romeToday(), -3);
    await setChallengeStart(account.id, start);
    const now = new Date();
    let data: TrackerData = emptyTracker('Europe/Rome', now, start);
    for (let h = 0; h < 10; h++) {
      const added = addHabit(data, `Abitudine numero ${h + 1} con un nome lungo`, now, `h${h}`);
      if (!added.ok) throw new Error(added.message);
      const done = toggleHabit(added.data, `h${h}`, romeToday(now), now);
      if (!done.ok) throw new Error(done.message);
      data = done.data;
    }
    expect(JSON.stringify(data).length).toBeGreaterThan(2048);
    const put = await page.request.put('/api/users/me/progress', { data, headers: { Origin: appOrigin } });
    expect(put.status()).toBe(200);

    await page.goto('/terms');
    const answers = await page.evaluate(async () => {
      const coding = async (path: string) => {
        const response = await fetch(path);
        return { status: response.status, encoding: response.headers.get('content-encoding'), body: await response.json() };
      };
      return { tracker: await coding('/api/users/me/progress'), session: await coding('/api/auth/me') };
    });
    expect(answers.tracker.status).toBe(200);
    expect(answers.tracker.encoding).toMatch(/^(br|gzip)$/);
    // The copy as the server stored it (its own dates on the points), as the PUT answered it.
    const stored = ((await put.json()) as { tracker: TrackerData }).tracker;
    expect(stored.habits).toEqual(data.habits);
    expect(answers.tracker.body).toEqual(stored);
    expect(answers.session.status).toBe(200);
    expect(answers.session.encoding).toBeNull();
  });
});
