import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MAX_CONVERSATION_MESSAGE, conversationTexts, type Conversation, type TimelineItem } from '@sfida/core/conversations';
import { installFakeMicrophone } from '../../testing/fake-microphone';
import { fakeUser } from '../../testing/fake-user';
import { emptyConversation, fakeServer, json, renderApp, resetTestState, type ApiCall } from '../../testing/test-utils';
import MessagesPage from './messages-page';

afterEach(resetTestState);

const user = fakeUser();

function item(id: string, at: string, change: Partial<TimelineItem> = {}): TimelineItem {
  return { id, kind: 'message', from: 'coach', authorName: 'Marco Coach', text: `Testo ${id}`, at, weekNumber: null, mood: null, replyTo: null, voiceNote: null, seen: true, ...change };
}

function conversation(items: TimelineItem[], change: Partial<Conversation> = {}): Conversation {
  return { ...emptyConversation(user), items, ...change };
}

/** Newest first, as the server answers. */
const THREAD = [
  item('message-m2', '2026-11-22T08:00:00.000Z', { text: 'Come va la settimana?', seen: false }),
  item('inbox-c1_u1', '2026-11-21T08:00:00.000Z', { kind: 'cohortMessage', text: 'Ciao a tutti, domani si parte!', seen: false }),
  item('message-m1', '2026-11-20T08:00:00.000Z', { from: 'participant', authorName: 'Maria Rossi', text: 'Ciao coach', seen: true }),
  item('reply-1', '2026-11-19T08:00:00.000Z', { kind: 'checkInReply', text: 'Bravissima!', weekNumber: 1 }),
  item('checkin-1', '2026-11-18T08:00:00.000Z', { kind: 'checkIn', from: 'participant', authorName: 'Maria Rossi', text: 'Settimana buona', weekNumber: 1, mood: 4 }),
];

const posts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST');

