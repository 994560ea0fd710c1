import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeUser } from '../testing/fake-user';
import { FakeRecorder, installFakeMicrophone } from '../testing/fake-microphone';
import { fakeServer, renderApp, resetTestState } from '../testing/test-utils';
import { VoiceRecorder, type Recording } from './voice-recorder';
import { formatVoiceDuration, spokenVoiceDuration, VoiceNotePlayer } from './voice-note-player';

let getUserMedia: ReturnType<typeof installFakeMicrophone>['getUserMedia'];
let stopTrack: ReturnType<typeof installFakeMicrophone>['stopTrack'];

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval', 'Date'] });
  ({ getUserMedia, stopTrack } = installFakeMicrophone());
});

afterEach(() => {
  vi.useRealTimers();
  resetTestState();
});

async function renderRecorder() {
  const heard: Array<Recording | null> = [];
  fakeServer(fakeUser());
  renderApp('/checkin', <VoiceRecorder label="Nota vocale del check-in" maxMs={120_000} onChange={(recording) => heard.push(recording)} />);
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  await screen.findByRole('group', { name: 'Nota vocale del check-in' });
  return { heard, user };
}

describe('VoiceRecorder', () => {
  test('records Opus in WebM with a timer, stops on request, and offers to listen, redo or discard', async () => {
    const { heard, user } = await renderRecorder();
    expect(screen.getByRole('group', { name: 'Nota vocale del check-in' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Registra una nota vocale' }));
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(FakeRecorder.made[0]?.mimeType).toBe('audio/webm;codecs=opus');

    await act(async () => vi.advanceTimersByTime(42_000));
    expect(screen.getByRole('timer')).toHaveTextContent('0:42 / 2:00');
    await user.click(screen.getByRole('button', { name: 'Ferma la registrazione' }));

    expect(stopTrack).toHaveBeenCalled();
    expect(heard.at(-1)?.blob.type).toBe('audio/webm;codecs=opus');
    expect(heard.at(-1)?.durationMs).toBeGreaterThanOrEqual(42_000);
    expect(screen.getByLabelText(/^Ascolta la registrazione, 42 secondi/)).toHaveAttribute('src', 'blob:registrazione');
    expect(screen.getByText(/Registrazione terminata: 42 secondi/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Elimina la registrazione' }));
    expect(heard.at(-1)).toBeNull();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:registrazione');
    expect(screen.getByRole('button', { name: 'Registra una nota vocale' })).toBeInTheDocument();
  });

  test('stops by itself at two minutes', async () => {
    const { heard, user } = await renderRecorder();
    await user.click(screen.getByRole('button', { name: 'Registra una nota vocale' }));
    await act(async () => vi.advanceTimersByTime(125_000));
    expect(FakeRecorder.made[0]?.state).toBe('inactive');
    expect(heard.at(-1)?.durationMs).toBe(120_000);
    expect(screen.queryByRole('button', { name: 'Ferma la registrazione' })).not.toBeInTheDocument();
    // Recording again forgets the first take first.
    await user.click(screen.getByRole('button', { name: 'Registra di nuovo' }));
    expect(heard.at(-1)).toBeNull();
    expect(FakeRecorder.made).toHaveLength(2);
  });

  test('falls back to AAC in MP4 where that is what the browser records (Safari)', async () => {
    FakeRecorder.supported = ['audio/mp4'];
    const { user } = await renderRecorder();
    await user.click(screen.getByRole('button', { name: 'Registra una nota vocale' }));
    expect(FakeRecorder.made[0]?.mimeType).toBe('audio/mp4');
  });

  test('a refused microphone explains how to allow it', async () => {
    getUserMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
    const { heard, user } = await renderRecorder();
    await user.click(screen.getByRole('button', { name: 'Registra una nota vocale' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/permesso di usare il microfono.*«Microfono» su «Consenti»/);
    expect(heard.filter(Boolean)).toEqual([]);
  });

  test('a browser without MediaRecorder says so', async () => {
    vi.stubGlobal('MediaRecorder', undefined);
    const { user } = await renderRecorder();
    await user.click(screen.getByRole('button', { name: 'Registra una nota vocale' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/non può registrare note vocali/);
  });
});

describe('VoiceNotePlayer', () => {
  test('plays the note from the API, with its length shown and spoken', async () => {
    fakeServer(fakeUser());
    renderApp('/checkin', <VoiceNotePlayer voiceNote={{ id: 'a'.repeat(32), durationMs: 65_000, mime: 'audio/webm' }} label="Nota vocale di Maria" />);
    const audio = await screen.findByLabelText('Nota vocale di Maria, 1 minuto e 5 secondi');
    expect(audio).toHaveAttribute('src', `/api/voice-notes/${'a'.repeat(32)}`);
    expect(audio).toHaveAttribute('preload', 'none');
    expect(screen.getByText('1:05')).toBeInTheDocument();
  });

  test('durations read as minutes and seconds, and in words', () => {
    expect([0, 4_400, 4_600, 65_000, 120_000].map(formatVoiceDuration)).toEqual(['0:00', '0:04', '0:05', '1:05', '2:00']);
    expect([1_000, 42_000, 60_000, 125_000].map(spokenVoiceDuration)).toEqual(['1 secondo', '42 secondi', '1 minuto', '2 minuti e 5 secondi']);
  });
});
