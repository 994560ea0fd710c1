import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_EMAIL_PREFERENCES, type EmailPreferences } from '@sfida/core/email-preferences';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@sfida/core/notifications';
import { fakeUser } from '../../testing/fake-user';
import { fakeServer, json, renderApp, resetTestState, type ApiCall } from '../../testing/test-utils';
import ProfilePage from './profile-page';

afterEach(resetTestState);

const PREFERENCES = '/api/me/email-preferences';

/** A server keeping the caller's email preferences as the API does. */
function preferencesServer(user = fakeUser(), options: { refuse?: string } = {}) {
  let preferences: EmailPreferences = DEFAULT_EMAIL_PREFERENCES;
  return fakeServer(user, (call: ApiCall) => {
    if (call.path === '/api/me/notifications') return json({ publicKey: null, settings: DEFAULT_NOTIFICATION_SETTINGS });
    if (call.path !== PREFERENCES) return undefined;
    if (call.method === 'PUT') {
      if (options.refuse) return json({ message: options.refuse }, 400);
      preferences = (call.body as { preferences: EmailPreferences }).preferences;
    }
    return json({ preferences });
  });
}

const section = async () => within(await screen.findByRole('region', { name: 'Email' }));

describe('Profile: email preferences', { timeout: 20_000 }, () => {
  it('a participant turns the coach’s messages off with a labelled switch, saved at once', async () => {
    const calls = preferencesServer();
    const { user } = renderApp('/profilo', <ProfilePage />);
    const email = await section();
    const messages = await email.findByRole('switch', { name: /Messaggi del coach/ });
    expect(messages).toBeChecked();
    expect(email.getByRole('switch', { name: /Incontri del giorno/ })).toBeChecked();
    expect(email.queryByRole('switch', { name: /Riepilogo del lunedì/ })).toBeNull();
    expect(messages).toHaveAccessibleDescription(/se non apri l’app da qualche giorno/);

    await user.click(messages);
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT' && call.path === PREFERENCES)).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ preferences: { ...DEFAULT_EMAIL_PREFERENCES, coachMessages: false } });
    expect(await screen.findByText('Preferenze email salvate')).toBeInTheDocument();
    await waitFor(() => expect(email.getByRole('switch', { name: /Messaggi del coach/ })).not.toBeChecked());
  });

  it('a coach sees the Monday digest only', async () => {
    preferencesServer(fakeUser({ role: 'OWNER' }));
    renderApp('/profilo', <ProfilePage />);
    const email = await section();
    expect(await email.findByRole('switch', { name: /Riepilogo del lunedì/ })).toBeChecked();
    expect(email.queryByRole('switch', { name: /Messaggi del coach/ })).toBeNull();
  });

  it('a refused save says why, and the switch stays as it was', async () => {
    preferencesServer(fakeUser(), { refuse: 'Preferenze email non valide' });
    const { user } = renderApp('/profilo', <ProfilePage />);
    const email = await section();
    await user.click(await email.findByRole('switch', { name: /Incontri del giorno/ }));
    expect(await email.findByRole('alert')).toHaveTextContent('Preferenze email non valide');
    expect(email.getByRole('switch', { name: /Incontri del giorno/ })).toBeChecked();
  });
});
