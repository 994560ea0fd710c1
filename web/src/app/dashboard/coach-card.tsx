import { Box, Button, Link, Stack, Text } from '@chakra-ui/react';
import { ofCheckInPeriod } from '@sfida/core/maintenance';
import { Link as RouterLink } from 'react-router-dom';
import type { User } from '@sfida/core/user';
import { CoachMessageList } from '../../components/coach-message-list';
import { SectionCard } from '../../components/section-card';
import { historyEntryId, unseenReplies, useInbox } from '../../lib/inbox';

/** The dashboard shows the newest few; /messaggi has them all. */
const NEWEST_MESSAGES = 3;

/** What the coach wrote: a reply not yet opened, and the newest messages. */
export function CoachCard({ user }: { user: User }) {
  const { data: inbox, isPending, isError } = useInbox(user.id);
  const allMessages = (
    <Link asChild fontSize="sm" fontWeight="semibold" color="brand.fg">
      <RouterLink to="/messaggi">Tutti i messaggi</RouterLink>
    </Link>
  );

  if (isPending || isError) {
    return (
      <SectionCard title="Dal tuo coach" action={allMessages}>
        <Text color="fg.muted" role={isPending ? 'status' : undefined}>
          {isPending ? 'Caricamento...' : 'Messaggi del coach non disponibili al momento.'}
        </Text>
      </SectionCard>
    );
  }

  // The newest week first: that is the reply the participant is most likely waiting for.
  const unseen = unseenReplies(inbox.threads);
  const messages = inbox.messages.slice(0, NEWEST_MESSAGES);
  return (
    <SectionCard title="Dal tuo coach" action={allMessages}>
      <Stack gap="4">
        {unseen[0] && (
          <Box role="status" bg="brand.subtle" borderWidth="1px" borderColor="brand.border" borderRadius="md" p="3">
            <Text fontWeight="bold">Il tuo coach ti ha risposto</Text>
            <Text mt="1" fontSize="sm">
              {unseen.length === 1
                ? `${unseen[0].reply?.coachName ?? 'Il coach'} ha risposto al tuo check-in ${ofCheckInPeriod(unseen[0].weekNumber)}.`
                : `Hai ${unseen.length} risposte ai tuoi check-in da leggere.`}
            </Text>
            <Button asChild size="sm" mt="2">
              <RouterLink to={`/checkin#${historyEntryId(unseen[0].weekNumber)}`}>Leggi la risposta</RouterLink>
            </Button>
          </Box>
        )}
        {messages.length === 0 ? (
          <Text color="fg.muted">Nessun messaggio dal coach per ora.</Text>
        ) : (
          <CoachMessageList messages={messages} timeZone={user.timeZone} label="Ultimi messaggi del coach" />
        )}
      </Stack>
    </SectionCard>
  );
}
