import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@sfida/core/notifications';
import { fakeUser } from '../../testing/fake-user';
import { fakeServer, json, renderApp, resetTestState, type ApiCall } from '../../testing/test-utils';
import ProfilePage from './profile-page';

afterEach(resetTestState);

const FEED = '/api/me/calendar-feed';
const url = `http://localhost/api/calendar-feeds/${'a'.repeat(43)}.ics`;

/** A server keeping the participant's link as the API does (`createdAt` null: none yet). */
function feedServer(initial: string | null, options: { refuseCreate?: string } = {}, user = fakeUser()) {
  let createdAt = initial;
  return fakeServer(user, (call: ApiCall) => {
    if (call.path === '/api/me/notifications') return json({ publicKey: null, settings: DEFAULT_NOTIFICATION_SETTINGS });
    if (call.path !== FEED) return undefined;
    if (call.method === 'POST') {
      if (options.refuseCreate) return json({ message: options.refuseCreate }, 403);
      createdAt = '2026-11-26T10:00:00.000Z';
      return json({ url, createdAt }, 201);
    }
    if (call.method === 'DELETE') {
      createdAt = null;
      return new Response(null, { status: 204 });
    }
    return json({ active: createdAt !== null, createdAt });
  });
}

const section = async () => within(await screen.findByRole('region', { name: 'Calendario degli eventi' }));

describe('Profile: the private calendar link', { timeout: 20_000 }, () => {
  it('creates the link and shows it once, to copy or open in a calendar app', async () => {
    const calls = feedServer(null);
    const { user } = renderApp('/profilo', <ProfilePage />);
    const feed = await section();
    expect(await feed.findByText('Non hai ancora un link del calendario.')).toBeInTheDocument();

    await user.click(feed.getByRole('button', { name: 'Crea il link del calendario' }));
    expect(await feed.findByLabelText('Link del calendario')).toHaveValue(url);
    expect(calls.filter((call) => call.method === 'POST' && call.path === FEED)).toHaveLength(1);
    expect(feed.getByRole('link', { name: 'Apri nell’app Calendario' })).toHaveAttribute('href', url.replace('http://', 'webcal://'));
    await user.click(feed.getByRole('button', { name: 'Copia link' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(url);
    expect(await screen.findByText('Link copiato')).toBeInTheDocument();
    // Replacing it is offered, as revoking is.
    expect(feed.getByRole('button', { name: 'Crea un nuovo link' })).toBeInTheDocument();
    expect(feed.getByRole('button', { name: 'Revoca il link' })).toBeInTheDocument();
  });

  it('an active link says since when, and is revoked after a confirmation', async () => {
    const calls = feedServer('2026-11-03T09:00:00.000Z');
    const { user } = renderApp('/profilo', <ProfilePage />);
    const feed = await section();
    expect(await feed.findByText('Il tuo link privato è attivo dal 3 novembre 2026.')).toBeInTheDocument();
    // The link itself is not known any more: only a new one can be shown.
    expect(feed.queryByLabelText('Link del calendario')).toBeNull();

    await user.click(feed.getByRole('button', { name: 'Revoca il link' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(feed.getByRole('button', { name: 'Conferma revoca' }));
    expect(await feed.findByText('Non hai ancora un link del calendario.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE' && call.path === FEED)).toHaveLength(1);
    expect(await screen.findByText('Link revocato')).toBeInTheDocument();
  });

  it('shows the server’s refusal in Italian', async () => {
    feedServer(null, { refuseCreate: 'Il calendario da collegare è per i partecipanti' });
    const { user } = renderApp('/profilo', <ProfilePage />);
    const feed = await section();
    await user.click(await feed.findByRole('button', { name: 'Crea il link del calendario' }));
    expect(await feed.findByRole('alert')).toHaveTextContent('Il calendario da collegare è per i partecipanti');
  });

  it('is not offered to a coach', async () => {
    const calls = feedServer(null, {}, fakeUser({ role: 'OWNER' }));
    renderApp('/profilo', <ProfilePage />);
    expect(await screen.findByRole('region', { name: 'Il tuo profilo' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.path === '/api/me/notifications')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Calendario degli eventi' })).toBeNull();
    expect(calls.some((call) => call.path === FEED)).toBe(false);
  });
});
