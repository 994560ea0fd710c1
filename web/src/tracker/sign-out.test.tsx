import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { addHabit } from '@sfida/core/tracker-actions';
import { useAuth, type AuthContextValue } from '../lib/auth';
import { currentDay } from '../lib/use-today';
import { fakeUser } from '../testing/fake-user';
import { fakeServer, json, renderApp, resetTestState, type ApiHandler } from '../testing/test-utils';
import { UNSYNCED_SIGN_OUT_QUESTION } from './sign-out';
import { STORAGE_KEYS } from './storage-keys';
import { useTracker } from './use-tracker';

const user = fakeUser({ challengeStartDate: currentDay() });
const trackerKey = STORAGE_KEYS.tracker(user.id);
const deviceTokenKey = `sfida8:device-token:${user.email}`;

function storedTracker(): TrackerData {
  const now = new Date();
  const added = addHabit(emptyTracker(user.timeZone, now, user.challengeStartDate), 'Leggere', now, 'h1');
  if (!added.ok) throw new Error(added.message);
  localStorage.setItem(trackerKey, JSON.stringify(added.data));
  return added.data;
}

/** The fake server, with the sign-out answered. */
function server(handler: ApiHandler = () => undefined) {
  return fakeServer(user, (call) => (call.path === '/api/auth/logout' ? new Response(null, { status: 204 }) : handler(call)));
}

let auth: AuthContextValue | null = null;
/** A tracker screen, and the session's actions as it last saw them. */
function Probe() {
  const { tracker } = useTracker();
  auth = useAuth();
  return <p>{tracker.habits.map((habit) => habit.name).join(', ')}</p>;
}

afterEach(() => {
  resetTestState();
  auth = null;
});

describe('signing out on a shared computer', { timeout: 20_000 }, () => {
  it('once the server holds the tracker, removes it from this browser and keeps the device token', async () => {
    const stored = storedTracker();
    localStorage.setItem(deviceTokenKey, 'token-123');
    const confirm = vi.spyOn(window, 'confirm');
    const calls = server((call) => (call.method === 'GET' && call.path === '/api/users/me/progress' ? json(stored) : undefined));
    renderApp('/dashboard', <Probe />);
    expect(await screen.findByText('Leggere')).toBeInTheDocument();

    let signedOut: boolean | undefined;
    await act(async () => {
      signedOut = await auth!.logout();
    });
    expect(signedOut).toBe(true);
    expect(confirm).not.toHaveBeenCalled();
    expect(calls.some((c) => c.path === '/api/auth/logout')).toBe(true);
    expect(localStorage.getItem(trackerKey)).toBeNull();
    expect(localStorage.getItem(deviceTokenKey)).toBe('token-123');
  });

  it('sends what the server does not hold yet before removing it', async () => {
    storedTracker();
    const confirm = vi.spyOn(window, 'confirm');
    const calls = server();
    renderApp('/dashboard', <Probe />);
    expect(await screen.findByText('Leggere')).toBeInTheDocument();

    await act(async () => {
      await auth!.logout();
    });
    const put = calls.filter((c) => c.method === 'PUT').at(-1);
    expect((put?.body as TrackerData | undefined)?.habits.map((h) => h.name)).toEqual(['Leggere']);
    expect(confirm).not.toHaveBeenCalled();
    expect(localStorage.getItem(trackerKey)).toBeNull();
  });

  it('when the changes cannot reach the server, asks first: staying keeps the session and the tracker', async () => {
    storedTracker();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const calls = server((call) => {
      if (call.path === '/api/users/me/progress') throw new TypeError('Failed to fetch');
      return undefined;
    });
    renderApp('/dashboard', <Probe />);
    expect(await screen.findByText('Leggere')).toBeInTheDocument();

    let signedOut: boolean | undefined;
    await act(async () => {
      signedOut = await auth!.logout();
    });
    expect(confirm).toHaveBeenCalledWith(UNSYNCED_SIGN_OUT_QUESTION);
    expect(signedOut).toBe(false);
    expect(auth!.status).toBe('authenticated');
    expect(calls.some((c) => c.path === '/api/auth/logout')).toBe(false);
    expect(localStorage.getItem(trackerKey)).not.toBeNull();

    // Leaving anyway: the tracker goes, as the question said.
    confirm.mockReturnValue(true);
    await act(async () => {
      signedOut = await auth!.logout();
    });
    expect(signedOut).toBe(true);
    expect(calls.some((c) => c.path === '/api/auth/logout')).toBe(true);
    await waitFor(() => expect(localStorage.getItem(trackerKey)).toBeNull());
  });
});
