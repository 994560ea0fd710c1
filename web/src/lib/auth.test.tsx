import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeUser } from '../testing/fake-user';
import { fakeServer, noNetwork, renderApp, sessionAnswer } from '../testing/test-utils';
import { useAuth, type AuthContextValue } from './auth';
import { REMEMBERED_USER_KEY } from './remembered-user';
import { meQueryKey } from './session';
import { addSignOutStep, PUSH_UNSUBSCRIBE_TIMEOUT_MS } from './sign-out-steps';

afterEach(() => {
  vi.unstubAllGlobals();
});

// Whole-app renders with lazy routes: generous timeout on a busy machine.
describe('session at start', { timeout: 20_000 }, () => {
  it('a signed-out visitor reads GET /api/auth/session (200) and never /api/auth/me (401, a console error)', async () => {
    const calls = fakeServer(null);
    const { currentPath } = renderApp('/dashboard');
    await waitFor(() => expect(currentPath()).toBe('/login'));
    const urls = calls.map((call) => call.path);
    expect(urls).toContain('/api/auth/session');
    expect(urls).not.toContain('/api/auth/me');
  });

  it('a signed-in user from the session answer is authenticated', async () => {
    fakeServer(fakeUser());
    const { currentPath } = renderApp('/login');
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
  });

  it('uses the session request app.html started, and only once', async () => {
    const calls = fakeServer(null);
    window.__sfidaSession = Promise.resolve(sessionAnswer(fakeUser()));
    const { currentPath } = renderApp('/login');
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(window.__sfidaSession).toBeUndefined();
    expect(calls.map((call) => call.path)).not.toContain('/api/auth/session');
  });
});

describe('session offline', { timeout: 20_000 }, () => {
  it('with no network the user this browser last signed in keeps working; a signed-out answer forgets them', async () => {
    // Online first: the session's user is remembered.
    fakeServer(fakeUser({ name: 'Olga' }));
    const online = renderApp('/login');
    await waitFor(() => expect(online.currentPath()).toBe('/dashboard'));
    expect(JSON.parse(localStorage.getItem(REMEMBERED_USER_KEY) ?? 'null')).toMatchObject({ name: 'Olga' });
    online.unmount();

    // Offline: fetch fails as a browser's does; the remembered user opens the dashboard, not the login.
    fakeServer(null, noNetwork);
    const offline = renderApp('/dashboard');
    expect(await offline.findByRole('heading', { level: 1, name: 'Ciao, Olga!' })).toBeInTheDocument();
    expect(offline.currentPath()).toBe('/dashboard');
    offline.unmount();

    // The server says signed out: nothing is remembered any more, and offline means the login.
    fakeServer(null);
    const signedOut = renderApp('/dashboard');
    await waitFor(() => expect(signedOut.currentPath()).toBe('/login'));
    expect(localStorage.getItem(REMEMBERED_USER_KEY)).toBeNull();
  });

  it('a remembered user that no longer reads as a user is not trusted', async () => {
    localStorage.setItem(REMEMBERED_USER_KEY, JSON.stringify({ name: 'Senza id' }));
    fakeServer(null, noNetwork);
    const { currentPath } = renderApp('/dashboard');
    await waitFor(() => expect(currentPath()).toBe('/login'));
  });
});