describe('Messaggi: the conversation with the coaches', { timeout: 30_000 }, () => {
  it('shows one timeline oldest first, marks what is new, and tells the server it was read, once', async () => {
    const calls = fakeServer(user, (call) => {
      if (call.path === '/api/me/conversation') return json(conversation(THREAD));
      if (call.method === 'POST' && call.path.endsWith('/read')) return new Response(null, { status: 204 });
      return undefined;
    });
    // Strict mode runs every effect twice, as the app does in development.
    renderApp(
      '/messaggi',
      <StrictMode>
        <MessagesPage />
      </StrictMode>,
    );
    const list = await screen.findByRole('list', { name: 'Conversazione con i coach' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByText(/^(Settimana buona|Bravissima!|Ciao coach|Ciao a tutti, domani si parte!|Come va la settimana\?)$/).textContent)).toEqual([
      'Settimana buona',
      'Bravissima!',
      'Ciao coach',
      'Ciao a tutti, domani si parte!',
      'Come va la settimana?',
    ]);
    expect(items[0]).toHaveTextContent('Check-in della settimana 1');
    expect(items[0]).toHaveTextContent('Umore: Bene (4/5)');
    expect(items[1]).toHaveTextContent('Risposta al check-in della settimana 1');
    expect(items[3]).toHaveTextContent('Messaggio al gruppo');
    // The read receipt under one's own message the coach read.
    expect(within(items[2]!).getByText('Letto')).toBeInTheDocument();
    expect(within(items[3]!).getByText('Non letto')).toBeInTheDocument();
    expect(within(items[4]!).getByText('Non letto')).toBeInTheDocument();
    expect(within(items[1]!).queryByText('Non letto')).not.toBeInTheDocument();

    await waitFor(() => expect(posts(calls).map((call) => call.path).sort()).toEqual(['/api/me/conversation/read', '/api/me/messages/c1_u1/read']));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(posts(calls)).toHaveLength(2);
    // Read now, they keep their mark for this visit.
    expect(within(items[4]!).getByText('Non letto')).toBeInTheDocument();
  });

  it('a new season\'s week 1 reads apart from the first season\'s', async () => {
    fakeServer(user, (call) => {
      if (call.path === '/api/me/conversation') {
        return json(
          conversation([
            item('checkin-s2w1', '2026-11-18T08:00:00.000Z', { kind: 'checkIn', from: 'participant', authorName: 'Maria Rossi', text: 'Si riparte', weekNumber: 1, season: 2, mood: 4 }),
            item('checkin-1', '2026-09-18T08:00:00.000Z', { kind: 'checkIn', from: 'participant', authorName: 'Maria Rossi', text: 'Si parte', weekNumber: 1, mood: 3 }),
          ]),
        );
      }
      if (call.method === 'POST') return new Response(null, { status: 204 });
      return undefined;
    });
    renderApp('/messaggi', <MessagesPage />);
    const list = await screen.findByRole('list', { name: 'Conversazione con i coach' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent(/Check-in della settimana 1😐.*Si parte/);
    expect(first).not.toHaveTextContent('stagione');
    expect(second).toHaveTextContent(/Check-in della settimana 1 \(stagione 2\)🙂.*Si riparte/);
  });

  it('sends a message; a failure keeps the text and says why, and the retry is the same request', async () => {
    let attempts = 0;
    const sent = item('message-new', '2026-11-23T08:00:00.000Z', { from: 'participant', authorName: 'Maria Rossi', text: 'Ho una domanda', seen: false });
    const calls = fakeServer(user, (call) => {
      if (call.path === '/api/me/conversation') return json(conversation(attempts > 1 ? [sent] : []));
      if (call.path === '/api/me/conversation/messages') {
        attempts++;
        return attempts === 1 ? json({ message: 'Hai inviato molti messaggi in poco tempo: riprova tra qualche minuto' }, 429) : json(sent, 201);
      }
      return undefined;
    });
    const { user: typist } = renderApp('/messaggi', <MessagesPage />);
    expect(await screen.findByText(/Nessun messaggio per ora/)).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Scrivi ai tuoi coach' });
    await typist.type(box, 'Ho una domanda');
    expect(screen.getByText(`14/${MAX_CONVERSATION_MESSAGE}`)).toBeInTheDocument();
    await typist.click(screen.getByRole('button', { name: 'Invia' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Hai inviato molti messaggi in poco tempo: riprova tra qualche minuto');
    expect(box).toHaveValue('Ho una domanda');
    await typist.click(screen.getByRole('button', { name: 'Invia' }));
    expect(await within(await screen.findByRole('list', { name: 'Conversazione con i coach' })).findByText('Ho una domanda')).toBeInTheDocument();
    expect(box).toHaveValue('');
    const sends = calls.filter((call) => call.path === '/api/me/conversation/messages').map((call) => call.body as { requestId: string; text: string });
    expect(sends).toHaveLength(2);
    expect(sends[0]).toEqual({ requestId: expect.any(String), text: 'Ho una domanda' });
    expect(sends[1]!.requestId).toBe(sends[0]!.requestId);
  });

  it('answers a coach’s message quoting it, and refuses a message that is too long before sending', async () => {
    const calls = fakeServer(user, (call) => {
      if (call.path === '/api/me/conversation') return json(conversation(THREAD.map((i) => ({ ...i, seen: true }))));
      if (call.path === '/api/me/conversation/messages') return json(item('message-m3', '2026-11-23T08:00:00.000Z', { from: 'participant', text: 'Ci sarò' }), 201);
      return undefined;
    });
    const { user: typist } = renderApp('/messaggi', <MessagesPage />);
    await typist.click(await screen.findByRole('button', { name: /^Rispondi a Marco Coach, 21 novembre/ }));
    const box = screen.getByRole('textbox', { name: 'Scrivi ai tuoi coach' });
    expect(box).toHaveFocus();
    const form = screen.getByRole('form', { name: 'Nuovo messaggio' });
    expect(within(form).getByText('«Ciao a tutti, domani si parte!»')).toBeInTheDocument();

    await typist.paste('a'.repeat(MAX_CONVERSATION_MESSAGE + 1));
    expect(screen.getByText(`${MAX_CONVERSATION_MESSAGE + 1}/${MAX_CONVERSATION_MESSAGE}`)).toBeInTheDocument();
    await typist.click(screen.getByRole('button', { name: 'Invia' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(conversationTexts.textTooLong);
    expect(calls.some((call) => call.path === '/api/me/conversation/messages')).toBe(false);

    await typist.clear(box);
    await typist.type(box, 'Ci sarò');
    await typist.click(screen.getByRole('button', { name: 'Invia' }));
    await waitFor(() => expect(calls.find((call) => call.path === '/api/me/conversation/messages')?.body).toMatchObject({ text: 'Ci sarò', replyTo: 'inbox-c1_u1' }));
    await waitFor(() => expect(within(form).queryByText('«Ciao a tutti, domani si parte!»')).not.toBeInTheDocument());
  });

  it('records a voice note, listens to it, and sends it: uploaded first, then named by the message; a retry reuses the upload', async () => {
    installFakeMicrophone();
    const note = { id: 'a'.repeat(32), durationMs: 5_000, mime: 'audio/webm' as const };
    const sent = item('message-voice', '2026-11-23T08:00:00.000Z', { from: 'participant', authorName: 'Maria Rossi', text: '', voiceNote: note, seen: false });
    let attempts = 0;
    const calls = fakeServer(user, (call) => {
      if (call.path === '/api/me/conversation') return json(conversation(attempts > 1 ? [sent] : []));
      if (call.path === '/api/me/voice-notes') return json({ voiceNote: note }, 201);
      if (call.path === '/api/me/conversation/messages') {
        attempts++;
        return attempts === 1 ? json({ message: 'Servizio non disponibile, riprova tra poco' }, 503) : json(sent, 201);
      }
      return undefined;
    });
    const { user: typist } = renderApp('/messaggi', <MessagesPage />);
    const recorder = await screen.findByRole('group', { name: 'Nota vocale per i coach' });
    // Neither text nor a recording: nothing to send.
    await typist.click(screen.getByRole('button', { name: 'Invia' }));
    expect(screen.getByRole('alert')).toHaveTextContent(conversationTexts.textRequired);

    await typist.click(within(recorder).getByRole('button', { name: 'Registra una nota vocale' }));
    await typist.click(await within(recorder).findByRole('button', { name: 'Ferma la registrazione' }));
    // Heard before sending, and could be redone or discarded.
    expect(within(recorder).getByLabelText(/^Ascolta la registrazione/)).toHaveAttribute('src', 'blob:registrazione');
    expect(within(recorder).getByRole('button', { name: 'Registra di nuovo' })).toBeInTheDocument();
    await typist.click(screen.getByRole('button', { name: 'Invia' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Servizio non disponibile, riprova tra poco');
    // The recording stays for the retry, which names the note already uploaded.
    expect(within(recorder).getByRole('button', { name: 'Elimina la registrazione' })).toBeInTheDocument();
    await typist.click(screen.getByRole('button', { name: 'Invia' }));

    const list = await screen.findByRole('list', { name: 'Conversazione con i coach' });
    const player = await within(list).findByLabelText('Nota vocale di Maria Rossi, 5 secondi');
    expect(player).toHaveAttribute('src', `/api/voice-notes/${note.id}`);
    expect(within(list).getByText('0:05')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/me/voice-notes')).toHaveLength(1);
    const sends = calls.filter((call) => call.path === '/api/me/conversation/messages').map((call) => call.body);
    expect(sends).toEqual([
      { requestId: expect.any(String), text: '', voiceNoteId: note.id },
      { requestId: (sends[0] as { requestId: string }).requestId, text: '', voiceNoteId: note.id },
    ]);
    // Sent: a new recorder, ready for another.
    expect(await within(screen.getByRole('group', { name: 'Nota vocale per i coach' })).findByRole('button', { name: 'Registra una nota vocale' })).toBeInTheDocument();
  });

  it('plays the coaches’ voice notes with their length; a discarded recording is not sent', async () => {
    installFakeMicrophone();
    const note = { id: 'b'.repeat(32), durationMs: 65_000, mime: 'audio/mp4' as const };
    const calls = fakeServer(user, (call) => {
      if (call.path === '/api/me/conversation') return json(conversation([item('message-v1', '2026-11-22T08:00:00.000Z', { text: '', voiceNote: note })]));
      if (call.path === '/api/me/conversation/messages') return json(item('message-t1', '2026-11-23T08:00:00.000Z', { from: 'participant', text: 'Solo testo' }), 201);
      if (call.method === 'POST') return new Response(null, { status: 204 });
      return undefined;
    });
    const { user: typist } = renderApp('/messaggi', <MessagesPage />);
    expect(await screen.findByLabelText('Nota vocale di Marco Coach, 1 minuto e 5 secondi')).toHaveAttribute('src', `/api/voice-notes/${note.id}`);
    expect(screen.getByText('1:05')).toBeInTheDocument();
    // Answering a voice note quotes it as one.
    await typist.click(screen.getByRole('button', { name: /^Rispondi a Marco Coach/ }));
    expect(within(screen.getByRole('form', { name: 'Nuovo messaggio' })).getByText('«Nota vocale»')).toBeInTheDocument();

    await typist.click(screen.getByRole('button', { name: 'Registra una nota vocale' }));
    await typist.click(await screen.findByRole('button', { name: 'Ferma la registrazione' }));
    await typist.click(screen.getByRole('button', { name: 'Elimina la registrazione' }));
    await typist.type(screen.getByRole('textbox', { name: 'Scrivi ai tuoi coach' }), 'Solo testo');
    await typist.click(screen.getByRole('button', { name: 'Invia' }));
    await waitFor(() => expect(calls.find((call) => call.path === '/api/me/conversation/messages')?.body).toEqual({ requestId: expect.any(String), text: 'Solo testo', replyTo: 'message-v1' }));
    expect(calls.some((call) => call.path === '/api/me/voice-notes')).toBe(false);
  });

  it('loads older messages on request', async () => {
    const calls = fakeServer(user, (call) => {
      if (call.path === '/api/me/conversation') return json(conversation([THREAD[0]!], { nextBefore: THREAD[0]!.at }));
      if (call.path.startsWith('/api/me/conversation?before=')) return json(conversation([THREAD[2]!]));
      if (call.method === 'POST') return new Response(null, { status: 204 });
      return undefined;
    });
    const { user: clicker } = renderApp('/messaggi', <MessagesPage />);
    await clicker.click(await screen.findByRole('button', { name: 'Messaggi precedenti' }));
    expect(await screen.findByText('Ciao coach')).toBeInTheDocument();
    expect(calls.some((call) => call.path === `/api/me/conversation?before=${encodeURIComponent(THREAD[0]!.at)}`)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Messaggi precedenti' })).not.toBeInTheDocument();
  });

  it('the navigation’s count follows: a coach’s message counts until the thread is read', async () => {
    let read = false;
    const calls = fakeServer(user, (call) => {
      if (call.path === '/api/me/inbox') return json({ threads: [], messages: [], unreadMessages: read ? 0 : 1 });
      if (call.path === '/api/me/conversation') return json(conversation([{ ...THREAD[0]!, seen: read }]));
      if (call.path === '/api/me/conversation/read') {
        read = true;
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    // The whole app: the shell's navigation around the page.
    const { user: clicker } = renderApp('/messaggi');
    expect(await screen.findByText('Come va la settimana?')).toBeInTheDocument();
    // Read: the bottom bar's entry and the closed menu lose their marks.
    const bar = await screen.findByRole('navigation', { name: 'Schermate di ogni giorno' });
    await waitFor(() => expect(within(bar).getByRole('link', { name: 'Messaggi' })).toBeInTheDocument());
    await clicker.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('navigation', { name: 'Menu principale' }).querySelector('a[href="/messaggi"]')).toHaveTextContent(/^Messaggi$/);
    // The count was read again after the thread was.
    const paths = calls.map((call) => call.path);
    expect(paths.lastIndexOf('/api/me/inbox')).toBeGreaterThan(paths.indexOf('/api/me/conversation/read'));
    expect(paths.indexOf('/api/me/conversation/read')).toBeGreaterThan(-1);
  });

  it('is read-only once the participant left the group', async () => {
    fakeServer(user, (call) => (call.path === '/api/me/conversation' ? json(conversation([THREAD[2]!], { readOnly: true })) : undefined));
    renderApp('/messaggi', <MessagesPage />);
    expect(await screen.findByText(/Non fai più parte del gruppo/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows the server’s message when the conversation cannot be read', async () => {
    fakeServer(user, (call) => (call.path === '/api/me/conversation' ? json({ message: 'Servizio non disponibile, riprova tra poco' }, 503) : undefined));
    renderApp('/messaggi', <MessagesPage />);
    expect(await screen.findByText('Servizio non disponibile, riprova tra poco')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Messaggi' })).toBeInTheDocument();
  });
});
