import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { currentDay } from '../lib/use-today';
import { fakeUser } from '../testing/fake-user';
import { fakeServer, json, renderApp, resetTestState } from '../testing/test-utils';

afterEach(resetTestState);

const unreadInbox = {
  threads: [],
  messages: [{ id: 'm1', text: 'Ciao a tutti!', coachName: 'Marco Coach', sentAt: '2026-11-22T08:00:00.000Z', read: false }],
  unreadMessages: 1,
};

describe('App shell: Messaggi', { timeout: 30_000 }, () => {
  it('shows the unread count once a screen has read the inbox', async () => {
    fakeServer(fakeUser({ challengeStartDate: currentDay() }), (call) => (call.path === '/api/me/inbox' ? json(unreadInbox) : undefined));
    const { user } = renderApp('/dashboard');
    await screen.findByText('Ciao a tutti!');
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('navigation', { name: 'Menu principale' });
    expect(within(menu).getByRole('link', { name: 'Messaggi 1 non letto' })).toHaveAttribute('href', '/messaggi');
  });

  it('never asks for the inbox itself: another screen shows the entry without a count', async () => {
    const calls = fakeServer(fakeUser(), (call) => (call.path.startsWith('/api/cohorts/') ? json({ events: [] }) : undefined));
    const { user } = renderApp('/eventi');
    await screen.findByText('Nessun evento in programma per il tuo gruppo, per ora.');
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(within(screen.getByRole('navigation', { name: 'Menu principale' })).getByRole('link', { name: 'Messaggi' })).toHaveAttribute('href', '/messaggi');
    expect(calls.some((call) => call.path === '/api/me/inbox')).toBe(false);
  });
});