describe('sign-out and push notifications', { timeout: 20_000 }, () => {
  /** This device's push subscription, as the browser keeps it (the Push API is faked: it is outside our system). */
  function subscribedDevice(getRegistration: () => Promise<unknown>) {
    vi.stubGlobal('navigator', { userAgent: navigator.userAgent, language: navigator.language, onLine: true, serviceWorker: { getRegistration } });
  }

  /** The session's actions, as the last rendered probe saw them. */
  let auth: AuthContextValue | null = null;
  beforeEach(() => {
    auth = null;
  });
  function Probe() {
    auth = useAuth();
    return null;
  }

  it('removes the subscription of this device, then signs out', async () => {
    const unsubscribe = vi.fn(async () => true);
    const subscription = { endpoint: 'https://push.example.com/send/abc', unsubscribe };
    subscribedDevice(async () => ({ pushManager: { getSubscription: async () => subscription } }));
    const order: string[] = [];
    const calls = fakeServer(fakeUser(), {
      'POST /api/me/push-subscriptions/remove': () => (order.push('remove'), new Response(null, { status: 204 })),
      'POST /api/auth/logout': () => (order.push('logout'), new Response(null, { status: 204 })),
    });
    const { queryClient } = renderApp('/profilo', <Probe />);
    await waitFor(() => expect(auth?.status).toBe('authenticated'));

    await act(() => auth!.logout());
    expect(order).toEqual(['remove', 'logout']);
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/me/push-subscriptions/remove')?.body).toEqual({ endpoint: subscription.endpoint });
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(meQueryKey)).toBeNull();
  });

  it('a browser that fails, or never answers, does not stop the sign-out', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const calls = fakeServer(fakeUser(), { 'POST /api/auth/logout': () => new Response(null, { status: 204 }) });

    subscribedDevice(() => Promise.reject(new Error('Storage error')));
    const failing = renderApp('/profilo', <Probe />);
    await waitFor(() => expect(auth?.status).toBe('authenticated'));
    await act(() => auth!.logout());
    expect(failing.queryClient.getQueryData(meQueryKey)).toBeNull();
    expect(warn).toHaveBeenCalledWith('Notifiche non disattivate su questo dispositivo', expect.any(Error));
    failing.unmount();
    auth = null;

    subscribedDevice(() => new Promise(() => undefined));
    const hanging = renderApp('/profilo', <Probe />);
    await waitFor(() => expect(auth?.status).toBe('authenticated'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await act(async () => {
        const done = auth!.logout();
        await vi.advanceTimersByTimeAsync(PUSH_UNSUBSCRIBE_TIMEOUT_MS);
        await done;
      });
    } finally {
      vi.useRealTimers();
    }
    expect(hanging.queryClient.getQueryData(meQueryKey)).toBeNull();
    expect(warn).toHaveBeenCalledWith('Notifiche non disattivate su questo dispositivo: nessuna risposta');
    expect(calls.filter((call) => call.path === '/api/auth/logout')).toHaveLength(2);
    warn.mockRestore();
  });
});

describe('sign-out steps', { timeout: 20_000 }, () => {
  let auth: AuthContextValue | null = null;
  function Probe() {
    auth = useAuth();
    return null;
  }

  it('a step that keeps the user signed in stops the sign-out before anything ends; otherwise it forgets after the session ended', async () => {
    const order: string[] = [];
    let stay = true;
    const remove = addSignOutStep({
      confirm: async (user) => (order.push(`confirm ${user.id}`), !stay),
      forget: (user) => order.push(`forget ${user.id}`),
    });
    try {
      fakeServer(fakeUser(), {
        'POST /api/auth/logout': () => (order.push('logout'), new Response(null, { status: 204 })),
      });
      const { queryClient } = renderApp('/profilo', <Probe />);
      await waitFor(() => expect(auth?.status).toBe('authenticated'));

      let signedOut: boolean | undefined;
      const andThen = vi.fn();
      await act(async () => {
        signedOut = await auth!.logout(andThen);
      });
      expect(signedOut).toBe(false);
      expect(order).toEqual(['confirm user-anna']);
      expect(andThen).not.toHaveBeenCalled();
      expect(queryClient.getQueryData(meQueryKey)).toMatchObject({ id: 'user-anna' });

      stay = false;
      order.length = 0;
      await act(async () => {
        signedOut = await auth!.logout(andThen);
      });
      expect(signedOut).toBe(true);
      expect(order).toEqual(['confirm user-anna', 'logout', 'forget user-anna']);
      expect(andThen).toHaveBeenCalledTimes(1);
      expect(queryClient.getQueryData(meQueryKey)).toBeNull();
    } finally {
      remove();
    }
  });
});
