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
  latestPersonal: null,
};

describe('App shell: Messaggi', { timeout: 30_000 }, () => {
  it('shows the unread count once a screen has read the inbox', async () => {
    fakeServer(fakeUser({ challengeStartDate: currentDay() }), (call) => (call.path === '/api/me/inbox' ? json(unreadInbox) : undefined));
    const { user } = renderApp('/dashboard');
    await screen.findByText('Ciao a tutti!');
    // The closed menu says it too: a dot, and its name.
    const button = screen.getByRole('button', { name: 'Menu, 1 messaggio non letto' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const bar = await screen.findByRole('navigation', { name: 'Schermate di ogni giorno' });
    expect(within(bar).getByRole('link', { name: /^Messaggi\s*, 1 non letto$/ })).toHaveAttribute('href', '/messaggi');
    await user.click(button);
    // In the menu (from md, where there is no bottom bar) with its count.
    const menu = screen.getByRole('navigation', { name: 'Menu principale' });
    expect(menu.querySelector('a[href="/messaggi"]')).toHaveTextContent('Messaggi1 non letto');
  });

  it('the bottom bar holds the daily screens, the current one marked; the menu the rest', async () => {
    fakeServer(fakeUser({ challengeStartDate: currentDay() }));
    const { user } = renderApp('/planner');
    const bar = await screen.findByRole('navigation', { name: 'Schermate di ogni giorno' });
    expect(within(bar).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Oggi', '/dashboard'],
      ['Abitudini', '/abitudini'],
      ['Planner', '/planner'],
      ['Check-in', '/checkin'],
      ['Messaggi', '/messaggi'],
    ]);
    expect(within(bar).getByRole('link', { name: 'Planner' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('navigation', { name: 'Menu principale' });
    // (jsdom applies no media query: the phone's styles, which leave the bar's screens out of the menu.)
    expect(within(menu).getAllByRole('link').map((link) => link.textContent)).toEqual(['Classifica', 'Eventi', 'Risorse']);
  });

  it('never asks for the inbox itself: another screen shows the entry without a count', async () => {
    const calls = fakeServer(fakeUser(), (call) => (call.path.startsWith('/api/cohorts/') ? json({ events: [] }) : undefined));
    const { user } = renderApp('/eventi');
    await screen.findByText('Nessun evento in programma per il tuo gruppo, per ora.');
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(within(await screen.findByRole('navigation', { name: 'Schermate di ogni giorno' })).getByRole('link', { name: 'Messaggi' })).toHaveAttribute('href', '/messaggi');
    expect(calls.some((call) => call.path === '/api/me/inbox')).toBe(false);
  });
});
