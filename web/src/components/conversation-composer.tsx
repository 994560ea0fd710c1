import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { Box, Button, Field, Flex, Stack, Text, Textarea } from '@chakra-ui/react';
import { MAX_CONVERSATION_MESSAGE, conversationTexts, excerptOf, type SendConversationMessageRequest, type TimelineItem } from '@sfida/core/conversations';
import { errorMessage } from '../lib/api-client';
import { FormError } from './form-error';

interface ConversationComposerProps {
  /** The textarea's label ("Scrivi ai tuoi coach"). */
  label: string;
  send: (request: SendConversationMessageRequest) => Promise<unknown>;
  /** The item being answered, quoted above the textarea; null for a new message. */
  replyTo: TimelineItem | null;
  onCancelReply: () => void;
  /** Focused when an answer to an item begins. */
  textareaRef?: RefObject<HTMLTextAreaElement | null>;
}

/**
 * Writes in a conversation. One `requestId` per composed message, kept across a retry or a double
 * tap so the server writes it once; a new one once it is sent. On a failure the text stays.
 */
export function ConversationComposer({ label, send, replyTo, onCancelReply, textareaRef }: ConversationComposerProps) {
  const [text, setText] = useState('');
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // The button is disabled on the next render; a second tap in between must not send again.
  const sending = useRef(false);
  const tooLong = text.length > MAX_CONVERSATION_MESSAGE;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    if (text.trim() === '') return setError(conversationTexts.textRequired);
    if (tooLong) return setError(conversationTexts.textTooLong);
    setError(null);
    sending.current = true;
    setPending(true);
    try {
      await send({ requestId, text, ...(replyTo ? { replyTo: replyTo.id } : {}) });
      setText('');
      setRequestId(crypto.randomUUID());
      onCancelReply();
    } catch (caught) {
      setError(errorMessage(caught, 'Invio non riuscito. Riprova.'));
    } finally {
      sending.current = false;
      setPending(false);
    }
  }

  return (
    <Stack asChild gap="3">
      <form onSubmit={submit} noValidate aria-label="Nuovo messaggio">
        <FormError message={error} />
        {replyTo && (
          <Flex gap="2" align="flex-start" justify="space-between" ps="3" borderLeftWidth="3px" borderColor="border.emphasized">
            <Box minW="0" fontSize="sm" color="fg.muted">
              <Text>In risposta a {replyTo.authorName}:</Text>
              <Text fontStyle="italic" overflowWrap="anywhere">
                «{excerptOf(replyTo.text)}»
              </Text>
            </Box>
            <Button size="xs" variant="ghost" onClick={onCancelReply} aria-label="Annulla la risposta">
              Annulla
            </Button>
          </Flex>
        )}
        <Field.Root invalid={tooLong}>
          <Field.Label>{label}</Field.Label>
          <Textarea ref={textareaRef} rows={4} value={text} onChange={(e) => setText(e.target.value)} />
          <Field.HelperText>
            {text.length}/{MAX_CONVERSATION_MESSAGE}
          </Field.HelperText>
        </Field.Root>
        <Box>
          <Button type="submit" loading={pending} loadingText="Invio..." disabled={pending}>
            Invia
          </Button>
        </Box>
      </form>
    </Stack>
  );
}
