import { useRef, useState, type FormEvent } from 'react';
import { Box, Button, chakra, Field, Flex, Stack, Text, Textarea } from '@chakra-ui/react';
import { formatItalianDate } from '@sfida/core/dates';
import type { IsoDate } from '@sfida/core/iso-date';
import { challengeWeekDayText, isCheckInDay } from '@sfida/core/reminders';
import { MAX_REFLECTION, type Mood } from '@sfida/core/tracker';
import { submitCheckIn } from '@sfida/core/tracker-actions';
import { MAX_VOICE_NOTE_MS } from '@sfida/core/voice-notes';
import { VoiceRecorder, type Recording } from '../../../components/voice-recorder';
import { errorMessage } from '../../../lib/api-client';
import { noticeDone } from '../../../lib/points-notice';
import { OWN_VOICE_NOTES_PATH, uploadVoiceNote } from '../../../lib/voice-notes';
import { useTracker } from '../../../tracker/use-tracker';
import { MOODS } from '../../../lib/moods';

const MoodOption = chakra('label', {
  base: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '1',
    flex: '1',
    minW: '0',
    p: '2',
    borderWidth: '2px',
    borderColor: 'border',
    borderRadius: 'lg',
    cursor: 'pointer',
    textAlign: 'center',
    fontSize: 'xs',
    fontWeight: 'medium',
    '&:has(input:checked)': { borderColor: 'brand.solid', bg: 'brand.subtle', color: 'brand.fg' },
    '&:has(input:focus-visible)': { outline: '3px solid {colors.brand.500}', outlineOffset: '2px' },
  },
});

/**
 * This week's check-in: mood 1-5, a reflection (max 300), an optional voice note, +10 points; in the
 * maintenance phase (`monthly`) the month's, for no points.
 * `onSent` hears the mood once it is saved. The voice note goes to the server first (it needs the
 * connection); the check-in then names it and is saved as any check-in is.
 */
export function CheckInForm({ today, onSent, monthly = false }: { today: IsoDate; onSent?: (mood: Mood) => void; monthly?: boolean }) {
  const { tracker, apply } = useTracker();
  const [mood, setMood] = useState<Mood>(3);
  const [reflection, setReflection] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [recording, setRecording] = useState<Recording | null>(null);
  const [uploading, setUploading] = useState(false);
  // The tracker as it is once the upload is done (another tab may have changed it meanwhile).
  const latest = useRef(tracker);
  latest.current = tracker;
  // The participant's week ends the day before the weekday they started on.
  const startDate = tracker.challengeStartDate;
  const checkInDay = isCheckInDay(startDate, today);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Checked before anything is uploaded: a check-in that cannot be saved sends no voice note.
    const check = submitCheckIn(tracker, { mood, reflection }, new Date());
    if (!check.ok) {
      setMessage(check.message);
      return;
    }
    let voiceNoteId: string | undefined;
    if (recording) {
      setUploading(true);
      try {
        voiceNoteId = (await uploadVoiceNote(OWN_VOICE_NOTES_PATH, recording.blob)).id;
      } catch (error) {
        setMessage(errorMessage(error, 'Invio della nota vocale non riuscito: controlla la connessione e riprova, oppure elimina la registrazione.'));
        return;
      } finally {
        setUploading(false);
      }
    }
    const result = apply(submitCheckIn(latest.current, { mood, reflection, voiceNoteId }, new Date()));
    if (!result.ok) {
      setMessage(result.message);
      return;
    }
    setMessage(null);
    noticeDone('Check-in inviato!', result.awarded);
    onSent?.(mood);
  }

  return (
    <Stack as="form" onSubmit={(event) => void submit(event)} gap="5" aria-label={monthly ? 'Check-in del mese' : 'Check-in della settimana'}>
      <Text>
        <Text as="span" fontWeight="semibold">
          Data:
        </Text>{' '}
        {formatItalianDate(today)}
      </Text>

      <chakra.fieldset border="0" p="0" m="0" minW="0">
        <chakra.legend fontWeight="semibold" mb="2">
          {monthly ? 'Come è andato questo mese?' : 'Come è andata questa settimana?'}
        </chakra.legend>
        <Flex gap="1.5">
          {MOODS.map((option) => (
            <MoodOption key={option.value}>
              <chakra.input
                type="radio"
                name="mood"
                value={option.value}
                checked={mood === option.value}
                onChange={() => setMood(option.value)}
                position="absolute"
                opacity="0"
                width="1px"
                height="1px"
              />
              <Text as="span" fontSize="2xl" aria-hidden="true">
                {option.emoji}
              </Text>
              <span>
                {option.value} · {option.label}
              </span>
            </MoodOption>
          ))}
        </Flex>
      </chakra.fieldset>

      <Field.Root>
        <Field.Label>La tua riflessione</Field.Label>
        <Textarea
          value={reflection}
          maxLength={MAX_REFLECTION}
          rows={4}
          placeholder={monthly ? 'Quali abitudini tengono? Cosa ti aiuta a continuare?' : 'Cosa ha funzionato? Cosa cambierai la prossima settimana?'}
          onChange={(event) => {
            setReflection(event.target.value);
            setMessage(null);
          }}
        />
        <Field.HelperText>
          {reflection.length}/{MAX_REFLECTION} caratteri
        </Field.HelperText>
      </Field.Root>

      <chakra.fieldset border="0" p="0" m="0" minW="0">
        <chakra.legend fontWeight="semibold" mb="2">
          Nota vocale (facoltativa)
        </chakra.legend>
        <VoiceRecorder
          label="Nota vocale del check-in"
          maxMs={MAX_VOICE_NOTE_MS}
          disabled={uploading}
          onChange={(made) => {
            setRecording(made);
            setMessage(null);
          }}
        />
      </chakra.fieldset>

      {message && (
        <Text role="alert" color="fg.error" bg="bg.error" p="3" borderRadius="md" fontWeight="medium">
          {message}
        </Text>
      )}

      <Box>
        <Button type="submit" disabled={reflection.length === 0 || uploading} loading={uploading} loadingText="Invio della nota vocale...">
          Invia check-in
        </Button>
      </Box>

      {monthly ? (
        <Text fontSize="sm" color="fg.muted">
          💡 Nella fase di mantenimento il check-in è mensile: uno ogni quattro settimane, senza punti.
        </Text>
      ) : (
        <Text fontSize="sm" color="fg.muted" bg={checkInDay ? 'accent.subtle' : undefined} p={checkInDay ? '2' : '0'} borderRadius="md">
          {checkInDay
            ? '☀️ Oggi si chiude la tua settimana: il momento ideale per fare il punto.'
            : `💡 Consiglio: fai il check-in ${challengeWeekDayText('checkIn', startDate)}, ripensando alla settimana appena trascorsa.`}
        </Text>
      )}
    </Stack>
  );
}
