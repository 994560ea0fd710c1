import { Badge, Flex, Text } from '@chakra-ui/react';
import type { ParticipantDetail } from '@sfida/core/coach';

/** The participant's email and status badges, above their page. */
export function ParticipantStatus({ row }: { row: ParticipantDetail['row'] }) {
  return (
    <Flex gap="2" wrap="wrap" align="center">
      <Text color="fg.muted" overflowWrap="anywhere">
        {row.email}
      </Text>
      {row.unreadable && <Badge colorPalette="red">Dati non leggibili</Badge>}
      {row.withdrawn && <Badge colorPalette="gray">Ritirato</Badge>}
    </Flex>
  );
}
