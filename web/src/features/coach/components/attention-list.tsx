import { Badge, Box, Flex, Stack, Text } from '@chakra-ui/react';
import type { RosterRow } from '@sfida/core/coach';
import { needingAttention, sortedReasons } from './attention';
import { lastActivityText, ParticipantLink } from './roster-cells';

/** Who the coach should contact today, and why. */
export function AttentionList({ cohortId, rows }: { cohortId: string; rows: RosterRow[] }) {
  const urgent = needingAttention(rows);
  if (urgent.length === 0) return <Text color="fg.muted">Nessuno da contattare oggi: tutti in carreggiata.</Text>;
  return (
    <Stack as="ol" gap="3" p="0" m="0" listStyleType="none" aria-label="Partecipanti da contattare oggi">
      {urgent.map((row) => (
        <Box as="li" key={row.userId} borderWidth="1px" borderColor="border" rounded="lg" p="3">
          <Flex justify="space-between" gap="2" wrap="wrap" align="baseline">
            <ParticipantLink cohortId={cohortId} row={row} />
            <Text fontSize="sm" color="fg.muted">
              Ultima attività: {lastActivityText(row)}
            </Text>
          </Flex>
          <Flex as="ul" gap="2" wrap="wrap" mt="2" p="0" listStyleType="none" aria-label={`Motivi per ${row.name}`}>
            {sortedReasons(row).map((reason) => (
              <li key={reason.code}>
                <Badge colorPalette={reason.code === 'lowMood' || reason.code === 'moodDrop' ? 'red' : 'orange'} variant="subtle" whiteSpace="normal">
                  {reason.label}
                </Badge>
              </li>
            ))}
          </Flex>
        </Box>
      ))}
    </Stack>
  );
}
