import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { installFakeMicrophone } from '../../../testing/fake-microphone';
import { json, renderApp, resetTestState } from '../../../testing/test-utils';
import { fakeCheckInCard, fakeCoachServer } from '../../../testing/coach-fixtures';
import { CheckInVoiceNote, ReplyForm, ThreadView } from './check-in-thread';

afterEach(resetTestState);

const note = { id: 'a'.repeat(32), durationMs: 42_000, mime: 'audio/webm' as const };
const answer = { id: 'b'.repeat(32), durationMs: 7_000, mime: 'audio/mp4' as const };

describe('voice notes in a check-in, for the coach', { timeout: 30_000 }, () => {
  it('the participant’s note plays with its length; a card without one shows no player', async () => {
    fakeCoachServer();
    renderApp(
      '/coach',
      <>
        <CheckInVoiceNote card={fakeCheckInCard({ voiceNote: note })} />
        <CheckInVoiceNote card={fakeCheckInCard({ userId: 'u-bruno' })} />
      </>,
    );
    const player = await screen.findByLabelText('Nota vocale di Anna, 42 secondi');
    expect(player).toHaveAttribute('src', `/api/voice-notes/${note.id}`);
    expect(screen.getByText('0:42')).toBeInTheDocument();
    expect(document.querySelectorAll('audio')).toHaveLength(1);
  });

  it('answers with a voice note alone: uploaded for that participant first, then named by the reply', async () => {
    installFakeMicrophone();
    const card = fakeCheckInCard();
    const calls = fakeCoachServer((call) => {
      if (call.path === '/api/coach/cohorts/cohort-1/participants/u-anna/voice-notes') return json({ voiceNote: answer }, 201);
      if (call.path === `/api/coach/check-ins/${card.id}/reply`) {
        return json({ ...card, status: 'replied', handledBy: 'Marta', handledAt: '2026-11-23T09:00:00.000Z', reply: { text: '', coachName: 'Marta', at: '2026-11-23T09:00:00.000Z', voiceNote: answer } });
      }
      return undefined;
    });
    const { user } = renderApp('/coach', <ReplyForm card={card} />);
    // Neither text nor a recording: nothing to send.
    await user.click(await screen.findByRole('button', { name: 'Invia risposta' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Scrivi una risposta');

    await user.click(screen.getByRole('button', { name: 'Registra una nota vocale' }));
    await user.click(await screen.findByRole('button', { name: 'Ferma la registrazione' }));
    await user.click(screen.getByRole('button', { name: 'Invia risposta' }));

    await waitFor(() => expect(calls.some((call) => call.path === `/api/coach/check-ins/${card.id}/reply`)).toBe(true));
    const upload = calls.findIndex((call) => call.path.endsWith('/participants/u-anna/voice-notes'));
    const reply = calls.findIndex((call) => call.path === `/api/coach/check-ins/${card.id}/reply`);
    expect(upload).toBeGreaterThanOrEqual(0);
    expect(upload).toBeLessThan(reply);
    expect(calls[reply]?.body).toEqual({ text: '', voiceNoteId: answer.id });
    // Sent: the recorder is ready for another.
    expect(await screen.findByRole('button', { name: 'Registra una nota vocale' })).toBeInTheDocument();
  });

  it('the thread shows the coach’s voice answer', async () => {
    fakeCoachServer();
    const card = fakeCheckInCard({ status: 'replied', handledBy: 'Marta', handledAt: '2026-11-23T09:00:00.000Z', reply: { text: '', coachName: 'Marta', at: '2026-11-23T09:00:00.000Z', voiceNote: answer } });
    renderApp('/coach', <ThreadView card={card} />);
    expect(await screen.findByLabelText('Nota vocale di Marta, 7 secondi')).toHaveAttribute('src', `/api/voice-notes/${answer.id}`);
  });
});
