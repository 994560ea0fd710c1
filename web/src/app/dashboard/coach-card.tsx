import { Badge, Box, Button, Flex, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { Inbox } from '@sfida/core/cohort-messages';
import { ofCheckInPeriod } from '@sfida/core/maintenance';
import type { User } from '@sfida/core/user';
import { SectionCard } from '../../components/section-card';
import { formatDayTime } from '../../lib/day-time';
import { historyEntryId, useInbox } from '../../lib/inbox';

/** One thing the coach wrote to the participant, as the card shows it. */
interface FromCoach {
  /** What it is: a personal message, a reply to a check-in, a message to the cohort. */
  kind: string;
  text: string;
  coachName: string;
  at: string;
  unread: boolean;
  to: string;
  action: string;
}

/**
 * The newest thing a coach addressed to the participant: a one-to-one message, a reply to one of
 * their check-ins, or a message to the cohort (or a segment of it). Null when there is none.
 */
export function latestFromCoach(inbox: Inbox): FromCoach | null {
  const candidates: FromCoach[] = [];
  if (inbox.latestPersonal) {
    const { text, coachName, at, unread } = inbox.latestPersonal;
    candidates.push({ kind: 'Messaggio per te', text, coachName, at, unread, to: '/messaggi', action: 'Rispondi' });
  }
  for (const thread of inbox.threads) {
    if (!thread.reply) continue;
    const { text, coachName, at } = thread.reply;
    candidates.push({
      kind: `Risposta al tuo check-in ${ofCheckInPeriod(thread.weekNumber)}`,
      text: text || 'Nota vocale',
      coachName,
      at,
      unread: thread.replySeenAt === null,
      to: `/checkin#${historyEntryId(thread.weekNumber)}`,
      action: 'Leggi la risposta',
    });
  }
  const broadcast = inbox.messages[0];
  if (broadcast) {
    const { text, coachName, sentAt: at, read } = broadcast;
    candidates.push({ kind: 'Messaggio al gruppo', text, coachName, at, unread: !read, to: '/messaggi', action: 'Apri i messaggi' });
  }
  // Instants in one format (the server's ISO strings): text order is time order. A tie keeps the first.
  return candidates.reduce<FromCoach | null>((newest, item) => (newest === null || item.at > newest.at ? item : newest), null);
}

/** What the coach wrote last, one thing at a time, with the way to it; "Tutti i messaggi" for the rest. */
export function CoachCard({ user }: { user: User }) {
  const { data: inbox, isPending, isError } = useInbox(user.id);
  const allMessages = (
    <Link asChild fontSize="sm" fontWeight="semibold" color="brand.fg" minH="11" display="inline-flex" alignItems="center" px="1">
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

  const latest = latestFromCoach(inbox);
  return (
    <SectionCard title="Dal tuo coach" action={allMessages}>
      {latest === null ? (
        <Text color="fg.muted">Nessun messaggio dal coach per ora.</Text>
      ) : (
        <Box
          as="article"
          aria-label={latest.kind}
          borderWidth="1px"
          borderLeftWidth="4px"
          borderColor="border"
          borderLeftColor={latest.unread ? 'accent.500' : 'border'}
          bg={latest.unread ? 'accent.subtle' : undefined}
          borderRadius="lg"
          p="3"
        >
          <Flex justify="space-between" align="center" gap="2" wrap="wrap" fontSize="sm">
            <Text fontWeight="bold">{latest.kind}</Text>
            {latest.unread && (
              <Badge colorPalette="accent" variant="solid">
                Non letto
              </Badge>
            )}
          </Flex>
          <Text mt="1" whiteSpace="pre-wrap" overflowWrap="anywhere" lineClamp={4}>
            {latest.text}
          </Text>
          <Text mt="1" fontSize="sm" color="fg.muted">
            {latest.coachName || 'Il tuo coach'} · <time dateTime={latest.at}>{formatDayTime(latest.at, user.timeZone)}</time>
          </Text>
          <Button asChild size="sm" mt="3" minH="11">
            <RouterLink to={latest.to}>{latest.action}</RouterLink>
          </Button>
        </Box>
      )}
    </SectionCard>
  );
}
