import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeServer, json, renderApp } from '../../testing/test-utils';
import { fakeUser } from '../../testing/fake-user';
import { storedDeviceToken } from '../../lib/device-token';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText(/^Email/), 'giulia@example.it');
  await user.type(screen.getByLabelText(/^Password/), 'segreta123');
  await user.click(screen.getByRole('button', { name: 'Accedi' }));
}

// Whole-app renders with lazy routes: generous timeout on a busy machine.
describe('login page', { timeout: 20_000 }, () => {
  it('signs in with cookie credentials and goes to the dashboard', async () => {
    const calls = fakeServer(null, { 'POST /api/auth/login': () => json(fakeUser()) });
    const { user, currentPath } = renderApp('/login');
    await fillAndSubmit(user);

    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    const login = calls.find((call) => call.method === 'POST' && call.path === '/api/auth/login');
    expect(login?.body).toEqual({ email: 'giulia@example.it', password: 'segreta123' });
    expect(login?.credentials).toBe('include');
    expect(login?.headers).toMatchObject({ 'content-type': 'application/json' });
  });

  it("sends this browser's device token for the account and keeps the new one it gets back", async () => {
    window.localStorage.setItem('sfida8:device-token:giulia@example.it', 'token-di-prima');
    window.localStorage.setItem('sfida8:device-token:altra@example.it', 'token-altrui');
    const calls = fakeServer(null, { 'POST /api/auth/login': () => json({ ...fakeUser(), deviceToken: 'token-nuovo' }) });
    const { user, currentPath } = renderApp('/login');
    await fillAndSubmit(user);

    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/auth/login')?.body).toEqual({ email: 'giulia@example.it', password: 'segreta123', deviceToken: 'token-di-prima' });
    expect(storedDeviceToken('Giulia@Example.it ')).toBe('token-nuovo');
    expect(storedDeviceToken('altra@example.it')).toBe('token-altrui');
  });

  it('a failed login keeps the token it sent', async () => {
    window.localStorage.setItem('sfida8:device-token:giulia@example.it', 'token-di-prima');
    fakeServer(null, { 'POST /api/auth/login': () => json({ message: 'Email o password non corretti' }, 401) });
    const { user } = renderApp('/login');
    await fillAndSubmit(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Email o password non corretti');
    expect(storedDeviceToken('giulia@example.it')).toBe('token-di-prima');
  });

  it('shows the server message in the alert box', async () => {
    fakeServer(null, { 'POST /api/auth/login': () => json({ message: 'Email o password non corretti' }, 401) });
    const { user } = renderApp('/login');
    await fillAndSubmit(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Email o password non corretti');
    expect(screen.getByRole('button', { name: 'Accedi' })).toBeEnabled();
  });

  it('falls back to the Italian message when the server gives none', async () => {
    fakeServer(null, { 'POST /api/auth/login': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    const { user } = renderApp('/login');
    await fillAndSubmit(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Errore durante il login');
  });

  it('shows a loading label while signing in', async () => {
    const answer = deferred<Response>();
    fakeServer(null, { 'POST /api/auth/login': () => answer.promise });
    const { user, currentPath } = renderApp('/login');
    await fillAndSubmit(user);

    expect(await screen.findByText('Accesso in corso...')).toBeInTheDocument();
    answer.resolve(json(fakeUser()));
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
  });

  it('answers a password reset request with the same confirmation, even when the call fails', async () => {
    const calls = fakeServer(null, { 'POST /api/auth/password-reset': () => json({ message: 'Errore' }, 500) });
    const { user } = renderApp('/login');
    const toggle = await screen.findByRole('button', { name: 'Password dimenticata?' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.type(screen.getByLabelText(/Email del tuo account/), 'nessuno@example.it');
    await user.click(screen.getByRole('button', { name: 'Invia istruzioni' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Se l’indirizzo è registrato');
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/auth/password-reset')?.body).toEqual({ email: 'nessuno@example.it' });
  });
});
