import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anonymous, json, mockApi, renderRoute, testUser } from '../testing/render-route';

afterEach(() => {
  vi.unstubAllGlobals();
});

// Whole-app renders with lazy routes: generous timeout on a busy machine.
describe('session at start', { timeout: 20_000 }, () => {
  it('a signed-out visitor reads GET /api/auth/session (200) and never /api/auth/me (401, a console error)', async () => {
    const fetchMock = mockApi({ 'GET /api/auth/session': anonymous });
    const { currentPath } = renderRoute('/dashboard');
    await waitFor(() => expect(currentPath()).toBe('/login'));
    const urls = fetchMock.mock.calls.map(([url]) => url);
    expect(urls).toContain('/api/auth/session');
    expect(urls).not.toContain('/api/auth/me');
  });

  it('a signed-in user from the session answer is authenticated', async () => {
    mockApi({ 'GET /api/auth/session': () => json({ user: testUser() }), 'GET /api/users/me/progress': () => new Response(null, { status: 204 }) });
    const { currentPath } = renderRoute('/login');
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
  });

  it('uses the session request app.html started, and only once', async () => {
    const fetchMock = mockApi({ 'GET /api/auth/session': anonymous, 'GET /api/users/me/progress': () => new Response(null, { status: 204 }) });
    window.__sfidaSession = Promise.resolve(json({ user: testUser() }));
    const { currentPath } = renderRoute('/login');
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(window.__sfidaSession).toBeUndefined();
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/auth/session');
  });
});
