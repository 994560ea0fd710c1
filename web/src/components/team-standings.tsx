import { Badge, Box, Flex, Stack, Text } from '@chakra-ui/react';
import type { TeamStanding } from '@sfida/core/teams';
import { countOf } from '@sfida/core/plural';
import { errorMessage } from '../lib/api-client';
import { useTeamLeaderboard } from '../lib/team-leaderboard';
import { FormError } from './form-error';

const averageFormat = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 });

/** The team leaderboard's rows (the participant's "La mia squadra" and the coach's console): rank, name, average per member. */
export function TeamStandings({ teams, label = 'Classifica delle squadre' }: { teams: TeamStanding[]; label?: string }) {
  if (teams.length === 0) {
    return <Text color="fg.muted">Le squadre non sono ancora state formate.</Text>;
  }
  return (
    <Stack as="ol" aria-label={label} gap="2" listStyleType="none" m="0" p="0">
      {teams.map((team) => (
        <Flex
          as="li"
          key={team.teamId}
          gap="3"
          align="center"
          p="3"
          borderWidth="1px"
          borderRadius="md"
          borderColor={team.isMine ? 'brand.solid' : 'border'}
          bg={team.isMine ? 'brand.subtle' : undefined}
        >
          <Text fontWeight="700" minW="8" textAlign="center" aria-label={`${team.rank}° posto`}>
            {team.rank}°
          </Text>
          <Box flex="1" minW="0">
            <Text fontWeight="600" overflowWrap="anywhere">
              {team.name}
              {team.isMine && (
                <Badge ms="2" colorPalette="brand" variant="solid">
                  La tua
                </Badge>
              )}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {countOf(team.memberCount, 'membro', 'membri')} · {countOf(team.weekPoints, 'punto', 'punti')} in tutto
            </Text>
          </Box>
          <Box textAlign="end">
            <Text fontWeight="700">{averageFormat.format(team.averagePoints)}</Text>
            <Text fontSize="xs" color="fg.muted">
              media
            </Text>
          </Box>
        </Flex>
      ))}
    </Stack>
  );
}

/** The cohort's team leaderboard for the week starting `weekStart`, as it loads, fails or answers. */
export function TeamLeaderboard({ cohortId, weekStart }: { cohortId: string; weekStart: string }) {
  const standings = useTeamLeaderboard(cohortId, weekStart);
  if (standings.error) return <FormError message={errorMessage(standings.error, 'Impossibile caricare la classifica delle squadre')} />;
  if (!standings.data) {
    return (
      <Text role="status" color="fg.muted">
        Caricamento...
      </Text>
    );
  }
  return <TeamStandings teams={standings.data.teams} />;
}
