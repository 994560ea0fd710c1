import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import type { Badge } from '@sfida/core/badges';

/** Every badge: earned ones in colour, the others greyed with what it takes to earn them. */
export function BadgeGrid({ badges }: { badges: Badge[] }) {
  return (
    <SimpleGrid as="ul" columns={{ base: 2, md: 3 }} gap="3" p="0" m="0" listStyleType="none">
      {badges.map((badge) => (
        <Box
          as="li"
          key={badge.id}
          layerStyle="card"
          p="4"
          textAlign="center"
          bg={badge.earned ? 'accent.subtle' : 'bg.muted'}
          borderColor={badge.earned ? 'accent.border' : 'border'}
        >
          <Text fontSize="4xl" aria-hidden="true" filter={badge.earned ? undefined : 'grayscale(1)'} opacity={badge.earned ? 1 : 0.5}>
            {badge.icon}
          </Text>
          {/* Between words only: with hyphens the browser split "Determinazione" at 390 px, where each word fits a line. */}
          <Text fontWeight="bold" fontSize={{ base: 'sm', md: 'md' }} css={{ hyphens: 'manual', wordBreak: 'normal', overflowWrap: 'normal' }}>
            {badge.name}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {badge.description}
          </Text>
          <Text fontSize="sm" fontWeight="semibold" mt="1" color={badge.earned ? 'fg.success' : 'fg.muted'}>
            {badge.earned ? '✓ Ottenuto' : 'Da conquistare'}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}
