import { Box, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { checkInPeriodLabel } from '@sfida/core/maintenance';
import { Link as RouterLink } from 'react-router-dom';
import type { CheckInCard } from '@sfida/core/check-in-threads';
import { formatItalianDate } from '@sfida/core/dates';
import { FormError } from '../../../components/form-error';
import { ShowMoreButton, useShowMore } from '../../../coach-shared/components/show-more';
import { errorMessage } from '../../../lib/api-client';
import { useCheckInView } from '../api/check-ins';
import { participantPagePath } from '../../../coach-shared/paths';
import { MoodWithTrend, ThreadView } from './check-in-thread';

/** The participant, their cohort, the week and the day: a card's first line. */
function CardHeading({ card }: { card: CheckInCard }) {
  return (
    <Flex justify="space-between" gap="2" wrap="wrap" align="baseline">
      <Link asChild color="brand.fg" fontWeight="700" textDecoration="underline">
        <RouterLink to={participantPagePath(card.cohortId, card.userId)}>{card.name}</RouterLink>
      </Link>
      <Text fontSize="sm" color="fg.muted">
        {card.cohortName} · {checkInPeriodLabel(card.weekNumber)} · {formatItalianDate(card.date)}
      </Text>
    </Flex>
  );
}

/** The latest handled check-ins: the reply, who sent it, whether the participant read it and their answer; `step` at a time. */
export function RecentReplies({ step = 5 }: { step?: number }) {
  const recent = useCheckInView('recent');
  const { shown, hidden, more } = useShowMore(recent.data?.cards ?? [], step);
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
    <Stack gap="3">
      <Stack as="ul" gap="3" p="0" m="0" listStyleType="none" aria-label="Risposte recenti">
        {shown.map((card) => (
          <Box as="li" key={card.id} borderWidth="1px" borderColor="border" rounded="lg" p="3" aria-label={`Check-in di ${card.name}, ${checkInPeriodLabel(card.weekNumber).toLowerCase()}`}>
            <Stack gap="2">
              <CardHeading card={card} />
              <MoodWithTrend card={card} />
              <ThreadView card={card} />
            </Stack>
          </Box>
        ))}
      </Stack>
      <ShowMoreButton hidden={hidden} onClick={more} />
    </Stack>
  );
}
