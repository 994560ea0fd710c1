import { useRef, useState, type FormEvent } from 'react';
import { checkInPeriodLabel, isMonthlyPeriod, monthOfPeriod } from '@sfida/core/maintenance';
import { Badge, Box, Button, Field, Flex, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { fillPlaceholders, firstNameOf, MAX_REPLY, threadMessages, type CheckInCard } from '@sfida/core/check-in-threads';
import { MAX_VOICE_NOTE_MS } from '@sfida/core/voice-notes';
import { FormError } from '../../../components/form-error';
import { VoiceNotePlayer } from '../../../components/voice-note-player';
import { VoiceRecorder, type Recording } from '../../../components/voice-recorder';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDayTime } from '../../../lib/day-time';
import { moodOf } from '../../../lib/moods';
import { notify } from '../../../lib/notices';
import { coachVoiceNotesPath, uploadVoiceNote } from '../../../lib/voice-notes';
import { useHandleCheckIn } from '../api/check-ins';
import { useReplyTemplates } from '../api/reply-templates';

/** The word for this check-in's mood against the previous one's. */
function trendOf(card: CheckInCard): { arrow: string; text: string } | null {
  const previous = card.moods.at(-2);
  if (!previous) return null;
  if (card.mood > previous.mood) return { arrow: '↑', text: 'in salita' };
  if (card.mood < previous.mood) return { arrow: '↓', text: 'in calo' };
  return { arrow: '=', text: 'stabile' };
}

/** The mood with its trend: the previous weeks' moods in a row, and up, down or steady. */
export function MoodWithTrend({ card }: { card: CheckInCard }) {
  const mood = moodOf(card.mood);
  const trend = trendOf(card);
  const previous = card.moods.slice(0, -1);
  return (
    <Stack gap="1">
      <Flex gap="2" align="center" wrap="wrap">
        <Text fontWeight="semibold">
          <span aria-hidden="true">{mood.emoji} </span>
          Umore: {mood.label} ({card.mood}/5)
        </Text>
        {trend && (
          <Badge colorPalette={trend.text === 'in calo' ? 'red' : trend.text === 'in salita' ? 'green' : 'gray'} variant="subtle">
            <span aria-hidden="true">{trend.arrow} </span>
            {trend.text}
          </Badge>
        )}
      </Flex>
      {previous.length > 0 && (
        <Flex as="ol" gap="2" wrap="wrap" p="0" m="0" listStyleType="none" fontSize="sm" color="fg.muted" aria-label="Umore delle settimane precedenti">
          {previous.map((week) => (
            <li key={week.weekNumber}>
              <span aria-hidden="true">
                {isMonthlyPeriod(week.weekNumber) ? `M${monthOfPeriod(week.weekNumber)}` : `S${week.weekNumber}`} {moodOf(week.mood).emoji}
              </span>
              <Text as="span" srOnly>
                {checkInPeriodLabel(week.weekNumber)}: {moodOf(week.mood).label} ({week.mood}/5)
              </Text>
            </li>
          ))}
        </Flex>
      )}
    </Stack>
  );
}

/** That week's habits and planner, as the check-in card reports them. */
export function WeekFigures({ card }: { card: CheckInCard }) {
  if (card.unreadable) {
    return (
      <Text fontSize="sm" color="fg.muted">
        Abitudini e planner: dati non leggibili
      </Text>
    );
  }
  return (
    <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="0.5" fontSize="sm">
      <Text as="dt" color="fg.muted">
        Abitudini della settimana
      </Text>
      <Text as="dd">{card.habitsPercent === null ? '–' : `${card.habitsPercent}%`}</Text>
      <Text as="dt" color="fg.muted">
        Planner
      </Text>
      <Text as="dd">{card.planner === null ? 'nessuna azione' : `${card.planner.completed}/${card.planner.planned} completate`}</Text>
    </Box>
  );
}

/** The voice note the participant recorded with the check-in, with its length. */
export function CheckInVoiceNote({ card }: { card: CheckInCard }) {
  if (!card.voiceNote) return null;
  return <VoiceNotePlayer voiceNote={card.voiceNote} label={`Nota vocale di ${firstNameOf(card.name) || card.name}`} />;
}

/** Who handled the check-in, the reply with "letto" once the participant opened it, and their answer. */
export function ThreadView({ card }: { card: CheckInCard }) {
  if (card.status === 'open') {
    return (
      <Text fontSize="sm" color="fg.muted">
        Nessun coach l’ha ancora letto.
      </Text>
    );
  }
  return (
    <Stack gap="2" fontSize="sm">
      <Flex gap="2" align="center" wrap="wrap">
        <Text fontWeight="semibold">
          {card.status === 'replied' ? 'Risposto' : 'Letto'} da {card.handledBy ?? 'un coach'}
        </Text>
        {card.handledAt && <Text color="fg.muted">{formatDayTime(card.handledAt)}</Text>}
        {card.replySeenAt && (
          <Badge colorPalette="green" variant="subtle" title={`Aperta il ${formatDayTime(card.replySeenAt)}`}>
            letto
          </Badge>
        )}
      </Flex>
      {card.reply && (
        <Stack gap="2" borderLeftWidth="3px" borderColor="brand.border" pl="3">
          {card.reply.text !== '' && (
            <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
              {card.reply.text}
            </Text>
          )}
          {card.reply.voiceNote && <VoiceNotePlayer voiceNote={card.reply.voiceNote} label={`Nota vocale di ${card.reply.coachName}`} />}
        </Stack>
      )}
      {card.answer && (
        <Box borderLeftWidth="3px" borderColor="accent.border" pl="3">
          <Text fontWeight="semibold">Risposta di {firstNameOf(card.name)}</Text>
          <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
            {card.answer.text}
          </Text>
        </Box>
      )}
    </Stack>
  );
}

