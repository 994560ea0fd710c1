import { chakra, Flex, Text } from '@chakra-ui/react';
import type { VoiceNote } from '@sfida/core/voice-notes';
import { voiceNotePath } from '../lib/voice-notes';

/** "1:05" for 65 seconds: whole seconds, rounded. */
export function formatVoiceDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** "1 minuto e 5 secondi", for screen readers. */
export function spokenVoiceDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const parts: string[] = [];
  if (minutes > 0) parts.push(minutes === 1 ? '1 minuto' : `${minutes} minuti`);
  if (rest > 0 || minutes === 0) parts.push(rest === 1 ? '1 secondo' : `${rest} secondi`);
  return parts.join(' e ');
}

interface VoiceNotePlayerProps {
  voiceNote: VoiceNote;
  /** Whose note it is, e.g. "Nota vocale di Maria": the player's name for screen readers. */
  label: string;
}

/**
 * Plays a voice note with its length beside it. The length is the server's, read from the bytes:
 * a recording from MediaRecorder declares none, so the browser's own player cannot show it before
 * playing to the end. Nothing is fetched until play (a list of check-ins stays light).
 */
export function VoiceNotePlayer({ voiceNote, label }: VoiceNotePlayerProps) {
  return (
    <Flex gap="2" align="center" wrap="wrap" data-voice-note={voiceNote.id}>
      <Text as="span" fontSize="sm" fontWeight="semibold">
        <span aria-hidden="true">🎙️ </span>
        {label}
      </Text>
      <chakra.audio
        controls
        preload="none"
        src={voiceNotePath(voiceNote.id)}
        aria-label={`${label}, ${spokenVoiceDuration(voiceNote.durationMs)}`}
        maxW="full"
        w="18rem"
        h="10"
      />
      <Text as="span" fontSize="sm" color="fg.muted" aria-hidden="true">
        {formatVoiceDuration(voiceNote.durationMs)}
      </Text>
    </Flex>
  );
}
