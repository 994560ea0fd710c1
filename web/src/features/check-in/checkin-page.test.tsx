import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OwnThread } from '@sfida/core/check-in-threads';
import { addDays, formatItalianDate, weekdayIndex } from '@sfida/core/dates';
import { emptyTracker, type Mood } from '@sfida/core/tracker';
import { submitCheckIn } from '@sfida/core/tracker-actions';
import { currentDay } from '../../lib/use-today';
import { fakeUser } from '../../testing/fake-user';
import { installFakeMicrophone } from '../../testing/fake-microphone';
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

  it("names the last day of the participant's own week as the check-in day", async () => {
    const withArticle = ['il lunedì', 'il martedì', 'il mercoledì', 'il giovedì', 'il venerdì', 'il sabato', 'la domenica'];
    // Started yesterday: their weeks end on the weekday before today's, five days from now.
    const start = addDays(currentDay(), -1);
    fakeServer(fakeUser({ challengeStartDate: start }));
    renderApp('/checkin', <CheckinPage />);
    expect(
      await screen.findByText(`💡 Consiglio: fai il check-in ${withArticle[weekdayIndex(addDays(currentDay(), 5))]}, ripensando alla settimana appena trascorsa.`),
    ).toBeInTheDocument();
  });

  it('on the last day of the participant\'s week, says today is the day', async () => {
    // Started six days ago: today closes their first week.
    fakeServer(fakeUser({ challengeStartDate: addDays(currentDay(), -6) }));
    renderApp('/checkin', <CheckinPage />);
    expect(await screen.findByText('☀️ Oggi si chiude la tua settimana: il momento ideale per fare il punto.')).toBeInTheDocument();
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
    // A tap opens it whole, and another closes it again.
    const more = within(history).getByRole('button', { name: 'Leggi tutto' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(history).toHaveTextContent(reflection.trim());
    expect(history).not.toHaveTextContent('…');
    await user.click(within(history).getByRole('button', { name: 'Mostra meno' }));
    expect(history).toHaveTextContent('…');
  });

  it('from day 57 asks for a monthly check-in, once a maintenance month, for no points', async () => {
    const start = addDays(currentDay(), -60);
    fakeServer(fakeUser({ challengeStartDate: start }));
    const user = userEvent.setup();
    renderApp('/checkin', <CheckinPage />);
    expect(await screen.findByRole('heading', { name: 'Check-in mensile', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Check-in mensile · Mese 1 di mantenimento' })).toHaveTextContent(
      `Questo mese va fino al ${formatItalianDate(addDays(start, 83))}`,
    );
    expect(screen.getByRole('group', { name: 'Come è andato questo mese?' })).toBeInTheDocument();
    expect(screen.getByText(/il check-in è mensile: uno ogni quattro settimane, senza punti/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'La tua riflessione' }), 'Continuo a camminare');
    await user.click(screen.getByRole('button', { name: 'Invia check-in' }));

    expect(await screen.findByText('✓ Check-in già completato questo mese')).toBeInTheDocument();
    expect(screen.getByText(/Ci rivediamo il prossimo mese!/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Check-in precedenti' })).toHaveTextContent('Mese 1 di mantenimento');
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.tracker(fakeUser().id)) ?? '{}') as { checkIns: Array<{ weekNumber: number }>; pointsHistory: unknown[] };
    expect(stored.checkIns.map((checkIn) => checkIn.weekNumber)).toEqual([9]);
    expect(stored.pointsHistory).toEqual([]);
  });

  it('offers no "Leggi tutto" for a reflection that fits', async () => {
    storeCheckIn();
    fakeServer(fakeUser({ challengeStartDate: currentDay() }));
    renderApp('/checkin', <CheckinPage />);
    const history = await screen.findByRole('list', { name: 'Check-in precedenti' });
    expect(history).toHaveTextContent('Una settimana pesante');
    expect(within(history).queryByRole('button', { name: 'Leggi tutto' })).toBeNull();
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
    // Only the support: no cheerful goodbye next to it.
    expect(screen.queryByText(/Ci rivediamo la prossima settimana/)).not.toBeInTheDocument();
  });

  it('says the same when the participant comes back to the page later that week', async () => {
    storeCheckIn(1);
    fakeServer(fakeUser({ challengeStartDate: currentDay() }));
    renderApp('/checkin', <CheckinPage />);
    expect(await screen.findByText('Grazie per averlo condiviso.')).toBeInTheDocument();
    expect(screen.queryByText(/Ci rivediamo la prossima settimana/)).not.toBeInTheDocument();
  });

  it('after a good week it does not', async () => {
    await sendCheckIn(/4 · Bene$/);
    expect(screen.queryByText('Grazie per averlo condiviso.')).not.toBeInTheDocument();
    expect(screen.getByText(/Ci rivediamo la prossima settimana!/)).toBeInTheDocument();
  });
});

describe('Check-in: a voice note', { timeout: 30_000 }, () => {
  const voiceNote = { id: 'f'.repeat(32), durationMs: 3000, mime: 'audio/webm' as const };
  const storedCheckIns = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.tracker('user-anna')) ?? '{"checkIns":[]}').checkIns as Array<{ voiceNoteId?: string }>;

  async function recordAndSend(answer: (call: ApiCall) => Response | undefined) {
    installFakeMicrophone();
    const calls = fakeServer(fakeUser({ challengeStartDate: currentDay() }), answer);
    const user = userEvent.setup();
    renderApp('/checkin', <CheckinPage />);
    await user.type(await screen.findByRole('textbox', { name: 'La tua riflessione' }), 'Te lo racconto a voce');
    await user.click(screen.getByRole('button', { name: 'Registra una nota vocale' }));
    await user.click(await screen.findByRole('button', { name: 'Ferma la registrazione' }));
    expect(await screen.findByLabelText(/^Ascolta la registrazione/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invia check-in' }));
    return calls;
  }

  it('is uploaded as recorded before the check-in, which then names it', async () => {
    const calls = await recordAndSend((call) => (call.path === '/api/me/voice-notes' ? json({ voiceNote }, 201) : undefined));
    expect(await screen.findByText('✓ Check-in già completato questa settimana')).toBeInTheDocument();
    const upload = calls.find((call) => call.path === '/api/me/voice-notes');
    expect(upload).toMatchObject({ method: 'POST', credentials: 'include', headers: { 'content-type': 'audio/webm;codecs=opus' } });
    expect(storedCheckIns().map((checkIn) => checkIn.voiceNoteId)).toEqual([voiceNote.id]);
  });

  it('refused by the server, it leaves the check-in unsent with the server’s message', async () => {
    await recordAndSend((call) =>
      call.path === '/api/me/voice-notes' ? json({ message: 'La nota vocale può durare al massimo 2 minuti.' }, 400) : undefined,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('La nota vocale può durare al massimo 2 minuti.');
    expect(screen.getByRole('button', { name: 'Invia check-in' })).toBeEnabled();
    expect(storedCheckIns()).toEqual([]);
  });

  function storeTextNote() {
    const now = new Date();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const result = submitCheckIn(emptyTracker(zone, now, currentDay()), { mood: 3, reflection: 'Settimana normale', audioNote: 'Nota scritta' }, now, 'c-1');
    if (!result.ok) throw new Error(result.message);
    localStorage.setItem(STORAGE_KEYS.tracker('user-anna'), JSON.stringify(result.data));
  }

  it('in the history, the notes of the thread play with their lengths', async () => {
    storeTextNote();
    threadServer([thread({ reply: { ...reply, voiceNote: { ...voiceNote, id: 'e'.repeat(32), durationMs: 65_000 } }, voiceNote })]);
    renderApp('/checkin', <CheckinPage />);
    expect(await screen.findByLabelText('La tua nota vocale, 3 secondi')).toHaveAttribute('src', `/api/voice-notes/${voiceNote.id}`);
    expect(screen.getByLabelText('Nota vocale di Marco Coach, 1 minuto e 5 secondi')).toBeInTheDocument();
  });

  it('a tracker with a note written as text by an older version still loads, marked as before', async () => {
    storeTextNote();
    threadServer([]);
    renderApp('/checkin', <CheckinPage />);
    const entry = await screen.findByRole('listitem');
    expect(entry).toHaveTextContent('Settimana normale');
    expect(entry).toHaveTextContent('🎙️ Nota vocale');
  });
});
