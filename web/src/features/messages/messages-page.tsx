import { useEffect, useState } from 'react';
import { Alert, Flex, Spinner, Text } from '@chakra-ui/react';
import type { User } from '@sfida/core/user';
import { CoachMessageList } from '../../components/coach-message-list';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { useInbox, useMarkMessagesRead } from '../../lib/inbox';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Messaggi (/messaggi): what the coach wrote to the cohort, newest first. */
export default function MessagesPage() {
  useDocumentTitle('Messaggi');
  const { user } = useAuth();
  // The page renders under the signed-in guard.
  return user ? <CoachMessages user={user} /> : null;
}

function CoachMessages({ user }: { user: User }) {
  const query = useInbox(user.id);
  const markRead = useMarkMessagesRead(user.id);
  // The messages unread when the page first showed them keep their mark for this visit, though
  // they are marked read at once: the reader still sees which ones are new.
  const [newOnArrival, setNewOnArrival] = useState<ReadonlySet<string> | null>(null);
  const messages = query.data?.messages ?? [];
  if (query.data && newOnArrival === null) {
    setNewOnArrival(new Set(messages.filter((message) => !message.read).map((message) => message.id)));
  }

  const unreadIds = messages.filter((message) => !message.read).map((message) => message.id).join(',');
  // Shown is read: each unread message on screen is marked once.
  useEffect(() => {
    if (unreadIds !== '') markRead(unreadIds.split(','));
  }, [unreadIds, markRead]);

  return (
    <>
      <PageHeader title="Messaggi">Quello che il tuo coach scrive a te e al tuo gruppo.</PageHeader>
      {query.isPending ? (
        <Flex justify="center" py="8">
          <Spinner aria-label="Caricamento dei messaggi" />
        </Flex>
      ) : query.isError ? (
        <Alert.Root status="error" rounded="xl">
          <Alert.Indicator />
          <Alert.Description>{errorMessage(query.error, 'Impossibile caricare i messaggi. Riprova più tardi.')}</Alert.Description>
        </Alert.Root>
      ) : messages.length === 0 ? (
        <Text color="fg.muted">Nessun messaggio dal coach per ora.</Text>
      ) : (
        <CoachMessageList
          messages={messages}
          timeZone={user.timeZone}
          label="Messaggi del coach"
          isNew={(message) => !message.read || (newOnArrival?.has(message.id) ?? false)}
        />
      )}
    </>
  );
}
