import { useRef, useState, type FormEvent } from 'react';
import { Box, Button, Field, Flex, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import type { RosterRow } from '@sfida/core/coach';
import { MAX_MESSAGE, messageTexts, segmentLabels, segmentSchema, type AudienceRequest, type AudiencePreview, type Segment } from '@sfida/core/cohort-messages';
import { FormError } from '../../../components/form-error';
import { errorMessage } from '../../../lib/api-client';
import { formatDayTime } from '../../../lib/day-time';
import { notify } from '../../../lib/notices';
import { useAudiencePreview, useSendMessage, useSentMessages } from '../api/messages';
import { NativeCheckbox } from '../../../components/native-checkbox';


function recipientsText(count: number): string {
  return count === 1 ? 'Lo riceverà 1 partecipante' : `Lo riceveranno ${count} partecipanti`;
}

function PreviewList({ preview }: { preview: AudiencePreview }) {
  if (preview.count === 0) return <Text fontWeight="semibold">{messageTexts.noRecipients}</Text>;
  const more = preview.count - preview.recipients.length;
  return (
    <Stack gap="2">
      <Text fontWeight="semibold">{recipientsText(preview.count)}</Text>
      <Flex as="ul" gap="1" columnGap="3" wrap="wrap" p="0" m="0" listStyleType="none" fontSize="sm" aria-label="Destinatari">
        {preview.recipients.map((recipient) => (
          <li key={recipient.userId}>{recipient.name}</li>
        ))}
      </Flex>
      {more > 0 && (
        <Text fontSize="sm" color="fg.muted">
          e altri {more}
        </Text>
      )}
    </Stack>
  );
}

/**
 * A message to the whole cohort or a segment of it: the audience first ("Vedi destinatari"),
 * then the send. One `requestId` per composed message, kept across a retry or a double click
 * so the server sends it once; a new one once it is sent or changed.
 */
export function MessageComposer({ cohortId, rows }: { cohortId: string; rows: RosterRow[] }) {
  const previewAudience = useAudiencePreview(cohortId);
  const send = useSendMessage(cohortId);
  const [segment, setSegment] = useState<Segment>('all');
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [text, setText] = useState('');
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [preview, setPreview] = useState<AudiencePreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The button is disabled on the next render; a second click in between must not send again.
  const sending = useRef(false);
  const candidates = rows.filter((row) => !row.withdrawn);

  const audience = (): AudienceRequest => (segment === 'picked' ? { segment, userIds: [...picked] } : { segment });

  /** A different audience: the preview no longer holds, and it is another message. */
  function audienceChanged() {
    setPreview(null);
    setRequestId(crypto.randomUUID());
  }

  function togglePicked(userId: string) {
    const next = new Set(picked);
    if (!next.delete(userId)) next.add(userId);
    setPicked(next);
    audienceChanged();
  }

  async function showPreview() {
    if (segment === 'picked' && picked.size === 0) return setError(messageTexts.pickSomeone);
    setError(null);
    try {
      setPreview(await previewAudience.mutateAsync(audience()));
    } catch (caught) {
      setError(errorMessage(caught, 'Impossibile calcolare i destinatari'));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    if (text.trim() === '') return setError(messageTexts.textRequired);
    if (text.trim().length > MAX_MESSAGE) return setError(messageTexts.textTooLong);
    setError(null);
    sending.current = true;
    try {
      const sent = await send.mutateAsync({ ...audience(), requestId, text });
      notify({ type: 'success', title: `Messaggio inviato a ${sent.recipientCount} ${sent.recipientCount === 1 ? 'partecipante' : 'partecipanti'}` });
      setText('');
      setPicked(new Set());
      setPreview(null);
      setRequestId(crypto.randomUUID());
    } catch (caught) {
      setError(errorMessage(caught, 'Invio del messaggio non riuscito'));
    } finally {
      sending.current = false;
    }
  }

  return (
    <Stack asChild gap="4">
      <form onSubmit={submit} noValidate aria-label="Messaggio alla coorte">
        <FormError message={error} />
        <Field.Root>
          <Field.Label>Destinatari</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={segment}
              onChange={(e) => {
                setSegment(segmentSchema.parse(e.target.value));
                audienceChanged();
              }}
            >
              {Object.entries(segmentLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {segment === 'picked' && (
          <Box as="fieldset" borderWidth="1px" borderColor="border" rounded="md" p="3">
            <Text as="legend" fontSize="sm" fontWeight="medium" px="1">
              Scegli i partecipanti ({picked.size} scelti)
            </Text>
            {candidates.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">
                Nessun partecipante nella coorte.
              </Text>
            ) : (
              <Stack as="ul" gap="1" p="0" m="0" listStyleType="none" maxH="16rem" overflowY="auto">
                {candidates.map((row) => (
                  <li key={row.userId}>
                    <Flex as="label" gap="2" align="center" py="1" cursor="pointer">
                      <NativeCheckbox type="checkbox" checked={picked.has(row.userId)} onChange={() => togglePicked(row.userId)} />
                      <Text as="span" overflowWrap="anywhere">
                        {row.name}
                      </Text>
                    </Flex>
                  </li>
                ))}
              </Stack>
            )}
          </Box>
        )}
        <Field.Root invalid={text.length > MAX_MESSAGE}>
          <Field.Label>Messaggio</Field.Label>
          <Textarea
            rows={5}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setRequestId(crypto.randomUUID());
            }}
          />
          <Field.HelperText>
            {text.length}/{MAX_MESSAGE} · {'{nome}'} e {'{settimana}'} diventano il nome e la settimana di ciascun partecipante.
          </Field.HelperText>
        </Field.Root>
        <Box>
          <Button type="button" size="sm" variant="outline" loading={previewAudience.isPending} loadingText="Calcolo..." onClick={() => void showPreview()}>
            Vedi destinatari
          </Button>
        </Box>
        {preview && (
          <Box role="status" borderWidth="1px" borderColor="border" rounded="md" p="3" bg="bg.muted">
            <PreviewList preview={preview} />
          </Box>
        )}
        {preview && preview.count > 0 && (
          <Box>
            <Button type="submit" loading={send.isPending} loadingText="Invio..." disabled={send.isPending}>
              Invia messaggio
            </Button>
          </Box>
        )}
      </form>
    </Stack>
  );
}

/** The cohort's sent messages, newest first. */
export function SentMessages({ cohortId }: { cohortId: string }) {
  const messages = useSentMessages(cohortId);
  if (messages.isPending) {
    return (
      <Text role="status" color="fg.muted">
        Caricamento...
      </Text>
    );
  }
  if (messages.isError) return <FormError message={errorMessage(messages.error, 'Impossibile caricare i messaggi inviati')} />;
  if (messages.data.length === 0) return <Text color="fg.muted">Nessun messaggio inviato.</Text>;
  return (
    <Stack as="ol" gap="3" p="0" m="0" listStyleType="none" aria-label="Messaggi inviati">
      {messages.data.map((message) => (
        <Box as="li" key={message.id} borderWidth="1px" borderColor="border" rounded="lg" p="3">
          <Text fontSize="sm" color="fg.muted">
            {formatDayTime(message.sentAt)} · {segmentLabels[message.segment]} · {message.recipientCount}{' '}
            {message.recipientCount === 1 ? 'destinatario' : 'destinatari'} · {message.coachName}
          </Text>
          <Text mt="1" whiteSpace="pre-wrap" overflowWrap="anywhere">
            {message.text}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}
