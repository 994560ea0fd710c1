import { useId, useState, type FormEvent } from 'react';
import { Box, Button, Field, Flex, Heading, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { MAX_MESSAGE, messageTexts, segmentLabels, type Segment } from '@sfida/core/cohort-messages';
import { formatScheduledAt, scheduleProblem, type ScheduledMessage } from '@sfida/core/scheduled-messages';
import { FormError } from '../../../components/form-error';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { useCancelScheduled, useEditScheduled, useScheduledMessages } from '../api/scheduled-messages';
import { ConfirmInline } from '../../../coach-shared/components/confirm-inline';
import { PlaceholderText } from './placeholder-text';
import { DateTimeFields } from './send-time-fields';

/** The segments an edit can move a message to; a hand-picked list (or a tag) stays the one it was chosen with. */
const PLAIN_SEGMENTS: Segment[] = ['all', 'noHabitsYesterday', 'noCheckIn', 'noPlanner'];

function audienceText(message: ScheduledMessage): string {
  if (message.segment === 'tag') return `${segmentLabels.tag} «${message.tag ?? ''}»`;
  if (message.segment !== 'picked') return segmentLabels[message.segment];
  const count = message.userIds?.length ?? 0;
  return `${segmentLabels.picked} (${count} ${count === 1 ? 'partecipante' : 'partecipanti'})`;
}

/** The message rewritten in place: audience, text, day and time. */
function EditForm({ cohortId, message, onDone }: { cohortId: string; message: ScheduledMessage; onDone: () => void }) {
  const save = useEditScheduled(cohortId);
  const [segment, setSegment] = useState<Segment>(message.segment);
  const [text, setText] = useState(message.text);
  const [date, setDate] = useState(message.date);
  const [time, setTime] = useState(message.time);
  const [error, setError] = useState<string | null>(null);
  const segments = message.segment === 'picked' || message.segment === 'tag' ? [...PLAIN_SEGMENTS, message.segment] : PLAIN_SEGMENTS;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === '') return setError(messageTexts.textRequired);
    if (text.trim().length > MAX_MESSAGE) return setError(messageTexts.textTooLong);
    const problem = scheduleProblem(date, time, message.timeZone, new Date());
    if (problem) return setError(problem);
    setError(null);
    try {
      const audience =
        segment === 'picked' ? { segment, userIds: message.userIds ?? [] } : segment === 'tag' && message.tag ? { segment, tag: message.tag } : { segment };
      const saved = await save.mutateAsync({ id: message.id, request: { ...audience, text, date, time } });
      notify({ type: 'success', title: `Messaggio programmato per ${formatScheduledAt(saved)}` });
      onDone();
    } catch (caught) {
      setError(errorMessage(caught, 'Modifica del messaggio non riuscita'));
    }
  }

  return (
    <Stack asChild gap="3" mt="3">
      <form onSubmit={submit} noValidate aria-label="Modifica messaggio programmato">
        <FormError message={error} />
        <Field.Root>
          <Field.Label>Destinatari</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={segment} onChange={(e) => setSegment(segments.find((s) => s === e.target.value) ?? segment)}>
              {segments.map((value) => (
                <option key={value} value={value}>
                  {value === 'picked' || value === 'tag' ? audienceText(message) : segmentLabels[value]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root invalid={text.length > MAX_MESSAGE}>
          <Field.Label>Messaggio</Field.Label>
          <Textarea rows={4} value={text} onChange={(e) => setText(e.target.value)} />
          <Field.HelperText>
            {text.length}/{MAX_MESSAGE}
          </Field.HelperText>
        </Field.Root>
        <DateTimeFields date={date} time={time} timeZone={message.timeZone} onDate={setDate} onTime={setTime} />
        <Flex gap="2" wrap="wrap">
          <Button type="submit" size="sm" loading={save.isPending} loadingText="Salvataggio...">
            Salva modifiche
          </Button>
          <Button type="button" size="sm" variant="ghost" disabled={save.isPending} onClick={onDone}>
            Chiudi
          </Button>
        </Flex>
      </form>
    </Stack>
  );
}

function ScheduledItem({ cohortId, message }: { cohortId: string; message: ScheduledMessage }) {
  const cancel = useCancelScheduled(cohortId);
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const failed = message.status === 'failed';

  async function confirmCancel() {
    setError(null);
    try {
      await cancel.mutateAsync(message.id);
      notify({ type: 'success', title: failed ? 'Messaggio rimosso' : 'Messaggio programmato annullato' });
    } catch (caught) {
      setError(errorMessage(caught, 'Annullamento non riuscito'));
      throw caught;
    }
  }

  return (
    <Box as="li" borderWidth="1px" borderColor={failed ? 'border.error' : 'border'} rounded="lg" p="3">
      <Text fontSize="sm" fontWeight="medium">
        {failed ? message.failure : message.status === 'sending' ? 'Invio in corso' : `Programmato per ${formatScheduledAt(message)}`}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {audienceText(message)} · {message.coachName}
      </Text>
      <Text mt="1" whiteSpace="pre-wrap" overflowWrap="anywhere">
        <PlaceholderText text={message.text} />
      </Text>
      <FormError message={error} />
      {message.status === 'scheduled' && !editing && (
        <Flex gap="2" mt="2" wrap="wrap" align="flex-start">
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            Modifica
          </Button>
          <ConfirmInline
            label="Annulla invio"
            question="Annullare questo messaggio programmato? Non verrà inviato."
            confirmLabel="Sì, annulla l’invio"
            dismissLabel="No, tienilo"
            onConfirm={confirmCancel}
            pending={cancel.isPending}
            colorPalette="red"
          />
        </Flex>
      )}
      {failed && (
        <Box mt="2">
          <Button size="sm" variant="outline" loading={cancel.isPending} onClick={() => void confirmCancel().catch(() => undefined)}>
            Rimuovi
          </Button>
        </Box>
      )}
      {editing && <EditForm cohortId={cohortId} message={message} onDone={() => setEditing(false)} />}
    </Box>
  );
}

/** The cohort's messages waiting for their time (and those that could not go), soonest first; nothing when there are none. */
export function ScheduledMessages({ cohortId }: { cohortId: string }) {
  const messages = useScheduledMessages(cohortId);
  const headingId = useId();
  if (messages.isError) return <FormError message={errorMessage(messages.error, 'Impossibile caricare i messaggi programmati')} />;
  if (!messages.data || messages.data.length === 0) return null;
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm" id={headingId}>
        Programmati
      </Heading>
      <Stack as="ol" gap="3" p="0" m="0" listStyleType="none" aria-labelledby={headingId}>
        {messages.data.map((message) => (
          <ScheduledItem key={message.id} cohortId={cohortId} message={message} />
        ))}
      </Stack>
    </Stack>
  );
}
