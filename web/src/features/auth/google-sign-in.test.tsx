import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json, renderApp } from '../../testing/test-utils';
import { fakeNewcomer } from '../../testing/fake-user';
import { storedDeviceToken } from '../../lib/device-token';
import type * as GoogleSignIn from './google-sign-in';

// The Firebase SDK stands in for Google and Firebase Auth (outside the app): what the pages do
// around it is real, our API is the test's fake server.
const sdk = vi.hoisted(() => ({
  signInWithRedirect: vi.fn(async () => new Promise<never>(() => {})),
  getRedirectResult: vi.fn(async (): Promise<unknown> => null),
  signOut: vi.fn(async () => undefined),
  connectAuthEmulator: vi.fn(),
  initializeAuth: vi.fn(() => ({ name: 'fake-auth' })),
  setCustomParameters: vi.fn(),
}));
vi.mock('firebase/app', () => ({ getApps: () => [], initializeApp: vi.fn(() => ({ name: '[DEFAULT]' })) }));
vi.mock('firebase/auth', () => ({
  ...sdk,
  inMemoryPersistence: { type: 'NONE' },
  browserPopupRedirectResolver: class {},
  GoogleAuthProvider: class {
    setCustomParameters = sdk.setCustomParameters;
  },
}));

// Opening a page afresh is a real navigation, which jsdom cannot make: recorded instead.
vi.mock('./google-sign-in', async (importOriginal) => ({ ...(await importOriginal<typeof GoogleSignIn>()), openPageAfresh: vi.fn() }));
const { openPageAfresh } = await import('./google-sign-in');

const config = { apiKey: 'chiave', authDomain: 'localhost', projectId: 'demo-sfida8', emulatorUrl: 'http://127.0.0.1:9099' };

beforeEach(() => {
  sessionStorage.clear();
  for (const fn of Object.values(sdk)) fn.mockClear();
  vi.mocked(openPageAfresh).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('"Registrati con Google"', { timeout: 20_000 }, () => {
  it('without an invite code asks for it, in Italian, and goes nowhere', async () => {
    const calls = fakeServer(null);
    const { user } = renderApp('/register');
    await user.click(await screen.findByRole('button', { name: 'Registrati con Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Per registrarti con Google inserisci prima il codice segreto del tuo gruppo');
    expect(screen.getByLabelText(/^Codice segreto/)).toHaveFocus();
    expect(sdk.signInWithRedirect).not.toHaveBeenCalled();
    expect(calls.some((call) => call.path.startsWith('/api/auth/google'))).toBe(false);
  });

  it("with the invite link's code goes to Google through the Auth emulator, keeping the code and the typed name for the way back", async () => {
    fakeServer(null, { 'GET /api/auth/google/config': () => json(config) });
    const { user } = renderApp('/register?codice=AUTUNNO-7K2Q-9XJD-M4TP');
    await user.type(await screen.findByLabelText(/^Nome e cognome/), 'Giada Verdi');
    await user.click(screen.getByRole('button', { name: 'Registrati con Google' }));
    await waitFor(() => expect(sdk.signInWithRedirect).toHaveBeenCalledTimes(1));
    expect(sdk.initializeAuth).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ persistence: { type: 'NONE' } }));
    expect(sdk.connectAuthEmulator).toHaveBeenCalledWith(expect.anything(), 'http://127.0.0.1:9099', { disableWarnings: true });
    expect(JSON.parse(sessionStorage.getItem('sfida8:google-sign-in')!)).toEqual({ inviteCode: 'AUTUNNO-7K2Q-9XJD-M4TP', name: 'Giada Verdi' });
  });
});

describe('back from Google', { timeout: 20_000 }, () => {
  it('exchanges the ID token once for our session, signs the SDK out and opens the home page afresh', async () => {
    sessionStorage.setItem('sfida8:google-sign-in', JSON.stringify({ inviteCode: 'AUTUNNO-7K2Q-9XJD-M4TP' }));
    sessionStorage.setItem('firebase:pendingRedirect:chiave:[DEFAULT]', '"true"');
    sdk.getRedirectResult.mockResolvedValueOnce({ user: { getIdToken: async () => 'firebase-id-token' } });
    const newcomer = fakeNewcomer();
    const calls = fakeServer(null, {
      'GET /api/auth/google/config': () => json(config),
      'POST /api/auth/google': () => json({ ...newcomer, deviceToken: 'dispositivo-google' }),
    });
    renderApp('/register?codice=AUTUNNO-7K2Q-9XJD-M4TP');
    await waitFor(() => expect(openPageAfresh).toHaveBeenCalledWith('/dashboard'), { timeout: 10_000 });
    const exchanges = calls.filter((call) => call.path === '/api/auth/google');
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]!.body).toEqual({ inviteCode: 'AUTUNNO-7K2Q-9XJD-M4TP', idToken: 'firebase-id-token' });
    expect(exchanges[0]!.headers['x-time-zone']).toBeDefined();
    expect(sdk.signOut).toHaveBeenCalledTimes(1);
    expect(Object.keys(sessionStorage).filter((key) => key.startsWith('firebase:') || key === 'sfida8:google-sign-in')).toEqual([]);
    // The next page deletes the SDK's databases (the one that ran it may hold one open).
    expect(sessionStorage.getItem('sfida8:forget-firebase')).toBe('1');
    expect(storedDeviceToken(newcomer.email)).toBe('dispositivo-google');
  });

  it("on /login, an account that does not exist yet shows the server's Italian message, and the SDK is signed out all the same", async () => {
    sessionStorage.setItem('sfida8:google-sign-in', '{}');
    sdk.getRedirectResult.mockResolvedValueOnce({ user: { getIdToken: async () => 'firebase-id-token' } });
    const message = 'Non hai ancora un account: registrati con Google inserendo il codice segreto del tuo gruppo';
    fakeServer(null, { 'GET /api/auth/google/config': () => json(config), 'POST /api/auth/google': () => json({ message }, 400) });
    renderApp('/login');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(sdk.signOut).toHaveBeenCalledTimes(1);
    expect(openPageAfresh).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Accedi con Google' })).toBeEnabled();
  });

  it('when Firebase will not join a Google account to a password account of the same email, says to use the password', async () => {
    sessionStorage.setItem('sfida8:google-sign-in', '{}');
    sdk.getRedirectResult.mockRejectedValueOnce(Object.assign(new Error('Firebase: Error'), { code: 'auth/account-exists-with-different-credential' }));
    const calls = fakeServer(null, { 'GET /api/auth/google/config': () => json(config) });
    renderApp('/login');
    expect(await screen.findByRole('alert')).toHaveTextContent('Esiste già un account con questa email: accedi con email e password.');
    expect(calls.some((call) => call.path === '/api/auth/google')).toBe(false);
    expect(sdk.signOut).toHaveBeenCalledTimes(1);
  });
});
