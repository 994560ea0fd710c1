import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OwnThread } from '@sfida/core/check-in-threads';
import { addDays, formatItalianDate } from '@sfida/core/dates';
import { emptyTracker, type Mood } from '@sfida/core/tracker';
import { submitCheckIn } from '@sfida/core/tracker-actions';
import { currentDay } from '../../lib/use-today';
import { fakeUser } from '../../testing/fake-user';
import { fakeServer, json, renderApp, resetTestState, type ApiCall } from '../../testing/test-utils';
import { STORAGE_KEYS } from '../../tracker/storage-keys';
import CheckinPage from './checkin-page';

afterEach(resetTestState);

describe('Check-in Settimanale', { timeout: 30_000 }, () => {
  it('keeps submit disabled while empty and asks for words when only spaces are written', async () => {
    fakeServer(fakeUser({ challengeStartDate: currentDay() }));
    const user = userEvent.setup();
    renderApp('/checkin', <CheckinPage />);

    const submit = await screen.findByRole('button', { name: 'Invia check-in' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'La tua riflessione' }), '   ');
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Scrivi almeno qualche parola nella tua riflessione!');
  });

  it('offers the five moods as a radio group with their labels', async () => {
    fakeServer(fakeUser({ challengeStartDate: currentDay() }));
    const user = userEvent.setup();
    renderApp('/checkin', <CheckinPage />);
    const group = await screen.findByRole('group', { name: 'Come è andata questa settimana?' });
    expect(group).toBeInTheDocument();
    for (const label of ['Molto difficile', 'Difficile', 'Normale', 'Bene', 'Eccellente']) {
      expect(screen.getByRole('radio', { name: new RegExp(`\\d · ${label}$`) })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('radio', { name: /Eccellente/ }));
    expect(screen.getByRole('radio', { name: /Eccellente/ })).toBeChecked();
  });

  it('before a start date is chosen, says so and offers no form to fill in', async () => {
    fakeServer(fakeUser({ challengeStartDate: null }));
    renderApp('/checkin', <CheckinPage />);
    expect(await screen.findByText(/La sfida non è ancora iniziata: scegli il giorno di inizio nella dashboard/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vai alla dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('form', { name: 'Check-in della settimana' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invia check-in' })).not.toBeInTheDocument();
  });

  it('before the start date, says when the first check-in opens and offers no form to fill in', async () => {
    const start = addDays(currentDay(), 20);
    fakeServer(fakeUser({ challengeStartDate: start }));
    renderApp('/checkin', <CheckinPage />);
    expect(
      await screen.findByText(`La sfida inizia il ${formatItalianDate(start)}: da quel giorno potrai fare il check-in della prima settimana.`),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invia check-in' })).not.toBeInTheDocument();
  });

  it('counts characters, submits once a week and lists it in the history', async () => {
    fakeServer(fakeUser({ challengeStartDate: currentDay() }));
    const user = userEvent.setup();
    renderApp('/checkin', <CheckinPage />);
    const reflection = 'Ho camminato ogni giorno e mi sento più energico. '.repeat(3);
    await user.click(await screen.findByRole('textbox', { name: 'La tua riflessione' }));
    await user.paste(reflection);
    expect(screen.getByText(`${reflection.length}/300 caratteri`)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Bene/ }));
    await user.click(screen.getByRole('button', { name: 'Invia check-in' }));

    expect(await screen.findByText('✓ Check-in già completato questa settimana')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invia check-in' })).not.toBeInTheDocument();
    const history = screen.getByRole('list', { name: 'Check-in precedenti' });
    expect(history).toHaveTextContent('Settimana 1');
    // The history shows at most 100 characters of the reflection.
    expect(history).toHaveTextContent(`${Array.from(reflection).slice(0, 100).join('')}…`);
  });
});

/** A tracker in this browser with this week's check-in (week 1: the challenge starts today). */
function storeCheckIn(mood: Mood = 2) {
  const now = new Date();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const result = submitCheckIn(emptyTracker(zone, now, currentDay()), { mood, reflection: 'Una settimana pesante' }, now, 'checkin-1');
  if (!result.ok) throw new Error(result.message);
  localStorage.setItem(STORAGE_KEYS.tracker('user-anna'), JSON.stringify(result.data));
}

const reply = { text: 'Ciao Anna, ripartiamo da una cosa piccola.', coachName: 'Marco Coach', at: '2026-11-20T17:30:00.000Z' };

function thread(overrides: Partial<OwnThread> = {}): OwnThread {
  return { weekNumber: 1, status: 'replied', handledBy: 'Marco Coach', reply, replySeenAt: null, answer: null, ...overrides };
}

/** The participant's server with `threads` in the inbox, and `answer` for `seen` and `answer` calls. */
function threadServer(threads: OwnThread[], answer: (call: ApiCall) => Response | undefined = () => undefined): ApiCall[] {
  return fakeServer(fakeUser({ challengeStartDate: currentDay() }), (call) => {
    if (call.path === '/api/me/inbox') return json({ threads, messages: [], unreadMessages: 0 });
    return answer(call);
  });
}

describe('Check-in: the coach’s reply', { timeout: 30_000 }, () => {
  it('shows the reply under its week and tells the server once that it was seen', async () => {
    storeCheckIn();
    const calls = threadServer([thread()], (call) =>
      call.path === '/api/me/check-ins/1/seen' ? json(thread({ replySeenAt: '2026-11-21T08:00:00.000Z' })) : undefined,
    );
    // Strict mode runs every effect twice, as the app does in development.
    renderApp(
      '/checkin',
      <StrictMode>
        <CheckinPage />
      </StrictMode>,
    );
    const entry = await screen.findByRole('listitem');
    expect(entry).toHaveAttribute('id', 'settimana-1');
    expect(await within(entry).findByText('Risposta di Marco Coach')).toBeInTheDocument();
    expect(within(entry).getByText(reply.text)).toBeInTheDocument();
    const seen = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/me/check-ins/1/seen');
    await waitFor(() => expect(seen()).toHaveLength(1));
    // Once the server's answer is in, nothing more is sent.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen()).toHaveLength(1);
  });

  it('sends nothing for a reply already seen', async () => {
    storeCheckIn();
    const calls = threadServer([thread({ replySeenAt: '2026-11-21T08:00:00.000Z' })]);
    renderApp('/checkin', <CheckinPage />);
    expect(await screen.findByText('Risposta di Marco Coach')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls.some((c) => c.path.endsWith('/seen'))).toBe(false);
  });

  it('says who read a check-in without replying, with no form to answer', async () => {
    storeCheckIn();
    threadServer([thread({ status: 'read', reply: null })]);
    renderApp('/checkin', <CheckinPage />);
    expect(await screen.findByText('✓ Letto da Marco Coach')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Rispondi al coach' })).not.toBeInTheDocument();
  });

  it('answers the coach once: the answer shows and the form goes away', async () => {
    storeCheckIn();
    const seenAt = '2026-11-21T08:00:00.000Z';
    const calls = threadServer([thread({ replySeenAt: seenAt })], (call) =>
      call.path === '/api/me/check-ins/1/answer'
        ? json(thread({ replySeenAt: seenAt, answer: { text: 'Grazie, ci provo!', at: '2026-11-21T09:00:00.000Z' } }))
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/checkin', <CheckinPage />);
    const box = await screen.findByRole('textbox', { name: 'Rispondi al coach' });
    const send = screen.getByRole('button', { name: 'Invia risposta' });
    expect(send).toBeDisabled();
    await user.type(box, 'Grazie, ci provo!');
    expect(screen.getByText('17/500')).toBeInTheDocument();
    await user.click(send);

    expect(await screen.findByText('La tua risposta')).toBeInTheDocument();
    expect(screen.getByText('Grazie, ci provo!')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Rispondi al coach' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/me/check-ins/1/answer').map((c) => c.body)).toEqual([{ text: 'Grazie, ci provo!' }]);
  });

  it('shows the server’s refusal of an answer', async () => {
    storeCheckIn();
    threadServer([thread({ replySeenAt: '2026-11-21T08:00:00.000Z' })], (call) =>
      call.path === '/api/me/check-ins/1/answer' ? json({ message: 'Hai già risposto al tuo coach per questo check-in' }, 409) : undefined,
    );
    const user = userEvent.setup();
    renderApp('/checkin', <CheckinPage />);
    await user.type(await screen.findByRole('textbox', { name: 'Rispondi al coach' }), 'Di nuovo');
    await user.click(screen.getByRole('button', { name: 'Invia risposta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Hai già risposto al tuo coach per questo check-in');
    expect(screen.getByRole('textbox', { name: 'Rispondi al coach' })).toHaveValue('Di nuovo');
  });

  it('a link to the week (#settimana-N) brings its entry into focus', async () => {
    storeCheckIn();
    threadServer([thread({ replySeenAt: '2026-11-21T08:00:00.000Z' })]);
    renderApp('/checkin#settimana-1', <CheckinPage />);
    const entry = await screen.findByRole('listitem');
    await waitFor(() => expect(entry).toHaveFocus());
  });
});

describe('Check-in: a word of support after a hard week', { timeout: 30_000 }, () => {
  async function sendCheckIn(mood: RegExp) {
    fakeServer(fakeUser({ challengeStartDate: currentDay() }));
    const user = userEvent.setup();
    renderApp('/checkin', <CheckinPage />);
    await user.type(await screen.findByRole('textbox', { name: 'La tua riflessione' }), 'Settimana così così');
    await user.click(screen.getByRole('radio', { name: mood }));
    await user.click(screen.getByRole('button', { name: 'Invia check-in' }));
    expect(await screen.findByText('✓ Check-in già completato questa settimana')).toBeInTheDocument();
  }

  it('after a difficult week it thanks and invites to talk with the coach', async () => {
    await sendCheckIn(/2 · Difficile$/);
    expect(screen.getByText('Grazie per averlo condiviso.')).toBeInTheDocument();
    expect(screen.getByText(/Il tuo coach leggerà il tuo check-in e ti risponderà qui/)).toBeInTheDocument();
  });

  it('after a good week it does not', async () => {
    await sendCheckIn(/4 · Bene$/);
    expect(screen.queryByText('Grazie per averlo condiviso.')).not.toBeInTheDocument();
  });
});
