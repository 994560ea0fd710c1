import { useEffect, useId, useRef, useState } from 'react';
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useLocation } from 'react-router-dom';
import type { OwnThread } from '@sfida/core/check-in-threads';
import type { CheckIn } from '@sfida/core/tracker';
import { cutText } from '@sfida/core/text';
import { CheckInCard } from '../../../components/check-in-card';
import { VoiceNotePlayer } from '../../../components/voice-note-player';
import { historyEntryId } from '../../../lib/inbox';
import { CheckInThread } from './check-in-thread';

/** Reflections in the history show at most this many characters, so that every week fits at a glance. */
export const HISTORY_REFLECTION_LENGTH = 100;

/** The participant's own words: cut so every week fits at a glance, and opened whole with a tap. */
function Reflection({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const cut = cutText(text, HISTORY_REFLECTION_LENGTH, '…');
  if (cut === text) {
    return (
      <Text mt="1" color="fg.muted" overflowWrap="anywhere" whiteSpace="pre-line">
        {text}
      </Text>
    );
  }
  return (
    <Box mt="1">
      <Text id={id} color="fg.muted" overflowWrap="anywhere" whiteSpace="pre-line">
        {open ? text : cut}
      </Text>
      <Button variant="plain" size="sm" px="0" minH="10" textDecoration="underline" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {open ? 'Mostra meno' : 'Leggi tutto'}
      </Button>
    </Box>
  );
}

interface CheckInHistoryProps {
  checkIns: CheckIn[];
  /** The coach's side of each week; undefined while the inbox loads. */
  threads?: OwnThread[];
  userId: string;
  timeZone: string;
}

/** Past check-ins, newest week first, each bordered in its mood's colour, with the coach's reply under it. */
export function CheckInHistory({ checkIns, threads, userId, timeZone }: CheckInHistoryProps) {
  const { hash } = useLocation();
  const reached = useRef<string | null>(null);
  // A link to a week (`#settimana-N`) leads there once its thread is in, so the page no longer
  // grows above it; focusing the entry scrolls it into view and starts a screen reader there.
  useEffect(() => {
    if (threads === undefined || hash === '' || reached.current === hash) return;
    const entry = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!entry) return;
    reached.current = hash;
    entry.focus();
  }, [hash, threads]);

  if (checkIns.length === 0) {
    return <Text color="fg.muted">Nessun check-in ancora: il primo ti aspetta questa settimana.</Text>;
  }
  const newestFirst = [...checkIns].sort((a, b) => b.weekNumber - a.weekNumber);
  const threadOf = new Map((threads ?? []).map((thread) => [thread.weekNumber, thread]));
  return (
    <Stack as="ol" gap="3" p="0" m="0" listStyleType="none" aria-label="Check-in precedenti">
      {newestFirst.map((checkIn) => {
        const thread = threadOf.get(checkIn.weekNumber);
        return (
          <CheckInCard key={checkIn.id} checkIn={checkIn} id={historyEntryId(checkIn.weekNumber)}>
            <Reflection text={checkIn.reflection} />
            {thread?.voiceNote ? (
              <Box mt="2">
                <VoiceNotePlayer voiceNote={thread.voiceNote} label="La tua nota vocale" />
              </Box>
            ) : (
              // A note written as text by an older version, or a voice note whose thread is not in yet.
              (checkIn.audioNote || checkIn.voiceNoteId) && (
                <Text mt="1" fontSize="sm" color="fg.muted">
                  🎙️ Nota vocale
                </Text>
              )
            )}
            {thread && <CheckInThread thread={thread} userId={userId} timeZone={timeZone} />}
          </CheckInCard>
        );
      })}
    </Stack>
  );
}
