import { Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { SectionCard } from '../../../components/section-card';
import { useMyTeam, useReceivedHighFives } from '../api/team';

/**
 * The dashboard's team card: who gave the participant "il cinque" today and yesterday, and the way
 * to their team. Nothing before the participant is in a team: the card would have nothing to say.
 */
export function TeamCard() {
  const team = useMyTeam().data?.team ?? null;
  const received = useReceivedHighFives(team !== null);
  const highFives = received.data?.highFives ?? [];
  if (team === null) return null;
  return (
    <SectionCard
      title="La tua squadra"
      action={
        <Link asChild color="brand.fg" fontWeight="600" minH="11" display="inline-flex" alignItems="center" px="1">
          <RouterLink to="/squadra">La mia squadra</RouterLink>
        </Link>
      }
    >
      {highFives.length === 0 ? (
        <Text color="fg.muted">Dai il cinque a chi è in squadra con te: un gesto piccolo che fa ripartire.</Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label="Ti hanno dato il cinque">
          {highFives.map((highFive) => (
            <Text as="li" key={highFive.id}>
              ✋ <strong>{highFive.fromName}</strong> ti ha dato il cinque
            </Text>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
