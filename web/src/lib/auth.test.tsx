import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeUser } from '../testing/fake-user';
import { anonymous, json, mockApi, renderApp } from '../testing/test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

// Whole-app renders with lazy routes: generous timeout on a busy machine.
describe('session at start', { timeout: 20_000 }, () => {
  it('a signed-out visitor reads GET /api/auth/session (200) and never /api/auth/me (401, a console error)', async () => {
    const fetchMock = mockApi({ 'GET /api/auth/session': anonymous });
    const { currentPath } = renderApp('/dashboard');
    await waitFor(() => expect(currentPath()).toBe('/login'));
    const urls = fetchMock.mock.calls.map(([url]) => url);
    expect(urls).toContain('/api/auth/session');
    expect(urls).not.toContain('/api/auth/me');
  });

  it('a signed-in user from the session answer is authenticated', async () => {
    mockApi({ 'GET /api/auth/session': () => json({ user: fakeUser() }), 'GET /api/users/me/progress': () => new Response(null, { status: 204 }) });
    const { currentPath } = renderApp('/login');
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
  });

  it('uses the session request app.html started, and only once', async () => {
    const fetchMock = mockApi({ 'GET /api/auth/session': anonymous, 'GET /api/users/me/progress': () => new Response(null, { status: 204 }) });
    window.__sfidaSession = Promise.resolve(json({ user: fakeUser() }));
    const { currentPath } = renderApp('/login');
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(window.__sfidaSession).toBeUndefined();
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/auth/session');
  });
});
