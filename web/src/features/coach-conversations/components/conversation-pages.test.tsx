import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CoachConversation, ConversationSummary, TimelineItem } from '@sfida/core/conversations';
import { installFakeMicrophone } from '../../../testing/fake-microphone';
import { json, renderApp, resetTestState, type ApiCall } from '../../../testing/test-utils';
import { fakeCoachServer, fakeCohort } from '../../../testing/coach-fixtures';
import { conversationPath, conversationsPath } from '../../../coach-shared/paths';

afterEach(resetTestState);

function summary(userId: string, name: string, change: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    userId,
    cohortId: 'cohort-1',
    cohortName: 'Autunno 2026',
    name,
    email: `${userId}@example.it`,
    lastActivityAt: '2026-11-22T08:00:00.000Z',
    lastPreview: { from: 'participant', text: `Ciao da ${name}` },
    unread: 0,
    readOnly: false,
    ...change,
  };
}

const COHORTS = [fakeCohort(), fakeCohort({ id: 'cohort-2', name: 'Inverno 2027' })];

describe('Conversazioni: the list', { timeout: 30_000 }, () => {
  it('lists the threads unread first with their counts, filters by cohort and pages', async () => {
    const calls = fakeCoachServer((call) => {
      if (call.path === '/api/coach/cohorts') return json(COHORTS);
      if (call.path === '/api/coach/conversations') {
        return json({
          conversations: [summary('u-bruno', 'Bruno', { unread: 2 }), summary('u-anna', 'Anna', { lastPreview: { from: 'coach', text: 'A domani' } })],
          nextCursor: '0|2026-11-20T08:00:00.000Z',
          unreadTotal: 1,
        });
      }
      if (call.path === `/api/coach/conversations?cursor=${encodeURIComponent('0|2026-11-20T08:00:00.000Z')}`) {
        return json({ conversations: [summary('u-carla', 'Carla', { cohortId: 'cohort-2', cohortName: 'Inverno 2027' })], nextCursor: null, unreadTotal: 1 });
      }
      if (call.path === '/api/coach/conversations?cohortId=cohort-2') {
        return json({ conversations: [summary('u-carla', 'Carla', { cohortId: 'cohort-2', cohortName: 'Inverno 2027' })], nextCursor: null, unreadTotal: 0 });
      }
      return undefined;
    });
    const { user } = renderApp(conversationsPath());

    const list = await screen.findByRole('list', { name: 'Conversazioni' });
    let rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['Bruno', 'Anna']);
    expect(within(rows[0]!).getByText('2 da leggere')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Autunno 2026');
    expect(within(rows[1]!).getByText('Coach: A domani')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', conversationPath('cohort-1', 'u-bruno'));
    expect(screen.getByText('1 conversazione da leggere')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Altre conversazioni' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Altre conversazioni' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Coorte' }), 'Inverno 2027');
    await waitFor(() => expect(screen.getByText('Nessuna conversazione da leggere.')).toBeInTheDocument());
    rows = within(screen.getByRole('list', { name: 'Conversazioni' })).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['Carla']);
    expect(calls.some((call) => call.path === '/api/coach/conversations?cohortId=cohort-2')).toBe(true);
  });

  it('says when there is nothing yet', async () => {
    fakeCoachServer((call) => (call.path === '/api/coach/cohorts' ? json([fakeCohort()]) : undefined));
    renderApp(conversationsPath());
    expect(await screen.findByText(/Nessuna conversazione ancora/)).toBeInTheDocument();
    // One cohort: nothing to filter.
    expect(screen.queryByRole('combobox', { name: 'Coorte' })).not.toBeInTheDocument();
  });
});

const THREAD_PATH = '/api/coach/cohorts/cohort-1/participants/u-bruno/conversation';

function item(id: string, at: string, change: Partial<TimelineItem> = {}): TimelineItem {
  return { id, kind: 'message', from: 'participant', authorName: 'Bruno', text: `Testo ${id}`, at, weekNumber: null, mood: null, replyTo: null, voiceNote: null, seen: false, ...change };
}

function thread(items: TimelineItem[], change: Partial<CoachConversation['conversation']> = {}): CoachConversation {
  return {
    conversation: {
      userId: 'u-bruno',
      cohortId: 'cohort-1',
      participantName: 'Bruno',
      items,
      nextBefore: null,
      participantReadAt: null,
      coachReadAt: null,
      coachReadBy: null,
      readOnly: false,
      ...change,
    },
    week: { weekNumber: 3, habitsPercent: 57, mood: { weekNumber: 2, mood: 2 }, planner: { planned: 4, completed: 1 } },
  };
}

const posts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST').map((call) => call.path);

describe('Conversazioni: one thread', { timeout: 30_000 }, () => {
  it('shows the participant’s week and the timeline, reads it once, and answers', async () => {
    const items = [
      item('message-m2', '2026-11-22T08:00:00.000Z', { text: 'Mi aiuti con il planner?' }),
      item('message-m1', '2026-11-21T08:00:00.000Z', { from: 'coach', authorName: 'Marta', text: 'Come va?', seen: true }),
      item('answer-2', '2026-11-20T08:00:00.000Z', { kind: 'checkInAnswer', text: 'Grazie coach', weekNumber: 2 }),
    ];
    let sentOnce = false;
    const calls = fakeCoachServer((call) => {
      if (call.path === THREAD_PATH) return json(thread(sentOnce ? [item('message-m3', '2026-11-23T08:00:00.000Z', { from: 'coach', authorName: 'Marta', text: 'Certo!' }), ...items] : items));
      if (call.path === `${THREAD_PATH}/read`) return new Response(null, { status: 204 });
      if (call.path === `${THREAD_PATH}/messages`) {
        sentOnce = true;
        return json(item('message-m3', '2026-11-23T08:00:00.000Z', { from: 'coach', authorName: 'Marta', text: 'Certo!' }), 201);
      }
      return undefined;
    });
    const { user } = renderApp(conversationPath('cohort-1', 'u-bruno'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Bruno' })).toBeInTheDocument();
    const week = screen.getByRole('region', { name: 'La sua settimana' });
    expect(within(week).getByText('3 di 8')).toBeInTheDocument();
    expect(within(week).getByText('57%')).toBeInTheDocument();
    expect(within(week).getByText('Difficile (2/5), settimana 2')).toBeInTheDocument();
    expect(within(week).getByText('1/4 azioni completate')).toBeInTheDocument();
    expect(within(week).getByRole('link', { name: 'Apri la pagina del partecipante' })).toHaveAttribute('href', '/coach/cohort-1/partecipanti/u-bruno');

    const timeline = screen.getByRole('list', { name: 'Conversazione con Bruno' });
    const rows = within(timeline).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByText(/^(Grazie coach|Come va\?|Mi aiuti con il planner\?)$/).textContent)).toEqual([
      'Grazie coach',
      'Come va?',
      'Mi aiuti con il planner?',
    ]);
    expect(rows[0]).toHaveTextContent('Risposta al coach sul check-in della settimana 2');
    expect(within(rows[0]!).getByText('Non letto')).toBeInTheDocument();
    // The participant read the coach's message: its receipt.
    expect(within(rows[1]!).getByText('Letto')).toBeInTheDocument();
    await waitFor(() => expect(posts(calls)).toEqual([`${THREAD_PATH}/read`]));

    await user.type(screen.getByRole('textbox', { name: 'Scrivi a Bruno' }), 'Certo!');
    await user.click(screen.getByRole('button', { name: 'Invia' }));
    expect(await within(timeline).findByText('Certo!')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Scrivi a Bruno' })).toHaveValue('');
    expect(calls.find((call) => call.path === `${THREAD_PATH}/messages`)?.body).toEqual({ requestId: expect.any(String), text: 'Certo!' });
    // Nothing was unread after the first visit's read: no second one.
    expect(posts(calls).filter((path) => path.endsWith('/read'))).toHaveLength(1);
  });

  it('plays the participant’s voice note with its length, and answers with a voice note uploaded for that participant', async () => {
    installFakeMicrophone();
    const theirs = { id: 'a'.repeat(32), durationMs: 42_000, mime: 'audio/webm' as const };
    const mine = { id: 'b'.repeat(32), durationMs: 7_000, mime: 'audio/mp4' as const };
    const answer = item('message-m2', '2026-11-23T08:00:00.000Z', { from: 'coach', authorName: 'Marta', text: 'Ecco la mia risposta', voiceNote: mine });
    const items = [item('message-m1', '2026-11-22T08:00:00.000Z', { text: '', voiceNote: theirs })];
    let sent = false;
    const calls = fakeCoachServer((call) => {
      if (call.path === THREAD_PATH) return json(thread(sent ? [answer, ...items] : items));
      if (call.path === `${THREAD_PATH}/read`) return new Response(null, { status: 204 });
      if (call.path === '/api/coach/cohorts/cohort-1/participants/u-bruno/voice-notes') return json({ voiceNote: mine }, 201);
      if (call.path === `${THREAD_PATH}/messages`) {
        sent = true;
        return json(answer, 201);
      }
      return undefined;
    });
    const { user } = renderApp(conversationPath('cohort-1', 'u-bruno'));

    const timeline = await screen.findByRole('list', { name: 'Conversazione con Bruno' });
    expect(within(timeline).getByLabelText('Nota vocale di Bruno, 42 secondi')).toHaveAttribute('src', `/api/voice-notes/${theirs.id}`);
    expect(within(timeline).getByText('0:42')).toBeInTheDocument();

    const recorder = screen.getByRole('group', { name: 'Nota vocale per Bruno' });
    await user.click(within(recorder).getByRole('button', { name: 'Registra una nota vocale' }));
    await user.click(await within(recorder).findByRole('button', { name: 'Ferma la registrazione' }));
    await user.type(screen.getByRole('textbox', { name: 'Scrivi a Bruno' }), 'Ecco la mia risposta');
    await user.click(screen.getByRole('button', { name: 'Invia' }));

    expect(await within(timeline).findByLabelText('Nota vocale di Marta, 7 secondi')).toHaveAttribute('src', `/api/voice-notes/${mine.id}`);
    const paths = calls.map((call) => call.path);
    const upload = paths.indexOf('/api/coach/cohorts/cohort-1/participants/u-bruno/voice-notes');
    expect(upload).toBeGreaterThanOrEqual(0);
    expect(upload).toBeLessThan(paths.indexOf(`${THREAD_PATH}/messages`));
    expect(calls.find((call) => call.path === `${THREAD_PATH}/messages`)?.body).toEqual({ requestId: expect.any(String), text: 'Ecco la mia risposta', voiceNoteId: mine.id });
    expect(screen.getByRole('textbox', { name: 'Scrivi a Bruno' })).toHaveValue('');
  });

  it('a withdrawn participant’s thread is read-only; nothing to read sends no read', async () => {
    const calls = fakeCoachServer((call) =>
      call.path === THREAD_PATH ? json(thread([item('message-m1', '2026-11-21T08:00:00.000Z', { seen: true })], { readOnly: true })) : undefined,
    );
    renderApp(conversationPath('cohort-1', 'u-bruno'));
    expect(await screen.findByText(/la conversazione è in sola lettura/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Rispondi/ })).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(posts(calls)).toEqual([]);
  });

  it('says why a thread cannot be opened', async () => {
    fakeCoachServer((call) => (call.path === THREAD_PATH ? json({ message: 'Partecipante non trovato in questa coorte' }, 404) : undefined));
    renderApp(conversationPath('cohort-1', 'u-bruno'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Partecipante non trovato in questa coorte');
    expect(screen.getByRole('link', { name: '← Tutte le conversazioni' })).toHaveAttribute('href', conversationsPath());
  });
});
