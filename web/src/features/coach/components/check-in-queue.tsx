import { useState } from 'react';
import { Box, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { CheckInCard } from '@sfida/core/check-in-threads';
import { formatItalianDate } from '@sfida/core/dates';
import { FormError } from '../../../components/form-error';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/api-client';
import { moodColor } from '../../../lib/moods';
import { useCheckInView } from '../api/check-ins';
import { participantPagePath } from '../paths';
import { CheckInVoiceNote, MoodWithTrend, ReplyForm, ThreadView, WeekFigures } from './check-in-thread';
import { ReplyTemplatesManager } from './reply-templates-manager';

/** The participant, their cohort, the week and the day: a card's first line. */
function CardHeading({ card }: { card: CheckInCard }) {
  return (
    <Flex justify="space-between" gap="2" wrap="wrap" align="baseline">
      <Link asChild color="brand.fg" fontWeight="700" textDecoration="underline">
        <RouterLink to={participantPagePath(card.cohortId, card.userId)}>{card.name}</RouterLink>
      </Link>
      <Text fontSize="sm" color="fg.muted">
        {card.cohortName} · Settimana {card.weekNumber} · {formatItalianDate(card.date)}
      </Text>
    </Flex>
  );
}

function QueueCard({ card, onConflict }: { card: CheckInCard; onConflict: (message: string | null) => void }) {
  return (
    <Box as="li" borderWidth="1px" borderLeftWidth="6px" borderColor="border" borderLeftColor={moodColor(card.mood)} rounded="lg" p="3" aria-label={`Check-in di ${card.name}, settimana ${card.weekNumber}`}>
      <Stack gap="3">
        <CardHeading card={card} />
        <MoodWithTrend card={card} />
        <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
          {card.reflection}
        </Text>
        <CheckInVoiceNote card={card} />
        <WeekFigures card={card} />
        <ReplyForm card={card} onConflict={onConflict} />
      </Stack>
    </Box>
  );
}

/** The check-ins no coach has handled yet, lowest mood first, each with its reply form. */
function CheckInsToRead() {
  const queue = useCheckInView('queue');
  // A 409 removes the card it came from: the message stays here, above the list.
  const [conflict, setConflict] = useState<string | null>(null);
  if (queue.isPending) {
    return (
      <Text role="status" color="fg.muted">
        Caricamento...
      </Text>
    );
  }
  if (queue.isError) return <FormError message={errorMessage(queue.error, 'Impossibile caricare i check-in')} />;
  const { cards, total } = queue.data;
  return (
    <Stack gap="4">
      <FormError message={conflict} />
      <Text role="status" fontSize="sm" color="fg.muted">
        {total === 0 ? 'Nessun check-in da leggere.' : total === 1 ? '1 check-in da leggere' : `${total} check-in da leggere`}
        {cards.length < total ? ` (qui i primi ${cards.length})` : ''}
      </Text>
      {cards.length > 0 && (
        <Stack as="ol" gap="4" p="0" m="0" listStyleType="none" aria-label="Check-in da leggere">
          {cards.map((card) => (
            <QueueCard key={card.id} card={card} onConflict={setConflict} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The latest handled check-ins: the reply, who sent it, whether the participant read it and their answer. */
function RecentReplies() {
  const recent = useCheckInView('recent');
  if (recent.isPending) {
    return (
      <Text role="status" color="fg.muted">
        Caricamento...
      </Text>
    );
  }
  if (recent.isError) return <FormError message={errorMessage(recent.error, 'Impossibile caricare le risposte recenti')} />;
  if (recent.data.cards.length === 0) return <Text color="fg.muted">Nessuna risposta ancora.</Text>;
  return (
    <Stack as="ul" gap="3" p="0" m="0" listStyleType="none" aria-label="Risposte recenti">
      {recent.data.cards.map((card) => (
        <Box as="li" key={card.id} borderWidth="1px" borderColor="border" rounded="lg" p="3" aria-label={`Check-in di ${card.name}, settimana ${card.weekNumber}`}>
          <Stack gap="2">
            <CardHeading card={card} />
            <MoodWithTrend card={card} />
            <ThreadView card={card} />
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

/** The console home's check-in sections: the queue with its templates, then the recent replies. */
export function CheckInSections() {
  return (
    <>
      <SectionCard title="Check-in da leggere">
        <Stack gap="5">
          <CheckInsToRead />
          <ReplyTemplatesManager />
        </Stack>
      </SectionCard>
      <SectionCard title="Risposte recenti">
        <RecentReplies />
      </SectionCard>
    </>
  );
}
