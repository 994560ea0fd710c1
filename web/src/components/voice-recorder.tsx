import { useEffect, useRef, useState } from 'react';
import { Box, Button, chakra, Flex, Stack, Text } from '@chakra-ui/react';
import { formatVoiceDuration, spokenVoiceDuration } from './voice-note-player';

/** A recording made and kept in the page until it is sent. */
export interface Recording {
  blob: Blob;
  durationMs: number;
}

/** What the browser records into, best first: Opus in WebM, then AAC in MP4 (Safari), then Ogg. */
const PREFERRED_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus'];

function recorderType(): string | undefined {
  return PREFERRED_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
}

/** How often the timer moves (and checks the limit). */
const TICK_MS = 200;

type State =
  | { kind: 'idle' }
  | { kind: 'asking' }
  | { kind: 'recording'; elapsedMs: number }
  | { kind: 'recorded'; recording: Recording; url: string }
  | { kind: 'problem'; problem: 'denied' | 'noMicrophone' | 'unsupported' | 'failed' };

const problemTexts = {
  denied:
    'Il browser non ha il permesso di usare il microfono. Per concederlo tocca l’icona del lucchetto (o delle impostazioni del sito) accanto all’indirizzo, ' +
    'imposta «Microfono» su «Consenti» e riprova. Su iPhone e iPad: Impostazioni › Safari › Microfono › Consenti.',
  noMicrophone: 'Non troviamo un microfono su questo dispositivo: collegane uno e riprova.',
  unsupported: 'Questo browser non può registrare note vocali: prova con una versione recente di Chrome, Firefox, Edge o Safari.',
  failed: 'La registrazione non è riuscita. Riprova.',
} as const;

interface VoiceRecorderProps {
  /** Hears the recording to send once it is made, and null when it is discarded or redone. */
  onChange: (recording: Recording | null) => void;
  /** The longest recording: the recorder stops there by itself. */
  maxMs: number;
  /** Names the controls for screen readers, e.g. "Nota vocale del check-in". */
  label: string;
  disabled?: boolean;
}

/**
 * Records a voice note with the browser's MediaRecorder: up to `maxMs` with a visible timer, then
 * listen, record again or discard before the form that holds it sends it. A refused microphone
 * says how to allow it.
 */
export function VoiceRecorder({ onChange, maxMs, label, disabled = false }: VoiceRecorderProps) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [announcement, setAnnouncement] = useState('');
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const startedAt = useRef(0);
  const url = useRef<string | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  function releaseMicrophone() {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
  }

  function forgetRecording() {
    if (url.current) URL.revokeObjectURL(url.current);
    url.current = null;
  }

  // Leaving the page mid-recording turns the microphone off and drops the recording.
  useEffect(
    () => () => {
      if (recorder.current && recorder.current.state !== 'inactive') {
        recorder.current.ondataavailable = null;
        recorder.current.onstop = null;
        recorder.current.stop();
      }
      releaseMicrophone();
      forgetRecording();
    },
    [],
  );

  function stop() {
    if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
  }

  async function start() {
    forgetRecording();
    onChangeRef.current(null);
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setState({ kind: 'problem', problem: 'unsupported' });
      return;
    }
    setState({ kind: 'asking' });
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      const name = error instanceof DOMException ? error.name : '';
      const problem = name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : name === 'NotFoundError' ? 'noMicrophone' : 'failed';
      setState({ kind: 'problem', problem });
      return;
    }
    stream.current = media;
    const type = recorderType();
    const chunks: Blob[] = [];
    let made: MediaRecorder;
    try {
      made = new MediaRecorder(media, type ? { mimeType: type } : undefined);
    } catch {
      releaseMicrophone();
      setState({ kind: 'problem', problem: 'unsupported' });
      return;
    }
    recorder.current = made;
    made.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    made.onstop = () => {
      const durationMs = Math.min(Date.now() - startedAt.current, maxMs);
      releaseMicrophone();
      recorder.current = null;
      const blob = new Blob(chunks, { type: made.mimeType || type || 'audio/webm' });
      if (blob.size === 0) {
        setState({ kind: 'problem', problem: 'failed' });
        return;
      }
      const recording = { blob, durationMs };
      url.current = URL.createObjectURL(blob);
      setState({ kind: 'recorded', recording, url: url.current });
      setAnnouncement(`Registrazione terminata: ${spokenVoiceDuration(durationMs)}. Puoi ascoltarla prima di inviarla.`);
      onChangeRef.current(recording);
    };
    startedAt.current = Date.now();
    made.start(1000);
    setState({ kind: 'recording', elapsedMs: 0 });
    setAnnouncement('Registrazione in corso');
    timer.current = setInterval(() => {
      const elapsedMs = Date.now() - startedAt.current;
      if (elapsedMs >= maxMs) {
        if (timer.current) clearInterval(timer.current);
        timer.current = null;
        setState({ kind: 'recording', elapsedMs: maxMs });
        stop();
        return;
      }
      setState({ kind: 'recording', elapsedMs });
    }, TICK_MS);
  }

  function discard() {
    forgetRecording();
    setState({ kind: 'idle' });
    setAnnouncement('Registrazione eliminata');
    onChangeRef.current(null);
  }

  return (
    <Stack gap="2" role="group" aria-label={label}>
      <chakra.p srOnly aria-live="polite">
        {announcement}
      </chakra.p>
      {state.kind === 'recording' ? (
        <Flex gap="3" align="center" wrap="wrap">
          <Text as="span" role="timer" aria-label={`Tempo registrato: ${spokenVoiceDuration(state.elapsedMs)} su ${spokenVoiceDuration(maxMs)}`} fontVariantNumeric="tabular-nums" fontWeight="semibold" color="fg.error">
            <span aria-hidden="true">● </span>
            {formatVoiceDuration(state.elapsedMs)} / {formatVoiceDuration(maxMs)}
          </Text>
          <Button type="button" size="sm" colorPalette="red" onClick={stop}>
            Ferma la registrazione
          </Button>
        </Flex>
      ) : state.kind === 'recorded' ? (
        <Stack gap="2">
          <Flex gap="2" align="center" wrap="wrap">
            <chakra.audio controls src={state.url} aria-label={`Ascolta la registrazione, ${spokenVoiceDuration(state.recording.durationMs)}`} maxW="full" w="18rem" h="10" />
            <Text as="span" fontSize="sm" color="fg.muted" aria-hidden="true">
              {formatVoiceDuration(state.recording.durationMs)}
            </Text>
          </Flex>
          <Flex gap="2" wrap="wrap">
            <Button type="button" size="sm" variant="outline" onClick={() => void start()} disabled={disabled}>
              Registra di nuovo
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={discard} disabled={disabled}>
              Elimina la registrazione
            </Button>
          </Flex>
        </Stack>
      ) : (
        <Box>
          <Button type="button" size="sm" variant="outline" onClick={() => void start()} disabled={disabled || state.kind === 'asking'} loading={state.kind === 'asking'} loadingText="Attendo il microfono...">
            <span aria-hidden="true">🎙️</span> Registra una nota vocale
          </Button>
          <Text mt="1" fontSize="sm" color="fg.muted">
            Fino a {spokenVoiceDuration(maxMs)}. Potrai ascoltarla prima di inviarla.
          </Text>
        </Box>
      )}
      {state.kind === 'problem' && (
        <Text role="alert" fontSize="sm" color="fg.error" bg="bg.error" p="2" borderRadius="md">
          {problemTexts[state.problem]}
        </Text>
      )}
    </Stack>
  );
}
