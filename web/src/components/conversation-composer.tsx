import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { Box, Button, Field, Flex, Stack, Text, Textarea } from '@chakra-ui/react';
import { MAX_CONVERSATION_MESSAGE, conversationTexts, excerptOf } from '@sfida/core/conversation-texts';
import type { SendConversationMessageRequest, TimelineItem } from '@sfida/core/conversations';
import { MAX_VOICE_NOTE_MS, textOrVoiceNote } from '@sfida/core/voice-notes';
import { errorMessage } from '../lib/api-client';
import { uploadVoiceNote } from '../lib/voice-notes';
import { FormError } from './form-error';
import { VoiceRecorder, type Recording } from './voice-recorder';

interface ConversationComposerProps {
  /** The textarea's label ("Scrivi ai tuoi coach"). */
  label: string;
  send: (request: SendConversationMessageRequest) => Promise<unknown>;
  /** The item being answered, quoted above the textarea; null for a new message. */
  replyTo: TimelineItem | null;
  onCancelReply: () => void;
  /** Focused when an answer to an item begins. */
  textareaRef?: RefObject<HTMLTextAreaElement | null>;
  /** Where a recording goes before the message names it (lib/voice-notes: the participant's own route, or a coach's for that participant). */
  voiceNotesPath: string;
  /** Names the recorder for screen readers ("Nota vocale per i coach"). */
  voiceNoteLabel: string;
}

/**
 * Writes in a conversation: a text, a voice note or both. One `requestId` per composed message,
 * kept across a retry or a double tap so the server writes it once; a new one once it is sent. A
 * recording is uploaded first and the message then names it; a retry reuses the upload, so the
 * retried request is the same. On a failure the text and the recording stay.
 */
export function ConversationComposer({ label, send, replyTo, onCancelReply, textareaRef, voiceNotesPath, voiceNoteLabel }: ConversationComposerProps) {
  const [text, setText] = useState('');
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [recording, setRecording] = useState<Recording | null>(null);
  // A new key clears the recorder once its note is sent.
  const [recorderKey, setRecorderKey] = useState(0);
  // The recording already uploaded, and its id: a retry after a failed send names the same note.
  const uploaded = useRef<{ recording: Recording; id: string } | null>(null);
  // The button is disabled on the next render; a second tap in between must not send again.
  const sending = useRef(false);
  const tooLong = text.length > MAX_CONVERSATION_MESSAGE;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    if (text.trim() === '' && !recording) return setError(conversationTexts.textRequired);
    if (tooLong) return setError(conversationTexts.textTooLong);
    setError(null);
    sending.current = true;
    setPending(true);
    try {
      let voiceNoteId: string | undefined;
      if (recording) {
        if (uploaded.current?.recording !== recording) uploaded.current = { recording, id: (await uploadVoiceNote(voiceNotesPath, recording.blob)).id };
        voiceNoteId = uploaded.current.id;
      }
      await send({ requestId, text, ...(voiceNoteId ? { voiceNoteId } : {}), ...(replyTo ? { replyTo: replyTo.id } : {}) });
      setText('');
      setRequestId(crypto.randomUUID());
      if (recording) {
        setRecording(null);
        uploaded.current = null;
        setRecorderKey((key) => key + 1);
      }
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
                «{excerptOf(textOrVoiceNote(replyTo.text))}»
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
        <VoiceRecorder key={recorderKey} label={voiceNoteLabel} maxMs={MAX_VOICE_NOTE_MS} disabled={pending} onChange={setRecording} />
        <Box>
          <Button type="submit" loading={pending} loadingText="Invio..." disabled={pending}>
            Invia
          </Button>
        </Box>
      </form>
    </Stack>
  );
}