/**
 * The coach's reply to an open check-in, or a mark that they read it. A 409 (another coach was
 * faster) goes to `onConflict` when given, since the card leaves the list it is shown in; it
 * hears null when a new attempt starts, so an old conflict does not linger.
 */
export function ReplyForm({ card, onConflict }: { card: CheckInCard; onConflict?: (message: string | null) => void }) {
  const handle = useHandleCheckIn();
  const templates = useReplyTemplates();
  const [text, setText] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<'reply' | 'read' | null>(null);
  const [recording, setRecording] = useState<Recording | null>(null);
  // A new key clears the recorder once its note is sent.
  const [recorderKey, setRecorderKey] = useState(0);
  const textarea = useRef<HTMLTextAreaElement>(null);

  function insertTemplate() {
    const template = templates.data?.find((t) => t.id === templateId);
    if (!template) return;
    const filled = fillPlaceholders(template.text, { nome: firstNameOf(card.name), settimana: card.weekNumber });
    setText((current) => (current.trim() === '' ? filled : `${current.trimEnd()}\n\n${filled}`));
    setTemplateId('');
    textarea.current?.focus();
  }

  async function run(kind: 'reply' | 'read') {
    const voice = kind === 'reply' ? recording : null;
    if (kind === 'reply' && text.trim() === '' && !voice) return setError(threadMessages.replyRequired);
    if (kind === 'reply' && text.trim().length > MAX_REPLY) return setError(threadMessages.replyTooLong);
    setError(null);
    onConflict?.(null);
    setPending(kind);
    try {
      // The voice note first: the reply then names it.
      const voiceNoteId = voice ? (await uploadVoiceNote(coachVoiceNotesPath(card.cohortId, card.userId), voice.blob)).id : undefined;
      await handle.mutateAsync({ checkInId: card.id, text: kind === 'reply' ? text.trim() : undefined, voiceNoteId });
      if (voice) {
        setRecording(null);
        setRecorderKey((key) => key + 1);
      }
      notify({ type: 'success', title: kind === 'reply' ? 'Risposta inviata' : 'Check-in segnato come letto', description: card.name });
    } catch (caught) {
      const message = errorMessage(caught, kind === 'reply' ? 'Invio della risposta non riuscito' : 'Operazione non riuscita');
      if (caught instanceof ApiError && caught.status === 409 && onConflict) onConflict(message);
      else setError(message);
    } finally {
      setPending(null);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void run('reply');
  }

  return (
    <Stack asChild gap="3">
      <form onSubmit={submit} noValidate aria-label={`Risposta al check-in di ${card.name}`}>
        <FormError message={error} />
        {(templates.data?.length ?? 0) > 0 && (
          <Flex gap="2" align="flex-end" wrap="wrap">
            <Field.Root flex="1" minW="12rem">
              <Field.Label>Modelli</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field value={templateId} onChange={(e) => setTemplateId(e.target.value)}>
                  <option value="">Scegli un modello</option>
                  {templates.data?.map((template) => (
                    <option key={template.id} value={template.id}>
                      {template.title}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Button type="button" size="sm" variant="outline" disabled={templateId === ''} onClick={insertTemplate}>
              Inserisci modello
            </Button>
          </Flex>
        )}
        <Field.Root invalid={text.length > MAX_REPLY}>
          <Field.Label>Risposta per {card.name}</Field.Label>
          <Textarea ref={textarea} rows={4} value={text} onChange={(e) => setText(e.target.value)} />
          <Field.HelperText>
            {text.length}/{MAX_REPLY}
          </Field.HelperText>
        </Field.Root>
        <VoiceRecorder key={recorderKey} label={`Nota vocale per ${card.name}`} maxMs={MAX_VOICE_NOTE_MS} disabled={pending !== null} onChange={setRecording} />
        <Flex gap="2" wrap="wrap">
          <Button type="submit" size="sm" loading={pending === 'reply'} loadingText="Invio..." disabled={pending !== null}>
            Invia risposta
          </Button>
          <Button type="button" size="sm" variant="outline" loading={pending === 'read'} disabled={pending !== null} onClick={() => void run('read')}>
            Segna come letto
          </Button>
        </Flex>
      </form>
    </Stack>
  );
}
