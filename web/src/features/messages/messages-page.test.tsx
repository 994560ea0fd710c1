import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { InboxMessage } from '@sfida/core/cohort-messages';
import { fakeUser } from '../../testing/fake-user';
import { fakeServer, json, renderApp, resetTestState } from '../../testing/test-utils';
import MessagesPage from './messages-page';

afterEach(resetTestState);

const message = (id: string, sentAt: string, read: boolean): InboxMessage => ({ id, text: `Messaggio ${id}`, coachName: 'Marco Coach', sentAt, read });

describe('Messaggi', { timeout: 30_000 }, () => {
  it('lists the coach’s messages newest first, marks the unread ones and tells the server they were read', async () => {
    const messages = [message('m1', '2026-11-01T08:00:00.000Z', true), message('m3', '2026-11-22T08:00:00.000Z', false), message('m2', '2026-11-08T08:00:00.000Z', false)];
    const calls = fakeServer(fakeUser(), (call) => {
      if (call.path === '/api/me/inbox') return json({ threads: [], messages, unreadMessages: 2 });
      // m3's answer comes later: the page re-renders meanwhile with m2 read, m3 still on its way.
      if (call.path === '/api/me/messages/m3/read') return new Promise<Response>((resolve) => setTimeout(() => resolve(new Response(null, { status: 204 })), 100));
      if (call.path === '/api/me/messages/m2/read') return new Response(null, { status: 204 });
      return undefined;
    });
    // Strict mode runs every effect twice, as the app does in development.
    renderApp(
      '/messaggi',
      <StrictMode>
        <MessagesPage />
      </StrictMode>,
    );
    const items = within(await screen.findByRole('list', { name: 'Messaggi del coach' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^Messaggio/).textContent)).toEqual(['Messaggio m3', 'Messaggio m2', 'Messaggio m1']);
    expect(items[0]).toHaveTextContent('Marco Coach');
    expect(within(items[2]!).queryByText('Non letto')).not.toBeInTheDocument();

    const reads = () => calls.filter((c) => c.method === 'POST').map((c) => c.path).sort();
    await waitFor(() => expect(reads()).toEqual(['/api/me/messages/m2/read', '/api/me/messages/m3/read']));
    // Marked read, they keep their mark for this visit, and are not sent again.
    expect(within(items[0]!).getByText('Non letto')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Non letto')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(reads()).toHaveLength(2);
  });

  it('says when the coach has written nothing yet', async () => {
    fakeServer(fakeUser());
    renderApp('/messaggi', <MessagesPage />);
    expect(await screen.findByText('Nessun messaggio dal coach per ora.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Messaggi' })).toBeInTheDocument();
  });

  it('shows the server’s message when the inbox cannot be read', async () => {
    fakeServer(fakeUser(), (call) => (call.path === '/api/me/inbox' ? json({ message: 'Servizio non disponibile, riprova tra poco' }, 503) : undefined));
    renderApp('/messaggi', <MessagesPage />);
    expect(await screen.findByText('Servizio non disponibile, riprova tra poco')).toBeInTheDocument();
  });
});
