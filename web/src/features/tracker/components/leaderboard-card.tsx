import { Badge, Box, Flex, Stack, Text } from '@chakra-ui/react';
import { useLeaderboard } from '../api/leaderboard';
import { SectionCard } from './section-card';

const MEDALS = ['🥇', '🥈', '🥉'];

/** The cohort's ranking this week; the participant's own row stands out. */
export function LeaderboardCard({ cohortId, weekStart, userId }: { cohortId: string; weekStart: string; userId: string }) {
  const { data: entries = [], isPending } = useLeaderboard(cohortId, weekStart);
  return (
    <SectionCard title="Classifica del gruppo">
      {isPending ? (
        <Text color="fg.muted" role="status">
          Caricamento...
        </Text>
      ) : entries.length === 0 ? (
        <Text color="fg.muted">La classifica apparirà quando il gruppo inizierà a registrare i progressi.</Text>
      ) : (
        <Stack as="ol" gap="1.5" p="0" m="0" listStyleType="none" aria-label="Classifica della settimana">
          {entries.map((entry) => {
            const me = entry.isMe || entry.userId === userId;
            return (
              <Flex
                as="li"
                key={entry.userId}
                align="center"
                gap="3"
                p="2"
                borderRadius="md"
                bg={me ? 'accent.subtle' : undefined}
                borderWidth={me ? '2px' : '1px'}
                borderColor={me ? 'accent.400' : 'border'}
                aria-current={me ? 'true' : undefined}
              >
                <Box w="8" textAlign="center" fontWeight="bold" fontSize="lg" flexShrink="0">
                  {entry.rank <= 3 ? <span aria-hidden="true">{MEDALS[entry.rank - 1]}</span> : null}
                  <Box as="span" srOnly={entry.rank <= 3}>
                    {entry.rank <= 3 ? `${entry.rank}° posto` : entry.rank}
                  </Box>
                </Box>
                <Box flex="1" minW="0">
                  <Text fontWeight={me ? 'bold' : 'medium'} truncate>
                    {entry.displayName}
                    {me && (
                      <Badge ms="2" colorPalette="accent" variant="solid">
                        Tu
                      </Badge>
                    )}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {entry.totalPoints} punti totali · 🔥 {entry.streakDays} gg
                  </Text>
                </Box>
                <Text fontWeight="bold" color="brand.fg" whiteSpace="nowrap">
                  {entry.weekPoints} pt
                </Text>
              </Flex>
            );
          })}
        </Stack>
      )}
    </SectionCard>
  );
}
