import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeServer, json, renderApp, type ApiCall } from '../../testing/test-utils';
import { fakeNewcomer } from '../../testing/fake-user';
import { storedDeviceToken } from '../../lib/device-token';
import { browserTimeZone } from '../../lib/browser-time-zone';

afterEach(() => {
  vi.unstubAllGlobals();
});

interface Fields {
  password?: string;
  confirmPassword?: string;
  secretCode?: string;
}

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], fields: Fields = {}) {
  const { password = 'segreta123', confirmPassword = password, secretCode = 'CODICE-COACH' } = fields;
  await user.type(await screen.findByLabelText(/^Nome e cognome/), 'Giulia Rossi');
  await user.type(screen.getByLabelText(/^Email/), 'giulia@example.it');
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.type(screen.getByLabelText(/^Conferma password/), confirmPassword);
  if (secretCode) await user.type(screen.getByLabelText(/^Codice segreto/), secretCode);
  await user.click(screen.getByRole('button', { name: 'Registrati' }));
}

const registerCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/auth/register');

describe('register page', { timeout: 20_000 }, () => {
  it('checks that the passwords match before checking their length', async () => {
    const calls = fakeServer(null);
    const { user } = renderApp('/register');
    await fillAndSubmit(user, { password: 'abc', confirmPassword: 'abd' });

    expect(await screen.findByRole('alert')).toHaveTextContent('Le password non coincidono');
    expect(registerCalls(calls)).toHaveLength(0);
  });

  it('then asks for at least 6 characters', async () => {
    const calls = fakeServer(null);
    const { user } = renderApp('/register');
    await fillAndSubmit(user, { password: 'abc' });

    expect(await screen.findByRole('alert')).toHaveTextContent('La password deve essere di almeno 6 caratteri');
    expect(registerCalls(calls)).toHaveLength(0);
  });

  it('leaves the invite code to the server and shows its answer', async () => {
    const calls = fakeServer(null, { 'POST /api/auth/register': () => json({ message: 'Codice segreto non valido' }, 403) });
    const { user } = renderApp('/register');
    await fillAndSubmit(user, { secretCode: 'sbagliato' });

    expect(await screen.findByRole('alert')).toHaveTextContent('Codice segreto non valido');
    expect(registerCalls(calls)[0]?.body).toEqual({
      name: 'Giulia Rossi',
      email: 'giulia@example.it',
      password: 'segreta123',
      role: 'PARTICIPANT',
      secretCode: 'sbagliato',
    });
  });

  it("clears the passwords' error once a password is edited, and not when another field is", async () => {
    fakeServer(null);
    const { user } = renderApp('/register');
    await fillAndSubmit(user, { password: 'segreta123', confirmPassword: 'segreta124' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Le password non coincidono');

    await user.type(screen.getByLabelText(/^Nome e cognome/), 'a');
    expect(screen.getByRole('alert')).toHaveTextContent('Le password non coincidono');

    await user.type(screen.getByLabelText(/^Conferma password/), '{Backspace}3');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("clears the server's invite-code error once the code is changed", async () => {
    fakeServer(null, { 'POST /api/auth/register': () => json({ message: 'Codice segreto non valido' }, 403) });
    const { user } = renderApp('/register');
    await fillAndSubmit(user, { secretCode: 'sbagliato' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Codice segreto non valido');

    await user.type(screen.getByLabelText(/^Email/), 'x');
    expect(screen.getByRole('alert')).toHaveTextContent('Codice segreto non valido');

    await user.clear(screen.getByLabelText(/^Codice segreto/));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('clears an error about no one field, such as a taken email, on any edit', async () => {
    fakeServer(null, { 'POST /api/auth/register': () => json({ message: 'Esiste già un account con questa email' }, 409) });
    const { user } = renderApp('/register');
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Esiste già un account con questa email');

    await user.type(screen.getByLabelText(/^Email/), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("fills in the code of a coach's invite link (/register?codice=…)", async () => {
    const calls = fakeServer(null, { 'POST /api/auth/register': () => json(fakeNewcomer(), 201) });
    const { user, currentPath } = renderApp('/register?codice=AUTUNNO-7K2Q');
    expect(await screen.findByLabelText(/^Codice segreto/)).toHaveValue('AUTUNNO-7K2Q');
    await fillAndSubmit(user, { secretCode: '' });

    await waitFor(() => expect(currentPath()).toBe('/onboarding'));
    expect(registerCalls(calls)[0]?.body).toMatchObject({ secretCode: 'AUTUNNO-7K2Q' });
  });

  it('falls back to the Italian message when the request fails without one', async () => {
    fakeServer(null, {
      'POST /api/auth/register': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { user } = renderApp('/register');
    await fillAndSubmit(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Errore durante la registrazione');
  });

  it("tells the server this device's time zone, which the new account keeps", async () => {
    const calls = fakeServer(null, { 'POST /api/auth/register': () => json(fakeNewcomer(), 201) });
    const { user, currentPath } = renderApp('/register');
    await fillAndSubmit(user);

    await waitFor(() => expect(currentPath()).toBe('/onboarding'));
    expect(registerCalls(calls)[0]?.headers['x-time-zone']).toBe(browserTimeZone());
  });

  it('shows a loading label, then goes to the onboarding', async () => {
    const answer = deferred<Response>();
    fakeServer(null, { 'POST /api/auth/register': () => answer.promise });
    const { user, currentPath } = renderApp('/register');
    await fillAndSubmit(user);

    expect(await screen.findByText('Registrazione in corso...')).toBeInTheDocument();
    answer.resolve(json(fakeNewcomer(), 201));
    await waitFor(() => expect(currentPath()).toBe('/onboarding'));
  });

  it("keeps the new account's device token, and a sign-out leaves it in place", async () => {
    fakeServer(null, {
      'POST /api/auth/register': () => json({ ...fakeNewcomer({ email: 'giulia@example.it' }), deviceToken: 'token-nuovo' }, 201),
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    });
    const { user, currentPath } = renderApp('/register');
    await fillAndSubmit(user);
    await waitFor(() => expect(currentPath()).toBe('/onboarding'));
    expect(storedDeviceToken('giulia@example.it')).toBe('token-nuovo');

    await user.click(await screen.findByRole('button', { name: 'Torna alla registrazione' }));
    await waitFor(() => expect(currentPath()).toBe('/register'));
    expect(storedDeviceToken('giulia@example.it')).toBe('token-nuovo');
  });
});
