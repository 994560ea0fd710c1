import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { checkInPeriodLabel } from '@sfida/core/maintenance';
import { Box, Button, Field, Flex, Stack, Text, Textarea } from '@chakra-ui/react';
import { answerRequestSchema, MAX_ANSWER, type CoachReply, type OwnThread, type ParticipantAnswer } from '@sfida/core/check-in-threads';
import { VoiceNotePlayer } from '../../../components/voice-note-player';
import { errorMessage } from '../../../lib/api-client';
import { formatDayTime } from '../../../lib/day-time';
import { useAnswerReply, useMarkReplySeen } from '../../../lib/inbox';

interface ThreadProps {
  thread: OwnThread;
  userId: string;
  timeZone: string;
}

/** Under a check-in of the history: the coach's reply and the participant's answer, or "Letto da …". */
export function CheckInThread({ thread, userId, timeZone }: ThreadProps) {
  if (thread.reply) {
    return (
      <Stack gap="2" mt="3">
        <CoachReplyBlock thread={thread} reply={thread.reply} userId={userId} timeZone={timeZone} />
        {thread.answer ? (
          <AnswerBlock answer={thread.answer} timeZone={timeZone} />
        ) : (
          <AnswerForm weekNumber={thread.weekNumber} userId={userId} />
        )}
      </Stack>
    );
  }
  if (thread.status === 'read' && thread.handledBy) {
    return (
      <Text mt="2" fontSize="sm" color="fg.muted">
        ✓ Letto da {thread.handledBy}
      </Text>
    );
  }
  return null;
}

function CoachReplyBlock({ thread, reply, userId, timeZone }: ThreadProps & { reply: CoachReply }) {
  const markSeen = useMarkReplySeen(userId, thread.weekNumber);
  const unseen = thread.replySeenAt === null;
  // The reply is on screen: the coach may now see it as read.
  useEffect(() => {
    if (unseen) markSeen();
  }, [unseen, markSeen]);

  return (
    <ThreadNote author={`Risposta di ${reply.coachName}`} at={reply.at} text={reply.text} timeZone={timeZone} fromCoach>
      {reply.voiceNote && <VoiceNotePlayer voiceNote={reply.voiceNote} label={`Nota vocale di ${reply.coachName}`} />}
    </ThreadNote>
  );
}

function AnswerBlock({ answer, timeZone }: { answer: ParticipantAnswer; timeZone: string }) {
  return <ThreadNote author="La tua risposta" at={answer.at} text={answer.text} timeZone={timeZone} />;
}

/** One message of the thread: who, when (in the participant's zone) and what; the answer indented under the reply. */
function ThreadNote({
  author,
  at,
  text,
  timeZone,
  fromCoach = false,
  children,
}: {
  author: string;
  at: string;
  text: string;
  timeZone: string;
  fromCoach?: boolean;
  children?: ReactNode;
}) {
  return (
    <Box
      borderWidth="1px"
      borderRadius="md"
      p="3"
      {...(fromCoach ? { bg: 'brand.subtle', borderColor: 'brand.border' } : { borderColor: 'border', ms: { base: '3', md: '6' } })}
    >
      <Flex justify="space-between" gap="2" wrap="wrap" fontSize="sm">
        <Text fontWeight="bold">{author}</Text>
        <Text asChild color="fg.muted">
          <time dateTime={at}>{formatDayTime(at, timeZone)}</time>
        </Text>
      </Flex>
      {text !== '' && (
        <Text mt="1" whiteSpace="pre-wrap" overflowWrap="anywhere">
          {text}
        </Text>
      )}
      {children && <Box mt="2">{children}</Box>}
    </Box>
  );
}

/** The participant's one answer: once it is sent the thread shows it instead of the form. */
function AnswerForm({ weekNumber, userId }: { weekNumber: number; userId: string }) {
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const answer = useAnswerReply(userId, weekNumber);
  const message = invalid ?? (answer.isError ? errorMessage(answer.error, 'Non è stato possibile inviare la risposta. Riprova.') : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = answerRequestSchema.safeParse({ text });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Scrivi la tua risposta');
      return;
    }
    answer.mutate(parsed.data.text);
  }

  return (
    <Stack as="form" onSubmit={submit} gap="2" aria-label={`Rispondi al coach, ${checkInPeriodLabel(weekNumber).toLowerCase()}`}>
      <Field.Root invalid={message !== null}>
        <Field.Label>Rispondi al coach</Field.Label>
        <Textarea
          value={text}
          maxLength={MAX_ANSWER}
          rows={3}
          onChange={(event) => {
            setText(event.target.value);
            setInvalid(null);
            answer.reset();
          }}
        />
        <Field.HelperText>
          {text.length}/{MAX_ANSWER}
        </Field.HelperText>
      </Field.Root>
      {message && (
        <Text role="alert" color="fg.error" bg="bg.error" p="2" borderRadius="md" fontSize="sm" fontWeight="medium">
          {message}
        </Text>
      )}
      <Box>
        <Button type="submit" size="sm" disabled={text.trim() === ''} loading={answer.isPending} loadingText="Invio...">
          Invia risposta
        </Button>
      </Box>
    </Stack>
  );
}
