import { Box, Flex, SimpleGrid, Text } from '@chakra-ui/react';
import { evaluateBadges } from '@sfida/core/badges';
import type { IsoDate } from '@sfida/core/iso-date';
import type { TrackerData } from '@sfida/core/tracker';

/** Every badge, earned or not yet, as the participant's own page shows them. */
export function Badges({ tracker, today }: { tracker: TrackerData; today: IsoDate }) {
  const badges = evaluateBadges(tracker, today);
  return (
    <SimpleGrid as="ul" columns={{ base: 1, sm: 2, md: 3 }} gap="2" p="0" m="0" listStyleType="none">
      {badges.map((badge) => (
        <Flex as="li" key={badge.id} gap="2" align="center" p="2" rounded="md" borderWidth="1px" borderColor={badge.earned ? 'accent.border' : 'border'} bg={badge.earned ? 'accent.subtle' : undefined}>
          <Text as="span" fontSize="2xl" aria-hidden="true" filter={badge.earned ? undefined : 'grayscale(1)'} opacity={badge.earned ? 1 : 0.5}>
            {badge.icon}
          </Text>
          <Box minW="0">
            <Text fontWeight="semibold">{badge.name}</Text>
            <Text fontSize="sm" color={badge.earned ? 'fg.success' : 'fg.muted'}>
              {badge.earned ? 'Ottenuto' : 'Non ancora'}
            </Text>
          </Box>
        </Flex>
      ))}
    </SimpleGrid>
  );
}
