import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Flex, Spinner, Stack, Text } from '@chakra-ui/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { TimelineItem } from '@sfida/core/conversations';
import type { User } from '@sfida/core/user';
import { ConversationComposer } from '../../components/conversation-composer';
import { ConversationTimeline } from '../../components/conversation-timeline';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { useInbox, useMarkMessagesRead } from '../../lib/inbox';
import { OWN_VOICE_NOTES_PATH } from '../../lib/voice-notes';
import { useDocumentTitle } from '../../lib/use-document-title';
import { conversationQueryOptions, useMarkConversationRead, useSendOwnMessage } from './api/conversation';

/** Messaggi (/messaggi): the participant's one conversation with their coaches. */
export default function MessagesPage() {
  useDocumentTitle('Messaggi');
  const { user } = useAuth();
  // The page renders under the signed-in guard.
  return user ? <Conversation user={user} /> : null;
}

/** A cohort message's inbox id, from its timeline id. */
const INBOX_PREFIX = 'inbox-';

function Conversation({ user }: { user: User }) {
  const query = useInfiniteQuery(conversationQueryOptions(user.id));
  // Watched here so that reading the thread refreshes the navigation's count (its own copy never fetches).
  useInbox(user.id);
  const send = useSendOwnMessage(user.id);
  const markMessagesRead = useMarkMessagesRead(user.id);
  const markThreadRead = useMarkConversationRead(user.id);
  const [replyTo, setReplyTo] = useState<TimelineItem | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const readOnly = query.data?.pages[0]?.readOnly ?? false;

  // What the coaches wrote that was unread when the page first showed it keeps its mark for this
  // visit, though it is marked read at once: the reader still sees what is new.
  const [newOnArrival, setNewOnArrival] = useState<ReadonlySet<string> | null>(null);
  if (query.data && newOnArrival === null) {
    setNewOnArrival(new Set(items.filter((item) => item.from === 'coach' && !item.seen).map((item) => item.id)));
  }

  // Shown is read: the cohort messages one by one (each has its own mark), the rest of the thread at once.
  const unreadMessageIds = items
    .filter((item) => item.kind === 'cohortMessage' && !item.seen)
    .map((item) => item.id.slice(INBOX_PREFIX.length))
    .join(',');
  const threadUnread = items.some((item) => item.from === 'coach' && item.kind !== 'cohortMessage' && !item.seen);
  useEffect(() => {
    if (unreadMessageIds !== '') markMessagesRead(unreadMessageIds.split(','));
  }, [unreadMessageIds, markMessagesRead]);
  useEffect(() => {
    if (threadUnread) markThreadRead();
  }, [threadUnread, markThreadRead]);

  function answer(item: TimelineItem) {
    setReplyTo(item);
    textarea.current?.focus();
  }

  return (
    <>
      <PageHeader title="Messaggi">La tua conversazione con i coach: i loro messaggi, le risposte ai tuoi check-in e quello che scrivi tu.</PageHeader>
      {query.isPending ? (
        <Flex justify="center" py="8">
          <Spinner aria-label="Caricamento dei messaggi" />
        </Flex>
      ) : query.isError ? (
        <Alert.Root status="error" rounded="xl">
          <Alert.Indicator />
          <Alert.Description>{errorMessage(query.error, 'Impossibile caricare i messaggi. Riprova più tardi.')}</Alert.Description>
        </Alert.Root>
      ) : (
        <Stack gap="5">
          {query.hasNextPage && (
            <Box>
              <Button size="sm" variant="outline" loading={query.isFetchingNextPage} loadingText="Caricamento..." onClick={() => void query.fetchNextPage()}>
                Messaggi precedenti
              </Button>
            </Box>
          )}
          {items.length === 0 ? (
            <Text color="fg.muted">Nessun messaggio per ora. Scrivi ai tuoi coach quando vuoi: ti risponderanno qui.</Text>
          ) : (
            <ConversationTimeline
              items={items}
              viewer="participant"
              timeZone={user.timeZone}
              label="Conversazione con i coach"
              isUnread={(item) => !item.seen || (newOnArrival?.has(item.id) ?? false)}
              onReply={readOnly ? undefined : answer}
            />
          )}
          {readOnly ? (
            <Text color="fg.muted">Non fai più parte del gruppo: la conversazione resta leggibile, ma non si possono inviare messaggi.</Text>
          ) : (
            <ConversationComposer
              label="Scrivi ai tuoi coach"
              send={(request) => send.mutateAsync(request)}
              replyTo={replyTo}
              onCancelReply={() => setReplyTo(null)}
              textareaRef={textarea}
              voiceNotesPath={OWN_VOICE_NOTES_PATH}
              voiceNoteLabel="Nota vocale per i coach"
            />
          )}
        </Stack>
      )}
    </>
  );
}
